/**
 * Collecting money (issue 13, docs/decisions/0031-collecting-payments.md): payment links, the
 * transactions customers pay, and each transaction's timeline. Amounts are whole kobo (bigint).
 *
 * - `payment_links`: a company's link per mode; `slug` is unique across the platform (it is the public
 *   address `/pay/{slug}`). `paid_count` and `paid_total` are kept in the transaction that marks a
 *   payment successful, so the list never sums the transactions.
 * - `transactions`: one per payment attempt a customer starts; `reference` is unique across the
 *   platform (the checkout address and the merchant API's key). `fee` and `net` are fixed when the
 *   charge succeeds. The status only moves forward: pending -> success | failed | abandoned.
 * - `transaction_history`: what happened to a transaction, in order (its timeline).
 */
export const sql = /* sql */ `
CREATE TABLE payment_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  amount bigint CHECK (amount IS NULL OR amount > 0),
  currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,48}[a-z0-9]$'),
  redirect_url text CHECK (length(redirect_url) <= 2048),
  collect_phone boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  paid_count integer NOT NULL DEFAULT 0 CHECK (paid_count >= 0),
  paid_total bigint NOT NULL DEFAULT 0 CHECK (paid_total >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_links_company_idx ON payment_links (company_id, livemode, created_at DESC, id DESC);

CREATE TABLE transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  reference text NOT NULL UNIQUE CHECK (reference ~ '^[A-Za-z0-9._=-]{6,100}$'),
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  fee bigint CHECK (fee >= 0),
  net bigint CHECK (net >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed', 'abandoned')),
  provider text NOT NULL CHECK (provider IN ('sandbox', 'paystack')),
  channel text CHECK (channel IN ('card', 'bank_transfer')),
  customer_email text NOT NULL CHECK (length(customer_email) BETWEEN 3 AND 254),
  customer_name text NOT NULL DEFAULT '' CHECK (length(customer_name) <= 200),
  customer_phone text CHECK (length(customer_phone) <= 30),
  payment_link_id uuid REFERENCES payment_links (id),
  callback_url text CHECK (length(callback_url) <= 2048),
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  card_brand text,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  gateway_response text NOT NULL DEFAULT '',
  -- The sandbox's pending step: a card charge waiting for its OTP, or a bank transfer account shown.
  sandbox_step text CHECK (sandbox_step IN ('otp', 'bank_transfer')),
  bank_transfer_account text CHECK (bank_transfer_account ~ '^[0-9]{10}$'),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'success') = (paid_at IS NOT NULL)),
  CHECK ((status = 'success') = (fee IS NOT NULL AND net IS NOT NULL AND channel IS NOT NULL)),
  CHECK (fee IS NULL OR fee + net = amount)
);
-- Newest first per company and mode, and the same under each filter the list offers.
CREATE INDEX transactions_company_idx ON transactions (company_id, livemode, created_at DESC, id DESC);
CREATE INDEX transactions_status_idx ON transactions (company_id, livemode, status, created_at DESC, id DESC);
CREATE INDEX transactions_link_idx ON transactions (payment_link_id, created_at DESC, id DESC) WHERE payment_link_id IS NOT NULL;
CREATE INDEX transactions_email_idx ON transactions (company_id, livemode, lower(customer_email), created_at DESC, id DESC);
CREATE INDEX transactions_pending_idx ON transactions (created_at) WHERE status = 'pending';

-- A transaction's status moves forward only, and what a successful one was paid is fixed.
CREATE FUNCTION transactions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status <> OLD.status THEN
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
CREATE TRIGGER transactions_guard BEFORE UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_guard();

CREATE TABLE transaction_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES transactions (id),
  type text NOT NULL CHECK (type ~ '^[a-z_.]{1,60}$'),
  message text NOT NULL CHECK (length(message) <= 500),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX transaction_history_idx ON transaction_history (transaction_id, id);
`;
