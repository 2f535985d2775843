import { liveReadinessTexts as texts, type LiveReadinessReport } from '@fipay/contracts/back-office';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { LivePaymentsPage } from './live-payments-page';
import { fail, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      { path: '/admin', Component: AdminLayout, children: [{ path: 'live-payments', Component: LivePaymentsPage }] },
    ],
    { initialEntries: ['/admin/live-payments'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup() };
}

const URL_TO_REGISTER = 'https://pay.example.ng/api/v1/providers/paystack/webhook';

const notReady: LiveReadinessReport = {
  ready: false,
  provider: { name: 'Paystack', configured: true, state: 'unreachable', checkedAt: '2026-11-26T09:15:00.000Z', answer: 'Paystack did not answer: the connection to Paystack was refused.' },
  webhook: { url: URL_TO_REGISTER, lastArrivalAt: '2026-11-26T09:10:00.000Z', lastArrivalSigned: false, lastSignedAt: '2026-11-25T18:00:00.000Z', lastRefusedAt: '2026-11-26T09:10:00.000Z' },
  checks: [
    { id: 'key', title: texts.key.title, status: 'ok', detail: texts.key.ok, action: null },
    { id: 'provider', title: texts.provider.title, status: 'failing', detail: 'Paystack did not answer: the connection to Paystack was refused.', action: texts.provider.unreachableAction },
    { id: 'address', title: texts.address.title, status: 'ok', detail: texts.address.ok, action: null },
    { id: 'webhook', title: texts.webhook.title, status: 'failing', detail: texts.webhook.failing, action: texts.webhook.failingAction },
  ],
};

const checkItem = (title: string) => screen.getByRole('listitem', { name: title });

describe('LivePaymentsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('shows a reviewer each check, what to do about the failing ones, and the webhook URL to register', async () => {
    signInAs(plainReviewer);
    stubApi([['GET', 'admin/live-readiness', ok(notReady)]]);
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Live payments' })).toBeInTheDocument();
    expect(await screen.findByText('This server cannot take live payments.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('2 items below need action.');
    // A reviewer, not only an admin, has the page in the navigation.
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Live payments' })).toHaveAttribute('aria-current', 'page');

    expect(checkItem('Secret key')).toHaveTextContent('OK');
    expect(checkItem('Secret key')).not.toHaveTextContent('What to do');
    const provider = checkItem('Paystack answers');
    expect(provider).toHaveTextContent('Needs action');
    expect(provider).toHaveTextContent('Paystack did not answer: the connection to Paystack was refused.');
    expect(provider).toHaveTextContent(/Last asked/);
    expect(provider).toHaveTextContent(`What to do: ${texts.provider.unreachableAction}`);
    expect(checkItem('Webhooks arrive')).toHaveTextContent(`What to do: ${texts.webhook.failingAction}`);

    expect(screen.getByLabelText('Webhook URL to register')).toHaveTextContent(URL_TO_REGISTER);
    expect(screen.getByText(/signature not valid, refused/)).toBeInTheDocument();
    expect(screen.getByText('Last one with a valid signature')).toBeInTheDocument();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(URL_TO_REGISTER);
    expect(await screen.findByText('Webhook URL copied.')).toBeInTheDocument();
  });

  it('says live payments work when the server is ready, and that no webhook has arrived yet', async () => {
    signInAs(plainReviewer);
    const ready: LiveReadinessReport = {
      ...notReady,
      ready: true,
      provider: { ...notReady.provider, state: 'ready', answer: "Paystack answered with the account's balance." },
      webhook: { url: URL_TO_REGISTER, lastArrivalAt: null, lastArrivalSigned: null, lastSignedAt: null, lastRefusedAt: null },
      checks: [
        notReady.checks[0]!,
        { id: 'provider', title: texts.provider.title, status: 'ok', detail: "Paystack answered with the account's balance.", action: null },
        notReady.checks[2]!,
        { id: 'webhook', title: texts.webhook.title, status: 'unknown', detail: texts.webhook.unknown, action: texts.webhook.unknownAction },
      ],
    };
    stubApi([['GET', 'admin/live-readiness', ok(ready)]]);
    renderPage();
    expect(await screen.findByText('Live payments are working.')).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('need');
    expect(checkItem('Webhooks arrive')).toHaveTextContent('Not known yet');
    expect(screen.getByText('None has arrived yet.')).toBeInTheDocument();
    expect(screen.queryByText('Last one with a valid signature')).not.toBeInTheDocument();
  });

  it("gives the server's reason with Try again when it cannot be loaded", async () => {
    signInAs(plainReviewer);
    stubApi([['GET', 'admin/live-readiness', fail(500, 'Something went wrong. Please try again.')]]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
