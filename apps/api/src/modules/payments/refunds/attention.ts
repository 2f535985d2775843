import { formatNaira } from '@fipay/contracts/payments';
import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { appendAudit } from '../../audit/audit-log';
import type { NewNotification } from '../../notifications/notify';
import { tellRefundNeedsAttention } from '../money-notices';
import { addHistory } from '../transaction-rows';
import { kobo } from '../../../lib/minor-units';

/**
 * Live refunds Paystack says need attention: its `needs-attention` status, for a refund it can make only with the
 * customer's bank account details (POST /refund/retry_with_customer_details/{id}, which Paystack refuses for a
 * refund in any other status). Nobody here can supply them, so the refund must reach a person: it is marked, the
 * business is told what to get from its customer, and staff see it in the back office and in the company's audit
 * trail. It stays pending, its money set aside, until Paystack says processed or failed: Paystack documents no
 * end to a refund that needs attention, and returning the money while Paystack may still make the refund could
 * pay it twice.
 */

export const refundAttentionNotice = (amount: number, reference: string): NewNotification => ({
  title: "A refund needs your customer's bank details",
  message: `Paystack needs your customer's bank account details to finish the refund of ${formatNaira(amount)} on payment ${reference}. Ask your customer for their bank and account number and send them to FiPay support with the payment reference. The money stays set aside until the refund is made or fails.`,
});

/** Marks a pending live refund Paystack says needs attention, once per episode, with the notice, the timeline and the audit trail in one transaction. */
export async function markRefundForAttention(ctx: AppContext, id: string): Promise<void> {
  const marked = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ company_id: string; transaction_id: string; amount: string; provider_refund_id: string | null; reference: string }>(
      `SELECT r.company_id, r.transaction_id, r.amount, r.provider_refund_id, t.reference
         FROM refunds r JOIN transactions t ON t.id = r.transaction_id
        WHERE r.id = $1 AND r.status = 'pending' AND r.needs_attention_at IS NULL FOR UPDATE OF r`,
      [id],
    );
    const row = rows[0];
    if (!row) return false;
    const amount = kobo(row.amount);
    await tx.query('UPDATE refunds SET needs_attention_at = now() WHERE id = $1', [id]);
    await addHistory(tx, row.transaction_id, 'refund.needs_attention', `Paystack needs the customer's bank account details to make the refund of ${formatNaira(amount)}.`);
    await tellRefundNeedsAttention(tx, ctx.config.appUrl, row.company_id, refundAttentionNotice(amount, row.reference));
    await appendAudit(tx, {
      actor: { type: 'system', name: 'Paystack' },
      action: 'refund.needs_attention',
      companyId: row.company_id,
      after: { refund: id, transaction: row.reference, amount, paystackRefund: row.provider_refund_id },
    });
    return true;
  });
  if (marked) ctx.log.warn({ refund: id }, "Paystack says a live refund needs attention (the customer's bank account details); marked for a person");
}

/** Paystack moved a refund that needed attention on (it is pending or processing again): no longer marked. */
export async function clearRefundAttention(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE refunds SET needs_attention_at = NULL WHERE id = $1 AND status = 'pending' AND needs_attention_at IS NOT NULL", [id]);
}
