import { tradeChatMessages, type TradeMessage } from '@fipay/contracts/trade-chat';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useModeStore } from '../../../stores/mode-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { sseParser } from './sse';
import { TradeChat } from './trade-chat';

const tradeId = 't1000000-0000-4000-8000-000000000001';
const message = (seq: number, over: Partial<TradeMessage> = {}): TradeMessage => ({
  id: `m-${seq}`,
  seq: String(seq),
  tradeId,
  author: 'seller',
  mine: false,
  systemEvent: null,
  body: `Message ${seq}`,
  attachment: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});
const opened = message(1, { author: 'system', systemEvent: 'opened', body: 'Trade opened. The seller’s asset is in escrow.' });

type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };

/** The API at the page's edge: JSON routes, and the trade's stream whose events the test pushes. */
function stubApi(routes: Record<string, (body: any) => { status?: number; data: unknown }>) {
  const calls: Call[] = [];
  let push: (text: string) => void = () => undefined;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace('/api/v1', '');
    const method = init?.method ?? 'GET';
    const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: `${path}${url.search}`, body, headers: (init?.headers ?? {}) as Record<string, string> });
    if (path === `/trades/${tradeId}/stream`) {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const encoder = new TextEncoder();
          push = (text) => controller.enqueue(encoder.encode(text));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ isSuccessful: false, message: 'Not found.', data: { code: 'NOT_FOUND' } }), { status: 404 });
    const answer = route(body);
    const status = answer.status ?? 200;
    return new Response(JSON.stringify({ isSuccessful: status < 400, message: 'OK', data: answer.data }), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, push: (event: string, data: unknown, id?: string) => push(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`) };
}

const page = (over: object = {}) => ({ messages: [opened, message(2, { body: 'Pay to the account shown, then mark paid.' })], hasOlder: false, reads: { seller: null, buyer: null }, role: 'buyer', tradeStatus: 'awaiting_payment', chatOpen: true, ...over });

describe('TradeChat', () => {
  const session = sessionFixture();
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the platform’s steps apart from the parties’ messages, marks the seller’s read, sends once per message, and shows what the stream brings', async () => {
    const api = stubApi({
      [`GET /trades/${tradeId}/messages`]: () => ({ data: page() }),
      [`POST /trades/${tradeId}/messages/read`]: (body) => ({ data: { seller: null, buyer: body.seq } }),
      [`POST /trades/${tradeId}/messages`]: (body) => ({ status: 201, data: message(3, { author: 'buyer', mine: true, body: body.body }) }),
    });
    const user = userEvent.setup();
    render(<TradeChat tradeId={tradeId} />, { wrapper: QueryWrapper });

    const list = await screen.findByRole('list', { name: 'Messages' });
    const system = within(list).getByText(/Trade opened/).closest('li')!;
    expect(system).toHaveAttribute('data-kind', 'system');
    expect(within(list).getByText('Pay to the account shown, then mark paid.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.path.endsWith('/messages/read')).map((c) => c.body)).toEqual([{ seq: '2' }]));
    // The stream opens from the last message it has, with the session's headers.
    await waitFor(() => expect(api.calls.find((c) => c.path.endsWith('/stream'))?.headers).toMatchObject({ 'Last-Event-ID': '2', 'FiPay-Mode': 'test', Authorization: expect.stringMatching(/^Bearer /) }));

    await user.type(screen.getByLabelText('Message'), 'Paying now');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText('Paying now')).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.method === 'POST' && c.path === `/trades/${tradeId}/messages`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ body: 'Paying now' });
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Message')).toHaveValue('');

    // Live: the seller's reply, its read mark on ours, and the trade's step.
    api.push('message', message(4, { body: 'Received, releasing.' }), '4');
    expect(await within(list).findByText('Received, releasing.')).toBeInTheDocument();
    api.push('read', { seller: '3', buyer: '2' });
    expect(await within(list).findByText(/· Read$/)).toBeInTheDocument();
    api.push('message', message(5, { author: 'system', systemEvent: 'completed', body: 'Trade completed. The asset went to the buyer.' }), '5');
    api.push('trade', { id: tradeId, status: 'completed' });
    expect(await within(list).findByText(/Trade completed/)).toBeInTheDocument();
  });

  it('refuses a file that is not an image or PDF, or over 5 MB, before uploading; uploads a PNG through its link and sends it', async () => {
    const api = stubApi({
      [`GET /trades/${tradeId}/messages`]: () => ({ data: page({ messages: [opened] }) }),
      [`POST /trades/${tradeId}/messages/upload-url`]: () => ({ data: { uploadUrl: 'http://localhost/api/v1/uploads/companies/c/trade-chat/t/1-a-receipt.png?signature=s', objectKey: 'companies/c/trade-chat/t/1-a-receipt.png' } }),
      [`PUT /uploads/companies/c/trade-chat/t/1-a-receipt.png`]: () => ({ data: null }),
      [`POST /trades/${tradeId}/messages`]: (body) => ({ status: 201, data: message(2, { author: 'buyer', mine: true, body: body.body, attachment: { name: 'receipt.png', contentType: 'image/png', size: 4 } }) }),
    });
    const user = userEvent.setup({ applyAccept: false });
    render(<TradeChat tradeId={tradeId} />, { wrapper: QueryWrapper });
    await screen.findByRole('list', { name: 'Messages' });

    await user.upload(screen.getByLabelText('Attach an image or PDF'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(tradeChatMessages.attachmentType);
    await user.upload(screen.getByLabelText('Attach an image or PDF'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 5 MB.');
    expect(api.calls.filter((c) => c.path.endsWith('/upload-url'))).toEqual([]);

    await user.upload(screen.getByLabelText('Attach an image or PDF'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' }));
    expect(screen.getByText(/receipt\.png \(4 B\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: /receipt\.png \(4 B\)/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/upload-url'))!.body).toEqual({ fileName: 'receipt.png', contentType: 'image/png' });
    expect(api.calls.find((c) => c.method === 'PUT')!.headers).toMatchObject({ 'Content-Type': 'image/png' });
    expect(api.calls.find((c) => c.method === 'POST' && c.path === `/trades/${tradeId}/messages`)!.body).toEqual({ body: '', attachment: { objectKey: 'companies/c/trade-chat/t/1-a-receipt.png', name: 'receipt.png' } });
  });

  it('says the chat is closed and offers no composer once it is', async () => {
    stubApi({ [`GET /trades/${tradeId}/messages`]: () => ({ data: page({ chatOpen: false, tradeStatus: 'completed' }) }) });
    render(<TradeChat tradeId={tradeId} />, { wrapper: QueryWrapper });
    expect(await screen.findByText(tradeChatMessages.chatClosed)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
  });
});

describe('sseParser', () => {
  it('reads events split across chunks, skips comments and joins data lines', () => {
    const events: unknown[] = [];
    const feed = sseParser((event) => events.push(event));
    feed(': ping\n\nretry: 2000\n\nid: 7\nevent: mes');
    feed('sage\ndata: {"a":1}\n\nevent: read\r\ndata: x\r\ndata: y\r\n\r\n');
    expect(events).toEqual([
      { event: 'message', id: '7', data: '{"a":1}' },
      { event: 'read', id: undefined, data: 'x\ny' },
    ]);
  });
});
