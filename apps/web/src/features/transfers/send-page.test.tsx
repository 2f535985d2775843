import { transferMessages, type Transfer, type TransferPreview } from '@fipay/contracts/transfers';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { SendPage } from './send-page';

const session = sessionFixture();

type Answer = { status?: number; message?: string; data: unknown };
type Route = (body: Record<string, unknown> | undefined) => Answer;
const respond = ({ status = 200, message = 'OK', data }: Answer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

function stubServer(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname.replace('/api/v1', '')}`];
    if (!route) return respond({ status: 404, message: 'Not found.', data: { code: 'NOT_FOUND' } });
    return respond(route(init?.body ? JSON.parse(String(init.body)) : undefined));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof stubServer>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && input === `/api/v1${path}`)
    .map(([, init]) => ({ body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: init?.headers as Record<string, string> }));

const preview = (codeRequired: TransferPreview['codeRequired'] = null): TransferPreview => ({
  recipient: { name: 'Bisi Foods Ltd', tag: 'bisi', display: '@bisi' },
  asset: 'USD',
  amount: '1250',
  fee: '0',
  usdCents: '1250',
  codeRequired,
});
const transfer: Transfer = {
  id: 'c1000000-0000-4000-8000-000000000001',
  livemode: false,
  direction: 'sent',
  asset: 'USD',
  amount: '1250',
  fee: '0',
  usdCents: '1250',
  note: 'Invoice 7',
  counterparty: { name: 'Bisi Foods Ltd', tag: 'bisi', display: '@bisi' },
  createdAt: '2026-11-26T12:00:00.000Z',
};

function renderAt(path: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/wallet/:asset/send" element={<SendPage />} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

describe('SendPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it('reads the amount exactly at the asset’s precision, checks the transfer, then sends it once with one Idempotency-Key', async () => {
    let sends = 0;
    const fetchMock = stubServer({
      'POST /transfers/preview': () => ({ data: preview() }),
      // The first answer is lost to an outage; the retry carries the same key.
      'POST /transfers': () => ((sends += 1) === 1 ? { status: 503, message: 'Try again shortly.', data: { code: 'SERVICE_UNAVAILABLE' } } : { status: 201, data: transfer }),
    });
    const user = renderAt('/dashboard/wallet/USD/send?to=%40bisi');
    expect(screen.getByRole('heading', { level: 1, name: 'Send USD' })).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveValue('@bisi');

    await user.type(screen.getByLabelText('Amount (USD)'), '12.505');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('USD amounts have at most 2 decimal places.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/transfers/preview')).toEqual([]);

    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.type(screen.getByLabelText('Note (optional)'), 'Invoice 7');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check and send' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/transfers/preview')[0]!.body).toEqual({ asset: 'USD', amount: '1250', to: '@bisi' });
    expect(screen.getByText('Bisi Foods Ltd (@bisi)')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText('Try again shortly.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'Sent' })).toBeInTheDocument();
    expect(screen.getByText("12.50 USD is in Bisi Foods Ltd's wallet now.")).toBeInTheDocument();
    const sent = calls(fetchMock, 'POST', '/transfers');
    expect(sent.map((call) => call.body)).toEqual([
      { asset: 'USD', amount: '1250', to: '@bisi', note: 'Invoice 7' },
      { asset: 'USD', amount: '1250', to: '@bisi', note: 'Invoice 7' },
    ]);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('asks for an emailed code when the preview says so, sends one on request, and shows the server’s refusal by the field', async () => {
    const fetchMock = stubServer({
      'POST /transfers/preview': () => ({ data: preview('email') }),
      'POST /transfers/code': () => ({ data: { expiresInSeconds: 600, resendInSeconds: 60 } }),
      'POST /transfers': (body) =>
        body?.code === '123456' ? { status: 201, data: transfer } : { status: 400, message: 'Invalid code.', data: { code: 'BAD_REQUEST', errors: { code: 'Invalid code.' } } },
    });
    const user = renderAt('/dashboard/wallet/USD/send');
    await user.type(screen.getByLabelText('To'), 'ops@bisi.ng');
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check and send' });

    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText(transferMessages.emailCodeRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('We emailed you a code.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Emailed code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText('Invalid code.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Emailed code'));
    await user.type(screen.getByLabelText('Emailed code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'Sent' })).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/transfers').at(-1)!.body).toMatchObject({ to: 'ops@bisi.ng', code: '123456' });
  });

  it('says so when the address names no asset FiPay holds', () => {
    stubServer({});
    renderAt('/dashboard/wallet/XRP/send');
    expect(screen.getByText('"XRP" is not an asset FiPay holds. Choose one of NGN, USD, GBP, EUR, BTC, ETH, USDT, USDC.')).toBeInTheDocument();
  });
});
