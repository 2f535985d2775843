import type { Queryable } from '../../db/client';
import { kobo } from '../../lib/minor-units';

/**
 * Posting to the double-entry ledger (migration 0010). Amounts are integers in the currency's minor unit
 * (kobo for NGN): a line's amount is positive for a debit and negative for a credit, and an entry's lines
 * sum to zero per currency, which the database checks at commit. Post inside the transaction that makes
 * the state change the money follows, so both are written or neither.
 */

export type Currency = 'NGN';

/**
 * A company's accounts (what it is owed), each per mode and currency, credit-normal. Never negative, except
 * `available`, which may go below zero down to what is pending (a refund after a payout): the database holds
 * available + pending >= 0 (migration 0017).
 */
export const companyAccountCodes = ['pending', 'available', 'payouts_in_transit'] as const;
export type CompanyAccountCode = (typeof companyAccountCodes)[number];

/**
 * The platform's accounts per mode and currency: fees earned (credit-normal), money the acquirer owes us
 * (debit-normal) and money in our bank account (debit-normal). They may go negative: a refund can move
 * clearing below zero before the acquirer settles.
 */
const platformAccounts = {
  fees: 'credit',
  acquirer_clearing: 'debit',
  bank: 'debit',
} as const;
export type PlatformAccountCode = keyof typeof platformAccounts;

export type AccountRef =
  | { companyId: string; code: CompanyAccountCode; currency: Currency }
  | { companyId?: undefined; code: PlatformAccountCode; currency: Currency };

export type Line = { account: AccountRef; amount: number };

export type Entry = {
  livemode: boolean;
  companyId: string | null;
  /** What kind of movement: `charge.success`, `refund`, `settlement`, … */
  kind: string;
  /** What it is about (a transaction reference, a refund id); an entry is posted once per kind and reference. */
  reference: string;
  description?: string;
  lines: Line[];
};

/** A debit that would take an account that may not go negative below zero. */
export class InsufficientBalanceError extends Error {
  constructor() {
    super('The balance is not enough for this.');
    this.name = 'InsufficientBalanceError';
  }
}

/** The same kind and reference was posted before (a retried job or a repeated provider event). */
export class AlreadyPostedError extends Error {
  constructor(readonly kind: string, readonly reference: string) {
    super(`${kind} ${reference} is already posted`);
    this.name = 'AlreadyPostedError';
  }
}

const isInteger = (n: number) => Number.isSafeInteger(n);

/** The account's id, made on first use. */
export async function accountId(tx: Queryable, livemode: boolean, ref: AccountRef): Promise<string> {
  const company = ref.companyId ?? null;
  const find = () =>
    tx.query<{ id: string }>(
      'SELECT id FROM ledger_accounts WHERE company_id IS NOT DISTINCT FROM $1 AND livemode = $2 AND code = $3 AND currency = $4',
      [company, livemode, ref.code, ref.currency],
    );
  const found = (await find()).rows[0];
  if (found) return found.id;
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO ledger_accounts (company_id, livemode, code, currency, normal_side, allow_negative)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, livemode, code, currency) DO NOTHING
     RETURNING id`,
    [company, livemode, ref.code, ref.currency, company ? 'credit' : platformAccounts[ref.code as PlatformAccountCode], company === null || ref.code === 'available'],
  );
  // Made by a transaction running alongside this one since the look-up: it is there now.
  return inserted.rows[0]?.id ?? (await find()).rows[0]!.id;
}

/** The accounts' ids in the order given: the ones that exist in one query, the others made one by one. */
async function accountIds(tx: Queryable, livemode: boolean, refs: AccountRef[]): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; position: string }>(
    `SELECT a.id, r.position FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS r(company_id, code, currency, position)
       JOIN ledger_accounts a ON a.company_id IS NOT DISTINCT FROM r.company_id AND a.livemode = $4 AND a.code = r.code AND a.currency = r.currency`,
    [refs.map((ref) => ref.companyId ?? null), refs.map((ref) => ref.code), refs.map((ref) => ref.currency), livemode],
  );
  const found = new Map(rows.map((row) => [Number(row.position) - 1, row.id]));
  const ids: string[] = [];
  for (const [index, ref] of refs.entries()) ids.push(found.get(index) ?? (await accountId(tx, livemode, ref)));
  return ids;
}

function pgCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
function pgConstraint(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'constraint' in error ? String((error as { constraint: unknown }).constraint) : undefined;
}

/** An account and the mode it is kept in. */
export type ModeAccount = AccountRef & { livemode: boolean };

/**
 * The ledger accounts each open database transaction has locked: taken once, all together, in the order of
 * their ids (docs/decisions/0038-one-lock-order-for-money.md). Keyed by the transaction's own handle, so the
 * set goes with it.
 */
const lockedAccounts = new WeakMap<Queryable, ReadonlySet<string>>();

/** A programming error: a money path that would take its locks out of the one order. */
export class LockOrderError extends Error {
  constructor(detail: string) {
    super(`Ledger lock order: ${detail} (docs/decisions/0038-one-lock-order-for-money.md)`);
    this.name = 'LockOrderError';
  }
}

function mustBeTransaction(tx: Queryable) {
  if ('transaction' in tx) throw new LockOrderError('post and lock accounts inside a database transaction');
}

/** Locks the accounts with these ids, in id order, in one statement, as the transaction's whole set. */
async function lockIds(tx: Queryable, ids: string[]): Promise<ReadonlySet<string>> {
  if (lockedAccounts.has(tx)) throw new LockOrderError('a transaction locks its accounts once, before its first posting');
  const sorted = [...new Set(ids)].sort();
  // FOR UPDATE is applied to rows as the ORDER BY returns them: every transaction takes its accounts in one global order.
  await tx.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [sorted]);
  const locked = new Set(sorted);
  lockedAccounts.set(tx, locked);
  return locked;
}

/**
 * Locks every account the transaction will post to, before its first posting: a transaction that posts more
 * than once (a charge and its release, a payout and its transfer) names them all here. Accounts of several
 * companies may be taken at once (the release job); they are taken in id order all the same.
 */
export async function lockAccounts(tx: Queryable, accounts: ModeAccount[]): Promise<void> {
  mustBeTransaction(tx);
  const ids: string[] = [];
  for (const livemode of [false, true]) {
    const refs = accounts.filter((account) => account.livemode === livemode);
    if (refs.length > 0) ids.push(...(await accountIds(tx, livemode, refs)));
  }
  await lockIds(tx, ids);
}

/**
 * Writes one entry in `tx`. Lines on the same account are merged. The accounts are locked first, all in one
 * statement in id order, unless `lockAccounts` locked them (and any others) before: a transaction takes its
 * ledger locks once, so two transactions never wait on each other in a circle over accounts (no deadlock);
 * a posting to an account outside the transaction's locked set is refused (LockOrderError).
 * Throws InsufficientBalanceError when a company account would go negative (the transaction is then
 * unusable: roll it back), AlreadyPostedError when this kind and reference was posted before.
 */
export async function post(tx: Queryable, entry: Entry): Promise<{ entryId: string }> {
  mustBeTransaction(tx);
  if (entry.lines.length < 2) throw new Error('A journal entry needs at least two lines');
  for (const line of entry.lines) {
    if (!isInteger(line.amount) || line.amount === 0) throw new Error(`A line's amount is a non-zero whole number of minor units, not ${line.amount}`);
  }
  const totals = new Map<string, number>();
  for (const line of entry.lines) totals.set(line.account.currency, (totals.get(line.account.currency) ?? 0) + line.amount);
  for (const [currency, total] of totals) if (total !== 0) throw new Error(`A journal entry's lines sum to zero; ${currency} sums to ${total}`);

  const ids = await accountIds(tx, entry.livemode, entry.lines.map((line) => line.account));
  const locked = lockedAccounts.get(tx) ?? (await lockIds(tx, ids));
  const outside = ids.find((id) => !locked.has(id));
  if (outside) throw new LockOrderError(`${entry.kind} ${entry.reference} posts to account ${outside}, which was not locked before the transaction's first posting`);
  const merged = new Map<string, { id: string; currency: Currency; amount: number }>();
  for (const [index, line] of entry.lines.entries()) {
    const id = ids[index]!;
    const seen = merged.get(id);
    if (seen) seen.amount += line.amount;
    else merged.set(id, { id, currency: line.account.currency, amount: line.amount });
  }
  const lines = [...merged.values()].filter((line) => line.amount !== 0).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  try {
    // One statement: the entry, then its lines in account order (their accounts locked already). A kind and
    // reference posted before writes neither.
    const { rows } = await tx.query<{ id: string }>(
      `WITH e AS (
         INSERT INTO journal_entries (livemode, company_id, kind, reference, description) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (livemode, kind, reference) DO NOTHING RETURNING id
       ), l AS (
         INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount)
         SELECT e.id, t.account_id, t.currency, $1, t.amount
           FROM e, unnest($6::uuid[], $7::text[], $8::bigint[]) WITH ORDINALITY AS t(account_id, currency, amount, position)
          ORDER BY t.position
       )
       SELECT id FROM e`,
      [
        entry.livemode,
        entry.companyId,
        entry.kind,
        entry.reference,
        entry.description ?? '',
        lines.map((line) => line.id),
        lines.map((line) => line.currency),
        lines.map((line) => line.amount),
      ],
    );
    const entryId = rows[0]?.id;
    if (!entryId) throw new AlreadyPostedError(entry.kind, entry.reference);
    // An available balance taken down is checked against what is pending now rather than at commit (the database's
    // check is deferred, since an entry's lines reach their accounts one at a time), so the caller can tell why.
    if (entry.lines.some((line) => line.account.companyId && line.account.code === 'available' && line.amount > 0)) {
      await tx.query('SET CONSTRAINTS ledger_available_covered IMMEDIATE');
      await tx.query('SET CONSTRAINTS ledger_available_covered DEFERRED');
    }
    return { entryId };
  } catch (error) {
    if (pgCode(error) === '23514' && ['ledger_accounts_not_negative', 'ledger_available_covered'].includes(pgConstraint(error) ?? '')) throw new InsufficientBalanceError();
    throw error;
  }
}

export type Balance = { currency: Currency; available: number; pending: number; payoutsInTransit: number };

/** A company's balances in one mode, one row per currency it has money in. */
export async function companyBalances(db: Queryable, companyId: string, livemode: boolean): Promise<Balance[]> {
  const { rows } = await db.query<{ currency: Currency; code: CompanyAccountCode; balance: string }>(
    'SELECT currency, code, balance FROM ledger_accounts WHERE company_id = $1 AND livemode = $2 ORDER BY currency',
    [companyId, livemode],
  );
  const byCurrency = new Map<Currency, Balance>();
  for (const row of rows) {
    const balance = byCurrency.get(row.currency) ?? { currency: row.currency, available: 0, pending: 0, payoutsInTransit: 0 };
    const amount = kobo(row.balance);
    if (row.code === 'available') balance.available = amount;
    else if (row.code === 'pending') balance.pending = amount;
    else if (row.code === 'payouts_in_transit') balance.payoutsInTransit = amount;
    byCurrency.set(row.currency, balance);
  }
  return [...byCurrency.values()];
}

/**
 * Companies and modes whose `code` account holds more than nothing, in (company, mode) order after `after`, at
 * most `limit`: the daily payout run pages through them.
 */
export async function companiesWithBalance(
  db: Queryable,
  code: CompanyAccountCode,
  limit: number,
  after: { companyId: string; livemode: boolean } | null = null,
): Promise<{ companyId: string; livemode: boolean }[]> {
  const { rows } = await db.query<{ company_id: string; livemode: boolean }>(
    `SELECT company_id, livemode FROM ledger_accounts
      WHERE code = $1 AND balance > 0 AND company_id IS NOT NULL AND ($3::uuid IS NULL OR (company_id, livemode) > ($3::uuid, $4::boolean))
      ORDER BY company_id, livemode LIMIT $2`,
    [code, limit, after?.companyId ?? null, after?.livemode ?? false],
  );
  return rows.map((row) => ({ companyId: row.company_id, livemode: row.livemode }));
}

/** One line on an account, with its entry: `amount` as the line has it (a debit positive, a credit negative). */
export type StatementLine = { amount: number; kind: string; reference: string; description: string; at: Date };

/**
 * The lines on one account since the last entry of the same kind as `entry` before it, up to `entry` itself
 * (excluded), oldest first: for a payout, everything that moved the available balance since the payout before.
 * Lines on one account are numbered in the order their transactions held the account's lock. Null when
 * `entry` has no line on the account.
 */
export async function linesSincePrevious(db: Queryable, account: ModeAccount, entry: { kind: string; reference: string }): Promise<StatementLine[] | null> {
  const { rows } = await db.query<{ amount: string | null; kind: string | null; reference: string | null; description: string | null; created_at: Date | null }>(
    `WITH account AS (
       SELECT id FROM ledger_accounts WHERE company_id IS NOT DISTINCT FROM $1 AND livemode = $2 AND code = $3 AND currency = $4
     ), this AS (
       SELECT l.id FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN account a ON a.id = l.account_id
        WHERE e.livemode = $2 AND e.kind = $5 AND e.reference = $6
     ), previous AS (
       SELECT coalesce(max(l.id), 0) AS id FROM journal_lines l JOIN account a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id, this
        WHERE e.kind = $5 AND l.id < this.id
     )
     SELECT l.amount, e.kind, e.reference, e.description, e.created_at
       FROM this CROSS JOIN previous
       LEFT JOIN journal_lines l ON l.account_id = (SELECT id FROM account) AND l.id > previous.id AND l.id < this.id
       LEFT JOIN journal_entries e ON e.id = l.entry_id
      ORDER BY l.id`,
    [account.companyId ?? null, account.livemode, account.code, account.currency, entry.kind, entry.reference],
  );
  if (rows.length === 0) return null;
  return rows.flatMap((row) =>
    row.amount === null ? [] : [{ amount: kobo(row.amount), kind: row.kind!, reference: row.reference!, description: row.description!, at: row.created_at! }],
  );
}

/**
 * What an auditor checks: every entry's lines sum to zero (so all lines do, per mode and currency), and
 * every account's kept balance equals the sum of its lines. Empty when the ledger holds together.
 */
export async function ledgerDiscrepancies(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  const totals = await db.query<{ livemode: boolean; currency: string; total: string }>(
    'SELECT livemode, currency, sum(amount) AS total FROM journal_lines GROUP BY livemode, currency HAVING sum(amount) <> 0',
  );
  for (const row of totals.rows) problems.push(`${row.livemode ? 'live' : 'test'} ${row.currency} lines sum to ${row.total}`);
  const drift = await db.query<{ id: string; code: string; kept: string; summed: string }>(
    `SELECT a.id, a.code, a.balance AS kept,
            coalesce(sum(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END), 0) AS summed
       FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
      GROUP BY a.id
     HAVING a.balance <> coalesce(sum(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END), 0)`,
  );
  for (const row of drift.rows) problems.push(`account ${row.code} ${row.id} keeps ${row.kept} but its lines sum to ${row.summed}`);
  return problems;
}
