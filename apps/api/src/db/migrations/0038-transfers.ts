/**
 * Transfers between businesses (docs/decisions/0073-transfers-between-businesses.md). A transfer is instant, final and
 * free: its row and its one ledger entry (kind `transfer`, reference the transfer's id) are written in one
 * transaction, so there is no status to move and the row is append-only like the ledger. `seq` orders a company's
 * transfers for keyset paging. What the sender typed to name the recipient is kept beside the company it reached.
 */
export const sql = /* sql */ `
CREATE TABLE transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  livemode boolean NOT NULL,
  from_company_id uuid NOT NULL REFERENCES companies (id),
  to_company_id uuid NOT NULL REFERENCES companies (id),
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(78,0) NOT NULL CHECK (amount > 0),
  -- The amount's value in US cents at market when it was sent (what the send limit counted).
  usd_cents numeric(78,0) NOT NULL CHECK (usd_cents >= 0),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 140),
  recipient_kind text NOT NULL CHECK (recipient_kind IN ('tag', 'email')),
  recipient_handle text NOT NULL CHECK (length(recipient_handle) BETWEEN 1 AND 320),
  -- Who sent it: a user of the sending company (dashboard) or one of its secret keys.
  sent_by_user_id uuid REFERENCES users (id),
  sent_by_key_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_company_id <> to_company_id),
  CHECK ((sent_by_user_id IS NULL) <> (sent_by_key_id IS NULL))
);
CREATE INDEX transfers_from_idx ON transfers (from_company_id, livemode, seq DESC);
CREATE INDEX transfers_to_idx ON transfers (to_company_id, livemode, seq DESC);
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

ALTER TABLE email_otp_codes DROP CONSTRAINT email_otp_codes_purpose_check;
ALTER TABLE email_otp_codes ADD CONSTRAINT email_otp_codes_purpose_check CHECK (purpose IN ('login', 'enable', 'disable', 'roll_key', 'payment_method', 'transfer'));

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_effect_type_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_effect_type_check
  CHECK (effect_type IN ('transaction', 'refund', 'payout', 'payment_link', 'webhook_endpoint', 'webhook_secret', 'webhook_delivery', 'test_funds', 'transfer'));
`;
