import type { Wallet, WalletAsset, WalletStatement } from '@fipay/contracts/wallet';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useDisplayCurrency } from '../../stores/display-currency-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { AssetStatementPage } from './asset-statement-page';
import { WalletPage } from './wallet-page';

const session = sessionFixture();

const zero = (asset: WalletAsset['asset']): WalletAsset => ({
  asset,
  available: '0',
  held: '0',
  pending: '0',
  total: '0',
  value: { USD: '0', NGN: '0' },
  rateStale: false,
  testFunds: { dailyCap: '100000000', addedToday: '0' },
});

function wallet(overrides: Partial<Record<WalletAsset['asset'], Partial<WalletAsset>>> = {}, total: Wallet['total'] = { USD: '1234567', NGN: '1913578850', complete: true }): Wallet {
  const codes = ['NGN', 'USD', 'GBP', 'EUR', 'BTC', 'ETH', 'USDT', 'USDC'] as const;
  return { livemode: false, asOf: '2026-11-26T12:00:00.000Z', assets: codes.map((code) => ({ ...zero(code), ...overrides[code] })), total };
}

type Answer = { status?: number; message?: string; data: unknown };
type Route = (url: URL, body: unknown) => Answer;
const respond = ({ status = 200, message = 'OK', data }: Answer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname.replace('/api/v1', '')}`];
    if (!route) return respond({ status: 404, message: 'Not found.', data: { code: 'NOT_FOUND' } });
    return respond(route(url, init?.body ? JSON.parse(String(init.body)) : undefined));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/dashboard/wallet', Component: WalletPage },
      { path: '/dashboard/wallet/:asset', Component: AssetStatementPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user, router };
}

describe('WalletPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useAuthStore.setState({ showBalance: true });
    useModeStore.getState().setMode(session.user.id, 'test');
    useDisplayCurrency.getState().setCurrency('USD');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it("lists every asset with available, held, pending and worth, exactly, and the total in the display currency", async () => {
    const fetchMock = stubServer({
      'GET /wallet': () => ({
        data: wallet({
          ETH: { available: '1500000000000000001', held: '250000000000000000', total: '1750000000000000001', value: { USD: '612500', NGN: '949375000' } },
          BTC: { available: '12345678', value: { USD: null, NGN: null }, rateStale: true },
        }),
      }),
    });
    const { user } = renderAt('/dashboard/wallet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
    const assets = await screen.findByRole('region', { name: 'Assets' });
    expect(within(assets).getAllByRole('listitem')).toHaveLength(8);
    const eth = within(assets).getByRole('listitem', { name: 'ETH Ether' });
    // Every wei of it: no Number rounds an 18-decimal amount.
    expect(eth).toHaveTextContent('Available1.500000000000000001 ETH');
    expect(eth).toHaveTextContent('Held0.25 ETH');
    expect(eth).toHaveTextContent('6,125.00 USD');
    expect(eth).toHaveTextContent('9,493,750.00 NGN');
    expect(within(eth).getByRole('link', { name: 'Send ETH' })).toHaveAttribute('href', '/dashboard/wallet/ETH/send');
    expect(within(eth).getByRole('link', { name: 'Receive ETH' })).toHaveAttribute('href', '/dashboard/wallet/ETH/receive');
    expect(within(eth).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/dashboard/wallet/ETH');
    const btc = within(assets).getByRole('listitem', { name: 'BTC Bitcoin' });
    expect(btc).toHaveTextContent('0.12345678 BTC');
    expect(btc).toHaveTextContent('USD: rate unavailable');

    const total = screen.getByRole('region', { name: 'Total balance' });
    expect(total).toHaveTextContent('12,345.67 USD');
    await user.click(screen.getByRole('tab', { name: 'NGN' }));
    expect(total).toHaveTextContent('19,135,788.50 NGN');
    expect(useDisplayCurrency.getState().currency).toBe('NGN');
    // Hidden with the same eye as the top bar and the balance card.
    await user.click(within(total).getByRole('button', { name: 'Hide balances' }));
    expect(total).not.toHaveTextContent('NGN');
    expect(eth).not.toHaveTextContent('1.500000000000000001');
    expect(useAuthStore.getState().showBalance).toBe(false);
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/wallet'))).toHaveLength(1);
  });

  it('says when the total leaves out assets without a rate', async () => {
    stubServer({ 'GET /wallet': () => ({ data: wallet({}, { USD: '0', NGN: '0', complete: false }) }) });
    renderAt('/dashboard/wallet');
    expect(await screen.findByText(/Some assets have no current market rate/)).toBeInTheDocument();
  });

  it('adds test funds: the amount typed as text, read exactly, refusals shown under the field', async () => {
    let sent: unknown;
    let answer: Answer = { status: 201, message: '0.05 BTC of test funds added.', data: { id: 'f1', asset: 'BTC', amount: '5000000', createdAt: '2026-11-26T12:00:00.000Z', addedToday: '5000000', dailyCap: '100000000' } };
    const fetchMock = stubServer({
      'GET /wallet': () => ({ data: wallet({ BTC: { testFunds: { dailyCap: '100000000', addedToday: '25000000' } } }) }),
      'POST /wallet/BTC/test-funds': (_url, body) => ((sent = body), answer),
    });
    const { user } = renderAt('/dashboard/wallet');
    const btc = within(await screen.findByRole('region', { name: 'Assets' })).getByRole('listitem', { name: 'BTC Bitcoin' });
    await user.click(within(btc).getByRole('button', { name: 'Add test funds: BTC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add test funds: BTC' });
    expect(dialog).toHaveTextContent('You can add up to 0.75 BTC more today (UTC).');
    const field = within(dialog).getByLabelText('Amount (BTC)');

    // Read at the asset's precision before anything is sent.
    await user.type(field, '0.123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Add test funds' }));
    expect(await within(dialog).findByText('BTC amounts have at most 8 decimal places.')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    // The server's refusal goes under the field too.
    answer = { status: 422, message: 'Over the cap.', data: { code: 'UNPROCESSABLE', errors: { amount: 'Test funds are limited to 1 BTC a day.' } } };
    await user.clear(field);
    await user.type(field, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add test funds' }));
    expect(await within(dialog).findByText('Test funds are limited to 1 BTC a day.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '200000000' });

    answer = { status: 201, message: '0.05 BTC of test funds added.', data: { id: 'f1', asset: 'BTC', amount: '5000000', createdAt: '2026-11-26T12:00:00.000Z', addedToday: '5000000', dailyCap: '100000000' } };
    await user.clear(field);
    await user.type(field, '0.05');
    await user.click(within(dialog).getByRole('button', { name: 'Add test funds' }));
    expect(await screen.findByText('0.05 BTC of test funds added.')).toBeInTheDocument();
    expect(sent).toEqual({ amount: '5000000' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The wallet is read again from the server.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/wallet') && (init?.method ?? 'GET') === 'GET')).toHaveLength(2));
  });

  it('offers no test funds in live mode', async () => {
    useModeStore.getState().setMode(session.user.id, 'live');
    stubServer({ 'GET /wallet': () => ({ data: { ...wallet(), livemode: true, assets: wallet().assets.map((a) => ({ ...a, testFunds: null })) } }) });
    renderAt('/dashboard/wallet');
    await screen.findByRole('region', { name: 'Assets' });
    expect(screen.queryByRole('button', { name: /Add test funds/ })).not.toBeInTheDocument();
  });
});

describe('AssetStatementPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useAuthStore.setState({ showBalance: true });
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => vi.unstubAllGlobals());

  const line = (id: string, amount: string, balanceAfter: string) => ({
    id,
    at: '2026-11-26T10:00:00.000Z',
    kind: 'test_funds',
    description: 'Test funds',
    counterparty: { name: 'FiPay test funds', tag: null },
    amount,
    balanceAfter,
  });

  it('shows lines with counterparty and balance after, filters them, and loads more by the cursor', async () => {
    const queries: URLSearchParams[] = [];
    stubServer({
      'GET /wallet': () => ({ data: wallet({ ETH: { available: '3000000000000000000' } }) }),
      'GET /wallet/ETH/statement': (url): { data: WalletStatement } => {
        queries.push(url.searchParams);
        if (url.searchParams.get('before') === '2')
          return { data: { asset: 'ETH', lines: [line('1', '1000000000000000000', '1000000000000000000')], nextBefore: null } };
        return { data: { asset: 'ETH', lines: [line('3', '-500000000000000000', '2500000000000000000'), line('2', '2000000000000000000', '3000000000000000000')], nextBefore: '2' } };
      },
    });
    const { user } = renderAt('/dashboard/wallet/ETH');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ether statement' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'ETH statement' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('Test fundsFiPay test funds');
    expect(rows()[0]).toHaveTextContent('-0.50 ETH');
    expect(rows()[1]).toHaveTextContent('+2.00 ETH');
    expect(rows()[1]).toHaveTextContent('3.00 ETH');

    await user.click(within(table).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(queries.at(-1)!.get('before')).toBe('2');
    expect(within(table).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Direction'), 'out');
    await waitFor(() => expect(queries.at(-1)!.get('direction')).toBe('out'));
    expect(queries.at(-1)!.get('before')).toBeNull();
  });

  it('says plainly when the asset is not one of the wallet', async () => {
    stubServer({});
    renderAt('/dashboard/wallet/DOGE');
    expect(await screen.findByText('There is no such asset in your wallet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your wallet' })).toHaveAttribute('href', '/dashboard/wallet');
  });
});
