/**
 * Payment methods (docs/decisions/0067-payment-methods.md): a company's saved accounts per mode. `account_key` is
 * the account as one comparable text (kind, bank or routing code, number), unique among the company's methods of a
 * mode that are not removed. A removed method keeps its row (removed_at) for the audit trail. `usable_from` is fixed
 * when the method is added, so a later change of the cooling-off setting does not move it.
 */
export const sql = /* sql */ `
CREATE TABLE payment_methods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ng_bank_account', 'iban', 'gb_account', 'us_account')),
  currency text NOT NULL CHECK (currency IN ('NGN', 'USD', 'GBP', 'EUR')),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  account_name text NOT NULL,
  bank_name text,
  bank_code text NOT NULL,
  account_number text NOT NULL,
  account_key text NOT NULL,
  name_review text NOT NULL CHECK (name_review IN ('not_needed', 'needs_review', 'cleared')),
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  usable_from timestamptz NOT NULL,
  reviewed_by uuid REFERENCES reviewers (id),
  reviewed_at timestamptz,
  removed_at timestamptz,
  CHECK ((name_review = 'cleared') = (reviewed_at IS NOT NULL))
);
CREATE UNIQUE INDEX payment_methods_one_per_account ON payment_methods (company_id, livemode, account_key) WHERE removed_at IS NULL;
CREATE INDEX payment_methods_by_company ON payment_methods (company_id, livemode, created_at DESC) WHERE removed_at IS NULL;

ALTER TABLE email_otp_codes DROP CONSTRAINT email_otp_codes_purpose_check;
ALTER TABLE email_otp_codes ADD CONSTRAINT email_otp_codes_purpose_check CHECK (purpose IN ('login', 'enable', 'disable', 'roll_key', 'payment_method'));
`;
