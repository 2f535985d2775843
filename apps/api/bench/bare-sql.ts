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
INSERT INTO bench_accounts (id) VALUES (1), (2) ON CONFLICT DO NOTHING;
`;

/** Inside an open transaction on `client`: the entry, its two lines, and both balances moved in account order. */
export async function postBare(client: pg.PoolClient, reference: string, amount: number): Promise<void> {
  const entry = await client.query<{ id: string }>('INSERT INTO bench_entries (reference) VALUES ($1) RETURNING id', [reference]);
  const id = entry.rows[0]!.id;
  await client.query('INSERT INTO bench_lines (entry_id, account_id, amount) VALUES ($1, 1, $2), ($1, 2, $3)', [id, amount, -amount]);
  await client.query('UPDATE bench_accounts SET balance = balance + $2 WHERE id = $1', [1, amount]);
  await client.query('UPDATE bench_accounts SET balance = balance + $2 WHERE id = $1', [2, -amount]);
}

/** One bare posting in its own transaction. */
export async function bareLedgerPosting(pool: pg.Pool, reference: string, amount: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await postBare(client, reference, amount);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
