import { randomBytes } from 'node:crypto';
import { payoutMessages, type Payout, type PayoutLine, type Transaction } from '@fipay/contracts/payments';
import { liveModeMessages } from '@fipay/contracts/live-mode';
import type { AppContext } from '../../../context';
import { companyMayGoLive } from '../../developers/modes';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { walletAdminMessages } from '@fipay/contracts/back-office-wallet';
import { isWalletFrozen } from '../../ledger/wallet-freezes';
import { recordEvent, type Scope } from '../../webhooks/events';
import { companiesWithBalance, companyBalances, linesSincePrevious, lockAccounts, post, type Line, type ModeAccount, type StatementLine } from '../../ledger/ledger';
import { CSV_BOM, csvRow, lagosTimestamp, nairaText } from '../../../lib/csv';
import { tellPayout } from '../money-notices';
import { addToTotals, toTransaction, TRANSACTION_COLUMNS, type TransactionRow } from '../transaction-rows';
import { paginationOf } from '../../../lib/pagination';
import { isUuid } from '../../../lib/db-values';
import { bindEffect, type IdempotencyClaim } from '../../../plugins/idempotent-effects';
import { assertMove } from '../transitions';
import { kobo } from '../../../lib/minor-units';

/**
 * Payouts (docs/decisions/0032-refunds-and-settlements.md): the available balance (balances.ts) is paid out to
 * the company's settlement bank account once a day, through a transfer provider (live: transfers.ts).
 */

export type PayoutRow = {
  id: string;
  company_id: string;
  livemode: boolean;
  amount: string;
  currency: 'NGN';
  status: Payout['status'];
  bank_name: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  transfer_reference: string;
  failure_reason: string | null;
  created_at: Date;
  paid_at: Date | null;
  provider: 'sandbox' | 'paystack';
  provider_transfer_code: string | null;
  transfer_attempts: number;
  transaction_count?: number;
};
export const PAYOUT_COLUMNS = `id, company_id, livemode, amount, currency, status, bank_name, bank_code, account_number, account_name, transfer_reference,
  failure_reason, created_at, paid_at, provider, provider_transfer_code, transfer_attempts`;
/** A payout's columns with the count of the charges it covers, for RETURNING and single-row reads. */
const WITH_COUNT = `${PAYOUT_COLUMNS}, (SELECT count(*)::int FROM transactions t WHERE t.payout_id = payouts.id) AS transaction_count`;

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    livemode: row.livemode,
    amount: kobo(row.amount),
    currency: row.currency,
    status: row.status,
    bankAccount: { bankName: row.bank_name, accountName: row.account_name, accountNumber: `******${row.account_number.slice(-4)}` },
    transactionCount: row.transaction_count ?? 0,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
  };
}

/** What a transfer provider answers for one payout. */
export type TransferResult = { ok: true } | { ok: false; reason: string };

/**
 * The sandbox transfer provider (test mode): nothing leaves the machine. An account number ending in
 * 000 fails, so a business can see what a failed payout does.
 */
export function sandboxTransfer(accountNumber: string): TransferResult {
  if (accountNumber.endsWith('000')) return { ok: false, reason: 'The receiving bank could not find this account (test mode: account numbers ending in 000 fail).' };
  return { ok: true };
}

type PayoutOutcome = { payout: Payout } | { skipped: string };

export const payoutNotApproved = 'Live payouts need an approved business verification.';

/**
 * Why a company's live payouts may not go out now (a hold on them, or its business no longer approved), or
 * null; undefined when there is no such company. Asked when a payout is written (the company row locked) and
 * again before a live payout is first sent (transfers.ts).
 */
export async function livePayoutBlocked(db: Queryable, companyId: string, lock = false): Promise<string | null | undefined> {
  const { rows } = await db.query<{ held: boolean }>(
    `SELECT c.payouts_held_at IS NOT NULL AS held FROM companies c WHERE c.id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [companyId],
  );
  if (!rows[0]) return undefined;
  if (rows[0].held) return payoutMessages.onHold;
  return (await companyMayGoLive(db, companyId)) ? null : payoutNotApproved;
}

/**
 * Pays the scope's whole available balance to its settlement bank account, in `tx`: a payout
 * covering the released charges not yet paid out and the ledger entry (available to payouts in transit).
 * In test mode the sandbox decides the transfer at once (paid, or failed and back to available). A live
 * payout waits pending for the transfer job, which sends it through Paystack after this transaction
 * commits (see transfers.ts). Live payouts need an approved business without a hold and Paystack.
 */
export async function payOut(
  ctx: AppContext,
  tx: Queryable,
  scope: Scope,
  options: { oncePerDay?: boolean; claim?: IdempotencyClaim | null } = {},
): Promise<PayoutOutcome> {
  // The one lock order (docs/decisions/0038-one-lock-order-for-money.md): the company row (FOR NO KEY UPDATE, so a
  // refund's foreign key to it never waits), the payments the payout covers, then its accounts, all before posting.
  const blocked = await livePayoutBlocked(tx, scope.companyId, true);
  if (blocked === undefined) return { skipped: 'no such company' };
  if (scope.livemode && blocked) return { skipped: blocked };
  // Without Paystack's key there is no live transfer provider; the balance waits for one. (A provider that does not
  // answer for a while is the transfer job's to retry: the payout is written and sent once it answers.)
  if (scope.livemode && !ctx.transfers) return { skipped: liveModeMessages.payoutsPaused };
  if (options.oncePerDay && (await paidOutToday(tx, scope))) return { skipped: 'already paid out today' };
  const { rows: banks } = await tx.query<{ bank_name: string; bank_code: string; account_number: string; account_name: string }>(
    'SELECT bank_name, bank_code, account_number, account_name FROM kyb_bank_details WHERE company_id = $1',
    [scope.companyId],
  );
  const bank = banks[0];
  if (!bank) return { skipped: payoutMessages.noBankAccount };
  await tx.query(
    'SELECT id FROM transactions WHERE company_id = $1 AND livemode = $2 AND released_at IS NOT NULL AND payout_id IS NULL ORDER BY id FOR UPDATE',
    [scope.companyId, scope.livemode],
  );
  await lockAccounts(
    tx,
    (['available', 'payouts_in_transit'] as const)
      .map((code): ModeAccount => ({ companyId: scope.companyId, code, currency: 'NGN', livemode: scope.livemode }))
      .concat([{ code: 'bank', currency: 'NGN', livemode: scope.livemode }]),
  );
  const amount = (await companyBalances(tx, scope.companyId, scope.livemode)).find((balance) => balance.currency === 'NGN')?.available ?? 0;
  if (amount <= 0) return { skipped: payoutMessages.nothingToPay };
  // Read under the accounts' locks, which a freeze takes first: the ledger would refuse the posting anyway (WalletFrozenError).
  if (await isWalletFrozen(tx, scope.companyId, scope.livemode)) return { skipped: walletAdminMessages.walletFrozen };

  const provider = scope.livemode ? 'paystack' : 'sandbox';
  const { rows } = await tx.query<PayoutRow>(
    `INSERT INTO payouts (company_id, livemode, amount, bank_name, bank_code, account_number, account_name, transfer_reference, provider, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $9 = 'paystack' THEN now() END) RETURNING ${PAYOUT_COLUMNS}`,
    [scope.companyId, scope.livemode, amount, bank.bank_name, bank.bank_code, bank.account_number, bank.account_name, `po-${randomBytes(10).toString('hex')}`, provider],
  );
  const created = rows[0]!;
  await bindEffect(tx, options.claim, 'payout', created.id);
  const covered = await tx.query(
    'UPDATE transactions SET payout_id = $3 WHERE company_id = $1 AND livemode = $2 AND released_at IS NOT NULL AND payout_id IS NULL',
    [scope.companyId, scope.livemode, created.id],
  );
  await post(tx, {
    livemode: scope.livemode,
    companyId: scope.companyId,
    kind: 'payout',
    reference: created.id,
    description: 'Payout to bank',
    lines: [payoutLine(created, 'available', 1), payoutLine(created, 'payouts_in_transit', -1)],
  });
  if (provider === 'paystack') {
    await tellPayout(tx, ctx.config.appUrl, payoutOf(created), { state: 'sent' });
    return { payout: toPayout({ ...created, transaction_count: covered.rowCount ?? 0 }) };
  }
  const result = sandboxTransfer(bank.account_number);
  return { payout: result.ok ? await markPayoutPaid(tx, created, ctx.config.appUrl) : await failPayout(tx, created, result.reason, ctx.config.appUrl) };
}

const payoutOf = (row: PayoutRow) => ({
  companyId: row.company_id,
  livemode: row.livemode,
  amount: kobo(row.amount),
  bankName: row.bank_name,
  accountNumber: row.account_number,
});

const payoutLine = (row: PayoutRow, code: 'available' | 'payouts_in_transit', sign: 1 | -1) => ({
  account: { companyId: row.company_id, code, currency: row.currency },
  amount: sign * kobo(row.amount),
});

/** The payout's money leaves payouts in transit for `to` (the bank, or back to available): one ledger entry. */
function postFromTransit(tx: Queryable, row: PayoutRow, kind: 'payout.paid' | 'payout.failed', description: string, to: Line) {
  return post(tx, { companyId: row.company_id, livemode: row.livemode, kind, reference: row.id, description, lines: [payoutLine(row, 'payouts_in_transit', 1), to] });
}

/** The bank has the money: payouts in transit to the bank account, paid, the totals and `payout.paid` (with `settlement.paid`, recordPayoutEvent). In `tx`, on a pending row. */
export async function markPayoutPaid(tx: Queryable, row: PayoutRow, appUrl: string): Promise<Payout> {
  assertMove('payouts', row, 'paid');
  const scope = { companyId: row.company_id, livemode: row.livemode };
  await postFromTransit(tx, row, 'payout.paid', 'Payout received by the bank', { account: { code: 'bank', currency: row.currency }, amount: -kobo(row.amount) });
  const { rows } = await tx.query<PayoutRow>(`UPDATE payouts SET status = 'paid', paid_at = now(), next_check_at = NULL WHERE id = $1 RETURNING ${WITH_COUNT}`, [row.id]);
  await addToTotals(tx, scope, { paidOut: kobo(row.amount) });
  const payout = toPayout(rows[0]!);
  await recordPayoutEvent(tx, scope, 'payout.paid', payout);
  await tellPayout(tx, appUrl, payoutOf(row), { state: 'paid' });
  return payout;
}

/**
 * The transfer did not happen: the money back in the available balance, the charges free for the next payout,
 * failed with the reason, the company told and `payout.failed` (with `settlement.failed`). In `tx`, on a pending row.
 */
export async function failPayout(tx: Queryable, row: PayoutRow, reason: string, appUrl: string): Promise<Payout> {
  assertMove('payouts', row, 'failed');
  const scope = { companyId: row.company_id, livemode: row.livemode };
  // The payments' rows before the accounts (the one lock order): a refund holds its payment's row, then wants the balance.
  await tx.query('UPDATE transactions SET payout_id = NULL WHERE payout_id = $1', [row.id]);
  await postFromTransit(tx, row, 'payout.failed', 'Payout failed; returned to available', payoutLine(row, 'available', -1));
  const { rows } = await tx.query<PayoutRow>(
    `UPDATE payouts SET status = 'failed', failed_at = now(), failure_reason = $2, next_check_at = NULL WHERE id = $1 RETURNING ${WITH_COUNT}`,
    [row.id, reason],
  );
  await tellPayout(tx, appUrl, payoutOf(row), { state: 'failed', reason });
  const payout = toPayout(rows[0]!);
  await recordPayoutEvent(tx, scope, 'payout.failed', payout);
  return payout;
}

/**
 * A payout's event, and until 31 May 2027 the same under its old name (`settlement.paid`, `settlement.failed`), each
 * delivered to the endpoints that take it: an endpoint subscribed to the old name keeps receiving it
 * (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md).
 */
async function recordPayoutEvent(tx: Queryable, scope: Scope, type: 'payout.paid' | 'payout.failed', payout: Payout): Promise<void> {
  await recordEvent(tx, scope, type, payout);
  await recordEvent(tx, scope, type === 'payout.paid' ? 'settlement.paid' : 'settlement.failed', payout);
}

const LAGOS_TODAY = "date_trunc('day', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos'";

async function paidOutToday(tx: Queryable, scope: Scope): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM payouts WHERE company_id = $1 AND livemode = $2 AND created_at >= ' + LAGOS_TODAY + ' LIMIT 1', [
    scope.companyId,
    scope.livemode,
  ]);
  return rows.length > 0;
}

/** The companies and modes the daily run pays out: an available balance and no payout yet today (Lagos day), at most `limit`. */
export async function duePayouts(db: Queryable, limit = 200): Promise<Scope[]> {
  const due: Scope[] = [];
  let after: Scope | null = null;
  while (due.length < limit) {
    const page = await companiesWithBalance(db, 'available', limit, after);
    if (page.length === 0) break;
    const { rows } = await db.query<{ company_id: string; livemode: boolean }>(
      `SELECT DISTINCT company_id, livemode FROM payouts
        WHERE company_id = ANY ($1::uuid[]) AND created_at >= ${LAGOS_TODAY}`,
      [page.map((scope) => scope.companyId)],
    );
    const paid = new Set(rows.map((row) => `${row.company_id}:${row.livemode}`));
    due.push(...page.filter((scope) => !paid.has(`${scope.companyId}:${scope.livemode}`)));
    after = page.at(-1)!;
  }
  return due.slice(0, limit);
}

/**
 * The daily payout run: each company and mode due is paid out in a transaction of its own (a transaction moves
 * one company's money: the one lock order), at most once a Lagos day, checked under the company's lock.
 * Skipped ones (on hold, no bank account) wait.
 */
export async function payoutsDue(ctx: AppContext, due: Scope[]): Promise<{ paid: number; failed: number; skipped: number }> {
  const counts = { paid: 0, failed: 0, skipped: 0 };
  for (const scope of due) {
    const outcome = await ctx.db.transaction((tx) => payOut(ctx, tx, scope, { oncePerDay: true }));
    if ('skipped' in outcome) counts.skipped += 1;
    else if (outcome.payout.status === 'paid') counts.paid += 1;
    else counts.failed += 1;
  }
  return counts;
}

export async function listPayouts(db: Queryable, scope: Scope, query: { page: number; pageSize: number }) {
  const [page, count, hold] = await Promise.all([
    db.query<PayoutRow>(
      `SELECT ${PAYOUT_COLUMNS}, (SELECT count(*)::int FROM transactions t WHERE t.payout_id = s.id) AS transaction_count
         FROM payouts s WHERE company_id = $1 AND livemode = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [scope.companyId, scope.livemode, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM payouts WHERE company_id = $1 AND livemode = $2', [scope.companyId, scope.livemode]),
    db.query<{ payouts_held_at: Date | null; payouts_hold_reason: string | null }>('SELECT payouts_held_at, payouts_hold_reason FROM companies WHERE id = $1', [
      scope.companyId,
    ]),
  ]);
  const totalItems = count.rows[0]?.total ?? 0;
  const held = hold.rows[0];
  const pagination = paginationOf(query, totalItems);
  return {
    payouts: page.rows.map(toPayout),
    pagination,
    // A hold stops live payouts only; test mode shows it too, so the business knows before going live.
    hold: held?.payouts_held_at ? { reason: held.payouts_hold_reason!, since: held.payouts_held_at.toISOString() } : null,
  };
}


export async function payoutDetail(db: Queryable, scope: Scope, id: string): Promise<Payout & { transactions: Transaction[]; lines: PayoutLine[] }> {
  const row = await findPayout(db, scope, id);
  const covered = await db.query<TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE payout_id = $1 ORDER BY created_at DESC, id DESC`, [id]);
  return { ...toPayout({ ...row, transaction_count: covered.rows.length }), transactions: covered.rows.map(toTransaction), lines: await payoutLines(db, row) };
}

async function findPayout(db: Queryable, scope: Scope, id: string): Promise<PayoutRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', payoutMessages.notFound);
  const { rows } = await db.query<PayoutRow>(`SELECT ${PAYOUT_COLUMNS} FROM payouts WHERE id = $1 AND company_id = $2 AND livemode = $3`, [
    id,
    scope.companyId,
    scope.livemode,
  ]);
  if (!rows[0]) throw new AppError('NOT_FOUND', payoutMessages.notFound);
  return rows[0];
}

/**
 * What a payout paid, line by line, read from the ledger: every movement of the available balance since the
 * payout before (payments made available at their net, refunds taken, refunds and payouts that failed and came
 * back), so the lines add up to exactly the payout's amount (docs/decisions/0040-refunds-from-money-not-yet-paid-out.md).
 */
async function payoutLines(db: Queryable, row: PayoutRow): Promise<PayoutLine[]> {
  const account = { companyId: row.company_id, code: 'available' as const, currency: row.currency, livemode: row.livemode };
  const moved = (await linesSincePrevious(db, account, { kind: 'payout', reference: row.id })) ?? [];
  const [payments, refunds, payouts] = await Promise.all([
    referenced(moved, 'release', (refs) =>
      // A release's entry names the payment by its provider reference; the line shows the merchant's.
      db.query<{ key: string; reference: string; amount: string; fee: string | null }>(
        'SELECT provider_reference AS key, reference, amount, fee FROM transactions WHERE company_id = $1 AND livemode = $2 AND provider_reference = ANY($3::text[])',
        [row.company_id, row.livemode, refs],
      ),
    ),
    referenced(moved, ['refund', 'refund.failed'], (refs) =>
      db.query<{ key: string; reference: string }>(
        'SELECT r.id::text AS key, t.reference FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE r.company_id = $1 AND r.id::text = ANY($2::text[])',
        [row.company_id, refs],
      ),
    ),
    referenced(moved, 'payout.failed', (refs) =>
      db.query<{ key: string; created_at: Date }>('SELECT id::text AS key, created_at FROM payouts WHERE company_id = $1 AND id::text = ANY($2::text[])', [row.company_id, refs]),
    ),
  ]);
  const lines = moved.map((line): PayoutLine => {
    // The available balance is credit-normal: a credit (negative line) adds to what is paid out.
    const base = { amount: -line.amount, at: line.at.toISOString(), reference: null, gross: null, fee: null };
    if (line.kind === 'release') {
      const payment = payments.get(line.reference);
      return {
        ...base,
        type: 'payment',
        description: 'Payment',
        reference: payment?.reference ?? null,
        gross: payment ? kobo(payment.amount) : null,
        fee: payment?.fee ? kobo(payment.fee) : null,
      };
    }
    if (line.kind === 'refund' || line.kind === 'refund.failed') {
      const reference = refunds.get(line.reference)?.reference ?? null;
      return { ...base, type: line.kind === 'refund' ? 'refund' : 'refund_returned', description: line.kind === 'refund' ? 'Refund' : 'Refund that failed, returned', reference };
    }
    if (line.kind === 'payout.failed') {
      const failed = payouts.get(line.reference);
      return { ...base, type: 'payout_returned', description: `Payout${failed ? ` of ${failed.created_at.toISOString().slice(0, 10)}` : ''} that failed, returned` };
    }
    return { ...base, type: 'adjustment', description: line.description || line.kind };
  });
  // Whatever the lines do not explain was in the balance before them (the payout before took the whole balance, so
  // this stays zero unless that balance was below zero).
  const explained = lines.reduce((sum, line) => sum + line.amount, 0);
  const before = kobo(row.amount) - explained;
  if (before !== 0) lines.unshift({ type: 'brought_forward', description: 'Balance before these movements', reference: null, amount: before, gross: null, fee: null, at: row.created_at.toISOString() });
  return lines;
}

/** The rows `load` finds for the references of the lines of these kinds, by their key. */
async function referenced<Row extends { key: string }>(
  lines: StatementLine[],
  kinds: string | string[],
  load: (references: string[]) => Promise<{ rows: Row[] }>,
): Promise<Map<string, Row>> {
  const wanted = new Set(typeof kinds === 'string' ? [kinds] : kinds);
  const references = [...new Set(lines.filter((line) => wanted.has(line.kind)).map((line) => line.reference))];
  if (references.length === 0) return new Map();
  return new Map((await load(references)).rows.map((found) => [found.key, found]));
}

/** A payout's lines as CSV, ending with the total paid out, which they add up to. */
export async function payoutCsv(db: Queryable, scope: Scope, id: string): Promise<string> {
  const detail = await payoutDetail(db, scope, id);
  let csv = CSV_BOM + csvRow(['type', 'at', 'reference', 'description', 'gross', 'fee', 'amount']);
  for (const line of detail.lines) {
    csv += csvRow([line.type, lagosTimestamp(new Date(line.at)), line.reference ?? '', line.description, nairaText(line.gross), nairaText(line.fee), nairaText(line.amount)]);
  }
  csv += csvRow(['total', lagosTimestamp(new Date(detail.createdAt)), detail.id, `Payout to ${detail.bankAccount.bankName} ${detail.bankAccount.accountNumber}`, '', '', nairaText(detail.amount)]);
  return csv;
}
