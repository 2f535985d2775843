import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards, type Transaction } from '@fipay/contracts/payments';
import { overviewMessages, topUpMessages, type TopUp, type Wallet, type WalletOverview, type WalletStatement } from '@fipay/contracts/wallet';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { releaseDue } from '../payments/payouts/balances';
import { lagosDay, addDays } from '../../lib/lagos';

/**
 * Top-ups of the NGN wallet through the checkout, and the dashboard's overview from the ledger
 * (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md), over the real server.
 */
let server: TestServer;

beforeAll(async () => {
  // Many requests a second from one company (a test, not a person): above the merchant limits these tests are not about.
  server = await startTestServer({ rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } } });
});
afterAll(async () => server?.close());

async function company(options: { approved?: boolean } = {}) {
  const session = await login(server, await createVerifiedUser(server));
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  if (options.approved) {
    await server.db.query(`INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`, [
      session.user.companyId,
    ]);
  }
  return { token: session.accessToken, key, companyId: session.user.companyId, email: session.user.email };
}

const topUp = (token: string, body: unknown, headers: Record<string, string> = {}) => server.api.post<TopUp>('/wallet/top-ups', body, { token, headers });
const payWithCard = (accessCode: string) =>
  server.api.post(`/checkout/${accessCode}/card`, { number: testCards.find((c) => c.outcome === 'success')!.number, expiry: '12/39', cvv: '123' });
const overview = (token: string, asset: string, query = '', headers: Record<string, string> = {}) =>
  server.api.get<WalletOverview>(`/wallet/${asset}/overview${query}`, { token, headers });
const ngnOf = async (token: string) => (await server.api.get<Wallet>('/wallet', { token })).body.data.assets.find((a) => a.asset === 'NGN')!;
/** The field errors of a refusal. */
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string> }).errors;
const transactionCount = async (companyId: string) =>
  (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE company_id = $1', [companyId])).rows[0]!.n;

describe('a top-up of the NGN wallet', () => {
  it('goes through the checkout, and once paid with a test card credits the wallet net of the fee, described as a top-up', async () => {
    const me = await company();
    const started = await topUp(me.token, { amount: 5_000_000 });
    expect(started.status).toBe(201);
    expect(started.body.message).toBe(topUpMessages.started);
    // ₦50,000: 1.5% (₦750) + ₦100 = ₦850 by the default schedule; ₦49,150 reaches the wallet.
    expect(started.body.data).toMatchObject({ amount: 5_000_000, fee: 85_000, net: 4_915_000, currency: 'NGN' });
    expect(started.body.data.authorizationUrl).toBe(`${server.app.ctx.config.appUrl}/checkout/${started.body.data.accessCode}`);

    // The checkout names the business itself, and the payer is the signed-in user.
    const checkout = await server.api.get(`/checkout/${started.body.data.accessCode}`);
    expect(checkout.status).toBe(200);
    expect(checkout.body.data).toMatchObject({ amount: 5_000_000, status: 'pending', provider: 'sandbox', livemode: false });
    expect(await ngnOf(me.token)).toMatchObject({ available: '0', pending: '0' });

    const paid = await payWithCard(started.body.data.accessCode);
    expect(paid.status).toBe(200);
    expect(paid.body.data.status).toBe('success');
    // Back to the NGN wallet once paid.
    expect(paid.body.data.returnUrl).toContain('/dashboard/wallet/NGN');

    // Test mode settles at once by default (TEST_SETTLEMENT_DELAY_SECONDS 0): the net is available.
    expect(await ngnOf(me.token)).toMatchObject({ available: '4915000', pending: '0' });
    // The dashboard's balance card (GET /balance) reads the same ledger account as the wallet, in the same mode.
    const card = (await server.api.get('/balance', { token: me.token })).body.data.balances[0];
    expect(card).toMatchObject({ currency: 'NGN', available: 4_915_000, pending: 0, received: 5_000_000 });
    expect((await server.api.get('/balance', { token: me.token, headers: { 'FiPay-Mode': 'live' } })).status).toBe(403);
    const statement = await server.api.get<WalletStatement>('/wallet/NGN/statement', { token: me.token });
    expect(statement.body.data.lines).toHaveLength(1);
    expect(statement.body.data.lines[0]).toMatchObject({ kind: 'release', amount: '4915000', balanceAfter: '4915000', counterparty: { name: 'Your top-up by card', tag: null } });
    expect(statement.body.data.lines[0]!.description).toBe(`${topUpMessages.description(started.body.data.reference)} available`);

    // The transaction says what it is for; lists filter by it; the export carries it.
    const detail = await server.api.get<Transaction>(`/transactions/${started.body.data.reference}`, { token: me.key });
    expect(detail.body.data).toMatchObject({ purpose: 'top_up', status: 'success', fee: 85_000, net: 4_915_000, customer: { email: me.email } });
    expect((await server.api.get('/transactions?purpose=top_up', { token: me.key })).body.data.transactions.map((t: Transaction) => t.reference)).toEqual([
      started.body.data.reference,
    ]);
    expect((await server.api.get('/transactions?purpose=payment', { token: me.key })).body.data.transactions).toEqual([]);
    expect((await server.api.get('/transactions?purpose=gift', { token: me.key })).status).toBe(400);
    const csv = await fetch(`${server.baseUrl}/api/v1/transactions/export?purpose=top_up`, { headers: { authorization: `Bearer ${me.key}` } });
    expect(csv.status).toBe(200);
    const [head, row, ...rest] = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(head!.split(',').at(-1)).toBe('"purpose"');
    expect(row!.split(',').at(-1)).toBe('"top_up"');
    expect(rest).toEqual([]);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('with an Idempotency-Key starts one checkout however often it is sent', async () => {
    const me = await company();
    const headers = { 'Idempotency-Key': 'top-up-once-1' };
    const first = await topUp(me.token, { amount: 250_000 }, headers);
    const again = await topUp(me.token, { amount: 250_000 }, headers);
    expect(first.status).toBe(201);
    expect(again.body.data.reference).toBe(first.body.data.reference);
    expect(await transactionCount(me.companyId)).toBe(1);
  });

  it('refuses bad input with a clear error keyed by the amount, and writes nothing', async () => {
    const me = await company();
    const cases: [unknown, RegExp][] = [
      [{ amount: 0 }, /smallest top-up is ₦100/],
      [{ amount: 9_999 }, /smallest top-up is ₦100/],
      [{ amount: 1_000_000_001 }, /largest top-up is ₦10,000,000/],
      [{ amount: 100_000.5 }, /naira have two decimals/],
      [{ amount: '5000000' }, /amount in kobo/],
      [{ amount: -100_000 }, /smallest top-up/],
      [{}, /amount in kobo/],
    ];
    for (const [body, message] of cases) {
      const answer = await topUp(me.token, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.isSuccessful).toBe(false);
      expect(errorsOf(answer).amount).toMatch(message);
    }
    expect(await transactionCount(me.companyId)).toBe(0);
  });

  it('in live mode needs an approved business with live payments working: nothing is started before', async () => {
    const unapproved = await company();
    const live = await topUp(unapproved.token, { amount: 500_000 }, { 'FiPay-Mode': 'live' });
    expect(live.status).toBe(403);
    const approved = await company({ approved: true });
    // No live provider on this server: a clear 503, not a checkout that cannot be paid.
    const notReady = await topUp(approved.token, { amount: 500_000 }, { 'FiPay-Mode': 'live' });
    expect(notReady.status).toBe(503);
    expect(notReady.body.isSuccessful).toBe(false);
    expect(await transactionCount(unapproved.companyId)).toBe(0);
    expect(await transactionCount(approved.companyId)).toBe(0);
  });

  it("is its own company's and mode's: another business, or live mode, does not find it", async () => {
    const me = await company({ approved: true });
    const other = await company();
    const started = await topUp(me.token, { amount: 500_000 });
    await payWithCard(started.body.data.accessCode);
    const reference = started.body.data.reference;
    expect((await server.api.get(`/transactions/${reference}`, { token: other.key })).status).toBe(404);
    expect((await server.api.get(`/transactions/${reference}`, { token: me.token, headers: { 'FiPay-Mode': 'live' } })).status).toBe(404);
    expect((await overview(other.token, 'NGN')).body.data.totals).toEqual({ in: '0', out: '0' });
    expect((await overview(me.token, 'NGN', '', { 'FiPay-Mode': 'live' })).body.data).toMatchObject({ livemode: true, totals: { in: '0', out: '0' } });
    expect((await overview(me.token, 'NGN')).body.data).toMatchObject({ livemode: false, totals: { in: '482500', out: '0' } });
  });
});

describe("the wallet's overview", () => {
  it('sums money in and out of the wallet per Lagos day, per asset, from the ledger', async () => {
    const me = await company();
    expect((await server.api.post('/wallet/USD/test-funds', { amount: '1050' }, { token: me.token })).status).toBe(201);
    expect((await server.api.post('/wallet/USD/test-funds', { amount: '200' }, { token: me.token })).status).toBe(201);
    const started = await topUp(me.token, { amount: 1_000_000 });
    await payWithCard(started.body.data.accessCode);
    // ₦10,000: fee ₦250 (1.5% + ₦100), ₦9,750 in; a ₦1,000 refund out of the available balance.
    expect((await server.api.post('/refunds', { reference: started.body.data.reference, amount: 100_000 }, { token: me.key })).status).toBe(201);

    const usd = await overview(me.token, 'USD');
    expect(usd.status).toBe(200);
    expect(usd.body.message).toBe(overviewMessages.loaded);
    expect(usd.body.data.days).toHaveLength(30);
    expect(usd.body.data.days.at(-1)).toEqual({ date: lagosDay(), in: '1250', out: '0', count: 2 });
    expect(usd.body.data.days[0]!.date).toBe(addDays(lagosDay(), -29));
    expect(usd.body.data.totals).toEqual({ in: '1250', out: '0' });

    const ngn = await overview(me.key, 'NGN', '?days=7');
    expect(ngn.body.data.days).toHaveLength(7);
    expect(ngn.body.data.days.at(-1)).toEqual({ date: lagosDay(), in: '975000', out: '100000', count: 2 });
    expect(ngn.body.data.totals).toEqual({ in: '975000', out: '100000' });
    // Nothing in an asset never used.
    expect((await overview(me.token, 'ETH')).body.data.totals).toEqual({ in: '0', out: '0' });
  });

  it('counts a payment in on the day it is paid, while it is still pending, and not again when it settles', async () => {
    const later = await startTestServer({ env: { TEST_SETTLEMENT_DELAY_SECONDS: '3600' }, rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } } });
    try {
      const session = await login(later, await createVerifiedUser(later));
      const started = await later.api.post<TopUp>('/wallet/top-ups', { amount: 1_000_000 }, { token: session.accessToken });
      await later.api.post(`/checkout/${started.body.data.accessCode}/card`, { number: testCards[0].number, expiry: '12/39', cvv: '123' });
      const ngn = (await later.api.get<Wallet>('/wallet', { token: session.accessToken })).body.data.assets.find((a) => a.asset === 'NGN')!;
      expect(ngn).toMatchObject({ available: '0', pending: '975000' });
      const pending = await later.api.get<WalletOverview>('/wallet/NGN/overview?days=1', { token: session.accessToken });
      expect(pending.body.data.days).toEqual([{ date: lagosDay(), in: '975000', out: '0', count: 1 }]);
      // Settled (as the job does once it is due): a move from pending to available, neither in nor out.
      await later.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE reference = $1", [started.body.data.reference]);
      await later.db.transaction((tx) => releaseDue(tx));
      expect((await later.api.get<Wallet>('/wallet', { token: session.accessToken })).body.data.assets.find((a) => a.asset === 'NGN')).toMatchObject({
        available: '975000',
        pending: '0',
      });
      const settled = await later.api.get<WalletOverview>('/wallet/NGN/overview?days=1', { token: session.accessToken });
      expect(settled.body.data.days).toEqual([{ date: lagosDay(), in: '975000', out: '0', count: 1 }]);
    } finally {
      await later.close();
    }
  });

  it('puts each line on the day of its entry, over many lines, reading only the window', async () => {
    const me = await company();
    for (let i = 0; i < 24; i += 1) {
      expect((await server.api.post('/wallet/GBP/test-funds', { amount: String(100 + i) }, { token: me.token })).status).toBe(201);
    }
    // Move the first 12 entries 40 days back and the next 6 three days back, in the order they were written, as
    // time would have: the search for the window's first line must skip the old ones and keep the rest.
    const { rows } = await server.db.query<{ id: string }>(
      `SELECT e.id FROM journal_entries e WHERE e.company_id = $1 AND e.kind = 'test_funds' ORDER BY e.created_at, e.id`,
      [me.companyId],
    );
    expect(rows).toHaveLength(24);
    await server.db.transaction(async (tx) => {
      // The ledger is append-only: only a test may move an entry's time, with the database's triggers off for it.
      await tx.query("SET LOCAL session_replication_role = 'replica'");
      await tx.query("UPDATE journal_entries SET created_at = created_at - interval '40 days' WHERE id = ANY($1::uuid[])", [rows.slice(0, 12).map((r) => r.id)]);
      await tx.query("UPDATE journal_entries SET created_at = created_at - interval '3 days' WHERE id = ANY($1::uuid[])", [rows.slice(12, 18).map((r) => r.id)]);
    });
    const sum = (from: number, to: number) => String(Array.from({ length: to - from }, (_, i) => 100 + from + i).reduce((a, b) => a + b, 0));
    const month = (await overview(me.token, 'GBP')).body.data;
    expect(month.totals).toEqual({ in: String(BigInt(sum(12, 18)) + BigInt(sum(18, 24))), out: '0' });
    const threeDaysAgo = month.days.find((d) => d.date === lagosDay(new Date(Date.now() - 3 * 86_400_000)))!;
    expect(threeDaysAgo).toMatchObject({ in: sum(12, 18), count: 6 });
    expect(month.days.at(-1)).toMatchObject({ in: sum(18, 24), count: 6 });
    // Two days: only today's and yesterday's.
    const two = await overview(me.token, 'GBP', '?days=2');
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body.data.totals).toEqual({ in: sum(18, 24), out: '0' });
    // Ninety days: all of them.
    expect((await overview(me.token, 'GBP', '?days=90')).body.data.totals).toEqual({ in: sum(0, 24), out: '0' });
  });

  it('refuses what is not an asset of the wallet and days outside 1 to 90', async () => {
    const me = await company();
    expect((await overview(me.token, 'GHS')).status).toBe(400);
    expect((await overview(me.token, 'ngn')).status).toBe(400);
    for (const days of ['0', '91', '1.5', 'x']) {
      const answer = await overview(me.token, 'NGN', `?days=${days}`);
      expect({ days, status: answer.status }).toEqual({ days, status: 400 });
      expect(errorsOf(answer).days).toBe(overviewMessages.daysInvalid);
    }
    expect((await server.api.get('/wallet/NGN/overview')).status).toBe(401);
  });
});
