import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { deliveryErrorMessages } from '@fipay/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { post } from './delivery';
import { webhookUrlMessages } from './url-guard';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

/** A merchant's receiver on this machine: answers with the next planned status (then 200) and keeps what it got. */
async function startReceiver(plan: number[] = []) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = plan.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : `refused ${status} ${'x'.repeat(5000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/fipay`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let server: TestServer;
const receivers: Receiver[] = [];
beforeAll(async () => {
  // Retries a fifth of a second apart instead of 5 s, 5 min, 30 min, ...
  server = await startTestServer({ env: { WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2' } });
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => server.close());

async function receiver(plan: number[] = []) {
  const r = await startReceiver(plan);
  receivers.push(r);
  return r;
}

async function merchantWithEndpoint(url: string, enabledEvents: string[] = ['*']) {
  const session = await login(server, await createVerifiedUser(server));
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  const endpoint = (await server.api.post('/webhook-endpoints', { url, enabledEvents }, { token: key })).body.data as { id: string; secret: string };
  return { session, key, endpoint };
}

/** Verifies a received delivery as a merchant would, with the standardwebhooks package; the event it carries. */
function verified(secret: string, delivery: { headers: IncomingHttpHeaders; body: string }) {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as { id: string; type: string; livemode: boolean; data: { object: Record<string, unknown> } };
}

describe('webhook delivery', () => {
  it('sends a test event signed per Standard Webhooks, and the delivery log shows what was sent and answered', async () => {
    const r = await receiver();
    const { key, endpoint } = await merchantWithEndpoint(r.url);
    const queued = await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
    expect(queued.status).toBe(201);
    expect(queued.body.data).toMatchObject({ endpointId: endpoint.id, eventType: 'ping', status: 'pending' });

    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    const event = verified(endpoint.secret, r.received[0]!);
    expect(event).toMatchObject({ id: queued.body.data.eventId, type: 'ping', livemode: false, data: { object: { endpointId: endpoint.id } } });
    expect(r.received[0]!.headers['webhook-id']).toBe(event.id);
    expect(r.received[0]!.headers['content-type']).toBe('application/json');

    await expect.poll(async () => (await server.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0]?.status, { timeout: 5_000 }).toBe('succeeded');
    const log = (await server.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data;
    expect(log.pagination.totalItems).toBe(1);
    const [attempt] = log.deliveries[0].attemptLog;
    expect(attempt).toMatchObject({ url: r.url, responseStatus: 200, responseBody: 'thanks', error: null, requestBody: r.received[0]!.body });
    expect(attempt.requestHeaders['webhook-signature']).toBe(r.received[0]!.headers['webhook-signature']);
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('sends each event an endpoint takes, in the transaction of the change, and no others', async () => {
    const everything = await receiver();
    const rollsOnly = await receiver();
    const { session, key, endpoint } = await merchantWithEndpoint(everything.url);
    const second = (await server.api.post('/webhook-endpoints', { url: rollsOnly.url, enabledEvents: ['api_key.rolled'] }, { token: key })).body.data;
    const keyId = (await server.api.get('/api-keys', { token: session.accessToken })).body.data.keys.find((k: { kind: string }) => k.kind === 'secret').id;
    await server.api.post(`/api-keys/${keyId}/roll`, { expiresIn: '1h' }, { token: session.accessToken });

    // The first endpoint hears of the second's creation and of the roll; the second only of the roll.
    await expect.poll(() => everything.received.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => rollsOnly.received.length, { timeout: 10_000 }).toBe(1);
    expect(everything.received.map((d) => verified(endpoint.secret, d).type).sort()).toEqual(['api_key.rolled', 'webhook_endpoint.created']);
    const roll = verified(second.secret, rollsOnly.received[0]!);
    expect(roll).toMatchObject({ type: 'api_key.rolled', data: { object: { id: keyId } } });
    // One event, one id, whichever endpoint it went to.
    expect(everything.received.map((d) => d.headers['webhook-id'])).toContain(roll.id);
  });

  it('tries again on the schedule after failures, with the same id each time, and logs each attempt', async () => {
    const r = await receiver([500, 503]);
    const { key, endpoint } = await merchantWithEndpoint(r.url);
    const ping = (await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key })).body.data;
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(3);
    expect(new Set(r.received.map((d) => d.headers['webhook-id']))).toEqual(new Set([ping.eventId]));
    for (const d of r.received) expect(verified(endpoint.secret, d).id).toBe(ping.eventId);

    await expect.poll(async () => (await server.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0].status, { timeout: 5_000 }).toBe('succeeded');
    const delivery = (await server.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0];
    expect(delivery.attempts).toBe(3);
    expect(delivery.attemptLog.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 503, 200]);
    expect(delivery.attemptLog[0].error).toBe('The endpoint answered 500');
    // Only the first 4 KB of an answer is kept.
    expect(delivery.attemptLog[0].responseBody.length).toBe(4096);

    // Resend: the same event again, on request.
    const resent = await server.api.post(`/webhook-deliveries/${delivery.id}/retry`, {}, { token: key });
    expect(resent.status).toBe(200);
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(4);
    expect(r.received[3]!.headers['webhook-id']).toBe(ping.eventId);
  });

  it('gives up once the schedule is spent, and turns off an endpoint failing for five days, telling the company', async () => {
    const r = await receiver([500, 500, 500, 500, 500, 500]);
    const { session, key, endpoint } = await merchantWithEndpoint(r.url);
    await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
    const deliveries = async () => (await server.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries;
    // The first try and three retries.
    await expect.poll(async () => (await deliveries())[0].status, { timeout: 10_000 }).toBe('failed');
    expect((await deliveries())[0].attemptLog).toHaveLength(4);
    expect((await server.api.get(`/webhook-endpoints/${endpoint.id}`, { token: key })).body.data.disabled).toBe(false);

    // Failing since six days ago: the next failure turns it off.
    await server.db.query("UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = $1", [endpoint.id]);
    await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
    await expect.poll(async () => (await server.api.get(`/webhook-endpoints/${endpoint.id}`, { token: key })).body.data.disabled, { timeout: 10_000 }).toBe(true);
    const mail = await server.mail.waitFor(session.user.email);
    expect(mail.subject).toBe('A webhook endpoint was turned off');
    expect(mail.text).toContain(r.url);
    const notices = (await server.api.get('/notification/user/latest', { token: session.accessToken })).body.data.notifications;
    expect(notices[0].title).toBe('Webhook endpoint turned off');
    // A disabled endpoint is sent no events (a test event is still sent when asked for, and its retries run out):
    // count what it received once that test event's tries are over.
    await expect.poll(async () => (await deliveries()).every((d: { status: string }) => d.status !== 'pending'), { timeout: 10_000 }).toBe(true);
    const before = r.received.length;
    await server.api.post('/webhook-endpoints', { url: `${r.url}/other`, enabledEvents: ['*'] }, { token: key });
    const { rows } = await server.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id IN (SELECT id FROM events WHERE type = $2)', [
      endpoint.id,
      'webhook_endpoint.created',
    ]);
    expect(rows.length).toBe(0);
    expect(r.received.length).toBe(before);
  });

  it('signs with the old and the new secret while a rolled secret is still valid, then with the new one alone', async () => {
    const r = await receiver();
    const { key, endpoint } = await merchantWithEndpoint(r.url);
    const rolled = await server.api.post(`/webhook-endpoints/${endpoint.id}/roll-secret`, { expiresIn: '1h' }, { token: key });
    expect(rolled.status).toBe(200);
    const fresh = rolled.body.data.secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(endpoint.secret);
    await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(1);
    expect(String(r.received[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(fresh, r.received[0]!).type).toBe('ping');
    expect(verified(endpoint.secret, r.received[0]!).type).toBe('ping');

    // Rolled again with the old one ending now: only the newest verifies.
    const newest = (await server.api.post(`/webhook-endpoints/${endpoint.id}/roll-secret`, { expiresIn: 'now' }, { token: key })).body.data.secret as string;
    await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
    await expect.poll(() => r.received.length, { timeout: 10_000 }).toBe(2);
    expect(verified(newest, r.received[1]!).type).toBe('ping');
    expect(() => verified(fresh, r.received[1]!)).toThrow();
  });

  it("keeps one company's deliveries from another", async () => {
    const r = await receiver();
    const owner = await merchantWithEndpoint(r.url);
    const other = await merchantWithEndpoint(r.url);
    const ping = (await server.api.post(`/webhook-endpoints/${owner.endpoint.id}/test`, {}, { token: owner.key })).body.data;
    expect((await server.api.get(`/webhook-endpoints/${owner.endpoint.id}/deliveries`, { token: other.key })).status).toBe(404);
    expect((await server.api.post(`/webhook-deliveries/${ping.id}/retry`, {}, { token: other.key })).status).toBe(404);
    expect((await server.api.post(`/webhook-endpoints/${owner.endpoint.id}/test`, {}, { token: other.key })).status).toBe(404);
    expect((await server.api.post(`/webhook-endpoints/${owner.endpoint.id}/roll-secret`, { expiresIn: 'now' }, { token: other.key })).status).toBe(404);
  });
});

describe('webhook delivery to addresses that are not public', () => {
  it('is refused at the time of sending when the server does not allow them, and nothing reaches the address', async () => {
    const strict = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_RETRY_SCHEDULE: '0.2' } });
    const r = await receiver();
    try {
      const session = await login(strict, await createVerifiedUser(strict));
      const key = (await strict.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
      const endpoint = (await strict.api.post('/webhook-endpoints', { url: 'https://102.89.1.1/hook' }, { token: key })).body.data;
      // The endpoint's address is moved inside after it was saved (as a DNS change would).
      await strict.db.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [endpoint.id, r.url]);
      await strict.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
      const first = async () => (await strict.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0];
      await expect.poll(async () => (await first()).status, { timeout: 10_000 }).toBe('failed');
      expect((await first()).attemptLog.map((a: { error: string }) => a.error)).toEqual([webhookUrlMessages.nonPublic, webhookUrlMessages.nonPublic]);
      expect(r.received).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

/** A TCP port on this machine that nothing listens on. */
async function closedPort() {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A TCP server on this machine doing `onConnection` with each connection; closed after the test. */
async function tcpPeer(onConnection: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const peer = createTcpServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  receivers.push({
    url: '',
    received: [],
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      peer.close(() => resolve());
    }),
  });
  return (peer.address() as AddressInfo).port;
}

const addressOrPort = /\d+\.\d+\.\d+\.\d+|\[?[0-9a-f]*:[0-9a-f:]+\]?|:\d+|localhost/i;

describe('why an attempt failed, in the delivery log', () => {
  const send = (url: string, timeoutMs = 5_000) => post(new URL(url), { 'content-type': 'application/json' }, '{}', { timeoutMs, allowPrivate: true });

  it('is a plain sentence for each way a request fails, without our addresses or ports; the detail is for our log', async () => {
    const refusedPort = await closedPort();
    const refused = await send(`http://127.0.0.1:${refusedPort}/hook`);
    expect(refused).toMatchObject({ status: null, error: deliveryErrorMessages.connect });
    expect(refused.detail).toContain(`ECONNREFUSED 127.0.0.1:${refusedPort}`);

    const hangsUp = await tcpPeer((socket) => socket.destroy());
    expect(await send(`http://127.0.0.1:${hangsUp}/hook`)).toMatchObject({ status: null, error: deliveryErrorMessages.reset });

    // https to a receiver that speaks plain http: the TLS handshake fails.
    const plainHttp = await receiver();
    const tls = await send(plainHttp.url.replace('http:', 'https:'));
    expect(tls).toMatchObject({ status: null, error: deliveryErrorMessages.tls });
    expect(tls.detail).toMatch(/EPROTO/);

    const silent = await tcpPeer(() => undefined);
    expect(await send(`http://127.0.0.1:${silent}/hook`, 300)).toMatchObject({ status: null, error: deliveryErrorMessages.timeout(0.3) });

    const nowhere = await send('http://nowhere.invalid/hook');
    expect(nowhere).toMatchObject({ status: null, error: deliveryErrorMessages.hostNotFound });
    expect(nowhere.detail).toContain('ENOTFOUND');

    for (const outcome of [refused, tls, nowhere]) expect(outcome.error).not.toMatch(addressOrPort);
  });

  it('is stored and shown to the merchant without our addresses, and logged in full on the server only', async () => {
    const log = new PassThrough();
    let logged = '';
    log.on('data', (chunk) => (logged += chunk));
    const logging = await startTestServer({ env: { LOG_LEVEL: 'info', WEBHOOK_RETRY_SCHEDULE: '0.2' }, logStream: log });
    try {
      const port = await closedPort();
      const session = await login(logging, await createVerifiedUser(logging));
      const key = (await logging.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
      const url = `http://127.0.0.1:${port}/hook`;
      const endpoint = (await logging.api.post('/webhook-endpoints', { url }, { token: key })).body.data as { id: string };
      await logging.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key });
      const first = async () => (await logging.api.get(`/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0];
      await expect.poll(async () => (await first()).status, { timeout: 10_000 }).toBe('failed');

      const shown = (await first()).attemptLog as { url: string; error: string }[];
      expect(shown.map((a) => a.error)).toEqual([deliveryErrorMessages.connect, deliveryErrorMessages.connect]);
      const { rows } = await logging.db.query<{ error: string }>(
        'SELECT a.error FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1',
        [endpoint.id],
      );
      expect(rows.map((r) => r.error)).toEqual([deliveryErrorMessages.connect, deliveryErrorMessages.connect]);
      for (const attempt of shown) expect(attempt.error).not.toMatch(addressOrPort);
      await expect.poll(() => logged, { timeout: 5_000 }).toContain(`ECONNREFUSED 127.0.0.1:${port}`);

      // Attempts logged before plain sentences were stored are shown in plain words too.
      await logging.db.query(
        `UPDATE webhook_attempts SET error = CASE WHEN id = (SELECT min(id) FROM webhook_attempts WHERE delivery_id = $1)
           THEN 'connect ECONNREFUSED 10.0.0.5:443' ELSE 'write EPROTO 805CEB82D37F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number' END
          WHERE delivery_id = $1`,
        [(await first()).id],
      );
      expect(((await first()).attemptLog as { error: string }[]).map((a) => a.error)).toEqual([deliveryErrorMessages.connect, deliveryErrorMessages.tls]);
    } finally {
      await logging.close();
    }
  });
});
