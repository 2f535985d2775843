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
 * - Daily totals count a payment on the day it was paid: an index for that.
 * - The ledger's balance check (0010, shortened in 0013) can no longer be got round: 0013 let a line skip its
 *   own check when its entry was written in the same transaction, trusting the entry's deferred check to come
 *   later; \`SET CONSTRAINTS ALL IMMEDIATE\` ran that check at once, and a line added after it went unchecked. The
 *   entry's check now records the last of its lines it saw, and a line skips its check only when the entry's
 *   check is still to come or saw it.
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
-- The dashboard's daily totals, by the day a payment was paid.
CREATE INDEX transactions_paid_idx ON transactions (company_id, livemode, paid_at) WHERE status = 'success';
CREATE INDEX refunds_live_pending_idx ON refunds (provider_checked_at NULLS FIRST, created_at) WHERE status = 'pending' AND livemode;

CREATE OR REPLACE FUNCTION journal_entries_check_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM journal_entry_check(NEW.id);
  -- The lines this check covered, for their own checks (journal_lines_check_entry); for this transaction only.
  PERFORM set_config('fipay.ledger_checked_' || replace(NEW.id::text, '-', ''),
                     (SELECT coalesce(max(l.id), 0) FROM journal_lines l WHERE l.entry_id = NEW.id)::text, true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION journal_lines_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered text;
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.xmin = pg_current_xact_id()::xid) THEN
    covered := current_setting('fipay.ledger_checked_' || replace(NEW.entry_id::text, '-', ''), true);
    -- The entry is this transaction's: its own check is still to come (and will see this line), or it has run
    -- and saw this line. A line added after that check is checked here.
    IF coalesce(covered, '') = '' OR NEW.id <= covered::bigint THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM journal_entry_check(NEW.entry_id);
  RETURN NULL;
END $$;
`;
