import { paymentMessages, testCards } from '@fipay/contracts/payments';
import { describe, expect, it } from 'vitest';
import { startFakePaystack } from '../../test/fake-paystack';
import { createPgliteDb } from '../../db/client';
import { migrations } from '../../db/migrate';
import { JobScheduler } from '../../jobs/scheduler';
import { createTestDb } from '../../test/db';
import { createVerifiedUser, login } from '../../test/fixtures';
import { REPLAY_SECRET, usePaystackReplay } from '../../test/paystack-replay';
import { startTestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { feeFor } from './charges/fees';
import { paymentJobs } from './jobs';
import { releaseDue } from './payouts/balances';

/**
 * Merchant references are unique per business and mode; Paystack knows each transaction by a provider reference of
 * ours, unique across the platform (docs/decisions/0046-merchant-references-per-business.md, migration 0022).
 */

const ORDER = 'order-1042';
const { fake, server, webhook, chargeSuccess, sign } = usePaystackReplay({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });
const success = { number: testCards.find((c) => c.outcome === 'success')!.number, expiry: '12/39', cvv: '123' };
const runJob = async (name: string) => {
  const job = paymentJobs(server.app.ctx).find((j) => j.name === name)!;
  expect(await new JobScheduler(server.db, server.app.log, [job]).runNow(job)).toBe(true);
};

/** An approved business with its dashboard session in each mode. */
async function business() {
  const session = await login(server, await createVerifiedUser(server));
  const companyId = session.user.companyId as string;
  await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [companyId]);
  const test = { token: session.accessToken as string, headers: { 'FiPay-Mode': 'test' } };
  const live = { token: session.accessToken as string, headers: { 'FiPay-Mode': 'live' } };
  return { companyId, test, live };
}
type Mode = Awaited<ReturnType<typeof business>>['test'];

const initialize = (mode: Mode, amount: number) => server.api.post('/transactions/initialize', { amount, email: 'ada@customer.ng', reference: ORDER }, mode);
const detail = async (mode: Mode) => (await server.api.get(`/transactions/${ORDER}`, mode)).body.data;
const money = async (mode: Mode) => (await server.api.get('/balance', mode)).body.data.balances[0];
const providerReferenceOf = async (companyId: string, livemode: boolean) =>
  (await server.db.query<{ provider_reference: string }>('SELECT provider_reference FROM transactions WHERE company_id = $1 AND livemode = $2 AND reference = $3', [companyId, livemode, ORDER]))
    .rows[0]!.provider_reference;
const liveCheckoutCode = async (companyId: string) =>
  (await server.db.query<{ access_code: string }>('SELECT access_code FROM transactions WHERE company_id = $1 AND livemode AND reference = $2', [companyId, ORDER])).rows[0]!.access_code;
const paystackIdOf = async (refundId: string) =>
  Number((await server.db.query<{ provider_refund_id: string }>('SELECT provider_refund_id FROM refunds WHERE id = $1', [refundId])).rows[0]!.provider_refund_id);

describe('merchant references', () => {
  it('are unique per business and mode: two businesses and both modes use order-1042, a repeat in one business and mode is refused', async () => {
    const a = await business();
    const b = await business();
    const started = [
      await initialize(a.test, 150_000),
      await initialize(a.live, 1_000_000),
      // Another business's order-1042 neither blocks this one nor answers differently.
      await initialize(b.test, 270_000),
      await initialize(b.live, 2_000_000),
    ];
    expect(started.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    for (const res of started) expect(Object.keys(res.body.data).sort()).toEqual(['accessCode', 'authorizationUrl', 'reference']);
    expect(started.map((res) => res.body.data.reference)).toEqual([ORDER, ORDER, ORDER, ORDER]);

    // A repeat in the same business and mode is refused with the field named, and never reaches Paystack.
    for (const mode of [a.test, a.live, b.test, b.live]) {
      const again = await initialize(mode, 99_900);
      expect(again).toMatchObject({ status: 409, body: { isSuccessful: false, message: paymentMessages.referenceTaken, data: { errors: { reference: paymentMessages.referenceTaken } } } });
    }
    const sent = fake.requests.filter((r) => r.path === '/transaction/initialize').map((r) => (r.body as { reference: string }).reference);
    expect(sent).toEqual([await providerReferenceOf(a.companyId, true), await providerReferenceOf(b.companyId, true)]);
    // Paystack gets our reference, never the merchant's: one per transaction, in Paystack's alphabet.
    const providerReferences = await Promise.all([a, b].flatMap((m) => [providerReferenceOf(m.companyId, false), providerReferenceOf(m.companyId, true)]));
    for (const reference of providerReferences) expect(reference).toMatch(/^fp-[0-9a-f]{20}$/);
    expect(new Set(providerReferences).size).toBe(4);

    // Each sees its own, in each mode, by reference and by search; none sees the provider reference.
    expect(await detail(a.test)).toMatchObject({ reference: ORDER, amount: 150_000, livemode: false, status: 'pending' });
    expect(await detail(a.live)).toMatchObject({ reference: ORDER, amount: 1_000_000, livemode: true, status: 'pending' });
    expect(await detail(b.test)).toMatchObject({ reference: ORDER, amount: 270_000, livemode: false });
    expect(await detail(b.live)).toMatchObject({ reference: ORDER, amount: 2_000_000, livemode: true });
    const searched = (await server.api.get(`/transactions?search=${ORDER}`, b.test)).body.data.transactions;
    expect(searched.map((t: { amount: number }) => t.amount)).toEqual([270_000]);
    expect(JSON.stringify(await detail(a.live))).not.toContain('fp-');
  });

  it('in test mode: each business is paid, refunded and paid out only its own, with events, CSV and ledger entries of its own', async () => {
    const a = await business();
    const b = await business();
    await server.db.query(
      `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
       VALUES ($1, 'NGN', '0123456780', 'ADEBAYO FOODS LTD', 'Guaranty Trust Bank', '058', 'not-used-here', '5678')`,
      [a.companyId],
    );
    const codeA = (await initialize(a.test, 150_000)).body.data.accessCode as string;
    const codeB = (await initialize(b.test, 270_000)).body.data.accessCode as string;
    expect((await server.api.post(`/checkout/${codeA}/card`, success)).body.data).toMatchObject({ status: 'success', reference: ORDER, amount: 150_000 });
    expect((await server.api.post(`/checkout/${codeB}/card`, success)).body.data).toMatchObject({ status: 'success', reference: ORDER, amount: 270_000 });

    expect(await money(a.test)).toMatchObject({ available: feeFor(150_000).net, received: 150_000 });
    expect(await money(b.test)).toMatchObject({ available: feeFor(270_000).net, received: 270_000 });
    const events = (await server.api.get('/events?type=charge.success', a.test)).body.data.events as { data: { object: { reference: string; amount: number } } }[];
    expect(events.map((e) => [e.data.object.reference, e.data.object.amount])).toEqual([[ORDER, 150_000]]);
    const csv = await (await fetch(`${server.baseUrl}/api/v1/transactions/export`, { headers: { authorization: `Bearer ${a.test.token}` } })).text();
    expect(csv).toContain(`"${ORDER}"`);
    expect(csv).toContain('1500.00');
    expect(csv).not.toContain('2700.00');

    // The ledger keys each charge and its release by the provider reference: one of each per business, none collide.
    const entries = await server.db.query<{ kind: string; company_id: string; reference: string; description: string }>(
      "SELECT kind, company_id, reference, description FROM journal_entries WHERE kind IN ('charge', 'release') AND company_id = ANY($1) AND NOT livemode ORDER BY kind, company_id",
      [[a.companyId, b.companyId]],
    );
    const expected = await Promise.all(
      [a, b].map(async (m) => ({ company_id: m.companyId, reference: await providerReferenceOf(m.companyId, false) })),
    );
    expect(entries.rows).toEqual(
      expect.arrayContaining(['charge', 'release'].flatMap((kind) => expected.map((e) => ({ ...e, kind, description: expect.stringContaining(ORDER) })))),
    );
    expect(entries.rows).toHaveLength(4);

    // A refund by reference takes from this business's payment only.
    const refund = await server.api.post('/refunds', { reference: ORDER, amount: 50_000 }, a.test);
    expect(refund).toMatchObject({ status: 201, body: { data: { status: 'processed', transactionReference: ORDER, amount: 50_000 } } });
    expect(await detail(a.test)).toMatchObject({ refundedAmount: 50_000 });
    expect(await detail(b.test)).toMatchObject({ refundedAmount: 0, refunds: [] });
    // The payout's lines name the payment and the refund by the merchant's reference.
    const payout = (await server.api.post('/payouts', {}, a.test)).body.data;
    const lines = (await server.api.get(`/payouts/${payout.id}`, a.test)).body.data.lines as { type: string; reference: string | null; gross: number | null }[];
    expect(lines.map((line) => [line.type, line.reference, line.gross])).toEqual(
      expect.arrayContaining([
        ['payment', ORDER, 150_000],
        ['refund', ORDER, null],
      ]),
    );
  });

  it("in live mode through Paystack: each business's charge is settled by its own webhook or the charge check, refunded at Paystack under its own reference, and its refund webhooks and checks settle its own", async () => {
    const a = await business();
    const b = await business();
    expect((await initialize(a.live, 1_000_000)).status).toBe(201);
    expect((await initialize(b.live, 1_000_000)).status).toBe(201);
    const refA = await providerReferenceOf(a.companyId, true);
    const refB = await providerReferenceOf(b.companyId, true);

    // A's customer pays on Paystack's page; Paystack's charge.success names A's transaction by our reference there.
    const { id } = fake.settle(refA, 'success');
    expect((await webhook(chargeSuccess(refA, id))).status).toBe(200);
    expect(fake.requests.filter((r) => r.path.startsWith('/transaction/verify/')).map((r) => r.path)).toEqual([`/transaction/verify/${refA}`]);
    expect(await detail(a.live)).toMatchObject({ status: 'success', amount: 1_000_000, card: { last4: '4081' } });
    expect((await server.api.get(`/transactions/verify/${ORDER}`, b.live)).body.data).toMatchObject({ status: 'pending' });
    expect(await money(b.live)).toMatchObject({ pending: 0, received: 0 });

    // B's customer pays too, but its webhook is lost: the live charge check asks Paystack about B's transaction.
    fake.settle(refB, 'success');
    await server.db.query("UPDATE transactions SET created_at = now() - interval '11 minutes' WHERE provider_reference = $1", [refB]);
    await runJob('live-charge-checks');
    expect(fake.requests.filter((r) => r.path === `/transaction/verify/${refB}`)).toHaveLength(1);
    expect(await detail(b.live)).toMatchObject({ status: 'success', amount: 1_000_000 });
    const { net } = feeFor(1_000_000);
    for (const m of [a, b]) expect(await money(m.live)).toMatchObject({ pending: net, received: 1_000_000 });
    const charges = await server.db.query<{ company_id: string; reference: string }>(
      "SELECT company_id, reference FROM journal_entries WHERE kind = 'charge' AND livemode AND company_id = ANY($1) ORDER BY reference",
      [[a.companyId, b.companyId]],
    );
    expect(charges.rows).toEqual(
      [
        { company_id: a.companyId, reference: refA },
        { company_id: b.companyId, reference: refB },
      ].sort((x, y) => x.reference.localeCompare(y.reference)),
    );

    // Both net amounts available now; each business refunds ₦3,000 of its order-1042.
    await server.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE provider_reference = ANY($1)", [[refA, refB]]);
    await server.db.transaction((tx) => releaseDue(tx));
    const refundA = (await server.api.post('/refunds', { reference: ORDER, amount: 300_000 }, a.live)).body.data;
    const refundB = (await server.api.post('/refunds', { reference: ORDER, amount: 300_000 }, b.live)).body.data;
    expect([refundA.status, refundB.status]).toEqual(['pending', 'pending']);
    expect(fake.requests.filter((r) => r.path === '/refund').map((r) => r.body)).toEqual([
      { transaction: refA, amount: 300_000, merchant_note: `FiPay refund ${refundA.id}` },
      { transaction: refB, amount: 300_000, merchant_note: `FiPay refund ${refundB.id}` },
    ]);

    // Paystack's refund.processed names the transaction (our reference there) and the amount: two refunds of one amount
    // on two businesses' order-1042 are never taken for one another.
    expect((await webhook(fake.refundEvent(await paystackIdOf(refundB.id), 'processed'))).status).toBe(200);
    expect((await detail(b.live)).refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
    expect((await detail(a.live)).refunds.map((r: { status: string }) => r.status)).toEqual(['pending']);
    expect((await server.api.get('/events?type=refund.processed', a.live)).body.data.events).toHaveLength(0);

    // A's webhook never comes: the hourly check asks Paystack about A's refund by its own transaction.
    fake.settleRefund(await paystackIdOf(refundA.id), 'processed');
    await server.db.query("UPDATE refunds SET created_at = now() - interval '2 hours' WHERE id = $1", [refundA.id]);
    await runJob('live-refund-checks');
    expect((await detail(a.live)).refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
    for (const m of [a, b]) {
      expect(await money(m.live)).toMatchObject({ available: net - 300_000, refunded: 300_000 });
      const processed = (await server.api.get('/events?type=refund.processed', m.live)).body.data.events as { data: { object: { transactionReference: string } } }[];
      expect(processed.map((e) => e.data.object.transactionReference)).toEqual([ORDER]);
    }
  });

  it('a refund whose Paystack answer was lost is found by its own transaction at Paystack, when another business shares its reference', async () => {
    const a = await business();
    const b = await business();
    for (const m of [a, b]) expect((await initialize(m.live, 1_000_000)).status).toBe(201);
    const refA = await providerReferenceOf(a.companyId, true);
    const refB = await providerReferenceOf(b.companyId, true);
    for (const ref of [refA, refB]) fake.settle(ref, 'success');
    for (const m of [a, b]) expect((await server.api.get(`/checkout/${await liveCheckoutCode(m.companyId)}`)).body.data.status).toBe('success');
    await server.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE provider_reference = ANY($1)", [[refA, refB]]);
    await server.db.transaction((tx) => releaseDue(tx));

    // B's refund reaches Paystack but the answer is lost on the way back.
    fake.on('/refund', (query, body, original) => {
      original!(query, body);
      return 'hang';
    });
    const refundB = (await server.api.post('/refunds', { reference: ORDER, amount: 200_000 }, b.live)).body.data;
    expect(refundB.status).toBe('pending');
    const atPaystack = [...fake.refunds.values()];
    expect(atPaystack.map((r) => [r.transactionId, r.merchantNote])).toEqual([[fake.transactionId(refB), `FiPay refund ${refundB.id}`]]);
    fake.settleRefund(atPaystack[0]!.id, 'processed');
    await server.db.query("UPDATE refunds SET created_at = now() - interval '2 hours' WHERE id = $1", [refundB.id]);
    await runJob('live-refund-checks');
    // Looked up at Paystack through B's transaction (verify by our reference there, then the refund list).
    expect(fake.requests.some((r) => r.path === `/transaction/verify/${refB}`)).toBe(true);
    expect((await detail(b.live)).refunds.map((r: { status: string }) => r.status)).toEqual(['processed']);
    expect((await detail(a.live)).refunds).toEqual([]);
  });
});

describe('migration 0022', () => {
  it('gives the transactions made before it their reference as the provider reference, so a Paystack charge already under way still settles', async () => {
    // A database as it stood before 0022, on the same engine as the rest of this file: made from nothing and migrated
    // step by step (initdb alone takes tens of seconds on a busy machine, hence the longer bound).
    const empty = process.env.TEST_DB === 'postgres' ? await createTestDb({ empty: true }) : { db: createPgliteDb() };
    const { db } = empty;
    const drop = 'drop' in empty ? empty.drop : () => db.close();
    const before = migrations.findIndex((m) => m.id === '0022-merchant-references');
    for (const migration of migrations.slice(0, before)) await db.exec(migration.sql);
    await db.exec('CREATE TABLE schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const migration of migrations.slice(0, before)) await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
       SELECT 'Adebayo Foods', 'ops@adebayo.ng', '+2348012345678', 'https://adebayo.ng', id, '1 Marina, Lagos', 'RC123456' FROM countries LIMIT 1 RETURNING id`,
    );
    const companyId = rows[0]!.id;
    const made = await db.query<{ id: string }>(
      `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email)
       VALUES ($1, true, 'order_77', 1000000, 'paystack', 'ada@customer.ng'), ($1, false, 'fp_0a1b2c3d4e5f60718293', 150000, 'sandbox', 'ada@customer.ng') RETURNING id`,
      [companyId],
    );
    const liveId = made.rows[0]!.id;
    const paystack = await startFakePaystack();
    // Started at Paystack before the migration, under the reference it had then.
    await fetch(`${paystack.url}/transaction/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@customer.ng', amount: 1_000_000, reference: 'order_77', metadata: { fipay_transaction: liveId } }),
    });
    const migrated = await startTestServer({ database: { db, drop }, env: { PAYSTACK_SECRET_KEY: REPLAY_SECRET, PAYSTACK_BASE_URL: paystack.url, BANK_TIMEOUT_MS: '500' } });
    try {
      const kept = await migrated.db.query<{ reference: string; provider_reference: string }>('SELECT reference, provider_reference FROM transactions ORDER BY reference');
      expect(kept.rows).toEqual([
        { reference: 'fp_0a1b2c3d4e5f60718293', provider_reference: 'fp_0a1b2c3d4e5f60718293' },
        { reference: 'order_77', provider_reference: 'order_77' },
      ]);
      const { id } = paystack.settle('order_77', 'success');
      const raw = chargeSuccess('order_77', id);
      expect((await migrated.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: { 'x-paystack-signature': sign(raw) } })).status).toBe(200);
      expect(await migrated.providerInboxSettled(raw)).toBe('applied');
      const settled = await migrated.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [liveId]);
      expect(settled.rows).toEqual([{ status: 'success' }]);
      const entries = await migrated.db.query<{ reference: string }>("SELECT reference FROM journal_entries WHERE kind = 'charge' AND company_id = $1", [companyId]);
      expect(entries.rows).toEqual([{ reference: 'order_77' }]);
      expect(await ledgerDiscrepancies(migrated.db)).toEqual([]);
      // Neither reference nor provider reference changes once made.
      await expect(migrated.db.query("UPDATE transactions SET provider_reference = 'fp-0000000000000000000a' WHERE id = $1", [liveId])).rejects.toMatchObject({ code: '42501' });
    } finally {
      await migrated.close();
      await paystack.close();
    }
  }, 180_000);
});
