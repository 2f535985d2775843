import type { Queryable } from '../../db/client';

export type ReferencedEntry = {
  id: string;
  kind: string;
  description: string;
  createdAt: string;
  lines: { companyId: string | null; account: string; currency: string; amount: string }[];
};

/**
 * The entries of one mode posted about `reference` under the given kinds, oldest first, each with its lines (an
 * account's company, code and currency, the amount signed as the ledger writes it: a debit positive, a credit
 * negative). The kinds are named so the (livemode, kind, reference) index finds them.
 */
export async function entriesByReference(db: Queryable, livemode: boolean, kinds: readonly string[], reference: string): Promise<ReferencedEntry[]> {
  const { rows } = await db.query<{ id: string; kind: string; description: string; created_at: Date; company_id: string | null; code: string; currency: string; amount: string }>(
    `SELECT e.id, e.kind, e.description, e.created_at, a.company_id, a.code, l.currency, l.amount::text AS amount
       FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
      WHERE e.livemode = $1 AND e.kind = ANY($2::text[]) AND e.reference = $3
      ORDER BY e.created_at, e.id, l.id`,
    [livemode, kinds, reference],
  );
  const entries = new Map<string, ReferencedEntry>();
  for (const row of rows) {
    let entry = entries.get(row.id);
    if (!entry) {
      entry = { id: row.id, kind: row.kind, description: row.description, createdAt: row.created_at.toISOString(), lines: [] };
      entries.set(row.id, entry);
    }
    entry.lines.push({ companyId: row.company_id, account: row.code, currency: row.currency.trim(), amount: row.amount });
  }
  return [...entries.values()];
}
