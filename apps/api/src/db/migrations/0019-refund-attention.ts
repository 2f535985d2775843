/**
 * Live refunds Paystack says need attention (its `needs-attention` status: the refund waits for the customer's
 * bank account details before it can be made).
 *
 * - `refunds.needs_attention_at`: when Paystack first said so; set once per episode (with the business notified
 *   and an entry in the company's audit trail), cleared when Paystack moves the refund on. The refund stays
 *   pending, its money set aside, until Paystack says processed or failed.
 * - The back office lists pending refunds that need attention, oldest first: an index for that.
 */
export const sql = /* sql */ `
ALTER TABLE refunds ADD COLUMN needs_attention_at timestamptz;
CREATE INDEX refunds_needing_attention_idx ON refunds (needs_attention_at, id) WHERE status = 'pending' AND needs_attention_at IS NOT NULL;
`;
