import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb } from '../../test/db';
import { analyzedPlan, insertCompany, planNodes } from '../../test/ledger-rows';
import { accountStatement, accountStatementSql, post, type Entry } from './ledger';

/**
 * A statement page reads its own account's lines and no one else's
 * (docs/decisions/0104-a-statement-page-reads-its-account-s-lines-only.md): an account whose lines are all older than
 * many lines of another account, as a quiet business's wallet is on a busy platform. The lines are written straight
 * into this file's own database with the ledger's triggers stood aside (only the plans are asked about here; the
 * ledger's rules are ledger.test.ts's).
 */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await migrate(db);
});
afterAll(() => drop());

const OLD_LINES = 4_000;
const NEWER_LINES = 20_000;
const LIMIT = 26;

const faucet = (companyId: string, reference: string): Entry => ({
  livemode: false,
  companyId,
  kind: 'test_funds',
  reference,
  lines: [
    { account: { code: 'test_faucet', currency: 'USDC' }, amount: 1_000_000n },
    { account: { companyId, code: 'available', currency: 'USDC' }, amount: -1_000_000n },
  ],
});

/** `count` one-line-a-side entries on `accountId` and the faucet's account, numbered after every line there is. */
async function writeLines(tx: Queryable, companyId: string, accountId: string, faucetId: string, count: number) {
  await tx.query(
    `WITH e AS (
       INSERT INTO journal_entries (livemode, company_id, kind, reference, description)
       SELECT false, $1, 'test_funds', 'plan-' || gen_random_uuid(), 'Test funds' FROM generate_series(1, $4::int)
       RETURNING id
     )
     INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount, balance_after)
     SELECT e.id, side.account_id, 'USDC', false, side.amount, 1
       FROM e CROSS JOIN (VALUES ($2::uuid, -1::numeric), ($3::uuid, 1::numeric)) side(account_id, amount)`,
    [companyId, accountId, faucetId, count],
  );
}

describe('a statement page on a busy ledger', () => {
  let quiet: string;
  let quietAccount: string;
  let oldest: string;

  beforeAll(async () => {
    quiet = await insertCompany(db, 'Statement Plan');
    const busy = await insertCompany(db, 'Statement Plan');
    await db.transaction((tx) => post(tx, faucet(quiet, 'plan-open-1')));
    await db.transaction((tx) => post(tx, faucet(busy, 'plan-open-2')));
    const account = async (companyId: string | null, code: string) =>
      (
        await db.query<{ id: string }>(
          "SELECT id FROM ledger_accounts WHERE company_id IS NOT DISTINCT FROM $1 AND NOT livemode AND code = $2 AND currency = 'USDC'",
          [companyId, code],
        )
      ).rows[0]!.id;
    quietAccount = await account(quiet, 'available');
    const [busyAccount, faucetAccount] = [await account(busy, 'available'), await account(null, 'test_faucet')];
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await writeLines(tx, quiet, quietAccount, faucetAccount, OLD_LINES);
      await writeLines(tx, busy, busyAccount, faucetAccount, NEWER_LINES);
    });
    await db.exec('ANALYZE journal_lines; ANALYZE journal_entries; ANALYZE ledger_accounts');
    oldest = (await db.query<{ id: string }>('SELECT min(id)::text AS id FROM journal_lines WHERE account_id = $1', [quietAccount])).rows[0]!.id;
  });

  it('reads only the account lines it answers, on page 1 and past a cursor, in custom and generic plans alike', async () => {
    const account = { companyId: quiet, livemode: false, code: 'available' as const, currency: 'USDC' as const };
    const page1 = await accountStatement(db, account, { limit: LIMIT });
    expect(page1).toHaveLength(LIMIT);
    const newest = (await db.query<{ id: string }>('SELECT max(id)::text AS id FROM journal_lines WHERE account_id = $1', [quietAccount])).rows[0]!.id;
    expect(page1[0]!.lineId).toBe(newest);
    const cursor = (BigInt(oldest) + 2n * 1_000n).toString();
    const deep = await accountStatement(db, account, { limit: LIMIT, before: cursor });
    expect(deep).toHaveLength(LIMIT);
    expect(deep.every((line) => BigInt(line.lineId) < BigInt(cursor))).toBe(true);

    await db.transaction(async (tx) => {
      await tx.query(`PREPARE page1(uuid, boolean, text, text, timestamptz, timestamptz, text, int) AS ${accountStatementSql(false)}`);
      await tx.query(`PREPARE deep(uuid, boolean, text, text, bigint, timestamptz, timestamptz, text, int) AS ${accountStatementSql(true)}`);
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await tx.query(`SET LOCAL plan_cache_mode = ${mode}`);
        for (const run of [`page1('${quiet}', false, 'available', 'USDC', NULL, NULL, NULL, ${LIMIT})`, `deep('${quiet}', false, 'available', 'USDC', ${cursor}, NULL, NULL, NULL, ${LIMIT})`]) {
          const plan = await analyzedPlan(tx, `EXECUTE ${run}`);
          const lines = planNodes(plan).filter((node) => node['Relation Name'] === 'journal_lines' || node['Index Name']?.startsWith('journal_lines'));
          // Through the account's index only, and nothing read that the page then throws away: never a walk through
          // the busy account's 20,000 newer lines.
          expect(
            lines.map((node) => [node['Node Type'], node['Index Name'] ?? null, node['Rows Removed by Filter'] ?? 0]),
            `${mode}: ${run}`,
          ).toEqual(lines.map((node) => [node['Node Type'], node['Node Type'] === 'Bitmap Heap Scan' ? null : 'journal_lines_account_idx', 0]));
          expect(lines.length, `${mode}: ${run}`).toBeGreaterThan(0);
        }
      }
    });
  });
});
