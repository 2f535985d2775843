/**
 * `ledger_line_search(account, at)`: where in an account's lines (numbered by `journal_lines.id`) the entries written
 * at `at` begin, found by a binary search through journal_lines_account_idx, one index entry and its entry per probe
 * (at most ~64 probes): docs/decisions/0106-statement-dates-bound-the-account-s-lines.md.
 *
 * Lines carry no time of their own; their entries do, and an account's lines are numbered in the order their
 * transactions took the account's lock, which follows the entries' times to within a transaction's length (the
 * ledger's LINE_ORDER_SLACK_MS). So the search assumes the times are in order and answers a bound `b` with:
 * - every line of the account numbered below `b` belongs to an entry written before `at` + the slack;
 * - every line numbered `b` or above belongs to an entry written at or after `at` - the slack.
 * A caller asking for lines of entries at or after T searches for T - slack and reads from `b` up; one asking for
 * lines before T searches for T + slack and reads below `b`; either keeps its exact filter on the entry's time.
 * An account without lines answers 0.
 */
export const sql = /* sql */ `
CREATE FUNCTION ledger_line_search(account uuid, at timestamptz) RETURNS bigint
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
  lo bigint;
  hi bigint;
  mid bigint;
  probe bigint;
  written timestamptz;
BEGIN
  -- Each read goes through journal_lines_account_idx: the account is matched by a range and the order names it, so
  -- PostgreSQL cannot walk the primary key through other accounts' lines instead (docs/decisions/0104).
  SELECT l.id INTO lo FROM journal_lines l
   WHERE l.account_id >= account AND l.account_id <= account ORDER BY l.account_id, l.id LIMIT 1;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  SELECT l.id + 1 INTO hi FROM journal_lines l
   WHERE l.account_id >= account AND l.account_id <= account ORDER BY l.account_id DESC, l.id DESC LIMIT 1;
  WHILE lo < hi LOOP
    mid := lo + (hi - lo) / 2;
    -- The account's first line at or after the middle (found by starting the scan at (account, mid); once past the
    -- account's lines the scan ends, as the first column's bound is passed): if it lies below hi and its entry is
    -- before 'at', the bound is past it. A bound on hi in the statement itself would not end the scan early.
    SELECT l.id, e.created_at INTO probe, written
      FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
     WHERE l.account_id >= account AND l.account_id <= account AND l.id >= mid
     ORDER BY l.account_id, l.id LIMIT 1;
    IF FOUND AND probe < hi AND written < at THEN
      lo := probe + 1;
    ELSE
      hi := mid;
    END IF;
  END LOOP;
  RETURN lo;
END $$;
`;
