import { payoutMessages, testCards } from '@fipay/contracts/payments';
import { paymentMethodReviewMessages, walletAdminMessages } from '@fipay/contracts/back-office-wallet';
import { paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createReviewerAccount, type ReviewerAccount } from '../../test/back-office-fixtures';
import { checkoutCode, createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies, post } from '../ledger/ledger';
import { payoutsDue } from '../payments/payouts/payouts';

/** A company's wallet in the back office: balances, statement, freezing (docs/decisions/0074-frozen-wallets.md). */

let server: TestServer;
let reviewer: ReviewerAccount;
let admin: ReviewerAccount;
beforeAll(async () => {
  server = await startTestServer();
  [reviewer, admin] = await Promise.all([createReviewerAccount(server, { name: 'Rita Reviewer' }), createReviewerAccount(server, { role: 'admin', name: 'Ada Admin' })]);
});
afterEach(async () => expect(await ledgerDiscrepancies(server.db)).toEqual([]));
afterAll(() => server.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function merchant() {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  const companyId = session.user.companyId as string;
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', '0123456789', 'ADEBAYO FOODS LTD', 'First Bank of Nigeria', '011', 'not-used-here', '5678')`,
    [companyId],
  );
  return { session, key, companyId };
}

async function paidCharge(key: string, amount: number) {
  const started = await server.api.post('/transactions/initialize', { amount, email: 'buyer@shop.ng' }, { token: key });
  const { reference } = started.body.data as { reference: string };
  const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { number: testCards[0].number, expiry: '12/39', cvv: '123' });
  expect(paid.body.data.status).toBe('success');
  return reference;
}

let faucetReferences = 0;
/** Test funds into a company's available balance, from the platform's test_faucet account. */
const testFunds = (companyId: string, asset: 'USD' | 'BTC', amount: bigint) =>
  server.db.transaction((tx) =>
    post(tx, {
      livemode: false,
      companyId,
      kind: 'test_funds',
      reference: `wallet-test-${++faucetReferences}`,
      description: 'Test funds',
      lines: [
        { account: { code: 'test_faucet', currency: asset }, amount },
        { account: { companyId, code: 'available', currency: asset }, amount: -amount },
      ],
    }),
  );

const wallet = (companyId: string, token = reviewer.token) => server.api.get(`/admin/applications/${companyId}/wallet`, { token });
const freeze = (companyId: string, body: Record<string, unknown>, token = reviewer.token) => server.api.post(`/admin/applications/${companyId}/wallet/freeze`, body, { token });
const unfreeze = (companyId: string, body: Record<string, unknown>, token = admin.token) => server.api.post(`/admin/applications/${companyId}/wallet/unfreeze`, body, { token });
const notices = async (companyId: string) =>
  (
    await server.db.query<{ title: string; message: string }>(
      'SELECT n.title, n.message FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.company_id = $1 ORDER BY n.created_at, n.id',
      [companyId],
    )
  ).rows;
const audit = async (companyId: string, action: string) =>
  (await server.db.query<{ actor_name: string; before: unknown; after: unknown }>('SELECT actor_name, before, after FROM audit_log WHERE company_id = $1 AND action = $2', [companyId, action])).rows;

describe("a company's wallet in the back office", () => {
  it('shows balances per asset and mode as digit strings, and a statement newest first, paged by nextBefore', async () => {
    const { key, companyId } = await merchant();
    await paidCharge(key, 500_000);
    await testFunds(companyId, 'BTC', 123_456_789n);
    await testFunds(companyId, 'USD', 10_000n);
    await testFunds(companyId, 'USD', 2_500n);
    await testFunds(companyId, 'USD', 99n);

    const answer = await wallet(companyId);
    expect(answer.status).toBe(200);
    const test = answer.body.data.modes.find((mode: { mode: string }) => mode.mode === 'test');
    expect(answer.body.data.company.id).toBe(companyId);
    expect(test.freeze).toBeNull();
    expect(test.balances.map((balance: { asset: string }) => balance.asset)).toEqual(['NGN', 'USD', 'BTC']);
    expect(test.balances.find((balance: { asset: string }) => balance.asset === 'BTC')).toEqual({ asset: 'BTC', available: '123456789', held: '0', pending: '0', inTransit: '0' });
    expect(answer.body.data.modes.find((mode: { mode: string }) => mode.mode === 'live')).toEqual({ mode: 'live', freeze: null, balances: [] });

    const first = await server.api.get(`/admin/applications/${companyId}/wallet/statement?mode=test&asset=USD&limit=2`, { token: reviewer.token });
    expect(first.status).toBe(200);
    expect(first.body.data.lines.map((line: { amount: string; balanceAfter: string; direction: string }) => [line.direction, line.amount, line.balanceAfter])).toEqual([
      ['in', '99', '12599'],
      ['in', '2500', '12500'],
    ]);
    const next = await server.api.get(`/admin/applications/${companyId}/wallet/statement?mode=test&asset=USD&limit=2&before=${first.body.data.nextBefore}`, {
      token: reviewer.token,
    });
    expect(next.body.data).toMatchObject({ lines: [{ amount: '10000', balanceAfter: '10000', kind: 'test_funds', description: 'Test funds' }], nextBefore: null });
    const live = await server.api.get(`/admin/applications/${companyId}/wallet/statement?mode=live&asset=ETH`, { token: reviewer.token });
    expect(live.body.data).toEqual({ lines: [], nextBefore: null });
    const bad = await server.api.get(`/admin/applications/${companyId}/wallet/statement?asset=DOGE&before=abc`, { token: reviewer.token });
    expect(bad.status).toBe(400);
  });

  it('freezes a mode: refunds and payouts are refused with a clear error, payments still credit; audited and told; an admin unfreezes it', async () => {
    const { key, companyId } = await merchant();
    const reference = await paidCharge(key, 1_000_000);
    await testFunds(companyId, 'USD', 5_000n);

    const frozen = await freeze(companyId, { mode: 'test', reason: 'Chargebacks from one card range.' });
    expect(frozen).toMatchObject({
      status: 200,
      body: { message: walletAdminMessages.frozen, data: { mode: 'test', freeze: { reason: 'Chargebacks from one card range.', by: { id: reviewer.id, name: 'Rita Reviewer' } } } },
    });
    expect((await freeze(companyId, { mode: 'test', reason: 'Again.' })).status).toBe(409);
    expect((await wallet(companyId)).body.data.modes.find((mode: { mode: string }) => mode.mode === 'test').freeze.reason).toBe('Chargebacks from one card range.');

    const refund = await server.api.post('/refunds', { reference, amount: 100_000 }, { token: key });
    expect(refund).toMatchObject({ status: 422, body: { message: walletAdminMessages.walletFrozen, data: { code: 'UNPROCESSABLE' } } });
    const payout = await server.api.post('/payouts', undefined, { token: key });
    expect(payout).toMatchObject({ status: 409, body: { message: walletAdminMessages.walletFrozen } });
    // Money in still arrives.
    const before = (await server.api.get('/balance', { token: key })).body.data.balances[0].available as number;
    await paidCharge(key, 200_000);
    expect((await server.api.get('/balance', { token: key })).body.data.balances[0].available).toBeGreaterThan(before);
    await testFunds(companyId, 'USD', 1_000n);

    expect(await audit(companyId, 'wallet.frozen')).toEqual([
      expect.objectContaining({ actor_name: 'Rita Reviewer', after: expect.objectContaining({ mode: 'test', freeze: expect.objectContaining({ reason: 'Chargebacks from one card range.' }) }) }),
    ]);
    expect((await notices(companyId)).map((notice) => notice.title)).toContain('Your test-mode wallet is frozen');

    // Only an admin lifts it, with a reason.
    expect((await unfreeze(companyId, { mode: 'test', reason: 'Reviewed.' }, reviewer.token)).status).toBe(403);
    expect((await unfreeze(companyId, { mode: 'test', reason: ' ' })).status).toBe(400);
    expect((await unfreeze(companyId, { mode: 'live', reason: 'Reviewed.' })).status).toBe(409);
    const lifted = await unfreeze(companyId, { mode: 'test', reason: 'Card issuer confirmed the payments.' });
    expect(lifted).toMatchObject({ status: 200, body: { message: walletAdminMessages.unfrozen, data: { mode: 'test', freeze: null } } });
    expect(await audit(companyId, 'wallet.unfrozen')).toEqual([
      expect.objectContaining({ actor_name: 'Ada Admin', after: expect.objectContaining({ reason: 'Card issuer confirmed the payments.' }) }),
    ]);
    expect((await notices(companyId)).at(-1)?.title).toBe('Your test-mode wallet is unfrozen');
    const refunded = await server.api.post('/refunds', { reference, amount: 100_000 }, { token: key });
    expect(refunded.status).toBe(201);
    expect((await server.api.post('/payouts', undefined, { token: key })).body.message).toBe(payoutMessages.paidOut);
  });

  it('leaves a frozen company out of the daily payout run until it is unfrozen', async () => {
    const { key, companyId } = await merchant();
    await paidCharge(key, 300_000);
    const available = async () => (await server.api.get('/balance', { token: key })).body.data.balances[0].available as number;
    const before = await available();
    expect((await freeze(companyId, { mode: 'test', reason: 'Court order.' })).status).toBe(200);
    expect(await payoutsDue(server.app.ctx, [{ companyId, livemode: false }])).toEqual({ paid: 0, failed: 0, skipped: 1 });
    expect(await available()).toBe(before);
    expect((await unfreeze(companyId, { mode: 'test', reason: 'Order lifted.' })).status).toBe(200);
    expect(await payoutsDue(server.app.ctx, [{ companyId, livemode: false }])).toEqual({ paid: 1, failed: 0, skipped: 0 });
    expect(await available()).toBe(0);
  });

  it('answers 404 for an unknown company, 403 to a company, 400 for a bad mode or reason, 401 without a session', async () => {
    const { session, companyId } = await merchant();
    expect((await wallet(UNKNOWN)).status).toBe(404);
    expect((await server.api.get(`/admin/applications/${UNKNOWN}/wallet/statement`, { token: reviewer.token })).status).toBe(404);
    expect((await freeze(UNKNOWN, { mode: 'live', reason: 'x' })).status).toBe(404);
    expect((await unfreeze(UNKNOWN, { mode: 'live', reason: 'x' })).status).toBe(404);
    expect((await wallet(companyId, session.accessToken)).status).toBe(403);
    expect((await freeze(companyId, { mode: 'live', reason: 'x' }, session.accessToken)).status).toBe(403);
    expect((await server.api.get(`/admin/applications/${companyId}/wallet`)).status).toBe(401);
    expect((await freeze(companyId, { mode: 'both', reason: 'x' })).body.data.errors).toEqual({ mode: walletAdminMessages.modeInvalid });
    expect((await freeze(companyId, { mode: 'live' })).body.data.errors).toEqual({ reason: walletAdminMessages.reasonRequired });
    expect((await wallet('not-a-uuid')).status).toBe(400);
  });
});

describe('payment methods waiting for a name review', () => {
  async function method(companyId: string, accountName: string, createdAt: string) {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO payment_methods (company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, account_key, name_review, created_at, usable_from)
       VALUES ($1, false, 'ng_bank_account', 'NGN', 'NG', $2, 'GTBank', '058', $3, $4, 'needs_review', $5, $5) RETURNING id`,
      [companyId, accountName, `01${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, `ng:${Math.random()}`, createdAt],
    );
    return rows[0]!.id;
  }

  it('lists them newest first with the business name, pages by nextBefore, and a reviewer accepts or rejects each (rejected: removed, told, audited)', async () => {
    await server.db.query("UPDATE payment_methods SET removed_at = now() WHERE name_review = 'needs_review' AND removed_at IS NULL");
    const { companyId } = await merchant();
    const company = (await server.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId])).rows[0]!.name;
    const oldest = await method(companyId, 'JOHN DOE', '2026-11-01T10:00:00Z');
    const middle = await method(companyId, 'MARY SMITH', '2026-11-02T10:00:00Z');
    const newest = await method(companyId, 'ACME TRADING', '2026-11-03T10:00:00Z');

    const page = await server.api.get('/admin/payment-methods/needs-review?limit=2', { token: reviewer.token });
    expect(page.status).toBe(200);
    expect(page.body.message).toBe(paymentMethodReviewMessages.loaded);
    expect(page.body.data.paymentMethods.map((item: { id: string }) => item.id)).toEqual([newest, middle]);
    expect(page.body.data.paymentMethods[0]).toMatchObject({ accountName: 'ACME TRADING', company: { id: companyId, name: company }, status: 'needs_review' });
    const rest = await server.api.get(`/admin/payment-methods/needs-review?limit=2&before=${page.body.data.nextBefore}`, { token: reviewer.token });
    expect(rest.body.data).toMatchObject({ paymentMethods: [{ id: oldest }], nextBefore: null });

    const accepted = await server.api.post(`/admin/payment-methods/${newest}/clear-review`, undefined, { token: reviewer.token });
    expect(accepted.body.message).toBe(paymentMethodMessages.cleared);
    expect((await server.api.post(`/admin/payment-methods/${middle}/reject`, {}, { token: reviewer.token })).status).toBe(400);
    const rejected = await server.api.post(`/admin/payment-methods/${middle}/reject`, { reason: 'The account is not in the business name.' }, { token: reviewer.token });
    expect(rejected).toMatchObject({ status: 200, body: { message: paymentMethodReviewMessages.rejected, data: { id: middle, accountName: 'MARY SMITH' } } });
    expect((await server.api.post(`/admin/payment-methods/${middle}/reject`, { reason: 'Again.' }, { token: reviewer.token })).status).toBe(404);
    expect((await server.api.post(`/admin/payment-methods/${newest}/reject`, { reason: 'Too late.' }, { token: reviewer.token })).status).toBe(409);
    expect((await server.api.post(`/admin/payment-methods/${UNKNOWN}/reject`, { reason: 'x' }, { token: reviewer.token })).status).toBe(404);

    const after = await server.api.get('/admin/payment-methods/needs-review', { token: reviewer.token });
    expect(after.body.data.paymentMethods.map((item: { id: string }) => item.id)).toEqual([oldest]);
    expect((await notices(companyId)).at(-1)).toMatchObject({ title: 'Payment method not accepted', message: expect.stringContaining('The account is not in the business name.') });
    expect(await audit(companyId, 'payment_method.rejected')).toEqual([
      expect.objectContaining({ actor_name: 'Rita Reviewer', after: expect.objectContaining({ removed: true, reason: 'The account is not in the business name.' }) }),
    ]);
    const companyToken = (await login(server, await createVerifiedUser(server))).accessToken;
    expect((await server.api.get('/admin/payment-methods/needs-review', { token: companyToken })).status).toBe(403);
    expect((await server.api.post(`/admin/payment-methods/${oldest}/reject`, { reason: 'x' }, { token: companyToken })).status).toBe(403);
  });
});
