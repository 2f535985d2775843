import { randomBytes } from 'node:crypto';
import {
  ABANDON_AFTER_HOURS,
  formatNaira,
  MAX_CARD_ATTEMPTS,
  paymentMessages,
  type Channel,
  type Transaction,
  type TransactionDetail,
  type TransactionFilters,
  type TransactionListQuery,
  type TransactionPurpose,
} from '@fipay/contracts/payments';
import { topUpMessages } from '@fipay/contracts/wallet';
import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { enqueueEmail } from '../../../mail/outbox';
import { paymentReceiptEmail } from '../../../mail/templates';
import { recordEvent, type Scope } from '../../webhooks/events';
import { notPaidOutSql, postEntries, type Entry, type Line } from '../../ledger/ledger';
import { emailNotice, paymentReceivedNotice } from '../money-notices';
import { feeFor } from './fees';
import { addHistory, checkoutUrl, countersSql, newAccessCode, VALID_REFERENCE, mayEmailCustomer, toTransaction, TRANSACTION_COLUMNS, updateWithHistory, type TransactionRow } from '../transaction-rows';
import { refundableWithin, refundsFromJson, refundsJsonSql } from '../refunds/refunds';
import { availableAtFor, releaseEntry } from '../payouts/balances';
import { isUniqueViolation, isUuid } from '../../../lib/db-values';
import { bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../../plugins/idempotent-effects';
import { requireLivePayments } from '../../developers/modes';
import { addDays, lagosDay, lagosDayStart } from '../../../lib/lagos';
import { assertMove } from '../transitions';
import { kobo } from '../../../lib/minor-units';

/**
 * `fp-` and 20 hex characters (80 random bits): a transaction's provider reference, unique across the platform, not
 * guessable from another, and within Paystack's documented alphabet for references (-, ., = and alphanumerics); also
 * the merchant reference of a transaction started without one. References made before carry `fp_`.
 */
export const newReference = () => `fp-${randomBytes(10).toString('hex')}`;

export type NewTransaction = {
  amount: number;
  email: string;
  name?: string;
  phone?: string | null;
  reference?: string;
  callbackUrl?: string | null;
  metadata?: Record<string, unknown>;
  paymentLinkId?: string | null;
  /** A top-up of the company's own wallet (ADR 0076); a customer's payment when absent. */
  purpose?: TransactionPurpose;
};

/**
 * A pending transaction and the address the customer pays at. Test mode pays on our sandbox checkout;
 * live mode needs live payments working (requireLivePayments: the business approved, the provider set up and
 * answering). With an Idempotency-Key, the transaction is recorded with the key: a retry after the first request's process died answers with it (and opens its live
 * checkout at Paystack when the first never got the page back) instead of making another.
 */
export async function initializeTransaction(
  ctx: AppContext,
  scope: Scope,
  input: NewTransaction,
  claim?: IdempotencyClaim | null,
): Promise<{ reference: string; authorizationUrl: string; accessCode: string }> {
  // Live charges need live payments working (modes.ts): a clear 503 for the business rather than a charge that cannot start.
  if (scope.livemode) await requireLivePayments(ctx, scope.companyId);
  const earlier = earlierEffect(claim, 'transaction');
  if (earlier) {
    const { rows } = await ctx.db.query<{ id: string; reference: string; provider_reference: string; authorization_url: string | null; access_code: string }>(
      'SELECT id, reference, provider_reference, authorization_url, access_code FROM transactions WHERE id = $1 AND company_id = $2 AND livemode = $3',
      [earlier, scope.companyId, scope.livemode],
    );
    const made = rows[0]!;
    return {
      reference: made.reference,
      accessCode: made.access_code,
      authorizationUrl:
        made.authorization_url ?? (await openCheckout(ctx, scope, input, { id: made.id, providerReference: made.provider_reference, accessCode: made.access_code })),
    };
  }
  // Paystack's reference is ours alone (one Paystack account serves every business); the merchant's is unique in its
  // company and mode only, and is the same random one when the merchant sends none.
  const providerReference = newReference();
  const reference = input.reference ?? providerReference;
  const accessCode = newAccessCode();
  const provider = scope.livemode ? 'paystack' : 'sandbox';
  let id: string;
  try {
    // One statement: the row, its first timeline entry and, with an Idempotency-Key, the key's note of it, all or none.
    const params = [
      scope.companyId,
      scope.livemode,
      reference,
      input.amount,
      provider,
      input.email,
      input.name ?? '',
      input.phone ?? null,
      input.paymentLinkId ?? null,
      input.callbackUrl ?? null,
      JSON.stringify(input.metadata ?? {}),
      accessCode,
      providerReference,
      'transaction.initialized',
      input.purpose === 'top_up' ? `Top-up of ${formatNaira(input.amount)} started by ${input.email}.` : `Payment of ${formatNaira(input.amount)} started by ${input.email}.`,
      input.purpose ?? 'payment',
    ];
    const bound = bindEffectClause(claim, 'transaction', 'made', params.length + 1);
    const { rows } = await ctx.db.query<{ id: string }>(
      `WITH made AS (
         INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name, customer_phone, payment_link_id, callback_url, metadata, access_code, provider_reference, purpose)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $16) RETURNING id
       ), history AS (
         INSERT INTO transaction_history (transaction_id, type, message) SELECT id, $14, $15 FROM made
       )${bound.sql}
       SELECT id FROM made`,
      [...params, ...bound.params],
    );
    id = rows[0]!.id;
  } catch (error) {
    // Only the company's own references in this mode can be taken: another business's never blocks one.
    if (isUniqueViolation(error) && error.constraint === 'transactions_company_reference_key') {
      throw new AppError('CONFLICT', paymentMessages.referenceTaken, { errors: { reference: paymentMessages.referenceTaken } });
    }
    throw error;
  }
  return { reference, accessCode, authorizationUrl: await openCheckout(ctx, scope, input, { id, providerReference, accessCode }) };
}

/**
 * Where the customer of a new transaction pays: our checkout page in test mode; in live mode Paystack's page, which
 * sends the customer back to our checkout page to be verified. Paystack's page is kept with the transaction.
 */
async function openCheckout(ctx: AppContext, scope: Scope, input: NewTransaction, made: { id: string; providerReference: string; accessCode: string }): Promise<string> {
  const id = made.id;
  const ours = checkoutUrl(ctx.config.appUrl, { access_code: made.accessCode });
  const acquirer = ctx.acquirers.live;
  if (!acquirer || !scope.livemode) return ours;
  try {
    // Our transaction's id rides with the charge (its mark): only a payment carrying it is credited to this
    // transaction (a payment under the same reference that did not start here is not).
    const { authorizationUrl } = await acquirer.startCharge({
      email: input.email,
      amount: input.amount,
      reference: made.providerReference,
      callbackUrl: ours,
      mark: id,
      metadata: input.metadata ?? {},
    });
    await ctx.db.query('UPDATE transactions SET authorization_url = $2 WHERE id = $1', [id, authorizationUrl]);
    return authorizationUrl;
  } catch (error) {
    await ctx.db.query("UPDATE transactions SET gateway_response = 'The payment provider could not be reached.', updated_at = now() WHERE id = $1", [id]);
    ctx.liveReadiness.recheckSoon();
    throw error;
  }
}

/**
 * A transaction of the scope with its timeline, refunds and what may still be refunded, in one statement: the row, its
 * timeline, its refunds and, for a paid one, its company's money not yet paid out, all in one snapshot
 * (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md, 0080-a-refund-in-three-statements-a-detail-in-one.md).
 */
export async function transactionDetail(db: Queryable, scope: Scope, reference: string): Promise<TransactionDetail> {
  // The same references findTransactionRow accepts; another business's, or the other mode's, is never found.
  if (!VALID_REFERENCE.test(reference)) throw new AppError('NOT_FOUND', paymentMessages.transactionNotFound);
  const { rows } = await db.query<
    TransactionRow & { timeline: { type: string; message: string; created_at: string }[]; refunds: Parameters<typeof refundsFromJson>[0]; not_paid_out: string | null }
  >(
    `SELECT ${TRANSACTION_COLUMNS},
            (SELECT coalesce(json_agg(json_build_object('type', h.type, 'message', h.message, 'created_at', h.created_at) ORDER BY h.id), '[]')
               FROM transaction_history h WHERE h.transaction_id = transactions.id) AS timeline,
            ${refundsJsonSql('transactions')} AS refunds,
            CASE WHEN transactions.status = 'success' THEN ${notPaidOutSql('transactions')} END AS not_paid_out
       FROM transactions WHERE company_id = $1 AND livemode = $2 AND reference = $3`,
    [scope.companyId, scope.livemode, reference],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', paymentMessages.transactionNotFound);
  return {
    ...toTransaction(row),
    timeline: row.timeline.map((h) => ({ type: h.type, message: h.message, at: new Date(h.created_at).toISOString() })),
    refunds: refundsFromJson(row.refunds, row.reference),
    refundable: refundableWithin(row, row.not_paid_out),
  };
}

const EMAIL_LIKE = /@/;

/**
 * The filtered view's conditions on `transactions t` (its days are Lagos days), strictly after the row with id `after`
 * (none: from the top) in newest-first order; null when nothing can match.
 */
export function filteredWhere(scope: Scope, filters: TransactionFilters, after: string | null): { where: string; params: unknown[] } | null {
  const where = ['t.company_id = $1', 't.livemode = $2'];
  const params: unknown[] = [scope.companyId, scope.livemode];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filters.status) add((p) => `t.status = ${p}`, filters.status);
  if (filters.channel) add((p) => `t.channel = ${p}`, filters.channel);
  if (filters.purpose) add((p) => `t.purpose = ${p}`, filters.purpose);
  if (filters.paymentLinkId) {
    if (!isUuid(filters.paymentLinkId)) return null;
    add((p) => `t.payment_link_id = ${p}`, filters.paymentLinkId);
  }
  if (filters.from) add((p) => `t.created_at >= ${p}::timestamptz`, lagosDayStart(filters.from).toISOString());
  if (filters.to) add((p) => `t.created_at < ${p}::timestamptz`, lagosDayStart(addDays(filters.to, 1)).toISOString());
  if (filters.search) {
    if (EMAIL_LIKE.test(filters.search)) add((p) => `lower(t.customer_email) = lower(${p})`, filters.search);
    else add((p) => `t.reference = ${p}`, filters.search);
  }
  if (after) {
    add((p) => `(t.created_at, t.id) < (SELECT c.created_at, c.id FROM transactions c WHERE c.id = ${p} AND c.company_id = $1 AND c.livemode = $2)`, after);
  }
  return { where: where.join(' AND '), params };
}

/** One page of the filtered view, newest first, strictly after the row with id `after`. */
async function filteredPage(db: Queryable, scope: Scope, filters: TransactionFilters, after: string | null, limit: number): Promise<TransactionRow[]> {
  const filtered = filteredWhere(scope, filters, after);
  if (!filtered) return [];
  const { rows } = await db.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS.split(/,\s*/).map((c) => `t.${c}`).join(', ')} FROM transactions t
      WHERE ${filtered.where} ORDER BY t.created_at DESC, t.id DESC LIMIT $${filtered.params.length + 1}`,
    [...filtered.params, limit],
  );
  return rows;
}

/**
 * A page of the scope's transactions, newest first, after the cursor (the last id of the previous page).
 * Each filter has an index that serves it in this order, so a deep page costs what the first does.
 */
export async function listTransactions(db: Queryable, scope: Scope, query: TransactionListQuery): Promise<{ transactions: Transaction[]; nextCursor: string | null }> {
  if (query.cursor && !isUuid(query.cursor)) {
    throw new AppError('VALIDATION_FAILED', paymentMessages.cursorInvalid, { errors: { cursor: paymentMessages.cursorInvalid } });
  }
  const rows = await filteredPage(db, scope, query, query.cursor ?? null, query.pageSize + 1);
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);
  return { transactions: page.map(toTransaction), nextCursor: more ? page[page.length - 1]!.id : null };
}

const scopeOf = (row: TransactionRow): Scope => ({ companyId: row.company_id, livemode: row.livemode });

export type Card = { brand: string; last4: string };

/**
 * Marks a pending transaction paid, in `tx` with the row locked: fee and net fixed, the ledger entry (the
 * acquirer owes the amount; the company's pending balance gets the net; the platform's fees the fee), the
 * link's totals, the timeline, the `charge.success` event, the company's notification and the customer's
 * receipt.
 */
export async function completeCharge(
  ctx: AppContext,
  tx: Queryable,
  row: TransactionRow,
  channel: Channel,
  card: Card | null,
  businessName?: string,
): Promise<TransactionRow> {
  assertMove('transactions', row, 'success');
  const amount = kobo(row.amount);
  const { fee, net } = feeFor(amount, ctx.config.fees);
  const paidAt = new Date();
  const availableAt = availableAtFor(ctx, row.livemode, paidAt);
  // Due at once (test mode's default): the net moves on to available in the same transaction.
  const releaseNow = availableAt.getTime() <= paidAt.getTime();
  // First what touches rows of this payment only: the row and its timeline, the event and its deliveries, the
  // emails. Then the ledger, whose locks every payment of the company and the platform's accounts share, and the
  // company's counters, last, so those locks are held for the shortest time before commit
  // (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
  const how = card ? `card (${card.brand} ending ${card.last4})` : 'bank transfer';
  const paid = await updateWithHistory(
    tx,
    `UPDATE transactions SET status = 'success', fee = $2, net = $3, channel = $4, card_brand = $5, card_last4 = $6, paid_at = $7, available_at = $8,
            released_at = CASE WHEN $9 THEN now() END, sandbox_step = NULL, gateway_response = 'Approved', updated_at = now()
      WHERE id = $1 AND (status = 'pending' OR (provider = 'paystack' AND status IN ('failed', 'abandoned'))) RETURNING ${TRANSACTION_COLUMNS}`,
    [row.id, fee, net, channel, card?.brand ?? null, card?.last4 ?? null, paidAt, availableAt, releaseNow],
    'charge.success',
    `Paid ${formatNaira(amount)} by ${how}. Fee ${formatNaira(fee)}, net ${formatNaira(net)}.`,
    releaseNow ? [{ type: 'charge.available', message: `${formatNaira(net)} added to the available balance.` }] : [],
  );
  if (!paid) throw new AppError('CONFLICT', paymentMessages.checkoutClosed);
  await recordEvent(tx, scopeOf(paid), 'charge.success', toTransaction(paid));
  if (await mayEmailCustomer(tx, paid)) {
    const name = businessName ?? (await tx.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [paid.company_id])).rows[0]?.name;
    await enqueueEmail(
      tx,
      'payment_receipt',
      paymentReceiptEmail({
        to: paid.customer_email,
        name: paid.customer_name,
        businessName: name ?? 'the business',
        amount: formatNaira(amount),
        reference: paid.reference,
        paidAt,
        how,
        livemode: paid.livemode,
        receiptUrl: checkoutUrl(ctx.config.appUrl, paid),
      }),
    );
  }
  const { company_id: companyId, currency, livemode } = paid;
  const notice = paymentReceivedNotice(ctx.config.appUrl, { companyId, livemode, amount, customerEmail: paid.customer_email, reference: paid.reference, topUp: paid.purpose === 'top_up' });
  await emailNotice(tx, notice);

  const lines: Line[] = [{ account: { code: 'acquirer_clearing', currency }, amount }];
  // A fee schedule may take the whole amount; a line of zero is not written.
  if (net > 0) lines.push({ account: { companyId, code: 'pending', currency }, amount: -net });
  if (fee > 0) lines.push({ account: { code: 'fees', currency }, amount: -fee });
  // Keyed by the provider reference: unique across businesses, where the merchant's reference is not (migration 0021).
  const entries: Entry[] = [{ livemode, companyId, kind: 'charge', reference: paid.provider_reference, description: paid.purpose === 'top_up' ? topUpMessages.description(paid.reference) : `Charge ${paid.reference}`, lines }];
  if (releaseNow && net > 0) entries.push(releaseEntry(paid, net));
  // Every account of both entries locked at once, in one statement with them and, after them, the company's counters.
  const counters = countersSql(
    scopeOf(paid),
    { received: amount, receivedCount: 1 },
    { paymentLink: paid.payment_link_id ? { id: paid.payment_link_id, amount } : null, notification: notice.notification },
  );
  await postEntries(tx, entries, { also: counters });
  return paid;
}

/**
 * A declined attempt: the timeline and a `charge.failed` event each time; after MAX_CARD_ATTEMPTS the
 * transaction fails for good.
 */
export async function recordDeclinedAttempt(tx: Queryable, row: TransactionRow, reason: string, card: Card | null): Promise<TransactionRow> {
  const { rows } = await tx.query<TransactionRow>(
    `UPDATE transactions SET failed_attempts = failed_attempts + 1, gateway_response = $2, sandbox_step = NULL, card_brand = $3, card_last4 = $4,
            status = CASE WHEN failed_attempts + 1 >= $5 THEN 'failed' ELSE status END, updated_at = now()
      WHERE id = $1 AND status = 'pending' RETURNING ${TRANSACTION_COLUMNS}`,
    [row.id, reason, card?.brand ?? null, card?.last4 ?? null, MAX_CARD_ATTEMPTS],
  );
  const after = rows[0];
  if (!after) throw new AppError('CONFLICT', paymentMessages.checkoutClosed);
  await addHistory(tx, after.id, 'charge.failed', `${card ? `Card ending ${card.last4}` : 'Payment'} declined: ${reason}`);
  if (after.status === 'failed') await addHistory(tx, after.id, 'transaction.failed', `Failed after ${MAX_CARD_ATTEMPTS} declined attempts.`);
  await recordEvent(tx, scopeOf(after), 'charge.failed', toTransaction(after));
  return after;
}

/**
 * Pending test-mode transactions not paid within ABANDON_AFTER_HOURS become abandoned, at most `limit` per run.
 * Live ones are closed by the charge check once Paystack has been asked (live.ts, checkLiveCharges).
 */
export async function abandonStale(tx: Queryable, limit = 1000): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE transactions SET status = 'abandoned', sandbox_step = NULL, updated_at = now()
      WHERE id IN (SELECT id FROM transactions WHERE status = 'pending' AND provider = 'sandbox' AND created_at < now() - make_interval(hours => $1)
                    ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [ABANDON_AFTER_HOURS, limit],
  );
  for (const row of rows) await addHistory(tx, row.id, 'transaction.abandoned', `Not paid within ${ABANDON_AFTER_HOURS} hours.`);
  return rows.length;
}

/** Successful charges per Lagos day of payment over the last `days` days (today included), every day present. */
export async function dailyTotals(db: Queryable, scope: Scope, days: number): Promise<{ date: string; amount: number; count: number }[]> {
  const first = addDays(lagosDay(), -(days - 1));
  const { rows } = await db.query<{ day: string; amount: string; count: number }>(
    // By the day each was paid (a payment started at 23:50 and paid at 00:10 counts on the day it was paid).
    `SELECT to_char(paid_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD') AS day, sum(amount)::bigint AS amount, count(*)::int AS count
       FROM transactions WHERE company_id = $1 AND livemode = $2 AND status = 'success' AND paid_at >= $3::timestamptz
      GROUP BY 1`,
    [scope.companyId, scope.livemode, lagosDayStart(first).toISOString()],
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const row = byDay.get(date);
    return { date, amount: kobo(row?.amount ?? 0), count: row?.count ?? 0 };
  });
}
