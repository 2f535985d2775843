/**
 * A posting that is a transaction of its own (docs/decisions/0094-a-transfer-in-one-statement.md): the ledger's
 * posting statement, run outside BEGIN/COMMIT, commits when it ends, so what the statement finds wrong must stop it
 * before then. `ledger_posting_check` is called once by such a statement, after its head (a send's daily limit row),
 * the accounts' locks and balance check and its entries: it raises, and so writes nothing of the statement, when
 *
 * - the head held the posting back (FP002: the ledger answers PostingHeldError, and the caller says why);
 * - the balance is short (23514, with the constraint name the database's own refusal has, ledger_accounts_not_negative);
 * - fewer entries were written than asked (FP003: an entry of that kind and reference was posted before).
 *
 * It reads nothing: every figure is the statement's. The rules themselves stay where they are (the triggers and
 * constraints of 0010, 0017, 0029, 0034 and 0039).
 *
 * Two of the ledger's row triggers on `ledger_accounts` are called only where they can refuse, with a WHEN on the
 * trigger instead of a test inside the function; the functions and what they refuse are unchanged:
 *
 * - `ledger_accounts_guard` (0010): an account's identity and rules never change, and its balance changes only from
 *   inside a trigger (a journal line's `journal_lines_apply`). Its function, called for every balance a line moves,
 *   refused when the identity changed or when the balance changed at a trigger depth under 2 counting itself; the
 *   WHEN tests the same before the call, where the depth does not count it yet (under 1). So a line's balance update
 *   no longer calls a PL/pgSQL function that returns at once.
 * - `ledger_available_covered` (0017, 0034): a company's available + pending of an asset is never below zero at commit.
 *   A balance that went up cannot take that sum below zero (it was not below zero when the last transaction that
 *   lowered it committed), so the deferred check is queued only for a company's available or pending account whose
 *   balance went down, or an account opened with a balance below zero (a trigger of its own: an INSERT's WHEN cannot
 *   read OLD). A transfer's credit to its recipient no longer runs the check's query at COMMIT, under the locks.
 */
export const sql = /* sql */ `
CREATE FUNCTION ledger_posting_check(passed boolean, covered boolean, posted bigint, expected integer) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT passed THEN
    RAISE EXCEPTION 'the posting statement''s head held the posting back' USING ERRCODE = 'FP002';
  END IF;
  IF NOT covered THEN
    RAISE EXCEPTION 'the balance is not enough for this posting'
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_accounts_not_negative';
  END IF;
  IF posted < expected THEN
    RAISE EXCEPTION '% of the posting''s % entries were posted before', expected - posted, expected USING ERRCODE = 'FP003';
  END IF;
  RETURN true;
END $$;

DROP TRIGGER ledger_accounts_guard ON ledger_accounts;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW WHEN (
    (NEW.company_id, NEW.livemode, NEW.code, NEW.currency, NEW.normal_side, NEW.allow_negative)
      IS DISTINCT FROM (OLD.company_id, OLD.livemode, OLD.code, OLD.currency, OLD.normal_side, OLD.allow_negative)
    OR NEW.id <> OLD.id
    OR (NEW.balance <> OLD.balance AND pg_trigger_depth() < 1)
  ) EXECUTE FUNCTION ledger_accounts_guard();

DROP TRIGGER ledger_available_covered ON ledger_accounts;
CREATE CONSTRAINT TRIGGER ledger_available_covered AFTER UPDATE OF balance ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.company_id IS NOT NULL AND NEW.code IN ('available', 'pending') AND NEW.balance < OLD.balance)
  EXECUTE FUNCTION ledger_available_covered();
CREATE CONSTRAINT TRIGGER ledger_available_covered_opened AFTER INSERT ON ledger_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.company_id IS NOT NULL AND NEW.code IN ('available', 'pending') AND NEW.balance < 0)
  EXECUTE FUNCTION ledger_available_covered();
`;
