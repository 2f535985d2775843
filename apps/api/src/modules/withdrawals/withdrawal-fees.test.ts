import { withdrawalMessages } from '@fipay/contracts/withdrawals';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

// A withdrawal fee per currency (WITHDRAWAL_FEES; docs/decisions/0082-withdrawal-webhooks-and-fees.md): ₦52.50 and $1.50 here.
let server: TestServer;
const limits = { unapproved: { trade: '10000', send: '10000' }, approved: { trade: '100000000000', send: '100000000000' } };

beforeAll(async () => {
  server = await startTestServer({
    env: { DAILY_LIMITS: JSON.stringify({ ...limits, tier_2: limits.approved, tier_3: limits.approved }), WITHDRAWAL_FEES: '{"NGN":"52.50","USD":"1.50"}' },
    rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } },
  });
  await refreshRates(server.app.ctx);
});
afterEach(async () => expect(await ledgerDiscrepancies(server.db)).toEqual([]));
afterAll(() => server.close());

const { newCompany, fund, addMethod, balances, withdraw, settled } = withdrawalFixtures(() => server);

/** The platform's fee revenue of `asset` in test mode. */
const feeRevenue = async (asset: string) =>
  BigInt(
    (await server.db.query<{ balance: string }>("SELECT coalesce(sum(balance), 0)::text AS balance FROM ledger_accounts WHERE company_id IS NULL AND code = 'fees' AND currency = $1 AND NOT livemode", [asset]))
      .rows[0]!.balance,
  );
/** The lines of a withdrawal's entry of `kind`, by account code. */
const lines = async (id: string, kind: string) =>
  (
    await server.db.query<{ code: string; amount: string }>(
      `SELECT a.code, l.amount::text AS amount FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.account_id
        WHERE e.reference = $1 AND e.kind = $2 ORDER BY a.code`,
      [id, kind],
    )
  ).rows.map((row) => [row.code, BigInt(row.amount)]);

describe('withdrawal fees', () => {
  it('are previewed, counted in the balance check to the unit, and posted to the platform’s fees in the withdrawal’s own entry', async () => {
    const alice = await newCompany();
    const method = await addMethod(alice, { kind: 'ng_bank_account' });
    // Exactly the amount and the fee, less one kobo: refused, nothing moved.
    await fund(alice, 'NGN', 100_000n + 5_250n - 1n);
    const seen = await server.api.post('/withdrawals/preview', { asset: 'NGN', amount: '100000', to: method }, { token: alice.key });
    expect(seen.body.data).toMatchObject({ amount: '100000', fee: '5250', total: '105250' });
    const short = await withdraw(alice.key, { asset: 'NGN', amount: '100000', to: method });
    expect(short.status).toBe(422);
    expect(short.body.message).toContain(withdrawalMessages.balanceShort('NGN'));
    expect(await balances(alice, 'NGN')).toEqual({ available: 105_249n, inTransit: 0n });

    // One kobo more covers it: the whole balance leaves, the fee as the platform's revenue at once.
    await fund(alice, 'NGN', 1n);
    const before = await feeRevenue('NGN');
    const made = await withdraw(alice.key, { asset: 'NGN', amount: '100000', to: method });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ amount: '100000', fee: '5250', status: 'pending' });
    expect(await lines(made.body.data.id, 'withdrawal')).toEqual([
      ['available', 105_250n],
      ['fees', -5_250n],
      ['payouts_in_transit', -100_000n],
    ]);
    expect(await feeRevenue('NGN')).toBe(before + 5_250n);
    // Paid: the amount leaves for the bank; the fee stays earned.
    expect(await settled(alice.key, made.body.data.id)).toMatchObject({ status: 'paid' });
    expect(await lines(made.body.data.id, 'withdrawal.paid')).toEqual([
      ['bank', -100_000n],
      ['payouts_in_transit', 100_000n],
    ]);
    expect(await balances(alice, 'NGN')).toEqual({ available: 0n, inTransit: 0n });
    expect(await feeRevenue('NGN')).toBe(before + 5_250n);
  });

  it('come back with the amount when the withdrawal fails', async () => {
    const bob = await newCompany();
    await fund(bob, 'USD', 10_000n);
    // The sandbox fails an account number ending in 000.
    const method = await addMethod(bob, { kind: 'us_account', accountNumber: '123456000' });
    const before = await feeRevenue('USD');
    const made = await withdraw(bob.key, { asset: 'USD', amount: '2500', to: method });
    expect(made.body.data).toMatchObject({ amount: '2500', fee: '150' });
    expect(await settled(bob.key, made.body.data.id)).toMatchObject({ status: 'failed' });
    expect(await lines(made.body.data.id, 'withdrawal.failed')).toEqual([
      ['available', -2_650n],
      ['fees', 150n],
      ['payouts_in_transit', 2_500n],
    ]);
    expect(await balances(bob, 'USD')).toEqual({ available: 10_000n, inTransit: 0n });
    expect(await feeRevenue('USD')).toBe(before);
  });

  it('are none for a currency the setting does not name', async () => {
    const carol = await newCompany();
    await fund(carol, 'GBP', 1_000n);
    const method = await addMethod(carol, { kind: 'gb_account' });
    const made = await withdraw(carol.key, { asset: 'GBP', amount: '1000', to: method });
    expect(made.body.data).toMatchObject({ amount: '1000', fee: '0' });
    expect(await settled(carol.key, made.body.data.id)).toMatchObject({ status: 'paid' });
    expect(await lines(made.body.data.id, 'withdrawal')).toEqual([
      ['available', 1_000n],
      ['payouts_in_transit', -1_000n],
    ]);
  });
});
