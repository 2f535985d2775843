import { formatNaira } from '@fipay/contracts/payments';
import type { AppContext } from '../../context';
import { paystackSignatureValid } from './paystack-signature';
import { addHistory, findTransactionRow, recordProviderEvent, TRANSACTION_COLUMNS, type TransactionRow } from './transaction-rows';
import { settleRefundFromPaystack } from './refunds';
import { completeCharge } from './transactions';
import { settleTransferFromPaystack } from './transfers';

/**
 * Live charges through Paystack (docs/decisions/0033-paystack-live-charges.md): whatever tells us a payment
 * may have happened (the customer's return to the checkout page, Paystack's webhook), the transaction is
 * verified with Paystack and settled here, once: the row is locked and only a pending one moves.
 */

const FINAL_FAILURES = new Set(['failed', 'abandoned', 'reversed']);
const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/**
 * Asks Paystack about a pending live transaction and applies the answer in one database transaction. When
 * `event` is given (a webhook), it is recorded there too, so a repeated delivery changes nothing.
 * Answers the row as it now stands; a Paystack outage is a 502 for the caller to retry.
 */
export async function settleFromPaystack(
  ctx: AppContext,
  reference: string,
  event?: { key: string; type: string },
): Promise<TransactionRow | undefined> {
  const before = await findTransactionRow(ctx.db, reference);
  if (!before || before.provider !== 'paystack' || !ctx.paystack) return before;
  if (before.status !== 'pending') {
    if (event) await recordProviderEvent(ctx.db, event);
    return before;
  }
  const verified = await ctx.paystack.verify(reference);
  const after = await ctx.db.transaction(async (tx) => {
    if (event && !(await recordProviderEvent(tx, event))) return findTransactionRow(tx, reference);
    const row = await findTransactionRow(tx, reference, true);
    if (!row || row.status !== 'pending') return row;
    if (verified.status === 'success') {
      if (verified.amount !== Number(row.amount) || verified.currency !== row.currency) {
        // Never credit what was not paid: kept pending for a person to look at.
        await addHistory(tx, row.id, 'charge.mismatch', `Paystack reports ${verified.currency} ${formatNaira(verified.amount)} paid; ${formatNaira(Number(row.amount))} was expected. Not credited.`);
        return row;
      }
      return completeCharge(ctx, tx, row, verified.channel, verified.card);
    }
    if (FINAL_FAILURES.has(verified.status)) {
      const { rows } = await tx.query<TransactionRow>(
        `UPDATE transactions SET status = 'failed', gateway_response = $2, updated_at = now() WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
        [row.id, verified.gatewayResponse || `Paystack: ${verified.status}`],
      );
      await addHistory(tx, row.id, 'transaction.failed', `Paystack reports the payment ${verified.status}${verified.gatewayResponse ? `: ${verified.gatewayResponse}` : ''}.`);
      return rows[0];
    }
    return row;
  });
  ctx.kickWebhooks();
  ctx.kickOutbox();
  return after;
}

export type WebhookOutcome = 'refused' | 'ignored' | 'applied';

/**
 * One Paystack webhook: the signature checked on the raw bytes before anything is read, then
 * `charge.success` settled through a fresh verification, `refund.processed` / `refund.failed` applied to
 * the refund Paystack named, and `transfer.success` / `transfer.failed` / `transfer.reversed` settled through
 * a fresh verification of the payout. Other events are acknowledged and left alone.
 */
export async function handlePaystackWebhook(ctx: AppContext, rawBody: Buffer, signature: string | string[] | undefined): Promise<WebhookOutcome> {
  if (!ctx.paystack || !paystackSignatureValid(rawBody, signature, ctx.paystack.options.secretKey)) return 'refused';
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return 'ignored';
  }
  if (typeof event !== 'object' || event === null) return 'ignored';
  const { event: named, data } = event as { event?: unknown; data?: { id?: unknown; reference?: unknown } };
  const type = typeof named === 'string' ? named : '';
  const id = typeof data?.id === 'number' || typeof data?.id === 'string' ? String(data.id) : undefined;
  const reference = typeof data?.reference === 'string' ? data.reference : undefined;
  // The key that makes a repeated delivery apply once: Paystack's id for the event's object, else our reference.
  const keyed = (fallback: string) => ({ key: `${type}:${id ?? fallback}`, type });
  if ((type === 'refund.processed' || type === 'refund.failed') && id) {
    await settleRefundFromPaystack(ctx, id, type === 'refund.processed' ? 'processed' : 'failed', keyed(id));
    return 'applied';
  }
  if (TRANSFER_EVENTS.has(type) && reference) return (await settleTransferFromPaystack(ctx, reference, keyed(reference))) ? 'applied' : 'ignored';
  if (type !== 'charge.success' || !reference) return 'ignored';
  await settleFromPaystack(ctx, reference, keyed(reference));
  return 'applied';
}
