import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createPostgresDb, type Db } from './client';

describe('a connection lost in the middle of a transaction', () => {
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

  it('fails that transaction with the loss, not the process, and the next transaction gets a working connection', async () => {
    const unheard: unknown[] = [];
    const listen = (error: unknown) => void unheard.push(error);
    process.on('uncaughtException', listen);
    try {
      const work = db.transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid WHERE $1::int = 1', [1]);
        // Another session ends this one while no statement of it runs: the client hears of it between statements.
        await database.db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.query('SELECT 1 WHERE $1::int = 1', [1]);
      });
      await expect(work).rejects.toThrow();
      expect(unheard).toEqual([]);
      const again = await db.transaction((tx) => tx.query<{ n: number }>('SELECT $1::int AS n', [7]));
      expect(again.rows).toEqual([{ n: 7 }]);
    } finally {
      process.off('uncaughtException', listen);
    }
  });
});
