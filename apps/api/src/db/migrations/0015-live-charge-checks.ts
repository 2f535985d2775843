/**
 * Live charges Paystack confirms late (docs/decisions/0037-live-charges-and-refunds-checked-at-paystack.md).
 *
 * - A Paystack transaction closed here (failed on a declined first card, or abandoned after our 24 hours) may
 *   still be paid: the customer tries another card on Paystack's page or finishes later. When Paystack then
 *   confirms it, it is credited: `failed` or `abandoned` may move to `success` for Paystack's transactions
 *   only. Every other rule of the guard stands (status otherwise forward only, fee, net and time fixed once paid).
 * - `transactions.provider_checked_at`: when a pending live charge was last asked about at Paystack, for the
 *   job that settles charges whose webhook was lost or came before Paystack's verify agreed.
 * - Pending live refunds are checked whether or not Paystack's id is known (an answer lost on the way back).
 */
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status <> OLD.status
     AND NOT (OLD.provider = 'paystack' AND OLD.status IN ('failed', 'abandoned') AND NEW.status = 'success') THEN
    RAISE EXCEPTION 'a % transaction stays %', OLD.status, OLD.status USING ERRCODE = '23514';
  END IF;
  IF (NEW.company_id, NEW.livemode, NEW.reference, NEW.amount, NEW.currency, NEW.provider)
     IS DISTINCT FROM (OLD.company_id, OLD.livemode, OLD.reference, OLD.amount, OLD.currency, OLD.provider) THEN
    RAISE EXCEPTION 'a transaction''s owner, reference and amount do not change' USING ERRCODE = '42501';
  END IF;
  IF OLD.status = 'success' AND (NEW.fee, NEW.net, NEW.paid_at, NEW.channel) IS DISTINCT FROM (OLD.fee, OLD.net, OLD.paid_at, OLD.channel) THEN
    RAISE EXCEPTION 'a successful transaction''s fee, net, channel and time do not change' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;

ALTER TABLE transactions ADD COLUMN provider_checked_at timestamptz;
CREATE INDEX transactions_paystack_pending_idx ON transactions (created_at) WHERE status = 'pending' AND provider = 'paystack';
CREATE INDEX refunds_live_pending_idx ON refunds (provider_checked_at NULLS FIRST, created_at) WHERE status = 'pending' AND livemode;
`;
