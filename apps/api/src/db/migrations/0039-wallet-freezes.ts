/**
 * Frozen wallets (docs/decisions/0074-frozen-wallets.md): nothing leaves a frozen wallet; deposits still credit.
 *
 * - `wallet_freezes`: a company's freeze per mode (live and test are frozen apart), with who froze it, when and why,
 *   and, once lifted, who unfroze it, when and why. At most one freeze of a company and mode is in force (the partial
 *   unique index); lifted ones stay as its history.
 * - `journal_lines_wallet_frozen`: the database refuses any line that takes money out of a frozen company's wallet,
 *   whatever code posts it: a positive amount (a debit) on its credit-normal `available` or `held` account of the
 *   frozen mode. Credits (negative amounts) never reach the function (the trigger's WHEN), so deposits, released
 *   payments and test funds still go in. The refusal has its own SQLSTATE (FP001) and constraint name
 *   (`ledger_wallet_frozen`), which the ledger answers as WalletFrozenError.
 * - Freezing takes the company's ledger accounts' row locks (in id order, the one lock order) before it writes the
 *   freeze: a posting that took them first commits before the freeze does; one that waits for them reads the freeze
 *   in its trigger's own query once it has them (PL/pgSQL takes a fresh snapshot per query under READ COMMITTED).
 * - Payment methods a reviewer refuses (the name review's other answer, ADR 0067): removed, with who refused it and
 *   why; the queue of methods waiting for review reads the newest first by its own index.
 */
export const sql = /* sql */ `
CREATE TABLE wallet_freezes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  livemode boolean NOT NULL,
  frozen_at timestamptz NOT NULL DEFAULT now(),
  frozen_by uuid NOT NULL REFERENCES reviewers (id),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
  unfrozen_at timestamptz,
  unfrozen_by uuid REFERENCES reviewers (id),
  unfreeze_reason text CHECK (length(unfreeze_reason) BETWEEN 1 AND 1000),
  CHECK ((unfrozen_at IS NULL) = (unfrozen_by IS NULL) AND (unfrozen_at IS NULL) = (unfreeze_reason IS NULL))
);
CREATE UNIQUE INDEX wallet_freezes_in_force ON wallet_freezes (company_id, livemode) WHERE unfrozen_at IS NULL;
CREATE INDEX wallet_freezes_by_company ON wallet_freezes (company_id, frozen_at DESC);

CREATE FUNCTION journal_lines_wallet_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_accounts a
      JOIN wallet_freezes f ON f.company_id = a.company_id AND f.livemode = a.livemode AND f.unfrozen_at IS NULL
     WHERE a.id = NEW.account_id AND a.code IN ('available', 'held')
  ) THEN
    RAISE EXCEPTION 'the wallet of the company owning account % is frozen: nothing leaves it', NEW.account_id
      USING ERRCODE = 'FP001', CONSTRAINT = 'ledger_wallet_frozen';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_lines_wallet_frozen BEFORE INSERT ON journal_lines
  FOR EACH ROW WHEN (NEW.amount > 0) EXECUTE FUNCTION journal_lines_wallet_frozen();

ALTER TABLE payment_methods
  ADD COLUMN rejected_by uuid REFERENCES reviewers (id),
  ADD COLUMN rejection_reason text CHECK (length(rejection_reason) BETWEEN 1 AND 1000),
  ADD CONSTRAINT payment_methods_rejection CHECK ((rejected_by IS NULL) = (rejection_reason IS NULL) AND (rejected_by IS NULL OR removed_at IS NOT NULL));
CREATE INDEX payment_methods_needs_review ON payment_methods (created_at DESC, id DESC) WHERE name_review = 'needs_review' AND removed_at IS NULL;
`;
