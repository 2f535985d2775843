import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createPostgresDb, type Db } from './client';

/** `Db.listen` on PostgreSQL: notices of committed transactions only, and a lost listening connection opened again. */
describe('listening for notices', () => {
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDb();
    db = createPostgresDb(database.url!);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const waitFor = async (check: () => boolean, ms = 5_000) => {
    const until = Date.now() + ms;
    while (!check()) {
      if (Date.now() > until) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('hears what another connection notifies when it commits, not what it rolls back, and listens again after its connection is lost', async () => {
    const heard: (string | null)[] = [];
    const stop = await db.listen('chat_test', (payload) => heard.push(payload));

    await database.db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('chat_test', 'committed')");
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('chat_test', 'rolled back')");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await waitFor(() => heard.includes('committed'));

    // The listening session is ended by another: the listener hears null (notices may have been missed) once it
    // listens again, then the notices that follow.
    const { rows } = await database.db.query<{ n: number }>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
    expect(rows[0]!.n).toBe(1);
    await waitFor(() => heard.includes(null));
    await database.db.query("SELECT pg_notify('chat_test', 'after')");
    await waitFor(() => heard.includes('after'));
    expect(heard).not.toContain('rolled back');

    await stop();
    await database.db.query("SELECT pg_notify('chat_test', 'stopped')");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).not.toContain('stopped');
  });
});
