/**
 * An account's lines of each sign, in the order of journal_lines_account_idx: a statement filtered by its direction
 * (money in or out) reads only the lines it answers, however rare that direction is among the account's lines
 * (docs/decisions/0109-a-statement-s-direction-reads-its-own-lines.md). Amounts are never zero (the table's CHECK), so
 * every line is in exactly one of the two.
 */
export const sql = /* sql */ `
CREATE INDEX journal_lines_account_debit_idx ON journal_lines (account_id, id) WHERE amount > 0;
CREATE INDEX journal_lines_account_credit_idx ON journal_lines (account_id, id) WHERE amount < 0;
`;
