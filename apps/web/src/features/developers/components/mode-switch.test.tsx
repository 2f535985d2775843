import { developerMessages } from '@fipay/contracts/developers';
import { liveBlockMessages, type LiveMode } from '@fipay/contracts/live-mode';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useModeStore } from '../../../stores/mode-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { LivePaymentsOffStrip, ModeSwitch } from './mode-switch';

const notSetUp: LiveMode = { open: true, ready: false, blocked: 'payments_not_set_up', message: liveBlockMessages.payments_not_set_up };
const ready: LiveMode = { open: true, ready: true, blocked: null, message: null };
let standing: LiveMode;
const liveModeCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/live-mode')).length;

function approvedSession() {
  const session = sessionFixture();
  session.company.application!.status = { code: 'APPROVED' };
  return session;
}

function renderSwitch() {
  const user = userEvent.setup();
  render(
    <>
      <Toaster />
      <LivePaymentsOffStrip />
      <ModeSwitch />
    </>,
    { wrapper: QueryWrapper },
  );
  return user;
}

describe('the live-mode switch and the live payments notice', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(approvedSession());
    standing = notSetUp;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const data = String(url).endsWith('/live-mode') ? standing : String(url).endsWith('/company/me') ? useAuthStore.getState().company : null;
        return new Response(JSON.stringify({ isSuccessful: true, message: 'Live mode status loaded.', data }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says, when switching to live, that live payments cannot be taken yet, and keeps saying it across the shell and on the switch', async () => {
    const user = renderSwitch();
    const toggle = screen.getByRole('switch', { name: 'Live mode' });
    // Test mode asks nothing about live payments.
    expect(liveModeCalls()).toBe(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The business's own words, in a toast as it switches...
    await waitFor(() => expect(screen.getAllByText(liveBlockMessages.payments_not_set_up).some((element) => element.getAttribute('role') === 'status')).toBe(true));
    // ...on a strip across the page for as long as it holds...
    const strip = await screen.findByText('Live payments are off.');
    expect(strip.closest('[role="status"]')).toHaveTextContent(liveBlockMessages.payments_not_set_up);
    // ...and on the switch itself, marked and described.
    expect(toggle).toHaveAccessibleDescription(liveBlockMessages.payments_not_set_up);
    expect(screen.getByTestId('live-payments-off')).toBeInTheDocument();
    for (const text of [liveBlockMessages.payments_not_set_up, liveBlockMessages.payments_unavailable]) expect(text).not.toMatch(/operator|server|PAYSTACK|configur/i);
  });

  it('shows nothing of the kind once live payments can be taken', async () => {
    standing = ready;
    useModeStore.getState().setMode(approvedSession().user.id, 'live');
    renderSwitch();
    await waitFor(() => expect(liveModeCalls()).toBeGreaterThan(0));
    const toggle = screen.getByRole('switch', { name: 'Live mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).not.toHaveAccessibleDescription();
    expect(screen.queryByText('Live payments are off.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('live-payments-off')).not.toBeInTheDocument();
  });

  it('tells a business not yet approved about its verification, not about live payments', async () => {
    useAuthStore.getState().setSession(sessionFixture());
    const user = renderSwitch();
    await user.click(screen.getByRole('switch', { name: 'Live mode' }));
    expect(await screen.findByText(developerMessages.liveModeLocked)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Live mode' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText('Live payments are off.')).not.toBeInTheDocument();
  });
});
