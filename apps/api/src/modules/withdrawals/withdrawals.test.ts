import { messages } from '@fipay/contracts/messages';
import { withdrawalMessages } from '@fipay/contracts/withdrawals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { freezeWallet } from '../ledger/wallet-freezes';
import { refreshRates } from '../rates/rates';
import { sandboxForeignFailure } from './foreign-payouts';

let server: TestServer;
const limits = { unapproved: { trade: '10000', send: '10000' }, approved: { trade: '100000000000', send: '100000000000' } };
const tiers = { ...limits, tier_2: limits.approved, tier_3: limits.approved };

beforeAll(async () => {
  server = await startTestServer({ env: { DAILY_LIMITS: JSON.stringify(tiers) }, rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod, addSettlementAccount, balances, withdraw, settled } = withdrawalFixtures(() => server);
const preview = (auth: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => server.api.post('/withdrawals/preview', body, { token: auth, headers });
const entries = async (companyId: string) =>
  Number((await server.db.query<{ n: string }>("SELECT count(*) AS n FROM journal_entries WHERE company_id = $1 AND kind LIKE 'withdrawal%'", [companyId])).rows[0]!.n);
const events = async (key: string) => ((await server.api.get('/events?pageSize=100', { token: key })).body.data.events as { type: string; data: { object: { id: string; status: string } } }[]).filter((e) => e.type.startsWith('withdrawal.'));

describe('withdrawals', () => {
  it('previews, then sends USD to a saved account in the sandbox: held in transit, then paid out, with events, statement and list', async () => {
    const alice = await newCompany();
    await fund(alice, 'USD', 100_000n);
    const method = await addMethod(alice, { kind: 'us_account', accountNumber: '123456789' });

    const seen = await preview(alice.key, { asset: 'USD', amount: '2550', to: method });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({
      asset: 'USD',
      amount: '2550',
      fee: '0',
      total: '2550',
      usdCents: '2550',
      destination: { kind: 'us_account', paymentMethodId: method, accountName: 'Acme Trading Ltd', accountNumber: '•••••6789' },
      codeRequired: null,
    });
    expect(BigInt(seen.body.data.sendLimitLeftCents)).toBeGreaterThan(0n);
    expect(await entries(alice.id)).toBe(0);

    const made = await withdraw(alice.key, { asset: 'USD', amount: '2550', to: method });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(withdrawalMessages.created);
    expect(made.body.data).toMatchObject({ asset: 'USD', amount: '2550', status: 'pending', destination: { accountNumber: '•••••6789' } });
    expect(JSON.stringify(made.body)).not.toContain('123456789');

    expect(await settled(alice.key, made.body.data.id)).toMatchObject({ status: 'paid', failureReason: null });
    expect(await balances(alice, 'USD')).toEqual({ available: 97_450n, inTransit: 0n });
    expect((await events(alice.key)).map((e) => [e.type, e.data.object.status])).toEqual([
      ['withdrawal.paid', 'paid'],
      ['withdrawal.created', 'pending'],
    ]);
    const statement = await server.api.get('/wallet/USD/statement', { token: alice.key });
    expect(statement.body.data.lines[0]).toMatchObject({ amount: '-2550', counterparty: { name: 'Acme Trading Ltd •••••6789' } });
    const list = await server.api.get('/withdrawals?asset=USD&status=paid', { token: alice.key });
    expect(list.body.data).toMatchObject({ withdrawals: [{ id: made.body.data.id, status: 'paid' }], nextBefore: null });
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('sends naira to the settlement bank account and to a saved Nigerian account through the naira sandbox', async () => {
    const alice = await newCompany();
    await fund(alice, 'NGN', 1_000_000n);
    await addSettlementAccount(alice);
    const method = await addMethod(alice, { kind: 'ng_bank_account', accountNumber: '0987654321' });

    const toSettlement = await withdraw(alice.key, { asset: 'NGN', amount: '100000', to: 'settlement_account' });
    expect(toSettlement.body.data).toMatchObject({ status: 'pending', destination: { kind: 'settlement_account', paymentMethodId: null, bankName: 'Test Bank', accountNumber: '••••••6789' } });
    const toMethod = await withdraw(alice.key, { asset: 'NGN', amount: '50000', to: method });
    expect(toMethod.status).toBe(201);
    expect(await settled(alice.key, toSettlement.body.data.id)).toMatchObject({ status: 'paid' });
    expect(await settled(alice.key, toMethod.body.data.id)).toMatchObject({ status: 'paid' });
    expect(await balances(alice, 'NGN')).toEqual({ available: 850_000n, inTransit: 0n });
    // Keyset paging, newest first.
    const page = await server.api.get('/withdrawals?limit=1', { token: alice.key });
    expect(page.body.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([toMethod.body.data.id]);
    const next = await server.api.get(`/withdrawals?limit=1&before=${page.body.data.nextBefore}`, { token: alice.key });
    expect(next.body.data).toMatchObject({ withdrawals: [{ id: toSettlement.body.data.id }], nextBefore: null });
  });

  it('returns the money when the provider fails it, tells the business and sends withdrawal.failed', async () => {
    const alice = await newCompany();
    await fund(alice, 'USD', 10_000n);
    await fund(alice, 'NGN', 10_000n);
    const failing = await addMethod(alice, { kind: 'us_account', accountNumber: '555000' });
    const failingNaira = await addMethod(alice, { kind: 'ng_bank_account', accountNumber: '0123456000' });

    const made = await withdraw(alice.key, { asset: 'USD', amount: '4000', to: failing });
    expect(made.status).toBe(201);
    expect(await settled(alice.key, made.body.data.id)).toMatchObject({ status: 'failed', failureReason: sandboxForeignFailure });
    const naira = await withdraw(alice.key, { asset: 'NGN', amount: '4000', to: failingNaira });
    expect(await settled(alice.key, naira.body.data.id)).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('ending in 000 fail') });
    expect(await balances(alice, 'USD')).toEqual({ available: 10_000n, inTransit: 0n });
    expect(await balances(alice, 'NGN')).toEqual({ available: 10_000n, inTransit: 0n });
    expect((await events(alice.key)).map((e) => e.type)).toEqual(['withdrawal.failed', 'withdrawal.created', 'withdrawal.failed', 'withdrawal.created']);
    const { rows } = await server.db.query<{ title: string }>(
      "SELECT n.title FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.company_id = $1 AND n.title LIKE 'Withdrawal failed%'",
      [alice.id],
    );
    expect(rows).toHaveLength(2);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refuses, with a clear error and nothing moved, every withdrawal it may not make', async () => {
    const [alice, other] = [await newCompany(), await newCompany()];
    await fund(alice, 'USD', 10_000n);
    await fund(alice, 'BTC', 10_000n);
    const usd = await addMethod(alice, { kind: 'us_account' });
    const cooling = await addMethod(alice, { kind: 'us_account', coolingOff: true });
    const review = await addMethod(alice, { kind: 'iban', currency: 'USD', nameReview: 'needs_review' });
    const removed = await addMethod(alice, { kind: 'us_account', removed: true });
    const gbp = await addMethod(alice, { kind: 'gb_account' });
    const liveMethod = await addMethod(alice, { kind: 'us_account', livemode: true });
    const othersMethod = await addMethod(other, { kind: 'us_account' });
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ asset: 'USD', amount: '100', to: cooling }, 422, 'can receive money from'],
      [{ asset: 'USD', amount: '100', to: review }, 422, withdrawalMessages.methodNeedsReview],
      [{ asset: 'USD', amount: '100', to: removed }, 404, withdrawalMessages.methodNotFound],
      [{ asset: 'USD', amount: '100', to: othersMethod }, 404, withdrawalMessages.methodNotFound],
      [{ asset: 'USD', amount: '100', to: liveMethod }, 404, withdrawalMessages.methodNotFound],
      [{ asset: 'USD', amount: '100', to: 'not-a-method' }, 404, withdrawalMessages.methodNotFound],
      [{ asset: 'USD', amount: '100', to: gbp }, 422, withdrawalMessages.methodCurrency('GBP', 'USD')],
      [{ asset: 'USD', amount: '100', to: 'settlement_account' }, 422, withdrawalMessages.settlementNairaOnly],
      [{ asset: 'NGN', amount: '100', to: 'settlement_account' }, 422, withdrawalMessages.noSettlementAccount],
      [{ asset: 'BTC', amount: '100', to: usd }, 422, withdrawalMessages.cryptoNotYet('BTC')],
      [{ asset: 'USD', amount: '10001', to: usd }, 422, withdrawalMessages.balanceShort('USD')],
      [{ asset: 'USD', amount: '0', to: usd }, 400, ''],
      [{ asset: 'USD', amount: '-5', to: usd }, 400, ''],
      [{ asset: 'USD', amount: '1.5', to: usd }, 400, ''],
      [{ asset: 'USD', amount: 100, to: usd }, 400, ''],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await withdraw(alice.key, body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.body.isSuccessful).toBe(false);
      if (message) expect(answer.body.message).toContain(message);
      if (body.amount !== '10001') expect((await preview(alice.key, body)).status).toBe(status);
    }
    // Without an Idempotency-Key.
    const keyless = await withdraw(alice.key, { asset: 'USD', amount: '100', to: usd }, {});
    expect(keyless).toMatchObject({ status: 400, body: { message: withdrawalMessages.keyRequired } });
    // Live mode: an unapproved business is refused first; an approved one has no live money.
    const early = await newCompany({ approved: false });
    expect((await withdraw(early.accessToken, { asset: 'USD', amount: '100', to: usd }, { 'Idempotency-Key': 'live-1', 'FiPay-Mode': 'live' })).status).toBe(403);
    const live = await withdraw(alice.accessToken, { asset: 'USD', amount: '100', to: liveMethod }, { 'Idempotency-Key': 'live-2', 'FiPay-Mode': 'live' });
    expect(live).toMatchObject({ status: 409, body: { message: withdrawalMessages.liveProviderMissing('USD') } });
    expect(await balances(alice, 'USD')).toEqual({ available: 10_000n, inTransit: 0n });
    expect(await entries(alice.id)).toBe(0);
    expect((await server.api.get('/withdrawals', { token: alice.key })).body.data.withdrawals).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the same withdrawal, made once', async () => {
    const alice = await newCompany();
    await fund(alice, 'EUR', 10_000n);
    const method = await addMethod(alice, { kind: 'iban', accountNumber: 'DE89370400440532013001' });
    const headers = { 'Idempotency-Key': `same-${alice.id}` };
    const first = await withdraw(alice.key, { asset: 'EUR', amount: '700', to: method }, headers);
    const again = await withdraw(alice.key, { asset: 'EUR', amount: '700', to: method }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await withdraw(alice.key, { asset: 'EUR', amount: '701', to: method }, headers)).status).toBe(422);
    await settled(alice.key, first.body.data.id);
    expect(await balances(alice, 'EUR')).toEqual({ available: 9_300n, inTransit: 0n });
    // Another company never sees it.
    const other = await newCompany();
    expect((await server.api.get(`/withdrawals/${first.body.data.id}`, { token: other.key })).status).toBe(404);
    expect((await server.api.get(`/withdrawals/${first.body.data.id}`, { token: alice.accessToken, headers: { 'FiPay-Mode': 'live' } })).status).toBe(404);
  });

  it('asks a dashboard user for a code above the transfers threshold; a secret key needs none', async () => {
    const alice = await newCompany();
    await fund(alice, 'USD', 200_000n);
    const method = await addMethod(alice, { kind: 'us_account' });
    expect((await preview(alice.accessToken, { asset: 'USD', amount: '50000', to: method })).body.data.codeRequired).toBeNull();
    expect((await preview(alice.accessToken, { asset: 'USD', amount: '50001', to: method })).body.data.codeRequired).toBe('email');
    const without = await withdraw(alice.accessToken, { asset: 'USD', amount: '50001', to: method });
    expect(without).toMatchObject({ status: 400, body: { data: { errors: { code: withdrawalMessages.emailCodeRequired } } } });
    const wrong = await withdraw(alice.accessToken, { asset: 'USD', amount: '50001', to: method, code: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { message: messages.otpInvalid } });
    expect((await server.api.post('/transfers/code', {}, { token: alice.accessToken })).status).toBe(200);
    const code = (await server.mail.waitFor(alice.email)).text.match(/Your code: (\d{6})/)![1]!;
    expect((await withdraw(alice.accessToken, { asset: 'USD', amount: '50001', to: method, code })).status).toBe(201);
    expect((await withdraw(alice.key, { asset: 'USD', amount: '50001', to: method })).status).toBe(201);
    await server.app.withdrawals.drain();
    expect((await balances(alice, 'USD')).available).toBe(200_000n - 100_002n);
  });

  it('counts against the daily Send limit and refuses beyond it, moving nothing', async () => {
    const early = await newCompany({ approved: false });
    await fund(early, 'USD', 100_000n);
    const method = await addMethod(early, { kind: 'us_account' });
    expect((await withdraw(early.key, { asset: 'USD', amount: '9000', to: method })).status).toBe(201);
    const seen = await preview(early.key, { asset: 'USD', amount: '100', to: method });
    expect(seen.body.data.sendLimitLeftCents).toBe('1000');
    const over = await withdraw(early.key, { asset: 'USD', amount: '1001', to: method });
    expect(over).toMatchObject({ status: 409, body: { data: { code: 'LIMIT_EXCEEDED' } } });
    await server.app.withdrawals.drain();
    expect(await balances(early, 'USD')).toEqual({ available: 91_000n, inTransit: 0n });
  });

  it('refuses to withdraw from a frozen wallet, and a freeze before sending returns a pending withdrawal', async () => {
    const alice = await newCompany();
    await fund(alice, 'GBP', 10_000n);
    const method = await addMethod(alice, { kind: 'gb_account' });
    const { rows } = await server.db.query<{ id: string }>(`INSERT INTO reviewers (email, name, role) VALUES ($1, 'Freezing Reviewer', 'admin') RETURNING id`, [
      `wd-freezer-${Date.now()}@fipay.ng`,
    ]);
    // Written pending, then frozen before the job sends it (the worker is stopped for a moment).
    await server.app.withdrawals.stop();
    const pending = await withdraw(alice.key, { asset: 'GBP', amount: '1000', to: method });
    expect(pending.status).toBe(201);
    await server.db.transaction((tx) => freezeWallet(tx, { companyId: alice.id, livemode: false, reviewerId: rows[0]!.id, reason: 'Suspicious activity under review.' }));
    server.app.withdrawals.start();
    expect(await settled(alice.key, pending.body.data.id)).toMatchObject({ status: 'failed', failureReason: withdrawalMessages.frozenBeforeSending });
    const before = await entries(alice.id);
    const refused = await withdraw(alice.key, { asset: 'GBP', amount: '100', to: method });
    expect(refused).toMatchObject({ status: 409, body: { message: withdrawalMessages.frozen } });
    expect(await entries(alice.id)).toBe(before);
    expect(await balances(alice, 'GBP')).toEqual({ available: 10_000n, inTransit: 0n });
  });

  it('needs a session or a key on every route', async () => {
    for (const path of ['/withdrawals', '/withdrawals/00000000-0000-4000-8000-000000000000']) expect((await server.api.get(path)).status).toBe(401);
    for (const path of ['/withdrawals', '/withdrawals/preview']) expect((await server.api.post(path, {})).status).toBe(401);
  });
});
