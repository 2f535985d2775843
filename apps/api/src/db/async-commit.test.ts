import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { createTestDb } from '../test/db';
import { ASYNC_COMMIT } from './async-commit';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

describe('ASYNC_COMMIT', () => {
  it('turns off waiting for the flush in its own statement only, and its writes are seen at once', async () => {
    await db.exec('CREATE TABLE async_commit_probe (n int)');
    const inside = await db.query<{ setting: string }>(
      `WITH made AS (INSERT INTO async_commit_probe (n) SELECT 1 FROM ${ASYNC_COMMIT} RETURNING n) SELECT current_setting('synchronous_commit') AS setting FROM made, ${ASYNC_COMMIT}`,
    );
    expect(inside.rows).toEqual([{ setting: 'off' }]);
    // Statements after it wait for the disk again, whichever pooled connection ran it.
    for (let i = 0; i < 12; i++) expect((await db.query<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting")).rows).toEqual([{ setting: 'on' }]);
    expect((await db.query<{ n: number }>('SELECT n FROM async_commit_probe')).rows).toEqual([{ n: 1 }]);
  });
});
