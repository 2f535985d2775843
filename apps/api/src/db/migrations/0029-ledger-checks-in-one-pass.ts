/**
 * The ledger's checks at commit in fewer queries (docs/decisions/0063-money-paths-lock-the-ledger-last.md). They run
 * while the transaction still holds its ledger accounts, which every payment and refund of the company (and every
 * payment of the platform) waits for, so each query there is paid by all of them.
 *
 * - An entry written in the transaction is checked in one pass over its lines (how many, which currencies do not
 *   sum to zero, the last line seen) instead of three queries; the refusals are 0010's, word for word.
 * - What an entry's check saw is kept in one transaction-local setting, `fipay.ledger_checked` (`,<entry>:<last
 *   line>` for each entry checked), instead of a setting named after each entry (0015): PostgreSQL keeps every
 *   setting name a session has used for the life of the connection and sorts them all each time a new one appears,
 *   so each pooled connection grew by one name per entry it ever wrote and each new name cost more (after 20,000,
 *   11 ms, at commit, with the ledger's locks held).
 * - A line whose entry's check already ran in this transaction and saw it returns before any query (the entry's
 *   check runs first at commit: its row was written before its lines). Otherwise as 0015: a line of an entry of this
 *   transaction waits for the entry's check; a line added later to an older entry is checked on its own.
 */
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION journal_entries_check_new() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_count integer;
  last_line bigint;
  unbalanced text;
BEGIN
  SELECT coalesce(sum(n), 0), coalesce(max(last_id), 0), string_agg(CASE WHEN total <> 0 THEN currency || ' ' || total END, ', ')
    INTO line_count, last_line, unbalanced
    FROM (SELECT currency, count(*) AS n, max(id) AS last_id, sum(amount) AS total FROM journal_lines WHERE entry_id = NEW.id GROUP BY currency) t;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); an entry needs at least two', NEW.id, line_count
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance (%)', NEW.id, unbalanced
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entries_balanced';
  END IF;
  -- The lines this check covered, for their own checks (journal_lines_check_entry); for this transaction only.
  PERFORM set_config('fipay.ledger_checked', coalesce(current_setting('fipay.ledger_checked', true), '') || ',' || NEW.id || ':' || last_line, true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION journal_lines_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  covered text;
BEGIN
  -- Set only by this transaction's check of the entry (a transaction-local setting): it ran and saw this line.
  covered := substring(coalesce(current_setting('fipay.ledger_checked', true), '') FROM ',' || NEW.entry_id || ':([0-9]+)');
  IF coalesce(covered, '') <> '' AND NEW.id <= covered::bigint THEN
    RETURN NULL;
  END IF;
  IF coalesce(covered, '') = '' AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = NEW.entry_id AND e.xmin = pg_current_xact_id()::xid) THEN
    -- The entry is this transaction's and its own check is still to come: it will see this line.
    RETURN NULL;
  END IF;
  PERFORM journal_entry_check(NEW.entry_id);
  RETURN NULL;
END $$;
`;
