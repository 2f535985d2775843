import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueWithdrawals } from './sending';
import { startTestServer, type TestServer } from '../../test/server';
import { withdrawalFixtures } from '../../test/withdrawal-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

let server: TestServer;
const limits = { unapproved: { trade: '10000', send: '10000' }, approved: { trade: '100000000000', send: '100000000000' } };

beforeAll(async () => {
  server = await startTestServer({
    env: { DAILY_LIMITS: JSON.stringify({ ...limits, tier_2: limits.approved, tier_3: limits.approved }) },
    rateRules: { merchantTestPerKey: { limit: 200, windowSeconds: 1 } },
  });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fund, addMethod, balances, withdraw } = withdrawalFixtures(() => server);

describe('withdrawals on PostgreSQL, many at once', () => {
  it('never overdraws: of 30 concurrent withdrawals of one balance, exactly those it covers are made, with no discrepancy', async () => {
    const alice = await newCompany();
    await fund(alice, 'NGN', 1_000_000n);
    const method = await addMethod(alice, { kind: 'ng_bank_account' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => withdraw(alice.key, { asset: 'NGN', amount: '70000', to: method })));
    const statuses = answers.map((answer) => answer.status);
    // 1,000,000 kobo covers 14 withdrawals of 70,000; the rest are refused as short and move nothing.
    expect(statuses.filter((status) => status === 201)).toHaveLength(14);
    expect(statuses.filter((status) => status === 422)).toHaveLength(16);
    await server.app.withdrawals.drain();
    expect(await balances(alice, 'NGN')).toEqual({ available: 20_000n, inTransit: 0n });
    expect((await server.api.get('/withdrawals?status=paid&limit=100', { token: alice.key })).body.data.withdrawals).toHaveLength(14);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('sends each withdrawal once when two job runs claim at the same time', async () => {
    const alice = await newCompany();
    await fund(alice, 'USD', 100_000n);
    const method = await addMethod(alice, { kind: 'us_account' });
    await server.app.withdrawals.stop();
    const made = await Promise.all(Array.from({ length: 10 }, () => withdraw(alice.key, { asset: 'USD', amount: '1000', to: method })));
    expect(made.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const runs = await Promise.all([sendDueWithdrawals(server.app.ctx), sendDueWithdrawals(server.app.ctx), sendDueWithdrawals(server.app.ctx)]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(10);
    server.app.withdrawals.start();
    expect(await balances(alice, 'USD')).toEqual({ available: 90_000n, inTransit: 0n });
    const paidEntries = await server.db.query<{ n: string }>("SELECT count(*) AS n FROM journal_entries WHERE company_id = $1 AND kind = 'withdrawal.paid'", [alice.id]);
    expect(paidEntries.rows[0]!.n).toBe('10');
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
