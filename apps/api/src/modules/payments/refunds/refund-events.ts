import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import type { InboundEvent } from '../../../providers/types';
import { reconcileRefund } from './refunds';

type RefundEvent = Extract<InboundEvent, { action: 'refund.updated' }>;

/** At most this many of a transaction's pending refunds are asked about for one delivery; the hourly check takes any others. */
const MAX_CANDIDATES = 10;
/** Our merchant note on a live refund (refundNote): `FiPay refund <our refund's id>`. */
const OUR_NOTE = /^FiPay refund ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * An acquirer's news of refunds (our `refund.updated` action, read from the provider's webhook by
 * apps/api/src/providers/): it names the refunded transaction by our provider reference (never the merchant's
 * reference, which another business may share) and the amount, and may also carry the refund's id at the provider
 * and its note. The refunds of ours it is about:
 * 1. the one with the provider's refund id, when the event carries one we know;
 * 2. else the one whose id our merchant note carries (`FiPay refund <id>`), when the event carries the note,
 *    on the transaction it names;
 * 3. else the live refunds still pending on that transaction with that amount (all of the transaction's pending
 *    refunds when the amount cannot be read), at most MAX_CANDIDATES.
 * Each is then asked about at the acquirer by its own id (or found by its note) and settled by what the acquirer
 * holds for it, never by the event alone: two refunds of one amount on one payment, or a refund made on the
 * provider's dashboard, are never taken for one another. The event is recorded once, with the refund the
 * acquirer's record agrees with, in the transaction that settles it. False when no refund of ours is pending for it.
 */
export async function applyRefundEvent(ctx: AppContext, event: RefundEvent): Promise<boolean> {
  const acquirer = ctx.acquirers.live;
  if (!acquirer) return false;
  const candidates = await refundsNamedBy(ctx.db, acquirer.name, event);
  for (const id of candidates) {
    await reconcileRefund(ctx, acquirer, id, { concludeAbsent: false, event: { key: `${event.type}:${id}`, type: event.type, status: event.status } });
  }
  return candidates.length > 0;
}

async function refundsNamedBy(db: Queryable, provider: string, event: RefundEvent): Promise<string[]> {
  const one = (rows: { id: string; status: string }[]) => (rows[0]!.status === 'pending' ? [rows[0]!.id] : []);
  if (event.refundId) {
    const { rows } = await db.query<{ id: string; status: string }>('SELECT id, status FROM refunds WHERE provider_refund_id = $1 AND livemode', [event.refundId]);
    if (rows.length) return one(rows);
  }
  const noted = event.note ? OUR_NOTE.exec(event.note)?.[1] : undefined;
  if (noted) {
    const { rows } = await db.query<{ id: string; status: string }>(
      'SELECT r.id, r.status FROM refunds r JOIN transactions t ON t.id = r.transaction_id WHERE r.id = $1 AND t.provider_reference = $2 AND r.livemode',
      [noted, event.chargeReference],
    );
    if (rows.length) return one(rows);
  }
  const { rows } = await db.query<{ id: string }>(
    `SELECT r.id FROM refunds r JOIN transactions t ON t.id = r.transaction_id
      WHERE t.provider_reference = $1 AND t.provider = $3 AND r.livemode AND r.status = 'pending' AND ($2::bigint IS NULL OR r.amount = $2::bigint)
      ORDER BY r.created_at, r.id LIMIT ${MAX_CANDIDATES}`,
    [event.chargeReference, event.amount, provider],
  );
  return rows.map((row) => row.id);
}
