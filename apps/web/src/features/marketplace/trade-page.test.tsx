import type { TradeView } from '@fipay/contracts/marketplace';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { TRADE_POLL_MS } from './api/marketplace';
import { TradePage } from './trade-page';

const tradeId = 't1000000-0000-4000-8000-000000000001';
const paid: TradeView = {
  id: tradeId,
  livemode: false,
  offerId: 'o1000000-0000-4000-8000-000000000001',
  role: 'seller',
  counterparty: { name: 'Bisi Foods Ltd', tag: 'bisi' },
  status: 'paid',
  asset: 'USDT',
  fiat: 'NGN',
  amount: '30000000',
  price: '165000',
  fiatAmount: '4950000',
  sellerFee: '0',
  buyerFee: '30000',
  method: 'ng_bank_transfer',
  payTo: null,
  payBy: null,
  releaseBy: new Date(Date.now() + 3_600_000).toISOString(),
  paidAt: new Date().toISOString(),
  endedAt: null,
  sellerAskedCancel: false,
  buyerAskedCancel: false,
  cancelReason: null,
  disputedBy: null,
  ruling: null,
  rulingBuyerAmount: null,
  createdAt: '2026-11-26T12:00:00.000Z',
};

const json = (status: number, data: unknown) => new Response(JSON.stringify({ isSuccessful: status < 400, message: 'OK', data }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The API at the page's edge: the trade (as `trade()` has it now), its chat's first page, and its stream, which the
 * test opens, feeds and ends; while `streamUp` is false the stream answers 503 and the page keeps trying.
 */
function stubApi() {
  const state = { trade: paid, streamUp: true, tradeReads: 0, streamOpens: 0 };
  let feed: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname.replace('/api/v1', '');
      if (path === `/trades/${tradeId}`) {
        state.tradeReads += 1;
        return json(200, { ...state.trade, dispute: null });
      }
      if (path === `/trades/${tradeId}/messages`) return json(200, { messages: [], hasOlder: false, reads: { seller: null, buyer: null }, role: 'seller', tradeStatus: state.trade.status, chatOpen: true });
      if (path === `/trades/${tradeId}/stream`) {
        if (!state.streamUp) return json(503, { code: 'UNAVAILABLE' });
        state.streamOpens += 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            feed = controller;
            init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }
      return json(404, { code: 'NOT_FOUND' });
    }),
  );
  return {
    state,
    push: (event: string, data: unknown) => feed!.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => feed!.close(),
  };
}

/** Lets `ms` of the page's timers run, and what they start settle. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the trade page', () => {
  signedInTestMode();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the trade again on the stream’s events while it is open, polling only as a safety net, and every few seconds while it is down', async () => {
    const api = stubApi();
    renderPage('/dashboard/trades/:tradeId', <TradePage />, `/dashboard/trades/${tradeId}`);
    expect(await screen.findByRole('heading', { name: 'The buyer says it paid 49,500.00 NGN' })).toBeInTheDocument();
    await waitFor(() => expect(api.state.streamOpens).toBe(1));
    // The stream opened: the trade is read once more then, for what the stream may have missed before it opened.
    await waitFor(() => expect(api.state.tradeReads).toBe(2));

    // Open stream, nothing happening: no reads every few seconds.
    await pass(TRADE_POLL_MS.streamUp - 2_000);
    expect(api.state.tradeReads).toBe(2);

    // The buyer asks to cancel: the stream says so, and the page reads the trade and shows it at once.
    api.state.trade = { ...paid, buyerAskedCancel: true };
    act(() => api.push('trade', { id: tradeId, status: 'paid' }));
    expect(await screen.findByText('The buyer asked to cancel.')).toBeInTheDocument();
    expect(api.state.tradeReads).toBe(3);

    // The safety net: one read per 30 s while the stream is open.
    const before = api.state.tradeReads;
    await pass(TRADE_POLL_MS.streamUp + 1_000);
    expect(api.state.tradeReads).toBe(before + 1);

    // The stream goes down and stays down: the page reads the trade every 5 s until it is back.
    api.state.streamUp = false;
    act(() => api.end());
    await pass(100);
    const down = api.state.tradeReads;
    await pass(3 * TRADE_POLL_MS.streamDown + 100);
    expect(api.state.tradeReads).toBeGreaterThanOrEqual(down + 3);
    api.state.trade = { ...paid, status: 'disputed', disputedBy: 'buyer' };
    await pass(TRADE_POLL_MS.streamDown);
    expect(await screen.findByText(/^The buyer, Bisi Foods Ltd \(@bisi\), opened a dispute\./)).toBeInTheDocument();

    // Back up: polling slows down again once the stream has reopened (and the trade was read on reopening).
    api.state.streamUp = true;
    await pass(2_100);
    await waitFor(() => expect(api.state.streamOpens).toBe(2));
    await pass(200);
    const up = api.state.tradeReads;
    await pass(3 * TRADE_POLL_MS.streamDown);
    expect(api.state.tradeReads).toBe(up);
  });
});
