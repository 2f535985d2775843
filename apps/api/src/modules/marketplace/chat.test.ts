import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tradeChatMessages, systemMessageTexts } from '@fipay/contracts/trade-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb } from '../../db/client';
import { createTestDb } from '../../test/db';
import { startTestServer, type TestServer } from '../../test/server';
import { sampleDocuments } from '../../storage/sample-documents';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { refreshRates } from '../rates/rates';
import { ChatHub, STREAMS_PER_COMPANY } from './chat-stream';
import { ruleOnTrade } from './trades';

/**
 * Trade chat over HTTP: only the trade's two parties in its mode, attachments checked like KYB documents, the
 * platform's message for each step, read marks, and the live stream, across two instances on PostgreSQL.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
let server: TestServer;
/** A second instance on the same database (PostgreSQL); the same one on PGlite, which is one process's. */
let other: TestServer;
let databaseUrl: string | undefined;
beforeAll(async () => {
  const created = await createTestDb();
  databaseUrl = created.url;
  // Each test signs up the two businesses of its trade: more than one address's default allowance of sign-ups.
  server = await startTestServer({ database: created, env: secrets, rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
  // Its workers wait an hour between polls: the emails of this file's sign-ups are this instance's to send.
  other = onPostgres ? await startTestServer({ database: { db: createPostgresDb(created.url!), drop: async () => undefined }, env: secrets, pollMs: 3_600_000 }) : server;
  await refreshRates(server.app.ctx);
});
afterAll(async () => {
  if (other !== server) await other.close();
  await server.close();
});

const { newCompany, fund, addMethod } = withdrawalFixtures(() => server);
type Company = Awaited<ReturnType<typeof newCompany>>;

async function openTrade() {
  const vendor = await newCompany();
  const buyer = await newCompany();
  const account = await addMethod(vendor, { kind: 'ng_bank_account' });
  await fund(vendor, 'USDT', 500_000_000n);
  const offer = await server.api.post(
    '/offers',
    { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '200000000', minTrade: '1000000', maxTrade: '100000000', methods: [{ method: 'ng_bank_transfer', paymentMethodId: account }] },
    { token: vendor.key },
  );
  const trade = await server.api.post('/trades', { offerId: offer.body.data.id, amount: '10000000', method: 'ng_bank_transfer' }, { token: buyer.key });
  expect(trade.status).toBe(201);
  return { vendor, buyer, tradeId: trade.body.data.id as string };
}

const messages = async (tradeId: string, who: Company, query = '') => server.api.get(`/trades/${tradeId}/messages${query}`, { token: who.key });

/** Uploads `bytes` for the trade's chat as `who`, answering the object key. */
async function upload(tradeId: string, who: Company, bytes: Buffer, contentType: 'image/png' | 'application/pdf' | 'image/jpeg', fileName = 'proof.png') {
  const link = await server.api.post(`/trades/${tradeId}/messages/upload-url`, { fileName, contentType }, { token: who.key });
  expect(link.status).toBe(200);
  const url = new URL(link.body.data.uploadUrl);
  const put = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
  return { objectKey: link.body.data.objectKey as string, putStatus: put.status };
}

/** Reads a trade's stream until `until` holds for the events so far (or fails after 10 s). */
async function streamUntil(on: TestServer, tradeId: string, who: Company, until: (events: { event: string; id?: string; data: any }[]) => boolean, headers: Record<string, string> = {}, started?: () => Promise<void>) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 10_000);
  const response = await fetch(`${on.baseUrl}/api/v1/trades/${tradeId}/stream`, { headers: { authorization: `Bearer ${who.key}`, ...headers }, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; id?: string; data: any }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let first = true;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields = Object.fromEntries(block.split('\n').filter((line) => !line.startsWith(':') && line.includes(': ')).map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]));
        if (fields.event) events.push({ event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? 'null') });
      }
      if (first && started) {
        first = false;
        await started();
      }
      if (until(events)) break;
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return events;
}

describe('trade chat', () => {
  it('is the two parties’ only: they write and read, another business and the other mode get 404; the platform writes each step', async () => {
    const { vendor, buyer, tradeId } = await openTrade();
    const stranger = await newCompany();

    const opened = await messages(tradeId, buyer);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ role: 'buyer', tradeStatus: 'awaiting_payment', chatOpen: true, hasOlder: false, reads: { seller: null, buyer: null } });
    expect(opened.body.data.messages).toMatchObject([{ author: 'system', systemEvent: 'opened', body: systemMessageTexts.opened, mine: false }]);

    const sent = await server.api.post(`/trades/${tradeId}/messages`, { body: '  Paying now from Acme Ltd.  ' }, { token: buyer.key });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe(tradeChatMessages.messageSent);
    expect(sent.body.data).toMatchObject({ author: 'buyer', mine: true, body: 'Paying now from Acme Ltd.', attachment: null });
    const seen = await messages(tradeId, vendor);
    expect(seen.body.data.messages.at(-1)).toMatchObject({ id: sent.body.data.id, author: 'buyer', mine: false });

    // Another business, and a party in the other mode, get what a missing trade gets; nothing is written.
    expect((await messages(tradeId, stranger)).status).toBe(404);
    expect((await server.api.post(`/trades/${tradeId}/messages`, { body: 'hello' }, { token: stranger.key })).status).toBe(404);
    expect((await server.api.post(`/trades/${tradeId}/messages/read`, { seq: sent.body.data.seq }, { token: stranger.key })).status).toBe(404);
    expect((await server.api.post(`/trades/${tradeId}/messages/upload-url`, { fileName: 'a.png', contentType: 'image/png' }, { token: stranger.key })).status).toBe(404);
    expect((await server.api.get(`/trades/${tradeId}/messages/${sent.body.data.id}/attachment`, { token: stranger.key })).status).toBe(404);
    const live = { token: buyer.accessToken, headers: { 'FiPay-Mode': 'live' } };
    expect((await server.api.request('GET', `/api/v1/trades/${tradeId}/messages`, live)).status).toBe(404);
    expect((await server.api.request('POST', `/api/v1/trades/${tradeId}/messages`, { ...live, body: { body: 'hi' } })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/v1/trades/${tradeId}/stream`, { headers: { authorization: `Bearer ${stranger.key}` } })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/v1/trades/not-a-trade/stream`, { headers: { authorization: `Bearer ${buyer.key}` } })).status).toBe(404);

    // Empty and too long are refused with their reasons.
    const empty = await server.api.post(`/trades/${tradeId}/messages`, { body: '   ' }, { token: buyer.key });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(tradeChatMessages.empty);
    const long = await server.api.post(`/trades/${tradeId}/messages`, { body: 'x'.repeat(2001) }, { token: buyer.key });
    expect(long.status).toBe(400);
    expect(long.body.data.errors.body).toBe(tradeChatMessages.tooLong);

    // Each step writes the platform's message in its own transaction.
    expect((await server.api.post(`/trades/${tradeId}/paid`, {}, { token: buyer.key })).status).toBe(200);
    expect((await server.api.post(`/trades/${tradeId}/dispute`, {}, { token: vendor.key })).status).toBe(200);
    const { rows } = await server.db.query<{ id: string }>("INSERT INTO reviewers (email, name, role) VALUES ($1, 'Ada Agent', 'admin') RETURNING id", [`agent-${Date.now()}@fipay.test`]);
    await ruleOnTrade(server.app.ctx, rows[0]!.id, tradeId, { outcome: 'release', reason: 'The payment arrived.' });
    const after = await messages(tradeId, vendor);
    expect(after.body.data.messages.filter((m: { author: string }) => m.author === 'system').map((m: { systemEvent: string }) => m.systemEvent)).toEqual(['opened', 'paid', 'disputed', 'resolved']);
    expect(after.body.data).toMatchObject({ tradeStatus: 'resolved', chatOpen: true });

    const second = await openTrade();
    expect((await server.api.post(`/trades/${second.tradeId}/cancel`, {}, { token: second.buyer.key })).status).toBe(200);
    const third = await openTrade();
    await server.api.post(`/trades/${third.tradeId}/paid`, {}, { token: third.buyer.key });
    await server.api.post(`/trades/${third.tradeId}/release`, {}, { token: third.vendor.key });
    const events = async (id: string, who: Company) => (await messages(id, who)).body.data.messages.map((m: { systemEvent: string | null }) => m.systemEvent);
    expect(await events(second.tradeId, second.vendor)).toEqual(['opened', 'cancelled']);
    expect(await events(third.tradeId, third.buyer)).toEqual(['opened', 'paid', 'completed']);

    // Kept for audit: the database refuses changing or deleting a message.
    await expect(server.db.query("UPDATE trade_messages SET body = 'changed' WHERE id = $1", [sent.body.data.id])).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM trade_messages WHERE id = $1', [sent.body.data.id])).rejects.toThrow(/append-only/);

    // Ended more than 7 days ago: read, not written.
    await server.db.exec(`ALTER TABLE trades DISABLE TRIGGER USER`);
    await server.db.query("UPDATE trades SET ended_at = now() - interval '8 days' WHERE id = $1", [third.tradeId]);
    await server.db.exec(`ALTER TABLE trades ENABLE TRIGGER USER`);
    const closed = await server.api.post(`/trades/${third.tradeId}/messages`, { body: 'Thanks!' }, { token: third.buyer.key });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(tradeChatMessages.chatClosed);
    expect((await messages(third.tradeId, third.buyer)).body.data.chatOpen).toBe(false);
  });

  it('takes a PNG or PDF proof for the parties only, and refuses another file with its reason, keeping nothing of it', async () => {
    const { vendor, buyer, tradeId } = await openTrade();
    const stranger = await newCompany();
    const png = await upload(tradeId, buyer, sampleDocuments.png.bytes, 'image/png');
    expect(png.putStatus).toBe(200);
    const sent = await server.api.post(`/trades/${tradeId}/messages`, { body: 'Receipt attached', attachment: { objectKey: png.objectKey, name: 'receipt.png' } }, { token: buyer.key });
    expect(sent.status).toBe(201);
    expect(sent.body.data.attachment).toMatchObject({ name: 'receipt.png', contentType: 'image/png', size: sampleDocuments.png.bytes.length });
    // An attachment alone is a message too.
    const pdf = await upload(tradeId, vendor, sampleDocuments.pdf.bytes, 'application/pdf', 'statement.pdf');
    expect((await server.api.post(`/trades/${tradeId}/messages`, { attachment: { objectKey: pdf.objectKey } }, { token: vendor.key })).body.data.attachment).toMatchObject({ name: 'statement.pdf', contentType: 'application/pdf' });

    const link = await server.api.get(`/trades/${tradeId}/messages/${sent.body.data.id}/attachment`, { token: vendor.key });
    expect(link.status).toBe(200);
    const fileUrl = new URL(link.body.data.url, server.baseUrl);
    const file = await fetch(`${server.baseUrl}${fileUrl.pathname}${fileUrl.search}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(sampleDocuments.png.bytes)).toBe(true);
    expect((await server.api.get(`/trades/${tradeId}/messages/${sent.body.data.id}/attachment`, { token: stranger.key })).status).toBe(404);

    // A text file sent as an image: refused with the reason, deleted, and no message written.
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM trade_messages WHERE trade_id = $1', [tradeId])).rows[0]!.n;
    const before = await count();
    const fake = await upload(tradeId, buyer, Buffer.from('not really a picture'), 'image/png');
    const refused = await server.api.post(`/trades/${tradeId}/messages`, { body: 'see', attachment: { objectKey: fake.objectKey } }, { token: buyer.key });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(`Attachment: ${tradeChatMessages.attachmentNotADocument}`);
    expect(refused.body.data.errors.attachment).toBe(refused.body.message);
    expect(await server.app.ctx.storage.head(server.app.ctx.storage.keyFromReference(fake.objectKey)!)).toBeNull();
    // A type the chat does not take is refused before any link is made; a file over 5 MB is refused on upload.
    expect((await server.api.post(`/trades/${tradeId}/messages/upload-url`, { fileName: 'a.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }, { token: buyer.key })).status).toBe(400);
    const big = await upload(tradeId, buyer, Buffer.concat([sampleDocuments.png.bytes, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(big.putStatus).toBe(413);
    const tooBig = await server.api.post(`/trades/${tradeId}/messages`, { attachment: { objectKey: big.objectKey } }, { token: buyer.key });
    expect(tooBig.status).toBe(422);
    // Another business's upload, or a KYB document's key, cannot be sent into this trade.
    const theirs = await server.api.post(`/trades/${tradeId}/messages`, { attachment: { objectKey: png.objectKey } }, { token: vendor.key });
    expect(theirs.status).toBe(422);
    expect(theirs.body.message).toMatch(/another account/);
    expect(await count()).toBe(before);
  });

  it('keeps each side’s read mark, only forward', async () => {
    const { vendor, buyer, tradeId } = await openTrade();
    const a = (await server.api.post(`/trades/${tradeId}/messages`, { body: 'one' }, { token: buyer.key })).body.data;
    const b = (await server.api.post(`/trades/${tradeId}/messages`, { body: 'two' }, { token: buyer.key })).body.data;
    const read = await server.api.post(`/trades/${tradeId}/messages/read`, { seq: b.seq }, { token: vendor.key });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ seller: b.seq, buyer: null });
    expect((await server.api.post(`/trades/${tradeId}/messages/read`, { seq: a.seq }, { token: vendor.key })).body.data).toEqual({ seller: b.seq, buyer: null });
    expect((await messages(tradeId, buyer)).body.data.reads).toEqual({ seller: b.seq, buyer: null });
    const elsewhere = await openTrade();
    const foreign = (await messages(elsewhere.tradeId, elsewhere.buyer)).body.data.messages[0].seq;
    expect((await server.api.post(`/trades/${tradeId}/messages/read`, { seq: foreign }, { token: vendor.key })).status).toBe(422);
    expect((await server.api.post(`/trades/${tradeId}/messages/read`, { seq: '0' }, { token: vendor.key })).status).toBe(400);
    // Keyset pages, oldest first.
    const page = await messages(tradeId, buyer, '?limit=2');
    expect(page.body.data.messages.map((m: { body: string }) => m.body)).toEqual(['one', 'two']);
    expect(page.body.data.hasOlder).toBe(true);
    const older = await messages(tradeId, buyer, `?before=${a.seq}`);
    expect(older.body.data.messages.map((m: { systemEvent: string }) => m.systemEvent)).toEqual(['opened']);
    expect(older.body.data.hasOlder).toBe(false);
  });

  it('streams a message posted on another instance, replays after Last-Event-ID, and tells status changes and read marks', async () => {
    const { vendor, buyer, tradeId } = await openTrade();
    const first = (await server.api.post(`/trades/${tradeId}/messages`, { body: 'before the page opened' }, { token: buyer.key })).body.data;

    // The seller's page is open on the other instance; the buyer writes through this one.
    const events = await streamUntil(
      other,
      tradeId,
      vendor,
      (seen) => seen.some((e) => e.event === 'message' && e.data.body === 'on its way') && seen.some((e) => e.event === 'trade' && e.data.status === 'paid') && seen.some((e) => e.event === 'read'),
      {},
      async () => {
        await server.api.post(`/trades/${tradeId}/messages`, { body: 'on its way' }, { token: buyer.key });
        await server.api.post(`/trades/${tradeId}/paid`, {}, { token: buyer.key });
        await server.api.post(`/trades/${tradeId}/messages/read`, { seq: first.seq }, { token: buyer.key });
      },
    );
    const bodies = events.filter((e) => e.event === 'message').map((e) => e.data.body);
    // Only what came after it opened (no Last-Event-ID): not the earlier message.
    expect(bodies).not.toContain('before the page opened');
    expect(bodies).toContain('on its way');
    expect(events.find((e) => e.event === 'message' && e.data.body === 'on its way')).toMatchObject({ data: { author: 'buyer', mine: false } });

    // Reconnecting with Last-Event-ID replays what came after it from the table.
    const replay = await streamUntil(other, tradeId, vendor, (seen) => seen.filter((e) => e.event === 'message').length >= 2, { 'Last-Event-ID': first.seq });
    expect(replay.filter((e) => e.event === 'message').map((e) => e.data.systemEvent ?? e.data.body)).toEqual(['on its way', 'paid']);
    expect(replay[0]!.id).not.toBe(first.seq);
    expect(Number(replay[0]!.id)).toBeGreaterThan(Number(first.seq));
  });

  it('tells the other side’s open page of a cancel asked, which posts no step, so the page reads the trade again', async () => {
    const { vendor, buyer, tradeId } = await openTrade();
    const events = await streamUntil(other, tradeId, buyer, (seen) => seen.some((e) => e.event === 'trade'), {}, async () => {
      expect((await server.api.post(`/trades/${tradeId}/cancel`, {}, { token: vendor.key })).body.data).toMatchObject({ status: 'awaiting_payment', sellerAskedCancel: true });
    });
    expect(events.filter((e) => e.event === 'trade')).toEqual([{ event: 'trade', data: { id: tradeId, status: 'awaiting_payment' } }]);
    expect(events.filter((e) => e.event === 'message')).toEqual([]);
  });

  it('holds a bounded number of streams per business on an instance, and frees a place when one closes', async () => {
    const { vendor, tradeId } = await openTrade();
    const open = async () => {
      const abort = new AbortController();
      const response = await fetch(`${server.baseUrl}/api/v1/trades/${tradeId}/stream`, { headers: { authorization: `Bearer ${vendor.key}` }, signal: abort.signal });
      return { response, abort };
    };
    const held = [];
    for (let i = 0; i < STREAMS_PER_COMPANY; i++) held.push(await open());
    expect(held.every((s) => s.response.status === 200)).toBe(true);
    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { message: string }).message).toBe(tradeChatMessages.tooManyStreams);
    held.pop()!.abort.abort();
    // The server hears the close a moment later.
    let again = await open();
    for (let i = 0; i < 50 && again.response.status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await open();
    }
    expect(again.response.status).toBe(200);
    for (const stream of [...held, again]) stream.abort.abort();
  });

  it('ends its open streams when its instance closes, without holding the close, and refuses one asked for then', async () => {
    const { vendor, tradeId } = await openTrade();
    const db = onPostgres ? createPostgresDb(databaseUrl!) : server.db;
    const closing = await startTestServer({ database: { db, drop: async () => undefined }, env: secrets, pollMs: 3_600_000 });
    try {
      const response = await fetch(`${closing.baseUrl}/api/v1/trades/${tradeId}/stream`, { headers: { authorization: `Bearer ${vendor.key}` } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry: 2000');
      const started = performance.now();
      // Closed as the process's shutdown closes it: the stream's connection is the app's to end, not the test's.
      await closing.app.close();
      while (!(await reader.read()).done) {
        /* what the stream had sent before it ended */
      }
      // Well within the shutdown's 10 s deadline; a stream left open would hold it for its 30 minutes.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await closing.mail.close();
      if (onPostgres) await db.close();
      rmSync(closing.dataDir, { recursive: true, force: true });
    }
    // A stream whose request was being read when closing began is refused with 503 (the page opens it again), not
    // left open past the close.
    const hub = new ChatHub(server.db);
    await hub.close();
    await expect(hub.serve({} as never, {} as never, { id: tradeId } as never, vendor.id, null)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: tradeChatMessages.serverClosing,
    });
  });
});
