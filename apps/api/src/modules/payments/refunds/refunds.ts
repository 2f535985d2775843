import { randomUUID } from 'node:crypto';
import { formatNaira, paymentMessages, refundMessages, type createRefundRequest, type Refund } from '@fipay/contracts/payments';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import type { Acquirer, RefundStatus } from '../../../providers/types';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { enqueueEmail, enqueueEmailsSql, type EmailKind } from '../../../mail/outbox';
import type { OutgoingEmail } from '../../../mail/transport';
import { refundEmail } from '../../../mail/templates';
import { eventClause, recordEvent, type Scope } from '../../webhooks/events';
import { companyBalances, InsufficientBalanceError, post, postAlone, postEntriesWith, PostingHeldError, type Entry, type Posted, type PostingParts, WalletFrozenError } from '../../ledger/ledger';
import { bindEffect, bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../../plugins/idempotent-effects';
import { requireLivePayments } from '../../developers/modes';
import { liveModeMessages } from '@fipay/contracts/live-mode';
import { walletAdminMessages } from '@fipay/contracts/back-office-wallet';
import { emailNotice, notifyNotice, refundNotice } from '../money-notices';
import { clearRefundAttention, markRefundForAttention } from './attention';
import {
  addHistory,
  addToTotals,
  checkoutUrl,
  countersSql,
  findTransactionById,
  findTransactionRow,
  mayEmailCustomer,
  recordProviderEvent,
  TRANSACTION_COLUMNS,
  VALID_REFERENCE,
  type TransactionRow,
} from '../transaction-rows';
import { assertMove } from '../transitions';
import { kobo } from '../../../lib/minor-units';

/**
 * Refunds (docs/decisions/0032-refunds-and-settlements.md): full or partial, never more than what is left
 * on the payment (the transaction row is locked, and the database holds refunded <= amount), taken from
 * the available balance, which may go below zero down to what is pending settlement (0040; the database
 * holds available + pending >= 0). The sandbox processes a refund at once;
 * a provider that fails one later gives the money back with `failRefund`.
 */

type RefundRow = {
  id: string;
  company_id: string;
  livemode: boolean;
  transaction_id: string;
  amount: string;
  currency: 'NGN';
  status: Refund['status'];
  reason: string;
  failure_reason: string | null;
  created_at: Date;
  processed_at: Date | null;
  reference: string;
};
const COLUMNS = 'r.id, r.company_id, r.livemode, r.transaction_id, r.amount, r.currency, r.status, r.reason, r.failure_reason, r.created_at, r.processed_at, t.reference';

const toRefund = (row: RefundRow): Refund => ({
  id: row.id,
  transactionReference: row.reference,
  livemode: row.livemode,
  amount: kobo(row.amount),
  currency: row.currency,
  status: row.status,
  reason: row.reason,
  failureReason: row.failure_reason,
  createdAt: row.created_at.toISOString(),
  processedAt: row.processed_at ? row.processed_at.toISOString() : null,
});

/** The company's money in this payment's mode not yet paid out: available (which may be below zero) and pending. */
async function notPaidOut(db: Queryable, row: Pick<TransactionRow, 'company_id' | 'livemode' | 'currency'>): Promise<number> {
  const balance = (await companyBalances(db, row.company_id, row.livemode)).find((b) => b.currency === row.currency);
  return balance ? balance.available + balance.pending : 0;
}

/** The most a refund of this payment may be now: what is left on it, within the money not yet paid out. */
export async function refundableNow(db: Queryable, row: TransactionRow): Promise<number> {
  if (row.status !== 'success') return 0;
  return refundableWithin(row, await notPaidOut(db, row));
}

/** `refundableNow` of a payment whose company's money not yet paid out was read with it (ledger's `notPaidOutSql`). */
export function refundableWithin(row: TransactionRow, notPaidOut: number | string | null): number {
  if (row.status !== 'success' || notPaidOut === null) return 0;
  const left = kobo(row.amount) - kobo(row.refunded_amount);
  return Math.max(0, Math.min(left, kobo(notPaidOut)));
}

/** The refunds of a transaction named `t`, as `refundsFromJson` reads them, oldest first (null when none). */
export const refundsJsonSql = (t: string) =>
  `(SELECT json_agg(json_build_object('id', r.id, 'company_id', r.company_id, 'livemode', r.livemode, 'transaction_id', r.transaction_id,
            'amount', r.amount::text, 'currency', r.currency, 'status', r.status, 'reason', r.reason, 'failure_reason', r.failure_reason,
            'created_at', r.created_at, 'processed_at', r.processed_at) ORDER BY r.created_at, r.id)
      FROM refunds r WHERE r.transaction_id = ${t}.id)`;

type RefundJson = Omit<RefundRow, 'created_at' | 'processed_at' | 'reference'> & { created_at: string; processed_at: string | null };

/** The refunds `refundsJsonSql` read, of the transaction with `reference`. */
export const refundsFromJson = (rows: RefundJson[] | null, reference: string): Refund[] =>
  (rows ?? []).map((row) =>
    toRefund({ ...row, reference, created_at: new Date(row.created_at), processed_at: row.processed_at === null ? null : new Date(row.processed_at) }),
  );

const scopeOf = (row: { company_id: string; livemode: boolean }): Scope => ({ companyId: row.company_id, livemode: row.livemode });

/**
 * A pending refund in `tx`: checked against what is left on the payment, the money taken from the
 * available balance into acquirer clearing, and the timeline. What the provider then does is the caller's.
 */
export async function startRefund(tx: Queryable, scope: Scope, input: z.output<typeof createRefundRequest>): Promise<StartedRefund> {
  const started = await openRefund(tx, scope, input);
  await reserveRefund(tx, started);
  return started;
}

/**
 * The rows of a pending refund in `tx`: checked against what is left on the payment (its row locked), the refund
 * row, the payment's refunded amount and the timeline, in one statement. Its money is taken from the available
 * balance by `reserveRefund`, which the caller runs once it has written everything else that does not move money
 * (the ledger's locks last: docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 */
async function openRefund(tx: Queryable, scope: Scope, input: z.output<typeof createRefundRequest>): Promise<StartedRefund> {
  const row = await findTransactionRow(tx, scope, input.reference, true);
  if (!row) throw new AppError('NOT_FOUND', paymentMessages.transactionNotFound);
  const amount = refundAmount(row, input);
  const { rows } = await tx.query<{ id: string }>(
    `WITH t AS (
       UPDATE transactions SET refunded_amount = refunded_amount + $4, updated_at = now() WHERE id = $3 RETURNING id
     ), r AS (
       INSERT INTO refunds (company_id, livemode, transaction_id, amount, reason) SELECT $1, $2, t.id, $4, $5 FROM t RETURNING id
     ), h AS (
       INSERT INTO transaction_history (transaction_id, type, message) SELECT t.id, 'refund.pending', $6 FROM t
     )
     SELECT id FROM r`,
    [row.company_id, row.livemode, row.id, amount, input.reason, refundStartedMessage(amount, input.reason)],
  );
  return { id: rows[0]!.id, amount, transaction: row };
}

/** What a refund of the locked payment `row` takes: the amount asked, or all that is left; refused when it cannot be refunded. */
function refundAmount(row: TransactionRow, input: z.output<typeof createRefundRequest>): number {
  if (row.status !== 'success') throw new AppError('CONFLICT', refundMessages.notRefundable);
  const left = kobo(row.amount) - kobo(row.refunded_amount);
  if (left <= 0) throw new AppError('CONFLICT', refundMessages.nothingLeft);
  const amount = input.amount ?? left;
  if (amount > left) throw new AppError('VALIDATION_FAILED', refundMessages.tooMuch, { errors: { amount: refundMessages.tooMuch } });
  return amount;
}

const refundStartedMessage = (amount: number, reason: string) => `Refund of ${formatNaira(amount)} started${reason ? `: ${reason}` : ''}.`;

type StartedRefund = { id: string; amount: number; transaction: TransactionRow };

/**
 * A refund's ledger entry: its amount from the company's available balance into acquirer clearing. Posting it locks the
 * company's available and pending accounts and the platform's clearing in the one order and checks that the available
 * balance stays covered by what is pending settlement (docs/decisions/0040-refunds-from-money-not-yet-paid-out.md).
 */
function refundEntry(id: string, row: Pick<TransactionRow, 'livemode' | 'company_id' | 'currency' | 'reference'>, amount: number): Entry {
  return {
    livemode: row.livemode,
    companyId: row.company_id,
    kind: 'refund',
    reference: id,
    description: `Refund of ${row.reference}`,
    lines: [
      { account: { companyId: row.company_id, code: 'available', currency: row.currency }, amount },
      { account: { code: 'acquirer_clearing', currency: row.currency }, amount: -amount },
    ],
  };
}

/** A refusal of the ledger's, as the refund's answer says it. */
function refundRefusal(error: unknown): unknown {
  if (error instanceof InsufficientBalanceError) return new AppError('UNPROCESSABLE', refundMessages.balanceShort);
  if (error instanceof WalletFrozenError) return new AppError('UNPROCESSABLE', walletAdminMessages.walletFrozen);
  return error;
}

/** The started refund's money, posted in `tx` (`refundEntry`). */
async function reserveRefund(tx: Queryable, { id, amount, transaction: row }: StartedRefund): Promise<void> {
  try {
    await post(tx, refundEntry(id, row, amount));
  } catch (error) {
    throw refundRefusal(error);
  }
}

/**
 * A refund of a payment. With an Idempotency-Key the refund is recorded with the key when it is made: a retry
 * after the first request's process died answers with that refund instead of making a second one.
 */
export async function createRefund(ctx: AppContext, scope: Scope, input: z.output<typeof createRefundRequest>, claim?: IdempotencyClaim | null): Promise<Refund> {
  const earlier = earlierEffect(claim, 'refund');
  if (earlier) return toRefund(await loadRefund(ctx.db, earlier));
  if (scope.livemode) return createLiveRefund(ctx, scope, input, claim);
  // The sandbox acquirer (test mode) returns the money to the customer at once.
  return refundAtOnce(ctx, scope, input, claim);
}

/** The customer's receipt for a processed refund (`refund_processed`), whichever path processed it. */
function refundReceipt(appUrl: string, payment: TransactionRow, businessName: string, amount: number): OutgoingEmail {
  return refundEmail({
    to: payment.customer_email,
    name: payment.customer_name,
    businessName,
    amount: formatNaira(amount),
    reference: payment.reference,
    livemode: payment.livemode,
    receiptUrl: checkoutUrl(appUrl, payment),
  });
}

/**
 * The payment to refund, with what its refund's emails need: whether its customer may be emailed, the business's name,
 * and the users of the business who keep refund emails on (as `emailCompany` reads them), oldest first.
 */
type PaymentToRefund = TransactionRow & { customer_is_team: boolean; company_name: string | null; notice_recipients: { email: string; firstName: string }[] };

/** Reads the payment to refund of `scope` by its reference (`PaymentToRefund`), locked with `lock`. */
async function readPaymentToRefund(db: Queryable, scope: Scope, reference: string, lock: boolean): Promise<PaymentToRefund> {
  const { rows } = await db.query<PaymentToRefund>(
    `SELECT ${TRANSACTION_COLUMNS},
            EXISTS (SELECT 1 FROM users u WHERE u.email = lower(transactions.customer_email) AND u.company_id = transactions.company_id) AS customer_is_team,
            (SELECT c.name FROM companies c WHERE c.id = transactions.company_id) AS company_name,
            (SELECT coalesce(json_agg(json_build_object('email', u.email, 'firstName', u.first_name) ORDER BY u.created_at), '[]')
               FROM users u LEFT JOIN email_preferences p ON p.user_id = u.id
              WHERE u.company_id = transactions.company_id AND coalesce(p.refunds, true)) AS notice_recipients
       FROM transactions WHERE company_id = $1 AND livemode = $2 AND reference = $3${lock ? ' FOR UPDATE' : ''}`,
    [scope.companyId, scope.livemode, reference],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', paymentMessages.transactionNotFound);
  return rows[0];
}

/**
 * A refund the provider makes at once (the sandbox's, in test mode), written by **one statement**
 * (docs/decisions/0095-a-refund-in-one-statement.md, refining 0080): the payment's refunded amount raised if the payment
 * can still give the refund as it was checked (still successful, with the amount asked for left on it; for "all that is
 * left", with the refunded amount that was read), the refund already processed, both timeline entries (started, then
 * refunded), the emails (outbox rows), the `refund.processed` event with its deliveries; then the ledger's accounts in
 * id order, the balance check, the posting, the company's counters and notification; and, as the statement ends, the
 * Idempotency-Key's note (its own key's row, which nothing else waits for). The payment's row is the statement's first
 * lock and the ledger's accounts its last, the order of every money path (ADR 0038, 0063).
 *
 * Read first without a lock, the payment is refunded by that statement as a transaction of its own (the ledger's
 * `postAlone`): two round trips, and a refusal raised inside the statement writes nothing. When the payment can no
 * longer give it (other refunds of it landed in between) or an account the posting needs does not exist yet, the same
 * statement runs again in a transaction, after the payment's row is read under its lock. The checks, rows, event,
 * emails and answer are those of the two-step path (`startRefund`, `processRefund`); a refund has no pending moment to
 * be seen in.
 */
async function refundAtOnce(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof createRefundRequest>,
  claim: IdempotencyClaim | null | undefined,
): Promise<Refund> {
  if (!VALID_REFERENCE.test(input.reference)) throw new AppError('NOT_FOUND', paymentMessages.transactionNotFound);
  try {
    const made = refundStatement(await readPaymentToRefund(ctx.db, scope, input.reference, false), input, claim, ctx.config.appUrl);
    const posted = await postAlone(ctx.db, [made.entry], made.parts);
    if (posted) return made.written(ctx.db, posted);
  } catch (error) {
    // Held: the payment can no longer give the refund as it was checked. Read it again below, under its lock.
    if (!(error instanceof PostingHeldError)) throw refundRefusal(error);
  }
  return ctx.db.transaction(async (tx) => {
    const made = refundStatement(await readPaymentToRefund(tx, scope, input.reference, true), input, claim, ctx.config.appUrl);
    try {
      return made.written(tx, await postEntriesWith(tx, [made.entry], made.parts));
    } catch (error) {
      throw refundRefusal(error);
    }
  });
}

/**
 * What refunds `row` at once (`refundAtOnce`): its checks (refused here with the reason), the ledger entry and the
 * statement's parts, and `written`, which answers the refund as the statement wrote it and wakes the workers it gave work.
 */
function refundStatement(row: PaymentToRefund, input: z.output<typeof createRefundRequest>, claim: IdempotencyClaim | null | undefined, appUrl: string) {
  const amount = refundAmount(row, input);
  const id = randomUUID();
  // The refund as it will be written; its times are the statement's (now(), as the columns' defaults), set in its event by the database.
  const refund = (at: string): Refund => ({
    id,
    transactionReference: row.reference,
    livemode: row.livemode,
    amount,
    currency: row.currency,
    status: 'processed',
    reason: input.reason,
    failureReason: null,
    createdAt: at,
    processedAt: at,
  });
  const history = [
    { type: 'refund.pending', message: refundStartedMessage(amount, input.reason) },
    { type: 'refund.processed', message: `${formatNaira(amount)} refunded to the customer.` },
  ];
  // The emails: the customer's receipt when they may be emailed, then the business's notice to each user who keeps
  // refund emails on (`emailCompany`'s).
  const notice = refundNotice(appUrl, { companyId: row.company_id, livemode: row.livemode, amount, reference: row.reference }, { processed: true });
  const businessName = row.company_name ?? 'the business';
  const emails: { kind: EmailKind; email: OutgoingEmail }[] = [];
  if (row.livemode || row.customer_is_team) emails.push({ kind: 'refund_processed', email: refundReceipt(appUrl, row, businessName, amount) });
  for (const user of row.notice_recipients) emails.push({ kind: notice.email.kind, email: notice.email.build({ email: user.email, firstName: user.firstName, companyName: businessName }) });
  const entry = refundEntry(id, row, amount);
  const parts: PostingParts = {
    // Before the ledger's locks, what nobody else waits for but the payment's row, which `t` takes first; `written`
    // reads them all so that they run before the accounts are locked. Held when the payment can no longer give the refund.
    head: (param) => {
      // A refund of an amount asked for needs that much left on the payment, however many refunds of it land at once;
      // "all that is left" needs the payment's refunded amount to be what was read, as the amount was taken from it.
      const whole =
        input.amount === undefined ? `refunded_amount = ${param(row.refunded_amount)}::bigint` : `refunded_amount + ${param(amount)}::bigint <= amount`;
      const event = eventClause(scopeOf(row), 'refund.processed', refund(''), { param, atNow: ['createdAt', 'processedAt'] }, 'processed');
      const bound = bindEffectClause(claim, 'refund', 'r', param);
      const outbox = emails.length > 0 ? `, o AS (${enqueueEmailsSql(emails, param, 't')} RETURNING 1)` : '';
      return {
        sql: `t AS (
         UPDATE transactions SET refunded_amount = refunded_amount + ${param(amount)}::bigint, updated_at = now()
          WHERE id = ${param(row.id)} AND status = 'success' AND ${whole} RETURNING id
       ), r AS (
         INSERT INTO refunds (id, company_id, livemode, transaction_id, amount, reason, status, processed_at)
         SELECT ${param(id)}, ${param(row.company_id)}, ${param(row.livemode)}, t.id, ${param(amount)}, ${param(input.reason)}, 'processed', now() FROM t
         RETURNING id, created_at
       ), h AS (
         INSERT INTO transaction_history (transaction_id, type, message)
         SELECT t.id, x.type, x.message FROM t, unnest(${param(history.map((h) => h.type))}::text[], ${param(history.map((h) => h.message))}::text[]) WITH ORDINALITY AS x(type, message, position)
          ORDER BY x.position
         RETURNING 1
       )${outbox}${event.sql}${bound.sql},
       written AS MATERIALIZED (
         SELECT (SELECT count(*) FROM r) + (SELECT count(*) FROM h) + (SELECT count(*) FROM processed_d)${outbox ? ' + (SELECT count(*) FROM o)' : ''} AS rows
       )`,
        pass: '(SELECT rows FROM written) > 0 AND EXISTS (SELECT 1 FROM t)',
        // Whether the business has any endpoint in this mode an event could be delivered to (a superset of those the
        // event's deliveries go to, read in the same snapshot): the webhook worker is woken only when it may have work.
        output: `(SELECT created_at FROM r) AS made_at,
                 EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id = ${param(row.company_id)} AND w.livemode = ${param(row.livemode)} AND w.deleted_at IS NULL) AS webhooks`,
      };
    },
    also: countersSql(scopeOf(row), { refunded: amount }, { notification: notice.notification }),
  };
  const written = (q: Queryable, posted: Posted): Refund => {
    if (posted.output.webhooks) q.wake('webhooks');
    if (emails.length > 0) q.wake('outbox');
    return refund((posted.output.made_at as Date).toISOString());
  };
  return { entry, parts, written };
}

/** What a live refund carries to Paystack as its merchant note, so that it can be found there again by it. */
export const refundNote = (id: string) => `FiPay refund ${id}`;

/**
 * A live refund: reserved from the available balance and recorded pending, then asked of Paystack, which
 * answers later by webhook (`refund.processed` or `refund.failed`, see applyRefundOutcome). Only a
 * refusal from Paystack undoes the reservation at once. When the answer is lost (a timeout, a reset, a 5xx),
 * the refund may have reached Paystack, so it stays pending and the refund check finds out (checkRefunds):
 * returning the money then would let the same refund be made twice.
 */
async function createLiveRefund(ctx: AppContext, scope: Scope, input: z.output<typeof createRefundRequest>, claim?: IdempotencyClaim | null): Promise<Refund> {
  // Nothing is reserved while live payments do not work: the business is told so, and the payment stays as it is.
  await requireLivePayments(ctx, scope.companyId, liveModeMessages.refundsUnavailable);
  const acquirer = ctx.acquirers.live;
  if (!acquirer) throw new AppError('SERVICE_UNAVAILABLE', liveModeMessages.refundsUnavailable);
  const { id, transaction } = await ctx.db.transaction(async (tx) => {
    const started = await startRefund(tx, scope, input);
    await bindEffect(tx, claim, 'refund', started.id);
    return started;
  });
  const amount = Number((await loadRefund(ctx.db, id)).amount);
  let answer: Awaited<ReturnType<typeof acquirer.refund>>;
  try {
    answer = await acquirer.refund(transaction.provider_reference, amount, refundNote(id));
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'BAD_GATEWAY') throw error;
    ctx.log.warn({ refund: id, reason: error.cause }, 'Paystack refund answer lost; the refund stays pending until checked');
    return toRefund(await loadRefund(ctx.db, id));
  }
  if ('refused' in answer) {
    ctx.log.warn({ refund: id, reason: answer.refused }, 'Paystack refused a refund');
    await ctx.db.transaction((tx) => failRefund(tx, id, 'The payment provider refused the refund.', ctx.config.appUrl));
    throw new AppError('UNPROCESSABLE', refundMessages.providerRefused);
  }
  await ctx.db.query('UPDATE refunds SET provider_refund_id = $2 WHERE id = $1', [id, answer.refundId]);
  return toRefund(await loadRefund(ctx.db, id));
}

/**
 * Paystack's word on a live refund: processed or failed, applied to a pending one only. When its webhook
 * brought it, the event is recorded in the same transaction, so it is applied once.
 */
export async function applyRefundOutcome(
  ctx: AppContext,
  providerRefundId: string,
  outcome: 'processed' | 'failed',
  event?: { key: string; type: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (event && !(await recordProviderEvent(tx, event))) return;
    const { rows } = await tx.query<{ id: string; status: string }>('SELECT id, status FROM refunds WHERE provider_refund_id = $1 FOR UPDATE', [providerRefundId]);
    const refund = rows[0];
    if (!refund || refund.status !== 'pending') return;
    if (outcome === 'failed') {
      await failRefund(tx, refund.id, 'The card issuer or bank did not accept the refund.', ctx.config.appUrl);
      return;
    }
    const row = await loadRefund(tx, refund.id);
    const transaction = await findTransactionById(tx, row.transaction_id);
    await processRefund(tx, { id: refund.id, amount: kobo(row.amount) }, transaction!, ctx.config.appUrl);
  });
}

/**
 * Takes up to `limit` live refunds pending for over an hour, least recently checked first, and marks them
 * checked now, so the next run takes others: those Paystack named (their webhook may be lost) and those whose
 * request went unanswered (Paystack may or may not have them). In the job's transaction; ask Paystack after
 * it commits.
 */
export async function claimRefundChecks(tx: Queryable, limit = 50): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE refunds SET provider_checked_at = now()
      WHERE id IN (SELECT r.id FROM refunds r JOIN transactions t ON t.id = r.transaction_id
                    WHERE r.status = 'pending' AND r.livemode AND t.provider = 'paystack' AND r.created_at < now() - interval '1 hour'
                    ORDER BY r.provider_checked_at NULLS FIRST, r.created_at LIMIT $1 FOR UPDATE OF r SKIP LOCKED)
      RETURNING id`,
    [limit],
  );
  return rows.map((row) => row.id);
}

/**
 * Asks Paystack about claimed refunds and applies what is final. A refund Paystack never named is looked for
 * by its note and transaction among the refunds Paystack made the day either side of it: found, it is tied to
 * Paystack's id and settled by its status; not there an hour on, the request never reached Paystack, and the
 * money goes back; more refunds in that window than one search reads, it stays pending for a person. Outages
 * wait for the next run.
 */
export async function checkRefunds(ctx: AppContext, refundIds: string[]): Promise<{ processed: number; failed: number; pending: number }> {
  const counts = { processed: 0, failed: 0, pending: 0 };
  const acquirer = ctx.acquirers.live;
  if (!acquirer) return counts;
  for (const id of refundIds) {
    try {
      counts[await reconcileRefund(ctx, acquirer, id, { concludeAbsent: true })] += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_GATEWAY') throw error;
      ctx.log.warn({ refund: id, reason: error.cause }, 'Paystack refund not checked; trying again later');
      counts.pending += 1;
    }
  }
  return counts;
}

/**
 * Asks Paystack about one pending live refund and applies what Paystack holds for it: processed or failed
 * settles it (with `event`, the webhook that prompted the question, recorded in the same transaction when
 * Paystack's record says the same), needs-attention marks it for a person (markRefundForAttention), anything
 * else keeps it pending. A refund Paystack has no trace of fails with its money back only when `concludeAbsent`
 * (the hourly check, an hour after the request); past the search's bound it stays pending for a person. An
 * outage is thrown (502).
 */
export async function reconcileRefund(
  ctx: AppContext,
  acquirer: Acquirer,
  id: string,
  options: { concludeAbsent: boolean; event?: { key: string; type: string; status: RefundStatus } },
): Promise<'processed' | 'failed' | 'pending'> {
  const outcome = await askProviderAbout(acquirer, await loadRefundForCheck(ctx.db, id));
  if (outcome === 'beyond-bound') {
    // Paystack made more refunds around this one than a search reads: it may hold it or not, so its money stays
    // set aside, for a person to look up on Paystack's dashboard.
    ctx.log.error({ refund: id }, 'Paystack refund not found within the refund search bound; left pending for a person');
    return 'pending';
  }
  if (outcome === 'never-received') {
    if (!options.concludeAbsent) return 'pending';
    await ctx.db.transaction((tx) => failRefund(tx, id, 'The payment provider did not receive the refund.', ctx.config.appUrl));
    return 'failed';
  }
  // Paystack's id, once known, also lets its webhook find this refund.
  await ctx.db.query('UPDATE refunds SET provider_refund_id = $2 WHERE id = $1 AND provider_refund_id IS NULL', [id, outcome.providerRefundId]);
  if (outcome.status === 'needs-attention') await markRefundForAttention(ctx, id);
  // Moved on after a person gave Paystack what it needed.
  if (outcome.status === 'pending') await clearRefundAttention(ctx.db, id);
  if (outcome.status !== 'processed' && outcome.status !== 'failed') return 'pending';
  const { event } = options;
  await applyRefundOutcome(ctx, outcome.providerRefundId, outcome.status, event?.status === outcome.status ? { key: event.key, type: event.type } : undefined);
  return outcome.status;
}

/** A refund as its check at Paystack needs it: its transaction by the reference Paystack knows it by. */
type RefundForCheck = { id: string; provider_refund_id: string | null; provider_reference: string; created_at: Date };

async function loadRefundForCheck(db: Queryable, id: string): Promise<RefundForCheck> {
  const { rows } = await db.query<RefundForCheck>(
    'SELECT r.id, r.provider_refund_id, t.provider_reference, r.created_at FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE r.id = $1',
    [id],
  );
  return rows[0]!;
}

/**
 * How far either side of our refund's creation its search at Paystack looks: Paystack made it within a request's
 * time of ours, and a day either way holds whether Paystack reads `from` and `to` as instants or as days.
 */
const REFUND_SEARCH_MARGIN_MS = 24 * 3_600_000;

async function askProviderAbout(
  acquirer: Acquirer,
  refund: RefundForCheck,
): Promise<{ providerRefundId: string; status: RefundStatus } | 'never-received' | 'beyond-bound'> {
  if (refund.provider_refund_id) {
    const status = await acquirer.refundStatus(refund.provider_refund_id);
    return { providerRefundId: refund.provider_refund_id, status: status ?? 'unknown' };
  }
  const { providerId: chargeId } = await acquirer.verifyCharge(refund.provider_reference);
  const created = refund.created_at.getTime();
  const found = await acquirer.findRefund({
    chargeId,
    note: refundNote(refund.id),
    from: new Date(created - REFUND_SEARCH_MARGIN_MS),
    to: new Date(created + REFUND_SEARCH_MARGIN_MS),
  });
  if (found === 'absent') return 'never-received';
  if (found === 'beyond-bound') return found;
  return { providerRefundId: found.refundId, status: found.status };
}

async function loadRefund(tx: Queryable, id: string): Promise<RefundRow> {
  const { rows } = await tx.query<RefundRow>(`SELECT ${COLUMNS} FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE r.id = $1`, [id]);
  return rows[0]!;
}

/**
 * The provider returned the money for a pending refund: processed, `refund.processed`, the customer's email and the
 * business's notice, then the company's counters (a refund made at once goes through `refundAtOnce` instead).
 */
async function processRefund(tx: Queryable, started: { id: string; amount: number }, transaction: TransactionRow, appUrl: string): Promise<Refund> {
  const { rows } = await tx.query<RefundRow>(
    `WITH r AS (
       UPDATE refunds SET status = 'processed', processed_at = now() WHERE id = $1 AND status = 'pending' RETURNING *
     ), h AS (
       INSERT INTO transaction_history (transaction_id, type, message) SELECT r.transaction_id, 'refund.processed', $2 FROM r
     )
     SELECT ${COLUMNS} FROM r JOIN transactions t ON t.id = r.transaction_id`,
    [started.id, `${formatNaira(started.amount)} refunded to the customer.`],
  );
  // Not pending: says what it was instead.
  if (!rows[0]) assertMove('refunds', await loadRefund(tx, started.id), 'processed');
  const row = rows[0]!;
  const refund = toRefund(row);
  await recordEvent(tx, scopeOf(row), 'refund.processed', refund);
  if (await mayEmailCustomer(tx, transaction)) {
    const { rows: company } = await tx.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [row.company_id]);
    await enqueueEmail(tx, 'refund_processed', refundReceipt(appUrl, transaction, company[0]?.name ?? 'the business', refund.amount));
  }
  const notice = refundNotice(appUrl, { companyId: row.company_id, livemode: row.livemode, amount: refund.amount, reference: row.reference }, { processed: true });
  await emailNotice(tx, notice);
  // The company's shared counters last (docs/decisions/0038-one-lock-order-for-money.md), in one statement of their own.
  await addToTotals(tx, scopeOf(row), { refunded: refund.amount }, { notification: notice.notification });
  return refund;
}

/**
 * A pending refund the provider could not make: failed, its money back in the available balance and back on the
 * payment's refundable amount, and `refund.failed`. In `tx`.
 */
export async function failRefund(tx: Queryable, id: string, reason: string, appUrl: string): Promise<Refund> {
  const { rows } = await tx.query<{ id: string }>(
    "UPDATE refunds SET status = 'failed', failed_at = now(), failure_reason = $2 WHERE id = $1 AND status = 'pending' RETURNING id",
    [id, reason],
  );
  const row = await loadRefund(tx, id);
  if (!rows[0]) return toRefund(row);
  await tx.query('UPDATE transactions SET refunded_amount = refunded_amount - $2, updated_at = now() WHERE id = $1', [row.transaction_id, row.amount]);
  const amount = kobo(row.amount);
  const refund = toRefund(row);
  await addHistory(tx, row.transaction_id, 'refund.failed', `Refund of ${formatNaira(amount)} failed: ${reason} The money is back in the available balance.`);
  await recordEvent(tx, scopeOf(row), 'refund.failed', refund);
  const notice = refundNotice(appUrl, { companyId: row.company_id, livemode: row.livemode, amount, reference: row.reference }, { processed: false, reason });
  await emailNotice(tx, notice);
  await post(tx, {
    livemode: row.livemode,
    companyId: row.company_id,
    kind: 'refund.failed',
    reference: row.id,
    description: `Refund of ${row.reference} failed`,
    lines: [
      { account: { code: 'acquirer_clearing', currency: row.currency }, amount },
      { account: { companyId: row.company_id, code: 'available', currency: row.currency }, amount: -amount },
    ],
  });
  await notifyNotice(tx, notice);
  return refund;
}
