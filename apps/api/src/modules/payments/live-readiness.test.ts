import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerMessages } from '@fipay/contracts/developers';
import { liveBlockMessages, liveModeMessages } from '@fipay/contracts/live-mode';
import { paymentMessages } from '@fipay/contracts/payments';
import Fastify from 'fastify';
import { paystackBodies, startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { paystackSample } from '../../test/paystack-samples';
import { checkoutCode, createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { LiveReadiness } from './live-readiness';
import { PaystackAcquirer } from '../../providers/paystack/acquirer';
import { payOut } from './payouts/payouts';

/**
 * Live mode on a server whose payment provider is missing, refuses the key, or cannot be reached, and on one whose
 * provider answers (the replay server): what the business, its API clients and its customers are told
 * (docs/decisions/0045-one-live-rule-and-provider-readiness.md).
 */

const KEY = 'sk_live_readiness_secret_for_the_replay_server';
/** Words a business or a customer must never read: they are for whoever runs the server. */
const OPERATOR_WORDS = /operator|PAYSTACK|secret key|server|configur/i;

function logSink() {
  const sink = { text: '', stream: new Writable({ write: (chunk, _encoding, done) => ((sink.text += String(chunk)), done()) }) };
  return sink;
}

/** A port nothing listens on: a provider that cannot be reached. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A signed-in business, approved unless told otherwise, with what it needs to call in live mode. */
async function business(server: TestServer, approved = true) {
  const session = await login(server, await createVerifiedUser(server));
  const companyId = session.user.companyId;
  if (approved) await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [companyId]);
  return { companyId, token: session.accessToken, live: { token: session.accessToken, headers: { 'FiPay-Mode': 'live' } } };
}

/** Everything an approved business and its customer meet in live mode on a server that cannot take live payments. */
async function expectNotReady(server: TestServer, block: 'payments_not_set_up' | 'payments_unavailable') {
  const notice = liveBlockMessages[block];
  const { companyId, token, live } = await business(server);

  // The dashboard's question: the business may go live, but live payments cannot be taken, in its own words.
  const standing = await server.api.get('/live-mode', { token });
  expect(standing).toMatchObject({ status: 200, body: { message: liveModeMessages.loaded, data: { open: true, ready: false, blocked: block, message: notice } } });
  expect(notice).not.toMatch(OPERATOR_WORDS);

  // Live keys and links can be prepared; the answer says customers cannot pay yet.
  const keys = await server.api.post('/api-keys', { mode: 'live' }, { token });
  expect(keys).toMatchObject({ status: 201, body: { message: `${developerMessages.keysCreated} ${notice}` } });
  const link = await server.api.post('/payment-links', { name: 'Ankara fabric', amount: 500_000 }, live);
  expect(link).toMatchObject({ status: 201, body: { message: `${paymentMessages.linkCreated} ${notice}`, data: { livemode: true } } });
  // A test link's answer says nothing of live mode.
  expect((await server.api.post('/payment-links', { name: 'Test fabric', amount: 500_000 }, { token })).body.message).toBe(paymentMessages.linkCreated);

  // The merchant API: a live charge is refused with a clear 503 the business can read, and nothing is written.
  const charge = await server.api.post('/transactions/initialize', { amount: 50_000, email: 'ada@customer.ng' }, { token: keys.body.data.secretKey });
  expect(charge).toMatchObject({ status: 503, body: { isSuccessful: false, message: notice, data: { code: 'SERVICE_UNAVAILABLE' } } });
  expect(charge.headers.get('retry-after')).toBe('60');
  // A live refund: refused for the same reason, in the words of a refund, before anything is set aside.
  const refund = await server.api.post('/refunds', { reference: 'order-123456' }, live);
  expect(refund).toMatchObject({ status: 503, body: { message: liveModeMessages.refundsUnavailable } });
  expect(liveModeMessages.refundsUnavailable).not.toMatch(OPERATOR_WORDS);
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE company_id = $1', [companyId]);
  expect(rows[0]!.n).toBe(0);

  // The customer: the pay page says the business cannot take payments now, and paying says so with no 5xx.
  const slug = link.body.data.slug as string;
  const page = await server.api.get(`/pay/${slug}`);
  expect(page).toMatchObject({ status: 200, body: { data: { livemode: true, acceptingPayments: false, business: { verified: true } } } });
  const pay = await server.api.post(`/pay/${slug}`, { email: 'ada@customer.ng', name: 'Ada Obi' });
  expect(pay).toMatchObject({ status: 409, body: { message: paymentMessages.businessCannotTakePayments } });
  expect(paymentMessages.businessCannotTakePayments).not.toMatch(OPERATOR_WORDS);

  // A live checkout started before (the provider since gone) still shows its state, with no 5xx.
  const reference = `order-${Date.now()}`;
  await server.db.query(
    "INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name) VALUES ($1, true, $2, 50000, 'paystack', 'ada@customer.ng', 'Ada Obi')",
    [companyId, reference],
  );
  const checkout = await server.api.get(`/checkout/${await checkoutCode(server, reference)}`);
  expect(checkout).toMatchObject({ status: 200, body: { data: { livemode: true, status: 'pending' } } });
  expect([checkout.body.message, checkout.body.data.gatewayResponse].join(' ')).not.toMatch(OPERATOR_WORDS);
  return { companyId, token, live };
}

describe('on a server without a payment provider', () => {
  let server: TestServer;
  const logs = logSink();
  beforeAll(async () => {
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: logs.stream, rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
  });
  afterAll(() => server.close());

  it('tells the business, its API clients and its customers that live payments cannot be taken yet, each in their own words', async () => {
    const { companyId } = await expectNotReady(server, 'payments_not_set_up');
    // Live payouts wait, in the business's words.
    const payout = await server.db.transaction((tx) => payOut(server.app.ctx, tx, { companyId, livemode: true }));
    expect(payout).toEqual({ skipped: liveModeMessages.payoutsPaused });
    // The operator reads the reason, with the setting's name, in the log.
    expect(logs.text).toContain('Live payments are off: PAYSTACK_SECRET_KEY is not set');
  });

  it('keeps the two reasons apart: a business not yet approved is told about its verification, not about the server', async () => {
    const { token, live } = await business(server, false);
    expect((await server.api.get('/live-mode', { token })).body.data).toEqual({
      open: false,
      ready: false,
      blocked: 'business_not_approved',
      message: developerMessages.liveModeLocked,
    });
    expect(await server.api.post('/transactions/initialize', { amount: 50_000, email: 'a@b.ng' }, live)).toMatchObject({
      status: 403,
      body: { message: developerMessages.liveModeLocked },
    });
  });

  it('answers the live-mode question only to a signed-in business, never to a secret key', async () => {
    expect((await server.api.get('/live-mode')).status).toBe(401);
    const { token } = await business(server);
    const key = (await server.api.post('/api-keys', { mode: 'test' }, { token })).body.data.secretKey as string;
    expect((await server.api.get('/live-mode', { token: key })).status).toBe(403);
  });
});

describe('on a server whose payment provider cannot be reached', () => {
  let server: TestServer;
  const logs = logSink();
  beforeAll(async () => {
    server = await startTestServer({
      env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: `http://127.0.0.1:${await closedPort()}`, BANK_TIMEOUT_MS: '500', LOG_LEVEL: 'info' },
      logStream: logs.stream,
      rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } },
    });
  });
  afterAll(() => server.close());

  it('tells everyone live payments are unavailable for now, and the operator why, without the key', async () => {
    await expectNotReady(server, 'payments_unavailable');
    expect(logs.text).toContain('Live payments unavailable: Paystack did not answer GET /balance');
    expect(logs.text).not.toContain(KEY);
  });
});

describe('on a server with a payment provider that answers', () => {
  let fake: FakePaystack;
  let server: TestServer;
  const logs = logSink();
  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startTestServer({
      env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: fake.url, BANK_TIMEOUT_MS: '500', LOG_LEVEL: 'info' },
      logStream: logs.stream,
      rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('is ready: live links are paid at Paystack, and the provider is asked once, not at every page view', async () => {
    const { token, live } = await business(server);
    expect((await server.api.get('/live-mode', { token })).body.data).toEqual({ open: true, ready: true, blocked: null, message: null });
    const link = await server.api.post('/payment-links', { name: 'Ankara fabric', amount: 500_000 }, live);
    expect(link.body.message).toBe(paymentMessages.linkCreated);
    const slug = link.body.data.slug as string;
    for (let i = 0; i < 5; i += 1) expect((await server.api.get(`/pay/${slug}`)).body.data).toMatchObject({ acceptingPayments: true, business: { verified: true } });
    const pay = await server.api.post(`/pay/${slug}`, { email: 'ada@customer.ng', name: 'Ada Obi' });
    expect(pay).toMatchObject({ status: 201, body: { data: { authorizationUrl: expect.stringMatching(/^https:\/\/checkout\.paystack\.com\//) } } });
    // Asked at start (with the key), then cached: seven looks above, one question.
    const balanceCalls = fake.requests.filter((r) => r.path === '/balance');
    expect(balanceCalls).toHaveLength(1);
    expect(balanceCalls[0]!.authorization).toBe(`Bearer ${KEY}`);
    expect(logs.text).toContain('Live payments ready');
  });

  it('records when a signed Paystack webhook last arrived, and only a signed one', async () => {
    const raw = JSON.stringify(paystackSample('customerIdentificationSuccess'));
    const webhook = (signature: string) => server.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: { 'x-paystack-signature': signature } });
    const arrivals = async () => (await server.db.query<{ last_signed_at: Date }>('SELECT last_signed_at FROM provider_webhook_arrivals WHERE last_signed_at IS NOT NULL')).rows;
    expect((await webhook('0'.repeat(128))).status).toBe(401);
    expect(await arrivals()).toEqual([]);
    expect((await webhook(createHmac('sha512', KEY).update(raw).digest('hex'))).status).toBe(200);
    const [arrival] = await arrivals();
    expect(Date.now() - arrival!.last_signed_at.getTime()).toBeLessThan(60_000);
  });
});

describe('the readiness check', () => {
  let fake: FakePaystack;
  beforeAll(async () => {
    fake = await startFakePaystack();
  });
  afterAll(() => fake.close());

  it('keeps its answer briefly, asks again once stale (a caller waits only when it was not ready), and logs each change once', async () => {
    const logs = logSink();
    let now = 0;
    const server = await startTestServer();
    try {
      const readiness = new LiveReadiness({ acquirer: new PaystackAcquirer({ secretKey: KEY, baseUrl: fake.url, timeoutMs: 500 }), checkTimeoutMs: 500, log: Fastify({ logger: { level: 'info', stream: logs.stream } }).log, db: server.db, now: () => now });
      const asked = () => fake.requests.filter((r) => r.path === '/balance').length;
      expect(await readiness.current()).toBe('ready');
      expect(await readiness.current()).toBe('ready');
      expect(asked()).toBe(1);

      // Paystack stops accepting the key: within the minute the last answer stands; after it, "ready" is still given
      // at once while one check runs, and the next look sees the change.
      fake.on('/balance', () => ({ status: 401, body: paystackBodies.invalidKey }));
      now += 59_000;
      expect(await readiness.current()).toBe('ready');
      expect(asked()).toBe(1);
      now += 2_000;
      expect(await readiness.current()).toBe('ready');
      await readiness.check();
      expect(await readiness.current()).toBe('key_refused');
      expect(asked()).toBe(2);
      // "Not ready" stands 15 seconds, then the caller waits for a new answer rather than being refused on an old one;
      // the same answer is not logged twice.
      now += 14_000;
      expect(await readiness.current()).toBe('key_refused');
      expect(asked()).toBe(2);
      fake.reset();
      now += 2_000;
      expect(await readiness.current()).toBe('ready');
      expect(asked()).toBe(1);

      // An answer that is not Paystack's documented balance is not ready either; a single one is asked again at once.
      let odd = 0;
      fake.on('/balance', (query, body, original) => (++odd <= 1 ? { status: 200, body: { status: true, message: 'Balances retrieved', data: 'none' } } : original!(query, body)));
      expect(await readiness.check()).toBe('ready');
      fake.on('/balance', () => ({ status: 200, body: { status: true, message: 'Balances retrieved', data: 'none' } }));
      expect(await readiness.check()).toBe('unreachable');
      fake.on('/balance', () => 'hang');
      now += 16_000;
      expect(await readiness.current()).toBe('unreachable');
      fake.reset();
      expect(await readiness.check()).toBe('ready');

      const lines = logs.text.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; state: string; was: string | null });
      expect(lines.map((line) => [line.state, line.was])).toEqual([
        ['ready', null],
        ['key_refused', 'ready'],
        ['ready', 'key_refused'],
        ['unreachable', 'ready'],
        ['ready', 'unreachable'],
      ]);
      expect(logs.text).not.toContain(KEY);
      // A call that failed at the provider makes the next look ask again at once.
      readiness.recheckSoon();
      await readiness.current();
      await readiness.check();
      expect(fake.requests.filter((r) => r.path === '/balance')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
