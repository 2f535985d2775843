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
`;
