/**
 * Refunds, the move of a paid charge from pending to available, and settlements (payouts to the
 * company's bank account) (docs/decisions/0032-refunds-and-settlements.md).
 *
 * - `transactions.available_at`: when a successful charge's net becomes available; `released_at` when it
 *   did (its ledger entry); `refunded_amount` what refunds have taken from it (failed ones give it back),
 *   never more than the amount; `settlement_id` the payout that covered it.
 * - `refunds`: per transaction, pending -> processed | failed, never back.
 * - `settlements`: one payout of a company's available balance per mode, with the bank account it went to
 *   (the account number is kept to send the transfer and shown masked); pending -> paid | failed.
 * - `companies.payouts_held_at` and `payouts_hold_reason`: the back office's hold on live payouts.
 * - A journal line added to an entry written in the same transaction is no longer checked on its own at
 *   commit: the entry's check (0010) covers all its lines. Lines added later to an older entry still are.
 * - `provider_events`: each event a provider sent us (a Paystack webhook), by its key, written in the
 *   transaction that applies it, so a repeated delivery is applied once.
 * - `money_totals`: what a company has received (successful charges), refunded and been paid out, per mode
 *   and currency, kept in the transactions that move the money, so the dashboard reads one row.
 */
export const sql = /* sql */ `
CREATE TABLE settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  bank_name text NOT NULL,
  bank_code text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  transfer_reference text NOT NULL UNIQUE,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  failed_at timestamptz,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status = 'failed') = (failed_at IS NOT NULL AND failure_reason IS NOT NULL))
);
CREATE INDEX settlements_company_idx ON settlements (company_id, livemode, created_at DESC, id DESC);

ALTER TABLE transactions
  ADD COLUMN available_at timestamptz,
  ADD COLUMN released_at timestamptz,
  ADD COLUMN refunded_amount bigint NOT NULL DEFAULT 0,
  ADD COLUMN settlement_id uuid REFERENCES settlements (id),
  ADD CONSTRAINT transactions_refunded_within_amount CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
  ADD CONSTRAINT transactions_released_when_paid CHECK (released_at IS NULL OR status = 'success');
CREATE INDEX transactions_release_due_idx ON transactions (available_at) WHERE status = 'success' AND released_at IS NULL;
CREATE INDEX transactions_unsettled_idx ON transactions (company_id, livemode) WHERE released_at IS NOT NULL AND settlement_id IS NULL;
CREATE INDEX transactions_settlement_idx ON transactions (settlement_id, created_at DESC, id DESC) WHERE settlement_id IS NOT NULL;

CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  transaction_id uuid NOT NULL REFERENCES transactions (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL DEFAULT 'NGN' CHECK (currency = 'NGN'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
  reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 200),
  -- The provider's id for a live refund (Paystack's refund id), to match its webhooks.
  provider_refund_id text UNIQUE CHECK (length(provider_refund_id) <= 100),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  failed_at timestamptz,
  CHECK ((status = 'processed') = (processed_at IS NOT NULL)),
  CHECK ((status = 'failed') = (failed_at IS NOT NULL))
);
CREATE INDEX refunds_transaction_idx ON refunds (transaction_id, created_at);
CREATE INDEX refunds_company_idx ON refunds (company_id, livemode, created_at DESC, id DESC);

-- A refund's and a settlement's status moves forward only.
CREATE FUNCTION status_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'pending' AND NEW.status <> OLD.status THEN
    RAISE EXCEPTION 'a % % stays %', OLD.status, TG_TABLE_NAME, OLD.status USING ERRCODE = '23514';
  END IF;
  IF NEW.amount <> OLD.amount OR NEW.company_id <> OLD.company_id OR NEW.livemode <> OLD.livemode THEN
    RAISE EXCEPTION 'the owner and amount of % do not change', TG_TABLE_NAME USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER refunds_forward BEFORE UPDATE ON refunds FOR EACH ROW EXECUTE FUNCTION status_moves_forward();
CREATE TRIGGER settlements_forward BEFORE UPDATE ON settlements FOR EACH ROW EXECUTE FUNCTION status_moves_forward();

CREATE TABLE provider_events (
  provider text NOT NULL CHECK (provider IN ('paystack')),
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  type text NOT NULL CHECK (length(type) BETWEEN 1 AND 100),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, key)
);

CREATE TABLE money_totals (
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  currency char(3) NOT NULL CHECK (currency = 'NGN'),
  received bigint NOT NULL DEFAULT 0 CHECK (received >= 0),
  received_count integer NOT NULL DEFAULT 0 CHECK (received_count >= 0),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  paid_out bigint NOT NULL DEFAULT 0 CHECK (paid_out >= 0),
  PRIMARY KEY (company_id, livemode, currency)
);

ALTER TABLE companies
  ADD COLUMN payouts_held_at timestamptz,
  ADD COLUMN payouts_hold_reason text CHECK (length(payouts_hold_reason) <= 500),
  ADD CONSTRAINT companies_hold_has_reason CHECK ((payouts_held_at IS NULL) = (payouts_hold_reason IS NULL));

CREATE OR REPLACE FUNCTION journal_lines_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.xmin = pg_current_xact_id()::xid) THEN
    RETURN NULL;
  END IF;
  PERFORM journal_entry_check(NEW.entry_id);
  RETURN NULL;
END $$;
`;
