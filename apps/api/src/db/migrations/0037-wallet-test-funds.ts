/**
 * Test funds (docs/decisions/0072-the-wallet-page-statements-and-test-funds.md).
 * - `wallet_test_funds`: each addition of test funds, written before its posting (the ledger entry `test_funds` whose
 *   reference is this id). Test mode only, so no mode column.
 * - `wallet_test_funds_days`: what each company has added to each asset's test balance on one UTC day, and the cap
 *   that held when it was last added to. The row is written by the test-funds posting statement itself, after its
 *   entry, under the ledger's locks; its CHECK refuses a day's total beyond the cap, so the statement fails and the
 *   entry is rolled back with it however many requests run at once. Test mode only: the posting's `test_faucet`
 *   account cannot exist in live mode (0034), so nothing here ever concerns live money.
 * - `idempotency_keys.effect_type` allows `test_funds`: a retried request with its Idempotency-Key answers with the
 *   test funds the first one added (the id is the ledger entry's reference).
 */
export const sql = /* sql */ `
CREATE TABLE wallet_test_funds (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  asset text NOT NULL REFERENCES assets (code),
  amount numeric(78,0) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_test_funds_company ON wallet_test_funds (company_id, created_at);

CREATE TABLE wallet_test_funds_days (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  asset text NOT NULL REFERENCES assets (code),
  day date NOT NULL,
  added numeric(78,0) NOT NULL CHECK (added > 0),
  cap numeric(78,0) NOT NULL CHECK (cap >= 0),
  PRIMARY KEY (company_id, asset, day),
  CONSTRAINT wallet_test_funds_within_cap CHECK (added <= cap)
);

ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_effect_type_check;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_effect_type_check
  CHECK (effect_type IN ('transaction', 'refund', 'payout', 'payment_link', 'webhook_endpoint', 'webhook_secret', 'webhook_delivery', 'test_funds'));
`;
