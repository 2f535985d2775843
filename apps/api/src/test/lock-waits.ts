import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createTestDb } from './db';
import { startTestServer, type TestServer } from './server';

/**
 * For the lock-order tests, which hold a row on one connection and look from another at what a waiting statement
 * holds: a test server on a PostgreSQL database of its own, made before the file's tests (then `prepare`) and closed
 * after them, and `withHolderAndProber`, which opens those two connections to that database for `body` and closes
 * them (the holder's transaction rolled back) however it ends.
 */
export function lockOrderServer(prepare?: (server: TestServer) => Promise<unknown>) {
  let server: TestServer | undefined;
  let url = '';
  beforeAll(async () => {
    const database = await createTestDb();
    url = database.url!;
    server = await startTestServer({ database: { db: database.db, drop: database.drop } });
    await prepare?.(server);
  });
  afterAll(() => server?.close());
  return {
    get server(): TestServer {
      if (!server) throw new Error('the lock-order server is made in beforeAll');
      return server;
    },
    async withHolderAndProber<T>(body: (holder: pg.Client, prober: pg.Client) => Promise<T>): Promise<T> {
      const holder = new pg.Client({ connectionString: url });
      const prober = new pg.Client({ connectionString: url });
      await holder.connect();
      await prober.connect();
      try {
        return await body(holder, prober);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
        await prober.end();
      }
    },
  };
}

/**
 * Resolves once a statement of the test's database whose text matches `pattern` (SQL LIKE, over the first 1,024 bytes
 * `pg_stat_activity` keeps) is seen waiting for a lock, asked on `prober` every 25 ms; throws, naming `what`, after
 * about five seconds.
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
