import { ABANDON_AFTER_HOURS, formatNaira } from '@fipay/contracts/payments';
import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { addHistory, findByProviderReference, recordProviderEvent, TRANSACTION_COLUMNS, type TransactionRow } from '../transaction-rows';
import { completeCharge } from './transactions';
import { lastSignedWebhook } from '../live-readiness';
import { assertMove } from '../transitions';
import { kobo } from '../../../lib/minor-units';

/**
 * Live charges through Paystack (docs/decisions/0033-paystack-live-charges.md): whatever tells us a payment
 * may have happened (the customer's return to the checkout page, Paystack's webhook), the transaction is
 * verified with Paystack and settled here, once: the row is locked and only a pending one moves.
 */

/**
 * Asks Paystack about the live transaction it knows by `providerReference` (ours at Paystack, unique across the
 * platform; never the merchant's reference, which another business may share) and applies the answer in one
 * database transaction. When `event`
 * is given (a webhook), it is recorded there once the answer is final, so a repeated delivery changes nothing
 * and an early one (Paystack's verify not yet agreeing) leaves the charge to the next check. A pending
 * transaction is settled by any caller; one closed here (failed, abandoned) only when Paystack's webhook says
 * it was paid: a customer may pay after a declined card or after our 24 hours, and that money is credited, not
 * dropped. Only a payment carrying our transaction's id (its mark) is credited. `closeIfStale` (the
 * charge check) abandons a pending one past our 24 hours that Paystack says is unpaid.
 * Answers the row as it now stands; a Paystack outage is a 502 for the caller to retry.
 */
export async function confirmLiveCharge(
  ctx: AppContext,
  providerReference: string,
  event?: { key: string; type: string },
  options: { closeIfStale?: boolean } = {},
): Promise<TransactionRow | undefined> {
  const before = await findByProviderReference(ctx.db, providerReference);
  const acquirer = ctx.acquirers.live;
  if (!before || !acquirer || before.provider !== acquirer.name) return before;
  if (before.status === 'success' || (before.status !== 'pending' && !event)) {
    if (event) await recordProviderEvent(ctx.db, event);
    return before;
  }
  const verified = await acquirer.verifyCharge(providerReference);
  const after = await ctx.db.transaction(async (tx) => {
    const row = await findByProviderReference(tx, providerReference, true);
    if (!row || row.status === 'success') {
      if (event) await recordProviderEvent(tx, event);
      return row;
    }
    const ours = verified.mark === row.id;
    if (verified.status === 'paid' && !ours) {
      // A payment under this reference that did not start here (another system on the same Paystack account):
      // never credited; to the log for a person.
      ctx.log.error({ transaction: row.id, paystack: verified.providerId }, 'Paystack reports a payment under this reference that did not start here; not credited');
    }
    if (verified.status === 'paid' && ours) {
      if (event && !(await recordProviderEvent(tx, event))) return row;
      if (verified.amount !== kobo(row.amount) || verified.currency !== row.currency) {
        // Never credit what was not paid: kept for a person to look at.
        await addHistory(tx, row.id, 'charge.mismatch', `Paystack reports ${verified.currency} ${formatNaira(verified.amount)} paid; ${formatNaira(kobo(row.amount))} was expected. Not credited.`);
        ctx.log.error({ transaction: row.id, paid: verified.amount, expected: row.amount }, 'Paystack reports another amount paid; not credited');
        return row;
      }
      if (row.status !== 'pending') {
        await addHistory(tx, row.id, 'charge.late', `Paystack confirmed the payment after it was marked ${row.status} here; credited.`);
        ctx.log.warn({ transaction: row.id, was: row.status }, 'Paystack confirmed a closed transaction; credited');
      }
      return completeCharge(ctx, tx, row, verified.channel, verified.card);
    }
    if (row.status !== 'pending') return row;
    const final = verified.status === 'failed';
    const stale = Date.now() - row.created_at.getTime() > ABANDON_AFTER_HOURS * 3_600_000;
    if (final || (options.closeIfStale && stale)) {
      if (event && !(await recordProviderEvent(tx, event))) return row;
      const status = final ? 'failed' : 'abandoned';
      assertMove('transactions', row, status);
      const { rows } = await tx.query<TransactionRow>(
        `UPDATE transactions SET status = $3, gateway_response = $2, updated_at = now() WHERE id = $1 RETURNING ${TRANSACTION_COLUMNS}`,
        [row.id, verified.gatewayResponse || `Paystack: ${verified.providerStatus}`, status],
      );
      await addHistory(
        tx,
        row.id,
        `transaction.${status}`,
        final
          ? `Paystack reports the payment ${verified.providerStatus}${verified.gatewayResponse ? `: ${verified.gatewayResponse}` : ''}.`
          : `Not paid within ${ABANDON_AFTER_HOURS} hours (Paystack: ${verified.providerStatus}).`,
      );
      return rows[0];
    }
    return row;
  });
  return after;
}

/**
 * Takes up to `limit` live charges still pending that are due a check at Paystack and marks them checked now:
 * first 10 minutes after they started, then whenever the time since the last check reaches half their age
 * (about 8 checks in a day), and each one past our 24 hours at once, so it is closed only after Paystack
 * has been asked. Answers their provider references. In the job's transaction; ask Paystack after it commits
 * (checkLiveCharges).
 */
export async function claimLiveChargeChecks(tx: Queryable, limit = 50): Promise<string[]> {
  const { rows } = await tx.query<{ provider_reference: string }>(
    `UPDATE transactions SET provider_checked_at = now()
      WHERE id IN (SELECT id FROM transactions
                    WHERE status = 'pending' AND provider = 'paystack' AND created_at < now() - interval '10 minutes'
                      AND (provider_checked_at IS NULL OR provider_checked_at < now() - (now() - created_at) / 2
                           OR (created_at < now() - make_interval(hours => $2) AND provider_checked_at < now() - interval '10 minutes'))
                    ORDER BY provider_checked_at NULLS FIRST, created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING provider_reference`,
    [limit, ABANDON_AFTER_HOURS],
  );
  return rows.map((row) => row.provider_reference);
}

/**
 * Asks Paystack about claimed live charges (their webhook may be lost, or have come before Paystack's verify
 * agreed) and applies what is final; one past our 24 hours and still unpaid is abandoned. Outages wait.
 */
export async function checkLiveCharges(ctx: AppContext, providerReferences: string[]): Promise<{ paid: number; closed: number; pending: number }> {
  const counts = { paid: 0, closed: 0, pending: 0 };
  for (const providerReference of providerReferences) {
    let row: TransactionRow | undefined;
    try {
      row = await confirmLiveCharge(ctx, providerReference, undefined, { closeIfStale: true });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_GATEWAY') throw error;
      ctx.log.warn({ providerReference, reason: error.cause }, 'Paystack charge not checked; trying again later');
    }
    if (row?.status === 'success') counts.paid += 1;
    else if (row && row.status !== 'pending') counts.closed += 1;
    else counts.pending += 1;
  }
  if (counts.paid > 0) {
    // Paid, and no webhook had applied it: either Paystack's webhook came before its verify agreed, or it never reached
    // us. Paystack cannot be asked where it sends webhooks; the operator can look, with the last one that arrived.
    const last = await lastSignedWebhook(ctx.db);
    ctx.log.warn(
      { paid: counts.paid, lastSignedWebhookAt: last?.toISOString() ?? null, webhookUrl: `${ctx.config.appUrl}/api/v1/providers/paystack/webhook` },
      "Live payments confirmed by the charge check, not by Paystack's webhook: check that Paystack's dashboard sends webhooks to this URL",
    );
  }
  return counts;
}
