import { REFUNDS_NEEDING_ATTENTION_MAX, type RefundNeedingAttention } from '@fipay/contracts/back-office';
import type { Queryable } from '../../db/client';
import { kobo } from '../../lib/minor-units';

/**
 * The live refunds Paystack says need attention and that are still pending, oldest mark first, for staff to finish
 * on Paystack's dashboard with the customer's bank account details (docs/decisions: refunds that need attention).
 */
export async function refundsNeedingAttention(db: Queryable): Promise<{ refunds: RefundNeedingAttention[]; total: number }> {
  const { rows } = await db.query<{
    id: string;
    company_id: string;
    company_name: string;
    reference: string;
    provider_reference: string;
    amount: string;
    currency: string;
    provider_refund_id: string | null;
    created_at: Date;
    needs_attention_at: Date;
    total: string;
  }>(
    `SELECT r.id, r.company_id, c.name AS company_name, t.reference, t.provider_reference, r.amount, r.currency, r.provider_refund_id, r.created_at, r.needs_attention_at,
            count(*) OVER () AS total
       FROM refunds r JOIN transactions t ON t.id = r.transaction_id JOIN companies c ON c.id = r.company_id
      WHERE r.status = 'pending' AND r.needs_attention_at IS NOT NULL
      ORDER BY r.needs_attention_at, r.id LIMIT $1`,
    [REFUNDS_NEEDING_ATTENTION_MAX],
  );
  return {
    refunds: rows.map((row) => ({
      id: row.id,
      company: { id: row.company_id, name: row.company_name },
      transactionReference: row.reference,
      paystackReference: row.provider_reference,
      amount: kobo(row.amount),
      currency: row.currency,
      paystackRefundId: row.provider_refund_id,
      createdAt: row.created_at.toISOString(),
      needsAttentionSince: row.needs_attention_at.toISOString(),
    })),
    total: kobo(rows[0]?.total ?? 0),
  };
}
