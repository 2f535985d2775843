/**
 * Refunds from money not yet paid out (docs/decisions/0040-refunds-from-money-not-yet-paid-out.md).
 *
 * A company's `available` balance may go below zero, down to what is pending settlement: a refund after the
 * day's payout is taken from the payments on their way to the available balance, which then make up the
 * difference as they become available. The database holds `available + pending >= 0` for every company, mode
 * and currency at commit (a deferred constraint trigger: inside an entry, lines are written one account at a
 * time). `pending` and `payouts_in_transit` stay never negative.
 */
export const sql = /* sql */ `
ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard;
UPDATE ledger_accounts SET allow_negative = true WHERE company_id IS NOT NULL AND code = 'available';
ALTER TABLE ledger_accounts ENABLE TRIGGER ledger_accounts_guard;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_negative_only_available
  CHECK (company_id IS NULL OR NOT allow_negative OR code = 'available');

CREATE FUNCTION ledger_available_covered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered bigint;
BEGIN
  IF NEW.company_id IS NULL OR NEW.code NOT IN ('available', 'pending') THEN
    RETURN NULL;
  END IF;
  SELECT sum(balance) INTO covered FROM ledger_accounts
   WHERE company_id = NEW.company_id AND livemode = NEW.livemode AND currency = NEW.currency AND code IN ('available', 'pending');
  IF covered < 0 THEN
    RAISE EXCEPTION 'the available balance of company % is below what is pending settlement', NEW.company_id
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_available_covered';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_available_covered AFTER INSERT OR UPDATE OF balance ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_available_covered();
`;
