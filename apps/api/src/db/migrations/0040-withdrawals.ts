/**
 * Withdrawals (docs/decisions/0075-withdrawals.md): money leaving a company's wallet for one of its saved payment
 * methods, or for its verified settlement bank account (naira). The row is written pending in the transaction whose
 * ledger entry moves the amount from `available` to `payouts_in_transit`; the withdrawal job sends it through the
 * provider of its currency and moves it once to paid (the money leaves for the platform's `bank`) or failed (it
 * returns to `available`). Where it went is copied from the method when it was made, so a method removed later does
 * not change what was paid.
 */
export const sql = /* sql */ `
CREATE TABLE withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  asset text NOT NULL REFERENCES assets (code) CHECK (asset IN ('NGN', 'USD', 'GBP', 'EUR')),
  amount numeric(78,0) NOT NULL CHECK (amount > 0),
  fee numeric(78,0) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  usd_cents numeric(78,0) NOT NULL CHECK (usd_cents >= 0),
  -- The saved payment method it goes to, or NULL for the verified settlement bank account.
  payment_method_id uuid REFERENCES payment_methods (id),
  destination_kind text NOT NULL CHECK (destination_kind IN ('settlement_account', 'ng_bank_account', 'iban', 'gb_account', 'us_account')),
  account_name text NOT NULL,
  bank_name text,
  bank_code text NOT NULL,
  account_number text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'paystack', 'sandbox_foreign')),
  reference text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  failure_reason text,
  provider_transfer_code text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz DEFAULT now(),
  sent_by_user_id uuid REFERENCES users (id),
  sent_by_key_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  failed_at timestamptz,
  CHECK ((sent_by_user_id IS NULL) <> (sent_by_key_id IS NULL)),
  CHECK ((status = 'failed') = (failure_reason IS NOT NULL)),
  CHECK (status = 'pending' OR next_attempt_at IS NULL)
);
CREATE INDEX withdrawals_company_idx ON withdrawals (company_id, livemode, seq DESC);
CREATE INDEX withdrawals_due_idx ON withdrawals (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_effect_type_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_effect_type_check
  CHECK (effect_type IN ('transaction', 'refund', 'payout', 'payment_link', 'webhook_endpoint', 'webhook_secret', 'webhook_delivery', 'test_funds', 'transfer', 'withdrawal'));
`;
