import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useModeStore } from '../../../stores/mode-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { TransactionOverview } from './transaction-overview';

const session = sessionFixture();

type Day = { date: string; in: string; out: string; count: number };

/** 30 days ending today, with money on two of them: in on both, out on the last. */
function days(asset: string): Day[] {
  const today = Date.parse(new Date(Date.now() + 3_600_000).toISOString().slice(0, 10));
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    if (asset === 'USD') return { date, in: i === 29 ? '1050' : '0', out: '0', count: i === 29 ? 1 : 0 };
    // Past 2^53 kobo on one day: the chart adds and prints it exactly.
    return { date, in: i === 29 ? '9007199254740993' : i === 27 ? '750050' : '0', out: i === 29 ? '100000' : '0', count: i === 29 ? 2 : i === 27 ? 1 : 0 };
  });
}

const totalsOf = (list: Day[]) => ({
  in: list.reduce((sum, d) => sum + BigInt(d.in), 0n).toString(),
  out: list.reduce((sum, d) => sum + BigInt(d.out), 0n).toString(),
});

describe('TransactionOverview', () => {
  let asked: { url: string; mode: string }[];
  let answer: (asset: string) => Day[];
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    asked = [];
    answer = days;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        asked.push({ url, mode: (init?.headers as Record<string, string>)['FiPay-Mode']! });
        const asset = /\/wallet\/([A-Z]+)\/overview/.exec(url)![1]!;
        const list = answer(asset);
        return new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: { asset, livemode: false, days: list, totals: totalsOf(list) } }), {
          status: 200,
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("charts test money in and out of the NGN wallet from one request, labelled as test data, under SPEC's call to switch to live mode", async () => {
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(screen.getByText('Switch to Live Mode to see analytics')).toBeVisible();
    expect(await screen.findByText('₦90,071,992,554,910.43')).toBeInTheDocument();
    expect(screen.getAllByText('₦1,000.00')).toHaveLength(2);
    expect(screen.getByText('Test data')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Test NGN in and out per day, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([expect.stringContaining('₦7,500.50₦0.00'), expect.stringContaining('₦90,071,992,547,409.93₦1,000.00')]);
    expect(asked).toEqual([{ url: '/api/v1/wallet/NGN/overview?days=30', mode: 'test' }]);
  });

  it('says when there was no money in or out in the last 30 days, and how to make some', async () => {
    answer = (asset) => days(asset).map((day) => ({ ...day, in: '0', out: '0', count: 0 }));
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(await screen.findByText('No NGN test money in or out in the last 30 days.')).toBeInTheDocument();
    expect(screen.getByText('Top up your wallet with a test card, or pay one of your payment links, to see it here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('switches to USD with a request of its own, and says plainly that FiPay holds no GHS without asking the server', async () => {
    useModeStore.getState().setMode(session.user.id, 'live');
    const user = userEvent.setup();
    render(<TransactionOverview />, { wrapper: QueryWrapper });
    expect(await screen.findByRole('table', { name: 'NGN in and out per day, last 30 days' })).toBeInTheDocument();
    expect(screen.queryByText('Switch to Live Mode to see analytics')).not.toBeInTheDocument();
    expect(screen.queryByText('Test data')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'USD' }));
    expect((await screen.findAllByText('$10.50')).length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'USD in and out per day, last 30 days' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'GHS' }));
    expect(screen.getByText('FiPay does not hold GHS.')).toBeInTheDocument();
    expect(asked).toEqual([
      { url: '/api/v1/wallet/NGN/overview?days=30', mode: 'live' },
      { url: '/api/v1/wallet/USD/overview?days=30', mode: 'live' },
    ]);
  });
});
