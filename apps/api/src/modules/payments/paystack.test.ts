import { describe, expect, it } from 'vitest';
import { paystackSample } from '../../test/paystack-samples';
import { createReviewerAccount } from '../../test/back-office-fixtures';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { usePaystackReplay } from '../../test/paystack-replay';
import { startTestServer } from '../../test/server';
import { feeFor } from './charges/fees';
import { paymentMessages, refundMessages, payoutMessages } from '@fipay/contracts/payments';
import { liveBlockMessages } from '@fipay/contracts/live-mode';
import { JobScheduler } from '../../jobs/scheduler';
import { paymentJobs } from './jobs';
import { refundAttentionNotice } from './refunds/attention';
import { failRefund } from './refunds/refunds';
import { releaseDue } from './payouts/balances';
import { payOut } from './payouts/payouts';
import { claimDueTransfers, recipientRefused, sendDueTransfers, transferRefused } from './payouts/transfers';

// Each test signs up its own business: more than one address's signups an hour.
const { fake, server, sign, webhook, chargeSuccess, secret: SECRET } = usePaystackReplay({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });

/** An approved company's dashboard session in live mode. */
async function liveMerchant() {
  const session = await login(server, await createVerifiedUser(server));
  await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [session.user.companyId]);
  return { token: session.accessToken, headers: { 'FiPay-Mode': 'live' }, companyId: session.user.companyId as string };
}

/** Some seconds on since the last look that asked Paystack (a look at a pending live checkout asks at most once in 10 seconds, ADR 0043). */
const lookLater = (reference: string, seconds = 60) =>
  server.db.query('UPDATE transactions SET checkout_verified_at = now() - make_interval(secs => $2) WHERE reference = $1', [reference, seconds]);
/** A webhook body with some of its data changed. */
const withData = (raw: string, data: object) => {
  const event = JSON.parse(raw) as { data: object };
  return JSON.stringify({ ...event, data: { ...event.data, ...data } });
};

async function initialize(live: Awaited<ReturnType<typeof liveMerchant>>, amount = 1_000_000) {
  const res = await server.api.post('/transactions/initialize', { amount, email: 'ada@customer.ng', metadata: { order: 7 } }, live);
  expect(res.status).toBe(201);
  return res.body.data as { reference: string; authorizationUrl: string };
}

/** A live payment of `amount` kobo, paid at Paystack, confirmed, and its net made available now (live money is otherwise pending until the next business day). */
async function paidAndAvailable(live: Awaited<ReturnType<typeof liveMerchant>>, amount = 1_000_000): Promise<string> {
  const { reference } = await initialize(live, amount);
  fake.settle(reference, 'success');
  await server.api.get(`/checkout/${await checkoutCode(server, reference)}`);
  await server.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE reference = $1", [reference]);
  await server.db.transaction((tx) => releaseDue(tx));
  return reference;
}

describe('live charges through Paystack', () => {
  it("initialise at Paystack with our reference and amount, and send the customer to Paystack's page", async () => {
    const live = await liveMerchant();
    const { reference, authorizationUrl } = await initialize(live);
    expect(authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\/[a-z0-9]+$/);
    const sent = fake.requests.find((r) => r.path === '/transaction/initialize')!;
    expect(sent.authorization).toBe(`Bearer ${SECRET}`);
    const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    // The merchant's metadata, and our transaction's id that ties Paystack's payment to this transaction.
    expect(sent.body).toEqual({
      email: 'ada@customer.ng',
      amount: 1_000_000,
      currency: 'NGN',
      reference,
      callback_url: `http://app.test/checkout/${await checkoutCode(server, reference)}`,
      metadata: { order: 7, fipay_transaction: detail.id },
    });
    expect(detail).toMatchObject({ livemode: true, status: 'pending', metadata: { order: 7 } });
    // A live checkout is never paid on our page.
    expect((await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { number: '4084084084084081', expiry: '12/39', cvv: '123' })).status).toBe(404);
  });

  it("settle when the customer comes back and Paystack confirms, with Paystack's card and the live ledger", async () => {
    const live = await liveMerchant();
    const { reference } = await initialize(live);
    expect((await server.api.get(`/checkout/${await checkoutCode(server, reference)}`)).body.data).toMatchObject({ provider: 'paystack', status: 'pending' });
    fake.settle(reference, 'success');
    // Looked at again within 10 seconds, the page shows what it knew without asking Paystack; later it asks.
    for (let i = 0; i < 5; i++) expect((await server.api.get(`/checkout/${await checkoutCode(server, reference)}`)).body.data.status).toBe('pending');
    const verifies = () => fake.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;
    expect(verifies()).toBe(1);
    await lookLater(reference, 7);
    expect((await server.api.get(`/checkout/${await checkoutCode(server, reference)}`)).body.data.status).toBe('pending');
    expect(verifies()).toBe(1);
    await lookLater(reference, 11);
    const back = await server.api.get(`/checkout/${await checkoutCode(server, reference)}`);
    expect(verifies()).toBe(2);
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
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);

    const first = await server.api.post('/refunds', { reference, amount: 300_000 }, live);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'pending', amount: 300_000 });
    expect(fake.requests.find((r) => r.path === '/refund')!.body).toEqual({ transaction: reference, amount: 300_000, merchant_note: `FiPay refund ${first.body.data.id}` });
    const { rows } = await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [first.body.data.id]);
    const providerId = rows[0]!.provider_refund_id;
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });

    // Paystack's refund.processed as published: the transaction's reference and the amount (a string), no refund id.
    const processed = fake.refundEvent(Number(providerId), 'processed');
    for (let i = 0; i < 2; i++) expect((await webhook(processed, sign(processed))).status).toBe(200);
    const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
    expect((await server.api.get('/events?type=refund.processed', live)).body.data.events).toHaveLength(1);

    const second = await server.api.post('/refunds', { reference, amount: 200_000 }, live);
    const secondId = (await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [second.body.data.id])).rows[0]!.provider_refund_id;
    const failed = fake.refundEvent(Number(secondId), 'failed');
    expect((await webhook(failed, sign(failed))).status).toBe(200);
    const after = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(after.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'failed']);
    expect(after.refundedAmount).toBe(300_000);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });

    // Paystack refusing the refund: the reservation is undone at once.
    fake.on('/refund', () => ({ status: 400, body: { status: false, message: 'Refund amount cannot be more than the transaction amount' } }));
    const refused = await server.api.post('/refunds', { reference, amount: 100_000 }, live);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(refundMessages.providerRefused);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000 });
    const afterRefusal = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(afterRefusal.refundedAmount).toBe(300_000);
    expect(afterRefusal.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'failed', 'failed']);
  });

  it("apply Paystack's refund webhooks as it publishes them (the transaction and amount, no refund id) to the refund Paystack's own record names, once", async () => {
    const live = await liveMerchant();
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);
    const refund = async (amount: number) => (await server.api.post('/refunds', { reference, amount }, live)).body.data as { id: string };
    const paystackIdOf = async (id: string) => Number((await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [id])).rows[0]!.provider_refund_id);
    const statuses = async () => {
      const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
      return Object.fromEntries(detail.refunds.map((r: { id: string; status: string }) => [r.id, r.status]));
    };
    const deliver = async (raw: string) => ((await webhook(raw, sign(raw))).outcome === 'applied' ? 'Event applied.' : 'Event acknowledged.');

    // Two refunds of one amount on one payment, and a third.
    const a = await refund(200_000);
    const b = await refund(200_000);
    const c = await refund(100_000);
    // Paystack makes the second: its refund.processed names the payment and ₦2,000, which fits both.
    const processedB = fake.refundEvent(await paystackIdOf(b.id), 'processed');
    expect(JSON.parse(processedB).data).not.toHaveProperty('id');
    expect(await deliver(processedB)).toBe('Event applied.');
    expect(await statuses()).toEqual({ [a.id]: 'pending', [b.id]: 'processed', [c.id]: 'pending' });
    // Delivered again: nothing more.
    expect(await deliver(processedB)).toBe('Event applied.');
    expect((await server.api.get('/events?type=refund.processed', live)).body.data.events).toHaveLength(1);
    expect((await server.db.query("SELECT count(*)::int AS n FROM provider_events WHERE key = $1", [`refund.processed:${b.id}`])).rows[0]).toEqual({ n: 1 });

    // refund.failed (its amount a number): the third fails, its money back.
    expect(await deliver(fake.refundEvent(await paystackIdOf(c.id), 'failed'))).toBe('Event applied.');
    expect((await statuses())[c.id]).toBe('failed');

    // A refund made on Paystack's dashboard for the same payment and amount: ours stays as Paystack holds it.
    const elsewhere = fake.addRefund({ transactionId: fake.transactionId(reference), transactionReference: reference, amount: 200_000, merchantNote: 'Refund for transaction', customerNote: 'Refund for transaction' });
    expect(await deliver(fake.refundEvent(elsewhere.id, 'processed'))).toBe('Event applied.');
    expect((await statuses())[a.id]).toBe('pending');
    // refund.pending and refund.processing change nothing.
    expect(await deliver(fake.refundEvent(await paystackIdOf(a.id), 'processing'))).toBe('Event applied.');
    expect((await statuses())[a.id]).toBe('pending');

    // A refund whose answer was lost (Paystack's id unknown here) is found by its note when its webhook comes.
    fake.on('/refund', (query, body, original) => {
      original!(query, body);
      return 'hang';
    });
    const d = await refund(50_000);
    fake.on('/refund', (query, body, original) => original!(query, body));
    const atPaystack = [...fake.refunds.values()].find((r) => r.merchantNote === `FiPay refund ${d.id}`)!;
    expect(await deliver(fake.refundEvent(atPaystack.id, 'processed'))).toBe('Event applied.');
    expect(await statuses()).toMatchObject({ [a.id]: 'pending', [d.id]: 'processed' });
    expect(await paystackIdOf(d.id)).toBe(atPaystack.id);

    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 450_000, refunded: 250_000 });
    // A refund of a payment that is not ours is acknowledged and left alone.
    expect(await deliver(JSON.stringify(paystackSample('refundProcessed')))).toBe('Event acknowledged.');
    // Paystack makes the first, and says so.
    expect(await deliver(fake.refundEvent(await paystackIdOf(a.id), 'processed'))).toBe('Event applied.');
    expect((await statuses())[a.id]).toBe('processed');
  });

  it('bring a refund Paystack says needs attention to a person (the business notified, the back office shown), its money set aside until Paystack settles it', async () => {
    const live = await liveMerchant();
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);
    const reviewer = await createReviewerAccount(server);
    const paystackIdOf = async (id: string) => Number((await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [id])).rows[0]!.provider_refund_id);
    const needingAttention = async () => {
      const res = await server.api.get('/admin/refunds/needs-attention', { token: reviewer.token });
      expect(res.status).toBe(200);
      return (res.body.data.refunds as { id: string; company: { id: string } }[]).filter((r) => r.company.id === live.companyId);
    };
    const notices = async () =>
      ((await server.api.get('/notification/user/latest', { token: live.token })).body.data.notifications as { title: string; message: string }[]).filter(
        (n) => n.title === refundAttentionNotice(0, reference).title,
      );
    const detail = async () => (await server.api.get(`/transactions/${reference}`, live)).body.data;
    const statusOf = async (id: string) => (await detail()).refunds.find((r: { id: string }) => r.id === id).status;
    const deliver = async (raw: string) => expect((await webhook(raw, sign(raw))).status).toBe(200);

    const first = (await server.api.post('/refunds', { reference, amount: 300_000 }, live)).body.data;
    const second = (await server.api.post('/refunds', { reference, amount: 200_000 }, live)).body.data;

    // Paystack's refund.needs-attention (the only refund event that carries the refund's id), delivered twice.
    const raw = fake.refundEvent(await paystackIdOf(first.id), 'needs-attention');
    await deliver(raw);
    await deliver(raw);
    expect(await needingAttention()).toEqual([
      {
        id: first.id,
        company: { id: live.companyId, name: expect.any(String) },
        transactionReference: reference,
        // A payment started without a reference has the one Paystack knows it by.
        paystackReference: reference,
        amount: 300_000,
        currency: 'NGN',
        paystackRefundId: String(await paystackIdOf(first.id)),
        createdAt: expect.any(String),
        needsAttentionSince: expect.any(String),
      },
    ]);
    const [notice] = await notices();
    expect(await notices()).toHaveLength(1);
    expect(notice!.message).toBe(refundAttentionNotice(300_000, reference).message);
    expect((await detail()).timeline.map((t: { type: string }) => t.type)).toContain('refund.needs_attention');
    const trail = await server.db.query<{ actor_name: string; after: { refund: string } }>("SELECT actor_name, after FROM audit_log WHERE company_id = $1 AND action = 'refund.needs_attention'", [live.companyId]);
    expect(trail.rows).toEqual([{ actor_name: 'Paystack', after: expect.objectContaining({ refund: first.id, transaction: reference, amount: 300_000 }) }]);
    expect(await statusOf(first.id)).toBe('pending');

    // The other's webhook is lost: the hourly check finds it needs attention too; neither is told twice.
    fake.settleRefund(await paystackIdOf(second.id), 'needs-attention');
    await server.db.query("UPDATE refunds SET created_at = now() - interval '3 days' WHERE id = ANY($1)", [[first.id, second.id]]);
    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-refund-checks')!;
    const runChecks = () => new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    await runChecks();
    await runChecks();
    expect((await needingAttention()).map((r) => r.id)).toEqual([first.id, second.id]);
    expect(await notices()).toHaveLength(2);
    // Days on, nothing ends them but Paystack: still pending, their money still set aside.
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(['pending', 'pending']);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 500_000 });

    // Given the customer's account details, Paystack processes the first (refund.processing, then refund.processed).
    await deliver(fake.refundEvent(await paystackIdOf(first.id), 'processing'));
    expect((await needingAttention()).map((r) => r.id)).toEqual([second.id]);
    await deliver(fake.refundEvent(await paystackIdOf(first.id), 'processed'));
    expect(await statusOf(first.id)).toBe('processed');
    // The second fails at Paystack: its money is back.
    await deliver(fake.refundEvent(await paystackIdOf(second.id), 'failed'));
    expect(await statusOf(second.id)).toBe('failed');
    expect(await needingAttention()).toEqual([]);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000, refunded: 300_000 });
    // The back office is for staff only.
    expect((await server.api.get('/admin/refunds/needs-attention', { token: live.token })).status).toBe(403);
  });

  it('keep a live refund pending when its answer is lost, never make it twice, and settle it by what Paystack holds', async () => {
    const live = await liveMerchant();
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);
    const atPaystack = () => [...fake.refunds.values()].filter((r) => r.merchantNote.startsWith('FiPay refund '));
    const before = atPaystack().length;

    // Paystack takes the refund, but its answer never comes back (the client gives up after BANK_TIMEOUT_MS).
    fake.on('/refund', (query, body, original) => {
      original!(query, body);
      return 'hang';
    });
    const headers = { ...live.headers, 'Idempotency-Key': `refund-${reference}` };
    const lost = await server.api.post('/refunds', { reference, amount: 400_000 }, { ...live, headers });
    expect(lost.status).toBe(201);
    expect(lost.body.message).toBe(refundMessages.pending);
    expect(lost.body.data).toMatchObject({ status: 'pending', amount: 400_000 });
    // Retried with the same key: the same refund, not a second one at Paystack.
    const retried = await server.api.post('/refunds', { reference, amount: 400_000 }, { ...live, headers });
    expect(retried.body.data.id).toBe(lost.body.data.id);
    expect(atPaystack()).toHaveLength(before + 1);
    // The money stays reserved while Paystack may be refunding it.
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 400_000 });

    // A request that never reached Paystack at all.
    fake.on('/refund', () => 'hang');
    const never = (await server.api.post('/refunds', { reference, amount: 100_000 }, live)).body.data;
    expect(never.status).toBe('pending');
    expect(atPaystack()).toHaveLength(before + 1);
    fake.on('/refund', (query, body, original) => original!(query, body));

    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-refund-checks')!;
    const runChecks = () => new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    await server.db.query("UPDATE refunds SET created_at = now() - interval '2 hours' WHERE id = ANY($1)", [[lost.body.data.id, never.id]]);
    await runChecks();
    // Found by its note and transaction among the refunds at Paystack, and tied to Paystack's id.
    const [found] = atPaystack().filter((r) => r.merchantNote === `FiPay refund ${lost.body.data.id}`);
    const tied = await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [lost.body.data.id]);
    expect(tied.rows[0]!.provider_refund_id).toBe(String(found!.id));
    let detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    const statusOf = (id: string) => detail.refunds.find((r: { id: string }) => r.id === id)?.status;
    expect(statusOf(lost.body.data.id)).toBe('pending');
    // Paystack never had the other: its money is back.
    expect(statusOf(never.id)).toBe('failed');
    expect(detail.refunds.find((r: { id: string }) => r.id === never.id).failureReason).toBe('The payment provider did not receive the refund.');

    fake.settleRefund(found!.id, 'processed');
    await runChecks();
    detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(statusOf(lost.body.data.id)).toBe('processed');
    expect(detail.refundedAmount).toBe(400_000);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 400_000, refunded: 400_000 });
  });

  it("look for a refund whose answer was lost with GET /refund's documented parameters only, in a window around it, and conclude nothing past the search's bound", async () => {
    const live = await liveMerchant();
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);
    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-refund-checks')!;
    const runChecks = () => new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    const statusOf = async (id: string) => (await server.api.get(`/transactions/${reference}`, live)).body.data.refunds.find((r: { id: string }) => r.id === id).status;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    /** Refunds other businesses made on the same Paystack account. */
    const othersAtPaystack = (count: number, createdAt: Date) => {
      for (let i = 0; i < count; i++) {
        fake.addRefund({ transactionId: 1_000 + i, transactionReference: `T${i}`, amount: 5_000, merchantNote: `Refund for transaction T${i}`, customerNote: `Refund for transaction T${i}`, createdAt });
      }
    };

    // Paystack takes one refund but its answer is lost; another never reaches Paystack.
    fake.on('/refund', (query, body, original) => {
      original!(query, body);
      return 'hang';
    });
    const lost = (await server.api.post('/refunds', { reference, amount: 400_000 }, live)).body.data;
    fake.on('/refund', () => 'hang');
    const never = (await server.api.post('/refunds', { reference, amount: 100_000 }, live)).body.data;
    fake.on('/refund', (query, body, original) => original!(query, body));
    // Checked three days on (Paystack unreachable meanwhile), when the account has made 2,500 refunds since.
    await server.db.query('UPDATE refunds SET created_at = $2 WHERE id = ANY($1)', [[lost.id, never.id], daysAgo(3)]);
    const atPaystack = [...fake.refunds.values()].find((r) => r.merchantNote === `FiPay refund ${lost.id}`)!;
    atPaystack.createdAt = daysAgo(3);
    othersAtPaystack(2_500, new Date());
    await runChecks();

    // Only the parameters Paystack documents (a transaction filter would be ignored), around our refunds.
    const searches = fake.requests.filter((r) => r.method === 'GET' && r.path === '/refund');
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) {
      expect([...search.query.keys()].sort()).toEqual(['from', 'page', 'perPage', 'to']);
      expect(new Date(search.query.get('from')!).getTime()).toBeLessThan(daysAgo(3).getTime());
      expect(new Date(search.query.get('to')!).getTime()).toBeLessThan(daysAgo(1).getTime());
    }
    const tied = await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [lost.id]);
    expect(tied.rows[0]!.provider_refund_id).toBe(String(atPaystack.id));
    expect(await statusOf(lost.id)).toBe('pending');
    expect(await statusOf(never.id)).toBe('failed');

    // More refunds in its window than one search reads (20 pages of 100): Paystack may hold it or not, so it stays
    // pending with its money set aside, for a person.
    fake.on('/refund', () => 'hang');
    const unknown = (await server.api.post('/refunds', { reference, amount: 50_000 }, live)).body.data;
    fake.on('/refund', (query, body, original) => original!(query, body));
    await server.db.query('UPDATE refunds SET created_at = $2 WHERE id = $1', [unknown.id, daysAgo(5)]);
    othersAtPaystack(2_001, daysAgo(5));
    const before = fake.requests.length;
    await runChecks();
    expect(fake.requests.slice(before).filter((r) => r.method === 'GET' && r.path === '/refund')).toHaveLength(20);
    expect(await statusOf(unknown.id)).toBe('pending');
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 400_000 - 50_000 });

    // The person finds it absent on Paystack's dashboard and fails it; Paystack makes the other: both settled.
    await server.db.transaction((tx) => failRefund(tx, unknown.id, 'The payment provider did not receive the refund.', 'http://app.test'));
    fake.settleRefund(atPaystack.id, 'processed');
    await runChecks();
    expect(await statusOf(lost.id)).toBe('processed');
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 400_000, refunded: 400_000 });
  });

  it('settle a live refund whose webhook never came by asking Paystack, an hour on', async () => {
    const live = await liveMerchant();
    const reference = await paidAndAvailable(live);
    const { net } = feeFor(1_000_000);
    const first = (await server.api.post('/refunds', { reference, amount: 300_000 }, live)).body.data;
    const second = (await server.api.post('/refunds', { reference, amount: 200_000 }, live)).body.data;
    const providerIds = (await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = ANY($1) ORDER BY created_at', [[first.id, second.id]])).rows.map(
      (row) => row.provider_refund_id,
    );
    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-refund-checks')!;
    const runChecks = () => new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    // Under an hour old: its webhook may still come; not asked about.
    await runChecks();
    expect(fake.requests.filter((r) => r.path.startsWith('/refund/'))).toHaveLength(0);

    await server.db.query("UPDATE refunds SET created_at = now() - interval '3 hours' WHERE id = $1", [first.id]);
    await server.db.query("UPDATE refunds SET created_at = now() - interval '2 hours' WHERE id = $1", [second.id]);
    await runChecks();
    expect(fake.requests.filter((r) => r.path.startsWith('/refund/')).map((r) => r.path).sort()).toEqual(providerIds.map((id) => `/refund/${id}`).sort());
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.refunds.map((r: { status: string }) => r.status)).toEqual(['pending', 'pending']);

    fake.settleRefund(Number(providerIds[0]), 'processed');
    fake.settleRefund(Number(providerIds[1]), 'failed');
    await runChecks();
    const detail = (await server.api.get(`/transactions/${reference}`, live)).body.data;
    expect(detail.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'failed']);
    expect(detail.refundedAmount).toBe(300_000);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ available: net - 300_000, refunded: 300_000 });
    expect((await server.api.get('/events?type=refund.processed', live)).body.data.events).toHaveLength(1);
    // Its webhook arriving late changes nothing.
    const late = fake.refundEvent(Number(providerIds[0]), 'processed');
    expect((await webhook(late, sign(late))).status).toBe(200);
    expect((await server.api.get('/events?type=refund.processed', live)).body.data.events).toHaveLength(1);
  });

  it('apply a signed charge.success webhook once, however often it arrives, and refuse a forged one', async () => {
    const live = await liveMerchant();
    const { reference } = await initialize(live);
    const { id } = fake.settle(reference, 'success');
    const raw = chargeSuccess(reference, id);

    for (const signature of [null, 'abc', sign(raw, 'sk_test_someone_else'), sign(`${raw} `)]) {
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
    // Verified with Paystack rather than trusted from the webhook's body (its amount there is the sample's ₦100).
    expect(fake.requests.some((r) => r.path === `/transaction/verify/${reference}`)).toBe(true);
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.amount).toBe(1_000_000);
  });

  it('never credit a payment whose amount differs, and fail one Paystack says failed', async () => {
    const live = await liveMerchant();
    const short = await initialize(live);
    fake.settle(short.reference, 'success', { paidAmount: 500 });
    expect((await server.api.get(`/checkout/${await checkoutCode(server, short.reference)}`)).body.data.status).toBe('pending');
    const detail = (await server.api.get(`/transactions/${short.reference}`, live)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'charge.mismatch' });
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ pending: 0, available: 0 });

    const declined = await initialize(live);
    fake.settle(declined.reference, 'failed', { gatewayResponse: 'Declined by issuer' });
    expect((await server.api.get(`/checkout/${await checkoutCode(server, declined.reference)}`)).body.data).toMatchObject({ status: 'failed', gatewayResponse: 'Declined by issuer' });
  });

  it('credit a live payment Paystack confirms late: after a declined card, after an early webhook, after our 24 hours', async () => {
    const live = await liveMerchant();
    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-charge-checks')!;
    const runChecks = () => new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    const statusOf = async (reference: string) => (await server.api.get(`/transactions/${reference}`, live)).body.data.status;
    const age = (reference: string, interval: string) => server.db.query(`UPDATE transactions SET created_at = now() - interval '${interval}' WHERE reference = $1`, [reference]);

    // Paystack says 'abandoned' while the customer is still on its page: not final, the checkout keeps waiting.
    const declined = await initialize(live);
    expect((await server.api.get(`/checkout/${await checkoutCode(server, declined.reference)}`)).body.data.status).toBe('pending');
    // A declined card fails it here; the customer then pays with another card and Paystack's webhook says so.
    fake.settle(declined.reference, 'failed');
    await lookLater(declined.reference);
    expect((await server.api.get(`/checkout/${await checkoutCode(server, declined.reference)}`)).body.data.status).toBe('failed');
    const { id } = fake.settle(declined.reference, 'success');
    const raw = chargeSuccess(declined.reference, id);
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    const detail = (await server.api.get(`/transactions/${declined.reference}`, live)).body.data;
    expect(detail.status).toBe('success');
    expect(detail.timeline.map((t: { type: string }) => t.type)).toContain('charge.late');
    const { net } = feeFor(1_000_000);
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ pending: net });

    // A webhook that comes before Paystack's verify agrees changes nothing and does not use up the event;
    // the check, ten minutes on, credits it once Paystack does.
    const early = await initialize(live);
    const earlyId = fake.settle(early.reference, 'abandoned').id;
    const earlyRaw = chargeSuccess(early.reference, earlyId);
    expect((await webhook(earlyRaw, sign(earlyRaw))).status).toBe(200);
    expect(await statusOf(early.reference)).toBe('pending');
    await runChecks();
    expect(fake.requests.filter((r) => r.path === `/transaction/verify/${early.reference}`)).toHaveLength(1);
    fake.settle(early.reference, 'success');
    await age(early.reference, '15 minutes');
    // Paystack unreachable: the check waits.
    fake.on('/transaction/verify/', () => 'hang');
    await runChecks();
    expect(await statusOf(early.reference)).toBe('pending');
    fake.on('/transaction/verify/', (query, body, original) => original!(query, body));
    await server.db.query('UPDATE transactions SET provider_checked_at = NULL WHERE reference = $1', [early.reference]);
    await runChecks();
    expect(await statusOf(early.reference)).toBe('success');
    // Checked once: not asked again at once.
    const asked = fake.requests.filter((r) => r.path === `/transaction/verify/${early.reference}`).length;
    await runChecks();
    expect(fake.requests.filter((r) => r.path === `/transaction/verify/${early.reference}`)).toHaveLength(asked);

    // Unpaid after our 24 hours: the test-mode clean-up leaves it; the check asks Paystack, then closes it.
    const stale = await initialize(live);
    await age(stale.reference, '25 hours');
    const abandon = paymentJobs(server.app.ctx).find((job) => job.name === 'abandon-unpaid')!;
    await new JobScheduler(server.db, server.app.log, [abandon]).runNow(abandon);
    expect(await statusOf(stale.reference)).toBe('pending');
    await runChecks();
    expect(await statusOf(stale.reference)).toBe('abandoned');
    // The customer had left Paystack's page open and pays after all: credited.
    const staleId = fake.settle(stale.reference, 'success').id;
    const staleRaw = chargeSuccess(stale.reference, staleId);
    expect((await webhook(staleRaw, sign(staleRaw))).status).toBe(200);
    expect(await statusOf(stale.reference)).toBe('success');
    expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ pending: 3 * net });
    expect((await server.api.get('/events?type=charge.success', live)).body.data.events).toHaveLength(3);
  });

  it('a live payment link takes money only while its business is approved', async () => {
    const live = await liveMerchant();
    const link = (await server.api.post('/payment-links', { name: 'Ankara fabric', amount: 500_000 }, live)).body.data as { slug: string };
    const pay = () => server.api.post(`/pay/${link.slug}`, { email: 'ada@customer.ng', name: 'Ada Obi' });
    expect((await pay()).status).toBe(201);
    await server.db.query('DELETE FROM kyb_applications WHERE company_id = $1', [live.companyId]);
    expect(await pay()).toMatchObject({ status: 409, body: { message: paymentMessages.businessCannotTakePayments } });
  });

  it('never credit a Paystack payment under the same reference that did not start here', async () => {
    const live = await liveMerchant();
    const elsewhere = async (reference: string) => {
      const answer = await fetch(`${fake.url}/transaction/initialize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@else.ng', amount: 5_000_000, reference, metadata: { cart: 9 } }),
      });
      expect(answer.status).toBe(200);
      return fake.settle(reference, 'success').id;
    };
    const nothingReceived = async () => expect((await server.api.get('/balance', live)).body.data.balances[0]).toMatchObject({ pending: 0, available: 0, received: 0 });
    // Another system on the same Paystack account was paid under a reference; a merchant then uses it here. Its
    // transaction goes to Paystack under our own reference (migration 0021), and the other's payment is not it.
    const reference = `order-elsewhere-${Date.now()}`;
    const paidElsewhere = await elsewhere(reference);
    const started = await server.api.post('/transactions/initialize', { amount: 5_000_000, email: 'ada@customer.ng', reference }, live);
    expect(started.status).toBe(201);
    expect((fake.requests.filter((r) => r.path === '/transaction/initialize').at(-1)!.body as { reference: string }).reference).toMatch(/^fp-[0-9a-f]{20}$/);
    const raw = chargeSuccess(reference, paidElsewhere);
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.status).toBe('pending');
    await nothingReceived();

    // A transaction made before went to Paystack under the merchant's reference: Paystack's payment under it that does
    // not carry our transaction's id is not credited either.
    const older = `order-older-${Date.now()}`;
    const paidOlder = await elsewhere(older);
    await server.db.query(
      "INSERT INTO transactions (company_id, livemode, reference, provider_reference, amount, provider, customer_email) VALUES ($1, true, $2, $2, 5000000, 'paystack', 'ada@customer.ng')",
      [live.companyId, older],
    );
    const rawOlder = chargeSuccess(older, paidOlder);
    expect((await webhook(rawOlder, sign(rawOlder))).status).toBe(200);
    expect(fake.requests.some((r) => r.path === `/transaction/verify/${older}`)).toBe(true);
    expect((await server.api.get(`/transactions/${older}`, live)).body.data.status).toBe('pending');
    await nothingReceived();
    // Our 24 hours over, the check closes it unpaid.
    await server.db.query("UPDATE transactions SET created_at = now() - interval '25 hours' WHERE company_id = $1 AND reference = $2", [live.companyId, older]);
    const checks = paymentJobs(server.app.ctx).find((job) => job.name === 'live-charge-checks')!;
    await new JobScheduler(server.db, server.app.log, [checks]).runNow(checks);
    expect((await server.api.get(`/transactions/${older}`, live)).body.data.status).toBe('abandoned');
  });

  it('answer 502 when Paystack cannot be reached, keep the transaction to retry, and ignore events it does not act on', async () => {
    const live = await liveMerchant();
    fake.on('/transaction/initialize', () => 'hang');
    const res = await server.api.post('/transactions/initialize', { amount: 50_000, email: 'a@b.ng', reference: 'order-hang-1' }, live);
    expect(res).toMatchObject({ status: 502, body: { message: paymentMessages.providerUnavailable } });
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    fake.reset();
    // A transfer that is not one of our payouts (made from Paystack's dashboard): kept, and applied to nothing.
    const transfer = JSON.stringify(paystackSample('transferSuccess'));
    expect(await webhook(transfer, sign(transfer))).toMatchObject({ status: 200, body: { message: 'Event received.' }, outcome: 'ignored' });
    // An event we do not act on: acknowledged, not kept.
    const other = JSON.stringify(paystackSample('customerIdentificationSuccess'));
    expect(await webhook(other, sign(other))).toMatchObject({ status: 200, body: { message: 'Event acknowledged.' }, outcome: undefined });
    expect(await webhook('not json', sign('not json'))).toMatchObject({ status: 200 });
  });
});

/** An approved live company with `amount` kobo of charges available and its verified bank account. */
async function liveAvailable(accountNumber = '0123456780', amount = 1_000_000) {
  const live = await liveMerchant();
  const { companyId } = live;
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', $2, 'ADEBAYO FOODS LTD', 'Guaranty Trust Bank', '058', 'not-used-here', '5678')`,
    [companyId, accountNumber],
  );
  const charge = (kobo: number) => paidAndAvailable(live, kobo);
  await charge(amount);
  const scope = { companyId, livemode: true };
  const payout = async () => {
    const outcome = await server.db.transaction((tx) => payOut(server.app.ctx, tx, scope));
    if ('skipped' in outcome) throw new Error(outcome.skipped);
    return outcome.payout;
  };
  const shown = async (id: string) => (await server.api.get(`/payouts/${id}`, live)).body.data;
  const money = async () => (await server.api.get('/balance', live)).body.data.balances[0];
  return { live, companyId, charge, payout, shown, money, net: feeFor(amount).net };
}

const transferReferenceOf = async (id: string) =>
  (await server.db.query<{ transfer_reference: string }>('SELECT transfer_reference FROM payouts WHERE id = $1', [id])).rows[0]!.transfer_reference;
const dueNow = (id: string) => server.db.query('UPDATE payouts SET next_check_at = now() WHERE id = $1', [id]);

describe('live payouts through Paystack Transfers', () => {
  it('send the payout to a recipient made once, under our reference, and pay it on transfer.success once', async () => {
    const m = await liveAvailable();
    // The daily run writes the payout pending and hands it to Paystack after its transaction commits.
    const payouts = paymentJobs(server.app.ctx).find((job) => job.name === 'payouts')!;
    expect(await new JobScheduler(server.db, server.app.log, [payouts]).runNow(payouts)).toBe(true);
    const listed = (await server.api.get('/payouts', m.live)).body.data.payouts;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'pending', amount: m.net, livemode: true, bankAccount: { accountNumber: '******6780' } });
    expect(await m.money()).toMatchObject({ available: 0, paidOut: 0 });

    const reference = await transferReferenceOf(listed[0].id);
    expect(fake.requests.find((r) => r.path === '/transferrecipient')!.body).toEqual({
      type: 'nuban',
      name: 'ADEBAYO FOODS LTD',
      account_number: '0123456780',
      bank_code: '058',
      currency: 'NGN',
    });
    const sent = fake.requests.find((r) => r.path === '/transfer')!;
    expect(sent.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent.body).toMatchObject({ source: 'balance', amount: m.net, recipient: expect.stringMatching(/^RCP_/), reference });
    // Within Paystack's alphabets for references: a transfer's (lowercase alphanumerics, - and _, at least 16) and a transaction's.
    expect(reference).toMatch(/^po-[0-9a-f]{20}$/);

    const raw = fake.settleTransfer(reference, 'success');
    expect((await webhook(raw, sign('forged'))).status).toBe(401);
    const answers = await Promise.all([webhook(raw, sign(raw)), webhook(raw, sign(raw))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const paid = await m.shown(listed[0].id);
    expect(paid).toMatchObject({ status: 'paid', amount: m.net, transactionCount: 1, paidAt: expect.any(String) });
    expect(await m.money()).toMatchObject({ available: 0, paidOut: m.net });
    expect((await server.api.get('/events?type=payout.paid', m.live)).body.data.events).toHaveLength(1);
    // A reversal of a payout already paid changes nothing here (the money has left); it is logged for a person.
    const reversed = withData(fake.settleTransfer(reference, 'reversed'), { id: 1 });
    expect((await webhook(reversed, sign(reversed))).status).toBe(200);
    expect((await m.shown(listed[0].id)).status).toBe('paid');

    // The next payout to the same account reuses the recipient.
    await m.charge(500_000);
    const second = await m.payout();
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 1, retry: 0 });
    expect(fake.requests.filter((r) => r.path === '/transferrecipient')).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === '/transfer')).toHaveLength(2);
    expect(second.status).toBe('pending');
  });

  it('return the money and tell the company when the transfer fails, is reversed or is refused', async () => {
    const failed = await liveAvailable('0123456781');
    const first = await failed.payout();
    await sendDueTransfers(server.app.ctx);
    const raw = fake.settleTransfer(await transferReferenceOf(first.id), 'failed');
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    expect(await failed.shown(first.id)).toMatchObject({ status: 'failed', failureReason: 'The transfer failed at the bank.', transactionCount: 0 });
    expect(await failed.money()).toMatchObject({ available: failed.net, paidOut: 0 });
    expect((await server.api.get('/events?type=payout.failed', failed.live)).body.data.events).toHaveLength(1);
    const notice = (await server.api.get('/notification/user/latest', { token: failed.live.token })).body.data.notifications[0];
    expect(notice).toMatchObject({ title: 'Payout failed' });
    expect(notice.message).toContain('account ending 6781');

    // Reversed before it was paid: the same.
    const again = await failed.payout();
    await sendDueTransfers(server.app.ctx);
    const reversed = fake.settleTransfer(await transferReferenceOf(again.id), 'reversed');
    expect((await webhook(reversed, sign(reversed))).status).toBe(200);
    expect(await failed.shown(again.id)).toMatchObject({ status: 'failed', failureReason: 'The transfer was reversed by the bank.' });
    expect(await failed.money()).toMatchObject({ available: failed.net });

    // Paystack refusing the transfer (its own balance short) fails it at once, without Paystack's words.
    fake.on('/transfer', () => ({ status: 400, body: { status: false, message: 'Your balance is not enough to fulfil this request' } }));
    const refused = await failed.payout();
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 1, pending: 0, retry: 0 });
    expect(await failed.shown(refused.id)).toMatchObject({ status: 'failed', failureReason: transferRefused });
    expect(await failed.money()).toMatchObject({ available: failed.net });
    fake.reset();
    // The recipient kept for the account is dropped with the refusal: the next payout makes it again.
    const afterRefusal = await failed.payout();
    await sendDueTransfers(server.app.ctx);
    expect(fake.requests.filter((r) => r.path === '/transferrecipient')).toHaveLength(1);
    expect((await failed.shown(afterRefusal.id)).status).toBe('pending');
    fake.reset();

    // A bank account Paystack cannot resolve for transfers.
    const unresolvable = await liveAvailable('0123456999');
    const third = await unresolvable.payout();
    await sendDueTransfers(server.app.ctx);
    expect(await unresolvable.shown(third.id)).toMatchObject({ status: 'failed', failureReason: recipientRefused });
    expect(fake.requests.filter((r) => r.path === '/transfer')).toHaveLength(0);
  });

  it('after an outage, check with Paystack before sending again, and settle a payout whose webhook never came', async () => {
    const m = await liveAvailable('0123456782');
    // The request reaches Paystack but its answer is lost.
    fake.on('/transfer', (query, body, original) => {
      original!(query, body);
      return { status: 502, raw: '<html>Bad gateway</html>', contentType: 'text/html' };
    });
    const payout = await m.payout();
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 0, retry: 1 });
    expect((await m.shown(payout.id)).status).toBe('pending');
    const { rows } = await server.db.query<{ next_check_at: Date }>('SELECT next_check_at FROM payouts WHERE id = $1', [payout.id]);
    expect(rows[0]!.next_check_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is claimed.
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 0, retry: 0 });

    await dueNow(payout.id);
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 1, retry: 0 });
    expect(fake.requests.filter((r) => r.path === '/transfer')).toHaveLength(1);
    const reference = await transferReferenceOf(payout.id);
    expect(fake.requests.some((r) => r.path === `/transfer/verify/${reference}`)).toBe(true);

    // Paystack pays it but its webhook is lost: the next check finds it paid.
    fake.settleTransfer(reference, 'success');
    await dueNow(payout.id);
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 1, failed: 0, pending: 0, retry: 0 });
    expect(await m.shown(payout.id)).toMatchObject({ status: 'paid' });
    expect(await m.money()).toMatchObject({ paidOut: m.net });

    // A request that never reached Paystack is sent again under the same reference.
    fake.reset();
    await m.charge(400_000);
    fake.on('/transfer', () => 'hang');
    const lost = await m.payout();
    expect((await sendDueTransfers(server.app.ctx)).retry).toBe(1);
    fake.reset();
    await dueNow(lost.id);
    expect((await sendDueTransfers(server.app.ctx)).pending).toBe(1);
    expect(fake.transfers.get(await transferReferenceOf(lost.id))).toMatchObject({ amount: feeFor(400_000).net, status: 'pending' });

    // A Paystack account that asks for an OTP on transfers: the payout waits for it, checked again an hour on.
    fake.transferStatus('otp');
    await m.charge(300_000);
    const otp = await m.payout();
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 1, retry: 0 });
    const checked = await server.db.query<{ later: boolean; code: string }>(
      "SELECT next_check_at > now() + interval '50 minutes' AS later, provider_transfer_code AS code FROM payouts WHERE id = $1",
      [otp.id],
    );
    expect(checked.rows[0]).toEqual({ later: true, code: expect.stringMatching(/^TRF_/) });
    expect((await m.shown(otp.id)).status).toBe('pending');
  });

  it('a payout written before references lost their underscore (po_…) is still sent, verified and paid under it', async () => {
    const m = await liveAvailable('0123456785');
    const payout = await m.payout();
    const old = 'po_0a1b2c3d4e5f60718293';
    await server.db.query('UPDATE payouts SET transfer_reference = $2 WHERE id = $1', [payout.id, old]);
    expect(await sendDueTransfers(server.app.ctx)).toEqual({ paid: 0, failed: 0, pending: 1, retry: 0 });
    expect(fake.transfers.get(old)).toMatchObject({ amount: m.net, status: 'pending' });
    const raw = fake.settleTransfer(old, 'success');
    expect((await webhook(raw, sign(raw))).status).toBe(200);
    expect(fake.requests.some((r) => r.path === `/transfer/verify/${old}`)).toBe(true);
    expect(await m.shown(payout.id)).toMatchObject({ status: 'paid' });
  });

  it('two runs never claim the same payout, and payouts wait while live payouts are held', async () => {
    const m = await liveAvailable('0123456783');
    const payout = await m.payout();
    const [a, b] = await Promise.all([server.db.transaction((tx) => claimDueTransfers(tx)), server.db.transaction((tx) => claimDueTransfers(tx))]);
    expect([...a, ...b].filter((id) => id === payout.id)).toHaveLength(1);
    await server.db.query("UPDATE companies SET payouts_held_at = now(), payouts_hold_reason = 'Review' WHERE id = $1", [m.companyId]);
    await m.charge(300_000);
    await expect(m.payout()).rejects.toThrow(payoutMessages.onHold);
  });

  it('a hold placed while a payout waits to be sent stops it before Paystack, with the money back', async () => {
    const m = await liveAvailable('0123456784');
    const payout = await m.payout();
    // Paystack unreachable at the first try: the payout waits to be sent again.
    fake.on('/transfer', () => ({ status: 503, body: { status: false, message: 'Service unavailable' } }));
    await sendDueTransfers(server.app.ctx);
    expect((await m.shown(payout.id)).status).toBe('pending');
    // Neither available nor paid out: on its way, and the balance says so.
    expect(await m.money()).toMatchObject({ available: 0, payoutsInTransit: m.net, paidOut: 0 });
    fake.reset();
    await server.db.query("UPDATE companies SET payouts_held_at = now(), payouts_hold_reason = 'Review' WHERE id = $1", [m.companyId]);
    await dueNow(payout.id);
    const before = fake.requests.length;
    expect(await sendDueTransfers(server.app.ctx)).toMatchObject({ failed: 1 });
    // Asked whether Paystack has it (it has not), and nothing sent.
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual([`/transfer/verify/${await transferReferenceOf(payout.id)}`]);
    expect(await m.shown(payout.id)).toMatchObject({ status: 'failed', failureReason: payoutMessages.onHold });
    expect(await m.money()).toMatchObject({ available: m.net, payoutsInTransit: 0 });
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
        status: 503,
        body: { message: liveBlockMessages.payments_not_set_up },
      });
      const raw = chargeSuccess('fp_x', 1);
      expect((await plain.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: { 'x-paystack-signature': sign(raw) } })).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
