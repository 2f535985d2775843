import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useModeStore } from '../../../stores/mode-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { TransactionOverview } from './transaction-overview';

const session = sessionFixture();

/** 30 days ending today, with money on two of them. */
function days() {
  const today = Date.parse(new Date(Date.now() + 3_600_000).toISOString().slice(0, 10));
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, amount: i === 29 ? 2_500_000 : i === 27 ? 750_050 : 0, count: i === 29 ? 1 : i === 27 ? 2 : 0 };
  });
}

describe('TransactionOverview', () => {
  let modes: string[];
  let answerDays: () => ReturnType<typeof days>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    modes = [];
    answerDays = days;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe('/api/v1/transactions/daily?days=30');
        modes.push((init?.headers as Record<string, string>)['FiPay-Mode']!);
        return new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: { currency: 'NGN', days: answerDays() } }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("charts the test payments in test mode, labelled as test data, under SPEC's call to switch to live mode", async () => {
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(screen.getByText('Switch to Live Mode to see analytics')).toBeVisible();
    expect(screen.getByText('Until then, this chart shows your test payments: test data, not real money.')).toBeVisible();
    expect(await screen.findByText('₦32,500.50')).toBeInTheDocument();
    expect(screen.getByText('Test data')).toBeVisible();
    expect(screen.getByText(/received in the last 30 days, before refunds/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Test payments received per day, last 30 days' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([expect.stringContaining('₦7,500.50'), expect.stringContaining('₦25,000.00')]);
    expect(modes).toEqual(['test']);
  });

  it('says when there were no test payments in the last 30 days, and how to make one', async () => {
    answerDays = () => days().map((day) => ({ ...day, amount: 0, count: 0 }));
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(await screen.findByText('No test payments in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('Pay one of your payment links with a test card to see it here.')).toBeInTheDocument();
    expect(screen.getByText('Switch to Live Mode to see analytics')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('charts what customers paid each day in live mode; USD and GHS have nothing yet', async () => {
    useModeStore.getState().setMode(session.user.id, 'live');
    const user = userEvent.setup();
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(await screen.findByText('₦32,500.50')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Received per day, last 30 days' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([expect.stringContaining('₦7,500.50'), expect.stringContaining('₦25,000.00')]);
    expect(screen.queryByText('Switch to Live Mode to see analytics')).not.toBeInTheDocument();
    expect(screen.queryByText('Test data')).not.toBeInTheDocument();
    expect(modes).toEqual(['live']);
    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect(screen.getByText('No USD transactions yet.')).toBeInTheDocument();
  });
});
