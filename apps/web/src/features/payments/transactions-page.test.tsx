import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { paidPayment } from './test-fixtures';
import { TransactionsPage } from './transactions-page';

const pagination = { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 0 };


const chidi = paidPayment({});
const amaka = paidPayment({
  id: '5a0b6c1d-0000-4000-8000-000000000002',
  reference: 'fp_4444cccc5555dddd6666',
  amount: 1_200_050,
  status: 'pending',
  channel: 'bank_transfer',
  card: null,
  customer: { email: 'amaka@customer.ng', name: '', phone: null },
  paidAt: null,
});
const partRefunded = paidPayment({ id: '5a0b6c1d-0000-4000-8000-000000000003', reference: 'fp_7777eeee8888ffff9999', refundedAmount: 1_000_000 });

const ok = (data: unknown) => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const fail = (status: number, message: string) =>
  new Response(JSON.stringify({ isSuccessful: false, message, data: { code: status === 429 ? 'RATE_LIMITED' : status === 422 ? 'UNPROCESSABLE' : status === 404 ? 'NOT_FOUND' : 'INTERNAL' } }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The server: GET /transactions answers `list` (a function of the query, so filters can be checked), the payouts tab
 * nothing yet, and the CSV export `csv`. Returns the fetch mock.
 */
function stubServer(list: (query: URLSearchParams) => Response, csv: () => Response = () => fail(500, 'The export could not be made.')) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/v1/payouts') return ok({ payouts: [], pagination, hold: null });
    if (url.pathname === '/api/v1/transactions/export') return csv();
    if (url.pathname === '/api/v1/transactions') return list(url.searchParams);
    return fail(404, 'Not found.');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([input]) => new URL(input, 'http://localhost')).filter((url) => url.pathname === '/api/v1/transactions');

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/dashboard/transactions', Component: TransactionsPage }], { initialEntries: [path] });
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup(), router };
}

describe('TransactionsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it("marks the business's own wallet top-ups, and filters by kind", async () => {
    const topUp = paidPayment({ id: '5a0b6c1d-0000-4000-8000-000000000009', reference: 'fp-0123456789abcdef0123', purpose: 'top_up' });
    const fetchMock = stubServer((query) => ok({ transactions: query.get('purpose') === 'top_up' ? [topUp] : [topUp, chidi], nextCursor: null }));
    const { user } = renderAt('/dashboard/transactions');
    const table = await screen.findByRole('region', { name: 'Transactions' });
    await waitFor(() => expect(within(table).getAllByText('Wallet top-up')).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Kind'), 'top_up');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('purpose')).toBe('top_up'));
    expect(within(screen.getByRole('region', { name: 'Transactions' })).getAllByRole('row')).toHaveLength(2);
  });

  it('opens on the payments', async () => {
    stubServer(() => ok({ transactions: [], nextCursor: null }));
    renderAt('/dashboard/transactions');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(screen.getByText('Share a payment link to take your first payment.')).toBeInTheDocument();
  });

  it('opens on the payouts when the address names that tab, and keeps the chosen tab in the address', async () => {
    stubServer(() => ok({ transactions: [], nextCursor: null }));
    const { user, router } = renderAt('/dashboard/transactions?tab=payouts');
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'No transactions yet' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // Tabs replace the history entry: Back leaves the page instead of flipping tabs.
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(screen.getByRole('tab', { name: 'Payouts' }));
    expect(router.state.location.search).toBe('?tab=payouts');
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
  });

  it('lists each payment with its customer, method, status and amount', async () => {
    stubServer(() => ok({ transactions: [chidi, amaka, partRefunded], nextCursor: null }));
    renderAt('/dashboard/transactions');
    const table = await screen.findByRole('region', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    expect(within(rows[0]!).getByRole('button', { name: `Open ${chidi.reference}` })).toHaveTextContent('chidi@customer.ng');
    expect(within(rows[0]!).getByText('Visa •••• 4081')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Successful')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('₦45,000.00')).toBeInTheDocument();

    expect(within(rows[1]!).getByText('Bank transfer')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('₦12,000.50')).toBeInTheDocument();

    expect(within(rows[2]!).getByText('Part refunded')).toBeInTheDocument();
  });

  it('asks the server for the filters chosen, and says when nothing matches them', async () => {
    const fetchMock = stubServer((query) => (query.has('status') ? ok({ transactions: [], nextCursor: null }) : ok({ transactions: [chidi], nextCursor: null })));
    const { user } = renderAt('/dashboard/transactions');
    await screen.findByRole('region', { name: 'Transactions' });
    const filters = screen.getByRole('form', { name: 'Filters' });
    // The status options are the table's labels.
    expect(within(filters).getAllByRole('option').map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['All', 'Pending', 'Successful', 'Failed', 'Abandoned', 'Card', 'Bank transfer']),
    );

    await user.type(within(filters).getByLabelText('Reference or customer email'), 'ada@example.ng');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'failed');
    await user.selectOptions(within(filters).getByLabelText('Method'), 'card');
    await user.type(within(filters).getByLabelText('From'), '2026-11-01');
    await user.type(within(filters).getByLabelText('To'), '2026-11-26');
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByRole('heading', { name: 'No transactions match these filters' })).toBeInTheDocument();
    const last = listCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({ search: 'ada@example.ng', status: 'failed', channel: 'card', from: '2026-11-01', to: '2026-11-26' });
  });

  it('says why the list could not load, and loads it again on Try again', async () => {
    // A 4xx is the server's word and is not asked again by itself: the retry is the person's.
    let answers = 0;
    const fetchMock = stubServer(() => (answers++ === 0 ? fail(429, 'Too many requests. Wait a minute, then try again.') : ok({ transactions: [chidi], nextCursor: null })));
    const { user } = renderAt('/dashboard/transactions');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Wait a minute, then try again.');
    expect(screen.queryByRole('region', { name: 'Transactions' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listCalls(fetchMock)).toHaveLength(2);
  });

  it('downloads the filtered list as CSV from the export link of the current mode', async () => {
    const csv = '\uFEFFreference,amount\nfp_1111aaaa2222bbbb3333,45000.00\n';
    const fetchMock = stubServer(
      () => ok({ transactions: [chidi], nextCursor: null }),
      () => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="transactions-test.csv"' } }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    // jsdom has no object URLs.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:transactions-1'), revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });

    const { user } = renderAt('/dashboard/transactions');
    await screen.findByRole('region', { name: 'Transactions' });
    await user.selectOptions(screen.getByLabelText('Status'), 'success');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Downloaded transactions-test.csv.')).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:transactions-1', download: 'transactions-test.csv' }]);
    const exportCall = fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/v1/transactions/export'))!;
    expect(new URL(exportCall[0], 'http://localhost').searchParams.get('status')).toBe('success');
    expect(new Headers((exportCall as unknown as [string, RequestInit])[1].headers).get('FiPay-Mode')).toBe('test');
  });

  it("says why the export failed, and the button works again", async () => {
    stubServer(
      () => ok({ transactions: [chidi], nextCursor: null }),
      () => fail(422, 'Pick a range of at most a year to export.'),
    );
    const { user } = renderAt('/dashboard/transactions');
    await screen.findByRole('region', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Pick a range of at most a year to export.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
  });
});
