import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../db/client';
import { migrate } from '../../db/migrate';
import { createTestDb } from '../../test/db';
import { analyzedPlan, blocksOf, insertCompany, planNodes, preparedPlans, rowsRead } from '../../test/ledger-rows';
import { inlineParameters } from '../../db/copy-lines';
import {
  accountStatement,
  accountStatementQuery,
  accountStatementSelect,
  LINE_ORDER_SLACK_MS,
  post,
  statementLineRange,
  type AccountStatementQuery,
  type Entry,
  type ModeAccount,
} from './ledger';

/**
 * A statement page reads its own account's lines and no one else's
 * (docs/decisions/0104-a-statement-page-reads-its-account-s-lines-only.md): an account whose lines are all older than
 * many lines of another account, as a quiet business's wallet is on a busy platform. Its dates bound the lines it
 * reads (docs/decisions/0106-statement-dates-bound-the-account-s-lines.md): a day long past is found without reading
 * the lines since. The lines are written straight into this file's own database with the ledger's triggers stood
 * aside (only the plans and the lines chosen are asked about here; the ledger's rules are ledger.test.ts's).
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

const MINUTE = 60_000;
/** When the lines written by `writeLines` were written: the newest a day ago, one a minute before it. */
const NEWEST_LINE_AT = Date.now() - 24 * 60 * MINUTE;

/**
 * `count` one-line-a-side entries on `accountId` and the faucet's account, numbered after every line there is, in
 * order, each money in to the account (a negative amount: it is credit-normal) but every `outEvery`-th money out; with
 * `jitterMinutes`, the entries are written one a minute up to NEWEST_LINE_AT, each moved by up to that many minutes
 * either way (lines taking their account's lock out of their entries' order, as the ledger allows within
 * LINE_ORDER_SLACK_MS), otherwise all now.
 */
async function writeLines(
  tx: Queryable,
  companyId: string,
  accountId: string,
  faucetId: string,
  count: number,
  options: { jitterMinutes?: number; outEvery?: number } = {},
) {
  await tx.query(
    `WITH e AS (
       INSERT INTO journal_entries (livemode, company_id, kind, reference, description, created_at)
       SELECT false, $1, 'test_funds', 'plan-' || lpad(g::text, 7, '0') || '-' || gen_random_uuid(), 'Test funds',
              CASE WHEN $5::int IS NULL THEN now()
                   ELSE $6::timestamptz - make_interval(mins => $4::int - g) + make_interval(secs => (random() * 2 - 1) * $5::int * 60) END
         FROM generate_series(1, $4::int) g
       RETURNING id, reference
     )
     INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount, balance_after)
     SELECT e.id, side.account_id, 'USDC', false, side.amount * CASE WHEN substr(e.reference, 6, 7)::int % $7::int = 0 THEN -1 ELSE 1 END, 1
       FROM (SELECT * FROM e ORDER BY reference) e CROSS JOIN (VALUES ($2::uuid, -1::numeric), ($3::uuid, 1::numeric)) side(account_id, amount)`,
    [companyId, accountId, faucetId, count, options.jitterMinutes ?? null, new Date(NEWEST_LINE_AT).toISOString(), options.outEvery ?? count + 1],
  );
}

/** A company (named after `label`) with its available USDC account opened by test funds: its id, its account's and the faucet's. */
async function openAccount(label: string): Promise<{ companyId: string; accountId: string; faucetId: string }> {
  const companyId = await insertCompany(db, label);
  await db.transaction((tx) => post(tx, faucet(companyId, `plan-open-${companyId}`)));
  const { rows } = await db.query<{ id: string; faucet: string }>(
    `SELECT a.id, (SELECT f.id FROM ledger_accounts f WHERE f.company_id IS NULL AND NOT f.livemode AND f.code = 'test_faucet' AND f.currency = 'USDC') AS faucet
       FROM ledger_accounts a WHERE a.company_id = $1 AND NOT a.livemode AND a.code = 'available' AND a.currency = 'USDC'`,
    [companyId],
  );
  return { companyId, accountId: rows[0]!.id, faucetId: rows[0]!.faucet };
}

/** The executed plans of `accountStatement`'s statement for `query` (custom and generic), the nodes reading journal_lines. */
async function statementPlans(account: ModeAccount, query: AccountStatementQuery) {
  const { text, values } = accountStatementQuery(account, query);
  return preparedPlans(db, text, values, 'journal_lines');
}

describe('a statement page on a busy ledger', () => {
  let quiet: string;
  let quietAccount: string;
  let oldest: string;

  beforeAll(async () => {
    const opened = await openAccount('Statement Plan');
    const busy = await openAccount('Statement Plan');
    [quiet, quietAccount] = [opened.companyId, opened.accountId];
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await writeLines(tx, quiet, quietAccount, opened.faucetId, OLD_LINES);
      await writeLines(tx, busy.companyId, busy.accountId, busy.faucetId, NEWER_LINES);
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

    for (const query of [{ limit: LIMIT }, { limit: LIMIT, before: cursor }]) {
      for (const { mode, reads: lines } of await statementPlans(account, query)) {
        // Through the account's index only, and nothing read that the page then throws away: never a walk through
        // the busy account's 20,000 newer lines.
        expect(
          lines.map((node) => [node['Node Type'], node['Index Name'] ?? null, node['Rows Removed by Filter'] ?? 0]),
          `${mode}: ${JSON.stringify(query)}`,
        ).toEqual(lines.map((node) => [node['Node Type'], node['Node Type'] === 'Bitmap Heap Scan' ? null : 'journal_lines_account_idx', 0]));
        expect(lines.length, `${mode}: ${JSON.stringify(query)}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('statement dates on a long account', () => {
  const DATED_LINES = 3_000;
  // Within LINE_ORDER_SLACK_MS: entries up to 40 minutes out of their lines' order.
  const JITTER_MINUTES = 20;
  let account: ModeAccount;
  let accountId: string;

  beforeAll(async () => {
    expect(2 * JITTER_MINUTES * MINUTE).toBeLessThan(LINE_ORDER_SLACK_MS);
    const { companyId: dated, accountId: opened, faucetId } = await openAccount('Statement Dates');
    account = { companyId: dated, livemode: false, code: 'available', currency: 'USDC' };
    accountId = opened;
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      // The opening entry above was written now, a day after the lines below but numbered before them, which the
      // ledger cannot do (lines follow their entries' times): it is dated before them.
      await tx.query(`UPDATE journal_entries SET created_at = $2::timestamptz WHERE company_id = $1`, [
        dated,
        new Date(NEWEST_LINE_AT - (DATED_LINES + 120) * MINUTE).toISOString(),
      ]);
      await writeLines(tx, dated, accountId, faucetId, DATED_LINES, { jitterMinutes: JITTER_MINUTES });
    });
    await db.exec('ANALYZE journal_lines; ANALYZE journal_entries');
  });

  /** The account's lines of entries in [from, to), newest first, read line by line: what the statement must answer. */
  async function linesBetween(from: Date | null, to: Date | null, limit: number): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT l.id::text AS id FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE l.account_id = $1 AND ($2::timestamptz IS NULL OR e.created_at >= $2) AND ($3::timestamptz IS NULL OR e.created_at < $3)
        ORDER BY l.id DESC LIMIT $4`,
      [accountId, from?.toISOString() ?? null, to?.toISOString() ?? null, limit],
    );
    return rows.map((row) => row.id);
  }

  it('answers exactly the lines of entries in the dates, with entries out of their lines order by up to the slack', async () => {
    const at = (minutes: number) => new Date(NEWEST_LINE_AT + minutes * MINUTE);
    // An entry's own time, for a date on the boundary (from includes it, to excludes it).
    const middle = (await db.query<{ at: Date }>(
      `SELECT e.created_at AS at FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE l.account_id = $1 ORDER BY l.id OFFSET 1500 LIMIT 1`,
      [accountId],
    )).rows[0]!.at;
    const windows: [Date | null, Date | null][] = [
      [null, at(-2_000)],
      [at(-2_500), at(-1_000)],
      [at(-1_440.5), at(-1_439.5)],
      [at(-30), null],
      [null, at(-2_990)],
      [at(100), null],
      [null, at(-4_000)],
      [at(-4_000), at(-3_100)],
      [middle, null],
      [null, middle],
      [middle, new Date(middle.getTime() + 1)],
      [at(-1_000), at(-2_000)],
    ];
    for (const [from, to] of windows) {
      for (const limit of [26, DATED_LINES + 1]) {
        const answered = await accountStatement(db, account, { from, to, limit });
        expect(answered.map((line) => line.lineId), `${from?.toISOString()} – ${to?.toISOString()}, ${limit}`).toEqual(await linesBetween(from, to, limit));
      }
    }
    // A page past a cursor inside the dates.
    const [from, to] = [at(-2_500), at(-1_000)];
    const first = await accountStatement(db, account, { from, to, limit: 26 });
    const next = await accountStatement(db, account, { from, to, limit: 26, before: first.at(-1)!.lineId });
    expect(next.map((line) => line.lineId)).toEqual((await linesBetween(from, to, 52)).slice(26));
  });

  it('reads no line of entries far from the dates: not the lines written since', async () => {
    const at = (minutes: number) => new Date(NEWEST_LINE_AT + minutes * MINUTE);
    // Dates whose lines are older than 2,000 of the account's, which the page used to read through.
    for (const [from, to] of [
      [null, at(-2_000)],
      [at(-2_600), at(-2_000)],
      [at(-2_100), at(-2_000)],
      // Fewer lines than a page: the scan ends at the window's first line, not at the account's.
      [at(-2_010), at(-2_000)],
    ] as const) {
      // The search's bounds widen the dates by twice the slack at most (migration 0060): the lines it may read.
      const near = (await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
          WHERE l.account_id = $1 AND ($2::timestamptz IS NULL OR e.created_at >= $2::timestamptz - $4 * interval '1 millisecond')
            AND e.created_at < $3::timestamptz + $4 * interval '1 millisecond'`,
        [accountId, from?.toISOString() ?? null, to.toISOString(), 2 * LINE_ORDER_SLACK_MS],
      )).rows[0]!.n;
      expect(near).toBeLessThan(DATED_LINES - 1_500);
      const query = { limit: LIMIT, from, to };
      for (const { mode, reads: lines } of await statementPlans(account, query)) {
        const what = `${mode}: ${JSON.stringify(query)}`;
        expect(lines.length, what).toBeGreaterThan(0);
        for (const node of lines) {
          expect(node['Index Name'] ?? 'journal_lines_account_idx', what).toBe('journal_lines_account_idx');
          expect((node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), what).toBeLessThanOrEqual(near);
        }
      }
    }
  });

  it('reads a window of fewer lines than a page where it lies, not on through the account: an old window costs what a recent one does', async () => {
    const at = (minutes: number) => new Date(NEWEST_LINE_AT + minutes * MINUTE);
    // Ten minutes' lines, 2,000 lines into the account and at its newest end. Index entries failing a bound are
    // counted in no row of the plan, only in the blocks the scan touched: with a bound that does not end the scan,
    // the old window's scan walked the account's other 2,000 entries (18 to 30 blocks here, against 5 at the end).
    const blocks = async (from: Date, to: Date) =>
      (await statementPlans(account, { limit: LIMIT, from, to })).map(({ mode, reads }) => ({ mode, blocks: blocksOf(reads, 'journal_lines') }));
    const recent = await blocks(at(-12), at(-2));
    const old = await blocks(at(-2_010), at(-2_000));
    for (const [i, { mode, blocks: n }] of old.entries()) expect(n, `${mode}: ${JSON.stringify({ old, recent })}`).toBeLessThanOrEqual(recent[i]!.blocks + 6);
  });

  it('exports the lines of the dates through their bounds, searched first, not through every company entry of the dates', async () => {
    const at = (minutes: number) => new Date(NEWEST_LINE_AT + minutes * MINUTE);
    // The lines as the export's COPY reads them: its values written in, so planned with the bounds known.
    const exported = async (from: Date | null, to: Date | null, before: string | null = null, limit: number | null = null) => {
      const range = (await statementLineRange(db, account, { from, to }))!;
      const { sql, params } = accountStatementSelect(range, { from, to, before, limit, direction: null }, () => ({ columns: 'l.id::text AS id' }));
      return inlineParameters(sql, params);
    };
    for (const [from, to] of [
      [at(-2_030), at(-2_000)],
      [at(-2_010), at(-2_000)],
      [null, at(-2_990)],
      [at(-5), null],
      [at(100), null],
      [null, at(-4_000)],
    ] as const) {
      const what = `${from?.toISOString()} – ${to?.toISOString()}`;
      const text = await exported(from, to);
      const { rows } = await db.query<{ id: string }>(text);
      expect(rows.map((row) => row.id), what).toEqual(await linesBetween(from, to, DATED_LINES + 1));
      // Every account's lines numbered within twice the slack of the dates: all a plan through either index may read.
      const near = (await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
          WHERE l.id >= (SELECT min(x.id) FROM journal_lines x JOIN journal_entries y ON y.id = x.entry_id
                          WHERE x.account_id = $1 AND ($2::timestamptz IS NULL OR y.created_at >= $2::timestamptz - $4 * interval '1 millisecond'))
            AND l.id <= (SELECT max(x.id) FROM journal_lines x JOIN journal_entries y ON y.id = x.entry_id
                          WHERE x.account_id = $1 AND ($3::timestamptz IS NULL OR y.created_at < $3::timestamptz + $4 * interval '1 millisecond'))`,
        [accountId, from?.toISOString() ?? null, to?.toISOString() ?? null, 2 * LINE_ORDER_SLACK_MS],
      )).rows[0]!.n;
      const nodes = planNodes(await analyzedPlan(db, text));
      const reads = (relation: string) => nodes.filter((node) => node['Relation Name'] === relation || node['Index Name']?.startsWith(relation));
      expect(reads('journal_lines').length, what).toBeGreaterThan(0);
      expect(rowsRead(reads('journal_lines')), what).toBeLessThanOrEqual(near);
      // Each line's entry by its key, never every company's entries filtered by their time.
      expect(rowsRead(reads('journal_entries')), what).toBeLessThanOrEqual(near);
    }
    // A batch past a cursor, as the embedded database reads the export.
    const [from, to] = [at(-2_500), at(-1_000)];
    const first = await db.query<{ id: string }>(await exported(from, to, null, 26));
    const next = await db.query<{ id: string }>(await exported(from, to, first.rows.at(-1)!.id, 26));
    expect([...first.rows, ...next.rows].map((row) => row.id)).toEqual(await linesBetween(from, to, 52));
  });
});

describe('a statement of one direction, rare among the account lines', () => {
  const LINES = 3_000;
  const EVERY = 300;
  let account: ModeAccount;
  let accountId: string;

  beforeAll(async () => {
    const { companyId, accountId: opened, faucetId } = await openAccount('Statement Direction');
    account = { companyId, livemode: false, code: 'available', currency: 'USDC' };
    accountId = opened;
    // Money in on every line, but out on every EVERY-th.
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await writeLines(tx, companyId, accountId, faucetId, LINES, { outEvery: EVERY });
    });
    await db.exec('ANALYZE journal_lines');
  });

  it('pages through exactly the lines of each direction, reading only the lines of the direction asked for', async () => {
    for (const direction of ['in', 'out'] as const) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT l.id::text AS id FROM journal_lines l WHERE l.account_id = $1 AND (CASE WHEN $2 = 'in' THEN l.amount < 0 ELSE l.amount > 0 END) ORDER BY l.id DESC`,
        [accountId, direction],
      );
      const seen: string[] = [];
      let before: string | null = null;
      for (;;) {
        const page = await accountStatement(db, account, { limit: LIMIT, direction, before });
        seen.push(...page.map((line) => line.lineId));
        if (page.length < LIMIT) break;
        before = page.at(-1)!.lineId;
      }
      expect(seen, direction).toEqual(rows.map((row) => row.id));
    }
    const out = LINES / EVERY;
    for (const { mode, reads } of await statementPlans(account, { limit: LIMIT, direction: 'out' })) {
      // The ten lines out, not the 2,990 in around them.
      expect(rowsRead(reads), mode).toBeLessThanOrEqual(out);
      expect(reads.length, mode).toBeGreaterThan(0);
    }
    // The export's batches alike.
    const range = (await statementLineRange(db, account, {}))!;
    const { sql, params } = accountStatementSelect(range, { before: null, limit: LIMIT, direction: 'out' }, () => ({ columns: 'l.id::text AS id' }));
    const nodes = planNodes(await analyzedPlan(db, inlineParameters(sql, params))).filter((node) => node['Relation Name'] === 'journal_lines');
    expect(rowsRead(nodes)).toBeLessThanOrEqual(out);
  });
});
