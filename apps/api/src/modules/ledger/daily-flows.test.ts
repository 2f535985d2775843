import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb } from '../../test/db';
import { analyzedPlan, insertCompany, planNodes, rowsRead } from '../../test/ledger-rows';
import { accountDailyFlows, accountDailyFlowsQuery, post, type WalletAccounts } from './ledger';

/**
 * The overview's sums (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md) on an account of 100,000 lines:
 * the answer is exact, and the statement reads the window's lines and a binary search's few, not the account's.
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
});
afterAll(() => drop());

const DAY = 86_400_000;
const OLD_LINES = 100_000;

describe("an account's money in and out per day", () => {
  it('sums the window exactly, reading its lines and a few more, however many lines the account has', async () => {
    const companyId = await insertCompany(db, 'Flows Test');
    const account: WalletAccounts = { companyId, livemode: false, currency: 'EUR', codes: ['available', 'held'] };
    // Opens the company's EUR account and the faucet's with one real entry of 7 cents, moved below to 401 days ago.
    await db.transaction((tx) =>
      post(tx, {
        livemode: false,
        companyId,
        kind: 'test_funds',
        reference: 'flows-open',
        lines: [
          { account: { companyId, code: 'available', currency: 'EUR' }, amount: -7n },
          { account: { code: 'test_faucet', currency: 'EUR' }, amount: 7n },
        ],
      }),
    );
    // 100,000 older entries of one cent each, from 400 to about 53 days ago, written straight into the tables (the
    // ledger's triggers off for this test's bulk load only), each balanced by the faucet, numbered in time order.
    await db.transaction(async (tx) => {
      await tx.query("SET LOCAL session_replication_role = 'replica'");
      await tx.query("UPDATE journal_entries SET created_at = now() - interval '401 days' WHERE reference = 'flows-open'");
      await tx.query(
        `WITH made AS (
           INSERT INTO journal_entries (livemode, company_id, kind, reference, description, created_at)
           SELECT false, $1, 'test_funds', 'flows-old-' || i, 'Old', now() - interval '400 days' + i * interval '5 minutes'
             FROM generate_series(1, $2::int) i
           RETURNING id, created_at
         )
         INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount, balance_after)
         SELECT m.id, a.id, 'EUR', false, CASE a.code WHEN 'available' THEN -1 ELSE 1 END, 0
           FROM (SELECT id, created_at FROM made ORDER BY created_at) m
           CROSS JOIN (SELECT id, code FROM ledger_accounts WHERE currency = 'EUR' AND livemode = false AND (company_id = $1 OR code = 'test_faucet')) a
          ORDER BY m.created_at, a.code`,
        [companyId, OLD_LINES],
      );
    });
    // Today's entries, after the old ones by id as by time.
    for (const [i, amount] of [250n, 1_000n, 5n].entries()) {
      await db.transaction((tx) =>
        post(tx, {
          livemode: false,
          companyId,
          kind: 'test_funds',
          reference: `flows-new-${i}`,
          lines: [
            { account: { companyId, code: 'available', currency: 'EUR' }, amount: -amount },
            { account: { code: 'test_faucet', currency: 'EUR' }, amount },
          ],
        }),
      );
    }
    // A move between the wallet's own accounts (a hold) is neither in nor out.
    await db.transaction((tx) =>
      post(tx, {
        livemode: false,
        companyId,
        kind: 'hold',
        reference: 'flows-hold',
        lines: [
          { account: { companyId, code: 'available', currency: 'EUR' }, amount: 100n },
          { account: { companyId, code: 'held', currency: 'EUR' }, amount: -100n },
        ],
      }),
    );
    const since = new Date(Date.now() - 30 * DAY);
    const flows = await accountDailyFlows(db, account, since, 'UTC');
    const today = new Date().toISOString().slice(0, 10);
    expect(flows).toEqual([{ day: today, in: 1_255n, out: 0n, count: 3 }]);

    const { text, values } = accountDailyFlowsQuery(account, since, 'UTC');
    const plan = await analyzedPlan(db, text, values);
    const read = rowsRead(planNodes(plan).filter((node) => node['Relation Name'] === 'journal_lines'));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(500);

    // A window reaching back past the old lines sums every one of them.
    const wide = await accountDailyFlows(db, account, new Date(Date.now() - 402 * DAY), 'UTC');
    expect(wide.reduce((sum, day) => sum + day.in, 0n)).toBe(BigInt(OLD_LINES) + 7n + 1_255n);
    expect(wide.reduce((sum, day) => sum + day.count, 0)).toBe(OLD_LINES + 4);
    // 100 days back: the old lines of the last 47 days or so (one every 5 minutes), cut exactly at the window's start.
    const start = new Date(Date.now() - 100 * DAY);
    const { rows: expected } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal_entries WHERE company_id = $1 AND created_at >= $2 AND kind <> 'hold'`,
      [companyId, start.toISOString()],
    );
    const hundred = await accountDailyFlows(db, account, start, 'UTC');
    expect(hundred.reduce((sum, day) => sum + day.count, 0)).toBe(expected[0]!.n);
  // 100,000 entries loaded into the embedded database take 10–15 s alone, three times that beside two other test files: a hang guard, not a speed check.
  }, 120_000);
});
