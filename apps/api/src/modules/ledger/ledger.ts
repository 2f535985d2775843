import { MAX_MINOR_UNITS } from '@fipay/contracts/money';
import type { AssetCode } from '@fipay/contracts/assets';
import type { Queryable } from '../../db/client';
import { kobo } from '../../lib/minor-units';

/**
 * Posting to the double-entry ledger (migrations 0010 and 0034). Amounts are integers of the asset's smallest unit
 * (kobo for NGN, satoshi for BTC, wei for ETH): a line's amount is positive for a debit and negative for a credit, and
 * an entry's lines sum to zero per asset, which the database checks at commit. Post inside the transaction that makes
 * the state change the money follows, so both are written or neither.
 */

/** The asset an account is kept in (the column is `currency`: for naira it always was one). */
export type Currency = AssetCode;

/**
 * A company's accounts (what it is owed), each per mode and asset, credit-normal. Never negative, except naira's
 * `available`, which may go below zero down to what is pending (a refund after a payout): the database holds
 * available + pending >= 0 (migration 0017). `held` is money set aside (a hold); `escrow` is a seller's asset in its
 * open marketplace trades (docs/decisions/0084-marketplace-offers-trades-and-escrow.md), outside the freeze rule.
 */
export const companyAccountCodes = ['pending', 'available', 'payouts_in_transit', 'held', 'escrow'] as const;
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
  /** Where test funds come from (test mode only: the database refuses it in live mode). */
  test_faucet: 'debit',
} as const;
export type PlatformAccountCode = keyof typeof platformAccounts;

/** The side an account's balance grows on: a company's accounts are credit-normal, the platform's as listed above. */
const normalSideOf = (ref: AccountRef): 'debit' | 'credit' => (ref.companyId ? 'credit' : platformAccounts[ref.code as PlatformAccountCode]);

export type AccountRef =
  | { companyId: string; code: CompanyAccountCode; currency: Currency }
  | { companyId?: undefined; code: PlatformAccountCode; currency: Currency };

/** A line's amount: a whole number of the asset's smallest unit (a number for naira paths, a bigint for any asset). */
export type Line = { account: AccountRef; amount: number | bigint };

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

/**
 * A line that would take money out of a frozen company's wallet (a debit on its `available` or `held` account in a
 * frozen mode): refused by the database (migration 0039, docs/decisions/0074-frozen-wallets.md). Credits still go in.
 */
export class WalletFrozenError extends Error {
  constructor() {
    super('This wallet is frozen.');
    this.name = 'WalletFrozenError';
  }
}

/** The same kind and reference was posted before (a retried job or a repeated provider event). */
export class AlreadyPostedError extends Error {
  constructor(readonly kind: string, readonly reference: string) {
    super(`${kind} ${reference} is already posted`);
    this.name = 'AlreadyPostedError';
  }
}

/** A line's amount as a bigint, or an error naming what is wrong with it. */
function lineAmount(amount: number | bigint): bigint {
  if (typeof amount === 'number' && !Number.isSafeInteger(amount)) throw new Error(`A line's amount is a non-zero whole number of minor units, not ${amount}`);
  const value = BigInt(amount);
  if (value === 0n) throw new Error("A line's amount is a non-zero whole number of minor units, not 0");
  if (value > MAX_MINOR_UNITS || value < -MAX_MINOR_UNITS) throw new AmountTooLargeError();
  return value;
}

/** An amount or a balance beyond what the ledger's numeric(78,0) holds. */
export class AmountTooLargeError extends Error {
  constructor() {
    super('That amount is too large.');
    this.name = 'AmountTooLargeError';
  }
}

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
    [company, livemode, ref.code, ref.currency, normalSideOf(ref), company === null || (ref.code === 'available' && ref.currency === 'NGN')],
  );
  // Made by a transaction running alongside this one since the look-up: it is there now.
  return inserted.rows[0]?.id ?? (await find()).rows[0]!.id;
}

const memoKey = (livemode: boolean, ref: AccountRef) => `ledger-account:${ref.companyId ?? ''}:${livemode}:${ref.code}:${ref.currency}`;

/** The ids of the accounts that exist among `refs`, by their index in `refs`, in one query. */
async function readAccountIds(q: Queryable, livemode: boolean, refs: AccountRef[]): Promise<Map<number, string>> {
  const { rows } = await q.query<{ id: string; position: string }>(
    `SELECT a.id, r.position FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS r(company_id, code, currency, position)
       JOIN ledger_accounts a ON a.company_id IS NOT DISTINCT FROM r.company_id AND a.livemode = $4 AND a.code = r.code AND a.currency = r.currency`,
    [refs.map((ref) => ref.companyId ?? null), refs.map((ref) => ref.code), refs.map((ref) => ref.currency), livemode],
  );
  return new Map(rows.map((row) => [Number(row.position) - 1, row.id]));
}

/**
 * The accounts' ids in the order given. An account's id never changes (the database refuses to change or delete
 * one), so ids already seen by a committed transaction of this database handle are taken from its memo; the
 * others are read in one query, and the ones not made yet made one by one.
 */
async function accountIds(tx: Queryable, livemode: boolean, refs: AccountRef[]): Promise<string[]> {
  const known = refs.map((ref) => tx.memo.get(memoKey(livemode, ref)));
  const missing = refs.filter((_, index) => known[index] === undefined);
  if (missing.length === 0) return known as string[];
  const found = await readAccountIds(tx, livemode, missing);
  const made: string[] = [];
  for (const [index, ref] of missing.entries()) made.push(found.get(index) ?? (await accountId(tx, livemode, ref)));
  // Remembered once this transaction commits: an account it made and then rolled back never existed.
  tx.afterCommit(() => missing.forEach((ref, index) => tx.memo.set(memoKey(livemode, ref), made[index]!)));
  let next = 0;
  return known.map((id) => id ?? made[next++]!);
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
 * Locks every ledger account a company has in one mode, in id order, as the transaction's whole set (a freeze waits
 * for the postings that hold any of them, and the postings after it wait for the freeze). Answers their ids.
 */
export async function lockCompanyAccounts(tx: Queryable, companyId: string, livemode: boolean): Promise<string[]> {
  mustBeTransaction(tx);
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM ledger_accounts WHERE company_id = $1 AND livemode = $2', [companyId, livemode]);
  return [...(await lockIds(tx, rows.map((row) => row.id)))];
}

/**
 * Writes one entry in `tx` (postEntries with one entry).
 */
export async function post(tx: Queryable, entry: Entry, options: PostingParts = {}): Promise<{ entryId: string }> {
  const [entryId] = await postEntries(tx, [entry], options);
  return { entryId: entryId! };
}

/**
 * More of a posting statement, written by its caller: CTEs (`name AS (…)`, comma-separated) that run under the
 * locks the statement takes, after its entries are written, because they read the rows of the CTE named `posted`
 * (the entries written); `param` adds a value and answers its placeholder. A money path writes its company's shared
 * counters so (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 */
export type StatementPart = (param: (value: unknown) => string, posted: string) => string;

/**
 * The start of a posting statement, written by its caller: CTEs (`name AS (…)`, comma-separated) that run, and take
 * their row locks, before the ledger's accounts are locked, and `pass`, an SQL condition over them: when it is false
 * the statement locks no account and writes nothing of the ledger, and `postEntries` throws PostingHeldError. A money
 * path takes the one lock its own rules need before the ledger's in the same statement so (a send's daily limit
 * row: docs/decisions/0083-transfers-hold-their-locks-for-one-statement.md), with no round trip between the two locks.
 * Its CTE names must not be the ledger's own (`pass`, `locked`, `ok`, `x`, `e`, `l`, `checked`). `output`: more columns
 * of the statement's answer, over the head's CTEs (postEntriesWith and postAlone answer them).
 */
export type StatementHead = (param: (value: unknown) => string) => { sql: string; pass: string; held?: string; output?: string };

/**
 * `floors`: accounts of the posting's lines that it may not take below zero, whatever the database allows them
 * (naira's `available` may dip to what is pending for a refund, ADR 0017; a marketplace trade may not), checked in
 * the statement on the balances its lock read: when one would go below zero nothing is written and `postEntries`
 * throws InsufficientBalanceError.
 */
export type PostingParts = { head?: StatementHead; also?: StatementPart; floors?: AccountRef[] };

/**
 * A posting whose statement head's condition was false: nothing of it was written (the head's own CTEs may have been).
 * `held` is the head's `held` expression as the statement answered it (which of its conditions failed), when it has one.
 */
export class PostingHeldError extends Error {
  constructor(readonly held: string | null = null) {
    super("The posting statement's head held the posting back.");
    this.name = 'PostingHeldError';
  }
}

/**
 * Writes entries of one mode in `tx`, in one statement (one round trip): the accounts locked, the balance checked,
 * the entries and their lines written. Lines on the same account of an entry are merged. The accounts are locked
 * first, all at once in id order, unless `lockAccounts` locked them (and any others) before: a transaction takes
 * its ledger locks once, so two transactions never wait on each other in a circle over accounts (no deadlock); a
 * posting to an account outside the transaction's locked set is refused (LockOrderError).
 *
 * An entry that takes a company's available balance down is checked against what is pending in the same statement,
 * from the balances its lock read (the company's pending account is locked with the others when the transaction's
 * set has it or this posting takes the set), so the caller can tell why; the database checks the same at commit.
 * Throws InsufficientBalanceError when a company account would go negative (roll the transaction back),
 * WalletFrozenError when a line would take money out of a frozen wallet,
 * AlreadyPostedError when a kind and reference was posted before.
 */
export async function postEntries(tx: Queryable, entries: Entry[], options: PostingParts = {}): Promise<string[]> {
  return (await postEntriesWith(tx, entries, options)).entryIds;
}

/** A posting's entry ids, and the columns its head's `output` asked for. */
export type Posted = { entryIds: string[]; output: Record<string, unknown> };

/** postEntries, answering also the columns its head's `output` asked for. */
export async function postEntriesWith(tx: Queryable, entries: Entry[], options: PostingParts = {}): Promise<Posted> {
  mustBeTransaction(tx);
  return (await postingStatement(tx, entries, options, false))!;
}

/**
 * Writes entries of one mode as a transaction of their own: one statement outside BEGIN/COMMIT (so one round trip,
 * with nothing between the statement's last lock and its commit), which takes the head's locks, then the accounts'
 * in id order, checks the balance, writes the entries and the `also` CTEs, and commits, or writes nothing at all:
 * a held head, a balance short and an entry posted before are raised inside the statement
 * (`ledger_posting_check`, migration 0058, docs/decisions/0094-a-transfer-in-one-statement.md), so nothing of it
 * commits, and thrown as PostingHeldError, InsufficientBalanceError and AlreadyPostedError as postEntries throws them.
 * `db` is a database handle, not a transaction. Answers null, having written nothing, when an account it would post
 * to does not exist yet (accounts are made in the transaction of their first posting: post with postEntries then).
 */
export async function postAlone(db: Queryable, entries: Entry[], options: PostingParts = {}): Promise<Posted | null> {
  if (!('transaction' in db)) throw new LockOrderError('a posting of its own runs outside any transaction');
  return postingStatement(db, entries, options, true);
}

/** The ids of accounts that exist, from the memo or the database (remembered now: they are committed); null if any does not. */
async function existingAccountIds(db: Queryable, livemode: boolean, refs: AccountRef[]): Promise<string[] | null> {
  const known = refs.map((ref) => db.memo.get(memoKey(livemode, ref)));
  const missing = refs.filter((_, index) => known[index] === undefined);
  if (missing.length === 0) return known as string[];
  const found = await readAccountIds(db, livemode, missing);
  missing.forEach((ref, index) => {
    const id = found.get(index);
    if (id) db.memo.set(memoKey(livemode, ref), id);
  });
  if (found.size < missing.length) return null;
  let next = 0;
  return known.map((id) => id ?? found.get(next++)!);
}

async function postingStatement(tx: Queryable, entries: Entry[], options: PostingParts, alone: boolean): Promise<Posted | null> {
  if (entries.length === 0) return { entryIds: [], output: {} };
  const livemode = entries[0]!.livemode;
  if (entries.some((entry) => entry.livemode !== livemode)) throw new Error('Entries posted together are of one mode');
  for (const entry of entries) {
    if (entry.lines.length < 2) throw new Error('A journal entry needs at least two lines');
    const totals = new Map<string, bigint>();
    for (const line of entry.lines) totals.set(line.account.currency, (totals.get(line.account.currency) ?? 0n) + lineAmount(line.amount));
    for (const [currency, total] of totals) if (total !== 0n) throw new Error(`A journal entry's lines sum to zero; ${currency} sums to ${total}`);
  }

  // The company whose available balance these entries take down, if any: its available and pending accounts.
  const takenDown = entries.flatMap((entry) => entry.lines).find((line) => line.account.companyId && line.account.code === 'available' && line.amount > 0);
  const coverRefs: AccountRef[] = takenDown
    ? (['available', 'pending'] as const).map((code) => ({ companyId: takenDown.account.companyId!, code, currency: takenDown.account.currency }))
    : [];
  const lineRefs = entries.flatMap((entry) => entry.lines.map((line) => line.account));
  const floorRefs = options.floors ?? [];
  if (floorRefs.some((ref) => !ref.companyId)) throw new Error("A posting's floors are company accounts");
  const refs = [...lineRefs, ...coverRefs, ...floorRefs];
  const allIds = alone ? await existingAccountIds(tx, livemode, refs) : await accountIds(tx, livemode, refs);
  if (!allIds) return null;
  const ids = allIds.slice(0, lineRefs.length);
  const coverIds = allIds.slice(lineRefs.length, lineRefs.length + coverRefs.length);
  const floorIds = allIds.slice(lineRefs.length + coverRefs.length);
  if (floorIds.some((id) => !ids.includes(id))) throw new Error("A posting's floors are accounts of its own lines");

  const before = alone ? undefined : lockedAccounts.get(tx);
  const outside = ids.find((id) => before && !before.has(id));
  if (outside) throw new LockOrderError(`${entries[0]!.kind} ${entries[0]!.reference} posts to account ${outside}, which was not locked before the transaction's first posting`);
  // Checked in the statement when both accounts are (or are now being) locked; otherwise by the database at once.
  const checkHere = coverIds.length > 0 && (!before || coverIds.every((id) => before.has(id)));
  const lockIdsNow = [...new Set([...ids, ...(checkHere ? coverIds : [])])].sort();
  if (!before && !alone) lockedAccounts.set(tx, new Set(lockIdsNow));

  const lineRows: { entry: number; id: string; currency: Currency; amount: bigint }[] = [];
  let offset = 0;
  for (const [entryIndex, entry] of entries.entries()) {
    const merged = new Map<string, { entry: number; id: string; currency: Currency; amount: bigint }>();
    for (const [index, line] of entry.lines.entries()) {
      const id = ids[offset + index]!;
      const seen = merged.get(id);
      if (seen) seen.amount += BigInt(line.amount);
      else merged.set(id, { entry: entryIndex + 1, id, currency: line.account.currency, amount: BigInt(line.amount) });
    }
    offset += entry.lines.length;
    lineRows.push(...[...merged.values()].filter((line) => line.amount !== 0n).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  }
  // A company account is credit-normal: a line of `amount` moves its balance by -amount.
  const coverDelta = checkHere ? -lineRows.filter((line) => coverIds.includes(line.id)).reduce((sum, line) => sum + line.amount, 0n) : 0n;

  const params: unknown[] = [
    lockIdsNow,
    coverDelta.toString(),
    checkHere ? coverIds : [],
    livemode,
    entries.map((entry) => entry.companyId),
    entries.map((entry) => entry.kind),
    entries.map((entry) => entry.reference),
    entries.map((entry) => entry.description ?? ''),
    lineRows.map((line) => line.entry),
    lineRows.map((line) => line.id),
    lineRows.map((line) => line.currency),
    lineRows.map((line) => line.amount.toString()),
  ];
  const param = (value: unknown) => `$${params.push(value)}`;
  const head = options.head?.(param);
  const also = options.also?.(param, 'e');
  // Each floor account's balance after the posting: what its lock read, moved by its lines (credit-normal for a
  // company's account, so by -amount; a platform account's floor would need its normal side, and none has one).
  const floors =
    floorIds.length > 0
      ? ` AND NOT EXISTS (SELECT 1 FROM locked JOIN unnest(${param(floorIds)}::uuid[], ${param(
          floorIds.map((id) => (-lineRows.filter((line) => line.id === id).reduce((sum, line) => sum + line.amount, 0n)).toString()),
        )}::numeric[]) AS f(id, delta) ON f.id = locked.id WHERE locked.balance + f.delta < 0)`
      : '';
  try {
    // One statement: the accounts locked in id order (FOR UPDATE is applied to rows as the ORDER BY returns them,
    // so every transaction takes its accounts in one global order; rows this transaction holds already are not
    // waited for), the balance they hold checked, then the entries and their lines in account order. A kind and
    // reference posted before writes nothing of that entry; a balance short writes nothing at all.
    // A head runs first: the accounts' scan waits for its condition (a one-time filter, evaluated before the first
    // account is read and locked), which reads its CTEs.
    const { rows } = await tx.query<{ id: string | null; position: string | null; covered: boolean; passed: boolean; held?: string | null } & Record<string, unknown>>(
      `WITH ${head ? `${head.sql}, pass AS MATERIALIZED (SELECT coalesce((${head.pass}), false) AS passed), ` : ''}locked AS MATERIALIZED (
         SELECT id, balance FROM ledger_accounts WHERE id = ANY($1::uuid[])${head ? ' AND (SELECT passed FROM pass)' : ''} ORDER BY id FOR UPDATE
       ), ok AS MATERIALIZED (
         SELECT ${head ? '(SELECT passed FROM pass) AND ' : ''}coalesce(sum(balance), 0) + $2::numeric >= 0${floors} AS covered FROM locked WHERE id = ANY($3::uuid[])
       ), x AS (
         SELECT * FROM unnest($5::uuid[], $6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS x(company_id, kind, reference, description, position)
       ), e AS (
         INSERT INTO journal_entries (livemode, company_id, kind, reference, description)
         SELECT $4, x.company_id, x.kind, x.reference, x.description FROM x, ok WHERE ok.covered ORDER BY x.position
         ON CONFLICT (livemode, kind, reference) DO NOTHING RETURNING id, kind, reference
       ), l AS (
         INSERT INTO journal_lines (entry_id, account_id, currency, livemode, amount)
         SELECT e.id, t.account_id, t.currency, $4, t.amount
           FROM unnest($9::int[], $10::uuid[], $11::text[], $12::numeric[]) WITH ORDINALITY AS t(entry, account_id, currency, amount, position)
           JOIN x ON x.position = t.entry JOIN e ON e.kind = x.kind AND e.reference = x.reference
          ORDER BY t.position
       )${also ? `, ${also}` : ''}${
         // On its own, the statement refuses inside itself (raising), so that nothing of it commits.
         alone
           ? `, checked AS MATERIALIZED (
         SELECT ledger_posting_check(${head ? '(SELECT passed FROM pass)' : 'true'}, ok.covered, (SELECT count(*) FROM e), ${param(entries.length)}::int) AS fine FROM ok
       )`
           : ''
       }
       SELECT e.id, x.position, ok.covered, ${head ? '(SELECT passed FROM pass)' : 'true'} AS passed${head?.held ? `, (${head.held})::text AS held` : ''}${head?.output ? `, ${head.output}` : ''}
         FROM ${alone ? 'checked, ' : ''}ok LEFT JOIN (e JOIN x ON e.kind = x.kind AND e.reference = x.reference) ON true`,
      params,
    );
    if (rows[0] && !rows[0].passed) throw new PostingHeldError(rows[0].held ?? null);
    if (!rows[0]?.covered) throw new InsufficientBalanceError();
    const byPosition = new Map(rows.filter((row) => row.id).map((row) => [Number(row.position), row.id!]));
    const missing = entries.findIndex((_, index) => !byPosition.has(index + 1));
    if (missing >= 0) throw new AlreadyPostedError(entries[missing]!.kind, entries[missing]!.reference);
    if (takenDown && !checkHere) {
      // The pending account is outside the locked set: the database's deferred check, run now.
      await tx.query('SET CONSTRAINTS ledger_available_covered IMMEDIATE');
      await tx.query('SET CONSTRAINTS ledger_available_covered DEFERRED');
    }
    return { entryIds: entries.map((_, index) => byPosition.get(index + 1)!), output: rows[0]! };
  } catch (error) {
    if (pgCode(error) === 'FP002') throw new PostingHeldError();
    if (pgCode(error) === 'FP003') throw new AlreadyPostedError(entries[0]!.kind, entries[0]!.reference);
    if (pgCode(error) === '23514' && ['ledger_accounts_not_negative', 'ledger_available_covered'].includes(pgConstraint(error) ?? '')) throw new InsufficientBalanceError();
    if (pgCode(error) === 'FP001' || pgConstraint(error) === 'ledger_wallet_frozen') throw new WalletFrozenError();
    // numeric_value_out_of_range: a balance the column cannot hold.
    if (pgCode(error) === '22003') throw new AmountTooLargeError();
    throw error;
  }
}

export type Balance = { currency: Currency; available: number; pending: number; payoutsInTransit: number };

/**
 * A company's payment balances in one mode (naira: what payments, refunds and payouts move), one row per currency it
 * has money in. The wallet's assets are walletBalances'.
 */
export async function companyBalances(db: Queryable, companyId: string, livemode: boolean): Promise<Balance[]> {
  const { rows } = await db.query<{ currency: Currency; code: CompanyAccountCode; balance: string }>(
    "SELECT currency, code, balance FROM ledger_accounts WHERE company_id = $1 AND livemode = $2 AND currency = 'NGN' ORDER BY currency",
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
 * The money a company has not yet been paid out (its `available` plus `pending`) in the mode and currency of the row
 * named `row` of the caller's statement (a row with `company_id`, `livemode` and `currency`), as an expression for a
 * column: a digit string, '0' when the company has neither account.
 */
export const notPaidOutSql = (row: string) =>
  `(SELECT coalesce(sum(a.balance), 0)::text FROM ledger_accounts a
     WHERE a.company_id = ${row}.company_id AND a.livemode = ${row}.livemode AND a.currency = ${row}.currency::text AND a.code IN ('available', 'pending'))`;

/**
 * A company's holding of one asset in one mode, in the asset's smallest unit. `held` is money set aside: its holds
 * and, as a seller, its asset in escrow in open marketplace trades (ADR 0084).
 */
export type AssetBalance = { asset: AssetCode; available: bigint; pending: bigint; held: bigint; payoutsInTransit: bigint };

/** A company's balances in every asset it has an account in, in one mode (one query). */
export async function walletBalances(db: Queryable, companyId: string, livemode: boolean): Promise<Map<AssetCode, AssetBalance>> {
  const { rows } = await db.query<{ currency: AssetCode; code: CompanyAccountCode; balance: string }>(
    'SELECT currency, code, balance::text AS balance FROM ledger_accounts WHERE company_id = $1 AND livemode = $2',
    [companyId, livemode],
  );
  const byAsset = new Map<AssetCode, AssetBalance>();
  for (const row of rows) {
    const balance = byAsset.get(row.currency) ?? { asset: row.currency, available: 0n, pending: 0n, held: 0n, payoutsInTransit: 0n };
    const amount = BigInt(row.balance);
    if (row.code === 'available') balance.available = amount;
    else if (row.code === 'pending') balance.pending = amount;
    else if (row.code === 'held' || row.code === 'escrow') balance.held += amount;
    else if (row.code === 'payouts_in_transit') balance.payoutsInTransit = amount;
    byAsset.set(row.currency, balance);
  }
  return byAsset;
}

/** One line of an account's statement: `amount` as the account sees it (credit-normal: money in is positive). */
export type AccountStatementLine = {
  lineId: string;
  entryId: string;
  kind: string;
  reference: string;
  description: string;
  at: Date;
  amount: bigint;
  balanceAfter: bigint;
};

export type AccountStatementQuery = {
  /** Lines before this line id (the previous page's last), newest first. */
  before?: string | null;
  limit: number;
  /** Only lines of entries written at or after / before these times. */
  from?: Date | null;
  to?: Date | null;
  /** Only money in (positive to the account) or out. */
  direction?: 'in' | 'out' | null;
};

/**
 * The conditions on the lines (`l`) of the account `a` and their entries (`e`) that `query`'s cursor, dates and
 * direction ask for, only those given, each value a parameter made by `param`: the cursor and each date as index bounds
 * on the line id (`l.id < …`, `l.id >= …`), each date's bound the line found by `ledger_line_search` (migration 0060,
 * docs/decisions/0106-statement-dates-bound-the-account-s-lines.md) together with its exact filter on the entry's
 * time, and the direction as the sign of the line's amount on an account of `normalSide` (so that the account's lines
 * of that sign are read through their own index, migration 0061,
 * docs/decisions/0109-a-statement-s-direction-reads-its-own-lines.md). The bounds are `known` (searched before, by
 * `statementLineRange`), or else searched in the statement: `bounds` is then the subquery (`b`, to follow `a` in the
 * FROM list) that searches once per statement; `OFFSET 0` keeps PostgreSQL from folding its calls into the
 * conditions, where a join filter would call them once per line.
 *
 * The id bounds end the index scan only where the account is matched by an equality (`l.account_id = ANY(…)`,
 * docs/decisions/0108-an-account-s-lines-are-matched-by-a-one-element-array.md): after a range on the first column,
 * PostgreSQL 15 reads on past a bound on the second.
 */
function statementLineConditions(
  query: Pick<AccountStatementQuery, 'before' | 'from' | 'to' | 'direction'>,
  param: (value: unknown, type: string) => string,
  normalSide: 'debit' | 'credit',
  known?: StatementLineRange,
): { where: string[]; bounds: string } {
  const where: string[] = [];
  const searches: string[] = [];
  if (known && (query.from || query.to)) where.push(`l.id >= ${param(known.lo, 'bigint')}`, `l.id < ${param(known.hi, 'bigint')}`);
  if (query.before !== null && query.before !== undefined) where.push(`l.id < ${param(query.before, 'bigint')}`);
  if (query.from) {
    const from = param(query.from.toISOString(), 'timestamptz');
    if (!known) {
      searches.push(`ledger_line_search(a.id, ${from} - ${LINE_ORDER_SLACK_SQL}) AS lo`);
      where.push('l.id >= b.lo');
    }
    where.push(`e.created_at >= ${from}`);
  }
  if (query.to) {
    const to = param(query.to.toISOString(), 'timestamptz');
    if (!known) {
      searches.push(`ledger_line_search(a.id, ${to} + ${LINE_ORDER_SLACK_SQL}) AS hi`);
      where.push('l.id < b.hi');
    }
    where.push(`e.created_at < ${to}`);
  }
  // Money in raises the balance: a positive amount on a debit-normal account, a negative one on a credit-normal one.
  // Amounts are never zero, so money out is the other sign.
  if (query.direction) where.push((query.direction === 'in') === (normalSide === 'debit') ? 'l.amount > 0' : 'l.amount < 0');
  return { where, bounds: searches.length > 0 ? `CROSS JOIN LATERAL (SELECT ${searches.join(', ')} OFFSET 0) b` : '' };
}

/** A parameter list and the placeholder maker that fills it (`$n`, or `$n::type` with a type). */
function statementParams(): { params: unknown[]; param: (value: unknown, type?: string) => string } {
  const params: unknown[] = [];
  return {
    params,
    param: (value, type) => {
      params.push(value);
      return type ? `$${params.length}::${type}` : `$${params.length}`;
    },
  };
}

/** The account a statement reads, as conditions on `ledger_accounts a`. */
function statementAccountConditions(account: ModeAccount, param: (value: unknown, type: string) => string): string[] {
  return [
    account.companyId === undefined || account.companyId === null ? 'a.company_id IS NULL' : `a.company_id = ${param(account.companyId, 'uuid')}`,
    `a.livemode = ${param(account.livemode, 'boolean')}`,
    `a.code = ${param(account.code, 'text')}`,
    `a.currency = ${param(account.currency, 'text')}`,
  ];
}

/**
 * `accountStatement`'s statement and its parameters. Only the filters given are written into the text (each set of
 * them is a plan of its own), so that the cursor and the dates bound the index scan instead of filtering it.
 *
 * The account's lines are read in a LATERAL subquery ordered by `(l.account_id, l.id)`, the key of
 * journal_lines_account_idx, with the account matched by a one-element array (`l.account_id = ANY(ARRAY[a.id])`):
 * docs/decisions/0104-a-statement-page-reads-its-account-s-lines-only.md and
 * docs/decisions/0108-an-account-s-lines-are-matched-by-a-one-element-array.md. With `=`, PostgreSQL treats the
 * account as a constant, drops it from the order, and may walk the primary key (every account's lines, newest first)
 * expecting the account's share of the table to be spread evenly; an account whose newest line is older than 200,000
 * lines of other accounts then cost 100 ms for page 1. An array is no constant to the order, so only the account's
 * index gives it; and to the index it is an equality, so the id bounds end the scan (a range, `>= a.id AND <= a.id`,
 * gave the order too, but a date window with fewer lines than a page then read on through the account's older lines).
 */
export function accountStatementQuery(account: ModeAccount, query: AccountStatementQuery): { text: string; values: unknown[] } {
  const { params, param } = statementParams();
  const accountWhere = statementAccountConditions(account, param);
  const amount = STATEMENT_LINE.amount;
  const lines = statementLineConditions(query, param, normalSideOf(account));
  const text = `SELECT x.id::text AS id, x.entry_id, x.kind, x.reference, x.description, x.created_at, x.amount::text AS amount, x.balance_after::text AS balance_after
       FROM ledger_accounts a${lines.bounds ? `
       ${lines.bounds}` : ''}
       CROSS JOIN LATERAL (
         SELECT l.id, l.entry_id, e.kind, e.reference, e.description, e.created_at, l.balance_after, ${amount} AS amount
           FROM journal_lines l
           JOIN journal_entries e ON e.id = l.entry_id
          WHERE ${['l.account_id = ANY(ARRAY[a.id])', 'l.account_id >= a.id', 'l.account_id <= a.id', ...lines.where].join(' AND ')}
          ORDER BY l.account_id DESC, l.id DESC
          LIMIT ${param(query.limit, 'int')}
       ) x
      WHERE ${accountWhere.join(' AND ')}
      ORDER BY x.id DESC`;
  return { text, values: params };
}

/**
 * An account's lines, newest first, by keyset on the line id (index journal_lines_account_idx), each with the balance
 * it left (migration 0034): page 1,000 costs what page 1 does, however many lines other accounts have written since.
 * Empty when the account was never opened.
 */
export async function accountStatement(db: Queryable, account: ModeAccount, query: AccountStatementQuery): Promise<AccountStatementLine[]> {
  const { text, values } = accountStatementQuery(account, query);
  const { rows } = await db.query<{
    id: string;
    entry_id: string;
    kind: string;
    reference: string;
    description: string;
    created_at: Date;
    amount: string;
    balance_after: string;
  }>(text, values);
  return rows.map((row) => ({
    lineId: row.id,
    entryId: row.entry_id,
    kind: row.kind,
    reference: row.reference,
    description: row.description,
    at: row.created_at,
    amount: BigInt(row.amount),
    balanceAfter: BigInt(row.balance_after),
  }));
}

/**
 * Expressions of an account statement's line inside `accountStatementSelect`'s text: the line's id (bigint), its
 * entry's kind, reference, description and time, its amount as the account sees it (credit-normal: money in is
 * positive) and the balance it left (numeric(78,0)).
 */
export const STATEMENT_LINE = {
  id: 'l.id',
  kind: 'e.kind',
  reference: 'e.reference',
  description: 'e.description',
  createdAt: 'e.created_at',
  amount: "(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END)",
  balanceAfter: 'l.balance_after',
} as const;

/**
 * Where an account's statement lines lie, found before the statement that reads them (the export's, whose COPY is
 * planned with its values written in): the account's id, its normal side, and the line ids `[lo, hi)` its lines of
 * `dates` lie within. For a date given, the bound is `ledger_line_search`'s (as statementLineConditions searches in the
 * page's statement); for one not given, the account's first line, or one past its last. Both bounds lie within the
 * account's own lines, so even a plan through the primary key reads no line outside them. accountStatementSelect
 * writes them only when a date is given (lines written after this is asked are then not read: the statement is the
 * account's as it stood); without dates it reads every line. Null when the account was never opened.
 */
export type StatementLineRange = { accountId: string; normalSide: 'debit' | 'credit'; lo: string; hi: string };

export async function statementLineRange(db: Queryable, account: ModeAccount, dates: { from?: Date | null; to?: Date | null }): Promise<StatementLineRange | null> {
  const { params, param } = statementParams();
  const where = statementAccountConditions(account, param);
  // The account's first and last lines through its own index: the array keeps the order to that index (ADR 0108).
  const end = (direction: 'ASC' | 'DESC') =>
    `(SELECT l.id${direction === 'DESC' ? ' + 1' : ''} FROM journal_lines l WHERE l.account_id = ANY(ARRAY[a.id]) ORDER BY l.account_id ${direction}, l.id ${direction} LIMIT 1)`;
  const lo = dates.from ? `ledger_line_search(a.id, ${param(dates.from.toISOString(), 'timestamptz')} - ${LINE_ORDER_SLACK_SQL})` : end('ASC');
  const hi = dates.to ? `ledger_line_search(a.id, ${param(dates.to.toISOString(), 'timestamptz')} + ${LINE_ORDER_SLACK_SQL})` : end('DESC');
  const { rows } = await db.query<{ id: string; normal_side: 'debit' | 'credit'; lo: string; hi: string }>(
    `SELECT a.id, a.normal_side, coalesce(${lo}, 0)::text AS lo, coalesce(${hi}, 0)::text AS hi FROM ledger_accounts a WHERE ${where.join(' AND ')}`,
    params,
  );
  const row = rows[0];
  return row ? { accountId: row.id, normalSide: row.normal_side, lo: row.lo, hi: row.hi } : null;
}

/**
 * The lines `accountStatement` reads, as a SELECT for a caller that has the database write what it wants of each line
 * (the wallet's statement export, docs/decisions/0079-the-statement-export-streams-from-copy.md): the account and
 * bounds `range` found by `statementLineRange` (for the same dates), the same filters and order (newest first by line
 * id), only the filters given (no optional ones: the text can run as a COPY, with its parameters written in as
 * literals). The bounds are values, so PostgreSQL plans with the window's size known: a day's lines through the
 * account's index and each line's entry, a year's by joining the entries whole, never a scan of every company's
 * entries by their time (docs/decisions/0108). `output` gets `param` to add a parameter (answering its placeholder)
 * and answers the select list over STATEMENT_LINE's expressions and, if it needs one, a join (a LATERAL subquery) to
 * place after the line's entry. `limit` null reads every line.
 */
export function accountStatementSelect(
  range: StatementLineRange,
  query: Omit<AccountStatementQuery, 'limit'> & { limit: number | null },
  output: (param: (value: unknown) => string) => { columns: string; join?: string },
): { sql: string; params: unknown[] } {
  const { params, param } = statementParams();
  // A batch (a LIMIT) matches the account by a one-element array, so that its order can come from the account's index
  // only, as the page's does (docs/decisions/0108); every line read (COPY) leaves PostgreSQL free to read them as it
  // likes within the bounds, and to sort by the line id alone.
  const batch = query.limit !== null;
  const lines = batch ? `l.account_id = ANY(${param(`{${range.accountId}}`, 'uuid[]')})` : `l.account_id = ${param(range.accountId, 'uuid')}`;
  const { where } = statementLineConditions(query, param, range.normalSide, range);
  const { columns, join } = output(param);
  return {
    sql: `SELECT ${columns}
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.entry_id
       CROSS JOIN (SELECT ${param(range.normalSide, 'text')} AS normal_side) a${join ? `
       ${join}` : ''}
      WHERE ${[lines, ...where].join(' AND ')}
      ORDER BY ${batch ? `l.account_id DESC, l.id DESC LIMIT ${param(query.limit, 'int')}` : 'l.id DESC'}`,
    params,
  };
}

/** A wallet's money in and out on one day (in is what raised its balance). */
export type AccountDayFlow = { day: string; in: bigint; out: bigint; count: number };

/** How much older than `since` a line's entry may be and still follow, by line id, lines of entries at or after it. */
export const LINE_ORDER_SLACK_MS = 60 * 60 * 1000;
/** LINE_ORDER_SLACK_MS as an SQL interval literal. */
const LINE_ORDER_SLACK_SQL = `interval '${LINE_ORDER_SLACK_MS / 1000} seconds'`;

/** Which of a company's accounts in one asset and mode are summed together, as one wallet. */
export type WalletAccounts = { companyId: string; livemode: boolean; currency: Currency; codes: readonly CompanyAccountCode[] };

/**
 * Money in and out of a company's `codes` accounts in one asset, per day (YYYY-MM-DD in `timeZone`) of the entries
 * written at or after `since`, summed by the database (docs/decisions/0076-top-ups-and-the-overview-from-the-ledger.md).
 * Each entry counts once, by its net effect on those accounts together: a move between them (a payment's release from
 * pending to available, a hold) is neither in nor out.
 *
 * Lines carry no time of their own; their entries do, and lines of one account are numbered in the order they took
 * the account's lock, which follows their entries' times to within a transaction's length. So each account's first
 * line of the window is found by a binary search on the line id through index journal_lines_account_idx
 * (`ledger_line_search`, migration 0060: at most ~64 probes of one index entry each per account, with
 * LINE_ORDER_SLACK_MS of slack, which only ever reads a few lines too many), and then only the window's lines are
 * read, in that index's order: an account of a million lines costs what its last month's lines cost. Exact: `numeric`
 * sums, answered as digit strings, read as bigints.
 */
export async function accountDailyFlows(db: Queryable, accounts: WalletAccounts, since: Date, timeZone = 'Africa/Lagos'): Promise<AccountDayFlow[]> {
  const { text, values } = accountDailyFlowsQuery(accounts, since, timeZone);
  const { rows } = await db.query<{ day: string; in: string; out: string; count: number }>(text, values);
  return rows.map((row) => ({ day: row.day, in: BigInt(row.in), out: BigInt(row.out), count: row.count })).sort((a, b) => a.day.localeCompare(b.day));
}

/** `accountDailyFlows`'s statement and its parameters (the test reads its plan). */
export function accountDailyFlowsQuery(accounts: WalletAccounts, since: Date, timeZone = 'Africa/Lagos'): { text: string; values: unknown[] } {
  return {
    text: `WITH acct AS (
       SELECT id, normal_side FROM ledger_accounts WHERE company_id = $1 AND livemode = $2 AND code = ANY($3::text[]) AND currency = $4
     ), starts AS (
       SELECT a.id AS account_id, ledger_line_search(a.id, $5::timestamptz) AS lo FROM acct a
     ), moves AS (
       SELECT e.created_at, sum(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END) AS amount
         FROM starts s
         JOIN acct a ON a.id = s.account_id
         JOIN journal_lines l ON l.account_id = s.account_id AND l.id >= s.lo
         JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.created_at >= $6::timestamptz
        GROUP BY e.id, e.created_at
     )
     SELECT to_char(created_at AT TIME ZONE $7, 'YYYY-MM-DD') AS day,
            sum(CASE WHEN amount > 0 THEN amount ELSE 0 END)::text AS in,
            sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END)::text AS out,
            count(*)::int AS count
       FROM moves WHERE amount <> 0
      GROUP BY 1`,
    values: [
      accounts.companyId,
      accounts.livemode,
      accounts.codes,
      accounts.currency,
      new Date(since.getTime() - LINE_ORDER_SLACK_MS).toISOString(),
      since.toISOString(),
      timeZone,
    ],
  };
}

/**
 * Companies and modes whose naira `code` account holds more than nothing, in (company, mode) order after `after`, at
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
      WHERE code = $1 AND currency = 'NGN' AND balance > 0 AND company_id IS NOT NULL AND ($3::uuid IS NULL OR (company_id, livemode) > ($3::uuid, $4::boolean))
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
  const after = await db.query<{ id: string; code: string; kept: string; last: string }>(
    `SELECT a.id, a.code, a.balance::text AS kept, l.balance_after::text AS last
       FROM ledger_accounts a
       JOIN LATERAL (SELECT balance_after FROM journal_lines WHERE account_id = a.id ORDER BY id DESC LIMIT 1) l ON true
      WHERE l.balance_after <> a.balance`,
  );
  for (const row of after.rows) problems.push(`account ${row.code} ${row.id} keeps ${row.kept} but its last line left ${row.last}`);
  return problems;
}
