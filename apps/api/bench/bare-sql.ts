/**
 * The bare double-entry baseline (docs/decisions/0059-benchmarks-a-sceptic-accepts.md): one entry, two lines and
 * two balance updates taken under row locks in one order, in plain SQL on tables of the bench's own
 * (bench_accounts, bench_entries, bench_lines: no triggers, no deferred checks). It imports nothing of the product.
 */
import type pg from 'pg';

export const BENCH_LEDGER_SCHEMA = `
CREATE TABLE IF NOT EXISTS bench_accounts (id integer PRIMARY KEY, balance bigint NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS bench_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS bench_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id uuid NOT NULL REFERENCES bench_entries (id),
  account_id integer NOT NULL REFERENCES bench_accounts (id),
  amount bigint NOT NULL
);
CREATE TABLE IF NOT EXISTS bench_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  transaction_id uuid NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bench_accounts (id) SELECT generate_series(1, 20) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS bench_offers (id integer PRIMARY KEY, remaining bigint NOT NULL CHECK (remaining >= 0));
CREATE TABLE IF NOT EXISTS bench_takes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  offer_id integer NOT NULL REFERENCES bench_offers (id),
  user_id uuid NOT NULL,
  amount bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bench_offers (id, remaining) VALUES (1, 0) ON CONFLICT DO NOTHING;
`;

/**
 * Inside an open transaction on `client`: the entry, its two lines, and both balances moved in account order. Pair 0
 * (accounts 1 and 2) is the one every posting of the hot-pair cases shares; pairs 0 to 9 (accounts 2p+1 and 2p+2) are
 * the spread case's, one per worker.
 */
export async function postBare(client: pg.PoolClient, reference: string, amount: number, pair = 0): Promise<void> {
  const [from, to] = [2 * pair + 1, 2 * pair + 2];
  const entry = await client.query<{ id: string }>('INSERT INTO bench_entries (reference) VALUES ($1) RETURNING id', [reference]);
  const id = entry.rows[0]!.id;
  // The account ids in the text, as pair 0's always were (each pair's text is prepared once per connection).
  await client.query(`INSERT INTO bench_lines (entry_id, account_id, amount) VALUES ($1, ${from}, $2), ($1, ${to}, $3)`, [id, amount, -amount]);
  await client.query('UPDATE bench_accounts SET balance = balance + $2 WHERE id = $1', [from, amount]);
  await client.query('UPDATE bench_accounts SET balance = balance + $2 WHERE id = $1', [to, -amount]);
}

/** One bare posting in its own transaction. */
export async function bareLedgerPosting(pool: pg.Pool, reference: string, amount: number, pair = 0): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await postBare(client, reference, amount, pair);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
