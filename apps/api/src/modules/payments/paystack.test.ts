import { createHmac } from 'node:crypto';
import { paymentMessages } from '@fipay/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePaystack, type FakePaystack } from '../../banks/fake-paystack';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { feeFor } from './fees';
import { releaseDue } from './settlement';

const SECRET = 'sk_test_paystack_secret_for_the_replay_server';
let fake: FakePaystack;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakePaystack();
  server = await startTestServer({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: fake.url, BANK_TIMEOUT_MS: '500' } });
});
afterEach(async () => {
  expect(await ledgerDiscrepancies(server.db)).toEqual([]);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

/** An approved company's dashboard session in live mode. */
async function liveMerchant() {
  const session = await login(server, await createVerifiedUser(server));
  await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [session.user.companyId]);
  return { token: session.accessToken, headers: { 'FiPay-Mode': 'live' } };
}

const sign = (raw: string, secret = SECRET) => createHmac('sha512', secret).update(raw).digest('hex');
const webhook = (raw: string, signature?: string) =>
  server.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: signature === undefined ? {} : { 'x-paystack-signature': signature } });
const chargeSuccess = (reference: string, id: number) => JSON.stringify({ event: 'charge.success', data: { id, reference, status: 'success', amount: 1, currency: 'NGN' } });

async function initialize(live: Awaited<ReturnType<typeof liveMerchant>>, amount = 1_000_000) {
  const res = await server.api.post('/transactions/initialize', { amount, email: 'ada@customer.ng', metadata: { order: 7 } }, live);
  expect(res.status).toBe(201);
  return res.body.data as { reference: string; authorizationUrl: string };
}

describe('live charges through Paystack', () => {
  it("initialise at Paystack with our reference and amount, and send the customer to Paystack's page", async () => {
    const live = await liveMerchant();
    const { reference, authorizationUrl } = await initialize(live);
    expect(authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\/ac_/);
    const sent = fake.requests.find((r) => r.path === '/transaction/initialize')!;
    expect(sent.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent.body).toEqual({ email: 'ada@customer.ng', amount: 1_000_000, currency: 'NGN', reference, callback_url: `http://app.test/checkout/${reference}`, metadata: { order: 7 } });
    const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(detail).toMatchObject({ livemode: true, status: 'pending' });
    // A live checkout is never paid on our page.
    expect((await server.api.post(`/checkout/${reference}/card`, { number: '4084084084084081', expiry: '12/39', cvv: '123' })).status).toBe(404);
  });

  it("settle when the customer comes back and Paystack confirms, with Paystack's card and the live ledger", async () => {
    const live = await liveMerchant();
    const { reference } = await initialize(live);
    expect((await server.api.get(`/checkout/${reference}`)).body.data).toMatchObject({ provider: 'paystack', status: 'pending' });
    fake.settle(reference, 'success');
    const back = await server.api.get(`/checkout/${reference}`);
    expect(back.body.data).toMatchObject({ provider: 'paystack', status: 'success', livemode: true, channel: 'card' });
    const detail = (await server.api.get(`/transactions/verify/${reference}`, live)).body.data;
    expect(detail).toMatchObject({ status: 'success', fee: feeFor(1_000_000).fee, net: feeFor(1_000_000).net, card: { brand: 'Visa', last4: '4081' } });
    // Live money waits for the next business day.
    const balance = (await server.api.get('/balance', live)).body.data.balances[0];
    expect(balance).toMatchObject({ available: 0, pending: feeFor(1_000_000).net, received: 1_000_000 });
    expect(new Date(detail.availableAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refund through Paystack: reserved at once, processed or failed when Paystack says so, each event applied once', async () => {
    const live = await liveMerchant();
    const { reference } = await initialize(live);
    fake.settle(reference, 'success');
    await server.api.get(`/checkout/${reference}`);
    const { net } = feeFor(1_000_000);
    // Live money is pending until the next business day; make it available now.
    await server.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE reference = $1", [reference]);
    await server.db.transaction((tx) => releaseDue(tx));

    const first = await server.api.post('/refunds', { reference, amount: 300_000 }, live);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'pending', amount: 300_000 });
    expect(fake.requests.find((r) => r.path === '/refund')!.body).toEqual({ transaction: reference, amount: 300_000 });
    const { rows } = await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [first.body.data.id]);
    const providerId = rows[0]!.provider_refund_id;
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });

    const processed = JSON.stringify({ event: 'refund.processed', data: { id: Number(providerId), status: 'processed', transaction_reference: reference, amount: 300_000, currency: 'NGN' } });
    for (let i = 0; i < 2; i++) expect((await webhook(processed, sign(processed))).status).toBe(200);
    const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
    expect((await server.api.get('/events?type=refund.processed', live)).body.data.events).toHaveLength(1);

    const second = await server.api.post('/refunds', { reference, amount: 200_000 }, live);
    const secondId = (await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [second.body.data.id])).rows[0]!.provider_refund_id;
    const failed = JSON.stringify({ event: 'refund.failed', data: { id: Number(secondId), status: 'failed', transaction_reference: reference, amount: 200_000, currency: 'NGN' } });
    expect((await webhook(failed, sign(failed))).status).toBe(200);
    const after = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(after.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'failed']);
    expect(after.refundedAmount).toBe(300_000);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });

    // Paystack refusing the refund: the reservation is undone at once.
    fake.on('/refund', () => ({ status: 400, body: { status: false, message: 'Refund amount cannot be more than the transaction amount' } }));
    expect((await server.api.post('/refunds', { reference, amount: 100_000 }, live)).status).toBe(502);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.refundedAmount).toBe(300_000);
  });

  it('apply a signed charge.success webhook once, however often it arrives, and refuse a forged one', async () => {
    const live = await liveMerchant();
    const { reference } = await initialize(live);
    const { id } = fake.settle(reference, 'success');
    const raw = chargeSuccess(reference, id);

    for (const signature of [undefined, 'abc', sign(raw, 'sk_test_someone_else'), sign(`${raw} `)]) {
      expect(await webhook(raw, signature)).toMatchObject({ status: 401, body: { isSuccessful: false, message: paymentMessages.webhookSignatureInvalid } });
    }
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.status).toBe('pending');

    const answers = await Promise.all([webhook(raw, sign(raw)), webhook(raw, sign(raw)), webhook(raw, sign(raw))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    const entries = await server.db.query("SELECT count(*)::int AS n FROM journal_entries WHERE reference = $1 AND kind = 'charge'", [reference]);
    expect(entries.rows[0]).toEqual({ n: 1 });
    const events = (await server.api.get('/events?type=charge.success', live)).body.data.events;
    expect(events).toHaveLength(1);
    // Verified with Paystack rather than trusted from the webhook's body (its amount there says 1 kobo).
    expect(fake.requests.some((r) => r.path === `/transaction/verify/${reference}`)).toBe(true);
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.amount).toBe(1_000_000);
  });

  it('never credit a payment whose amount differs, and fail one Paystack says failed', async () => {
    const live = await liveMerchant();
    const short = await initialize(live);
    fake.settle(short.reference, 'success', { paidAmount: 500 });
    expect((await server.api.get(`/checkout/${short.reference}`)).body.data.status).toBe('pending');
    const detail = (await server.api.get(`/transactions/${short.reference}`, live)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'charge.mismatch' });
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ pending: 0, available: 0 });

    const declined = await initialize(live);
    fake.settle(declined.reference, 'failed', { gatewayResponse: 'Declined by issuer' });
    expect((await server.api.get(`/checkout/${declined.reference}`)).body.data).toMatchObject({ status: 'failed', gatewayResponse: 'Declined by issuer' });
  });

  it('answer 502 when Paystack cannot be reached, keep the transaction to retry, and ignore events it does not act on', async () => {
    const live = await liveMerchant();
    fake.on('/transaction/initialize', () => 'hang');
    const res = await server.api.post('/transactions/initialize', { amount: 50_000, email: 'a@b.ng', reference: 'order-hang-1' }, live);
    expect(res).toMatchObject({ status: 502, body: { message: paymentMessages.providerUnavailable } });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    fake.reset();
    const other = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect(await webhook(other, sign(other))).toMatchObject({ status: 200, body: { message: 'Event acknowledged.' } });
    expect(await webhook('not json', sign('not json'))).toMatchObject({ status: 200 });
  });
});

describe('without a Paystack key', () => {
  it('refuses live charges and every webhook', async () => {
    const plain = await startTestServer();
    try {
      const session = await login(plain, await createVerifiedUser(plain));
      await plain.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [session.user.companyId]);
      const live = { token: session.accessToken, headers: { 'FiPay-Mode': 'live' } };
      expect(await plain.api.post('/transactions/initialize', { amount: 50_000, email: 'a@b.ng' }, live)).toMatchObject({
        status: 403,
        body: { message: paymentMessages.liveNotConfigured },
      });
      const raw = chargeSuccess('fp_x', 1);
      expect((await plain.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: { 'x-paystack-signature': sign(raw) } })).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
