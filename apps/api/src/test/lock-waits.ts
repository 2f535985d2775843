import type pg from 'pg';

/**
 * Resolves once a statement of the test's database whose text matches `pattern` (SQL LIKE, over the first 1,024 bytes
 * `pg_stat_activity` keeps) is seen waiting for a lock, asked on `prober` every 25 ms; throws, naming `what`, after
 * about five seconds. For the lock-order tests, which hold a row on one connection and look at what the waiting
 * statement holds from another.
 */
export async function untilWaitingForLock(prober: pg.Client, pattern: string, what: string): Promise<void> {
  for (let i = 0; i <= 200; i += 1) {
    const { rows } = await prober.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1 AND datname = current_database()",
      [pattern],
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what} never waited for the lock held`);
}
