/**
 * Live payouts through Paystack Transfers (docs/decisions/0034-live-payouts-through-paystack.md).
 *
 * - `settlements.provider`: who moves the money, the sandbox (test mode, decided at once) or Paystack
 *   (live, decided by its answer or webhook later). `provider_transfer_code` is Paystack's code for the
 *   transfer; `transfer_attempts` how often we asked; `next_check_at` when the transfer job next sends
 *   or re-checks a pending live payout (a lease: a claim pushes it forward, so two instances never send
 *   the same payout at once).
 * - `transfer_recipients`: Paystack's recipient code per bank account, created once and reused.
 * - `refunds.provider_checked_at`: when a pending live refund was last asked about at Paystack, for the job
 *   that settles refunds whose webhook never came (oldest check first).
 * - `provider_events` by arrival, for the clean-up job that forgets keys after 90 days.
 */
export const sql = /* sql */ `
ALTER TABLE settlements
  ADD COLUMN provider text NOT NULL DEFAULT 'sandbox' CHECK (provider IN ('sandbox', 'paystack')),
  ADD COLUMN provider_transfer_code text CHECK (length(provider_transfer_code) BETWEEN 1 AND 100),
  ADD COLUMN transfer_attempts integer NOT NULL DEFAULT 0 CHECK (transfer_attempts >= 0),
  ADD COLUMN next_check_at timestamptz,
  ADD CONSTRAINT settlements_checked_while_pending CHECK (next_check_at IS NULL OR (status = 'pending' AND provider = 'paystack'));
CREATE INDEX settlements_transfer_due_idx ON settlements (next_check_at) WHERE next_check_at IS NOT NULL;

CREATE TABLE transfer_recipients (
  provider text NOT NULL CHECK (provider IN ('paystack')),
  bank_code text NOT NULL CHECK (length(bank_code) BETWEEN 1 AND 20),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  recipient_code text NOT NULL CHECK (length(recipient_code) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, bank_code, account_number)
);

ALTER TABLE refunds ADD COLUMN provider_checked_at timestamptz;
CREATE INDEX provider_events_received_idx ON provider_events (received_at);
CREATE INDEX refunds_provider_pending_idx ON refunds (provider_checked_at NULLS FIRST, created_at) WHERE status = 'pending' AND provider_refund_id IS NOT NULL;
`;
