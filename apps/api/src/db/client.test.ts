import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../test/db';
import { createPgliteDb, DatabaseInUseError, type Db } from './client';

describe('embedded database lock', () => {
  it('refuses a second opener while the first holds the data folder, and frees it on close', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fipay-lock-')), 'pgdata');
    const first = createPgliteDb(dir);
    await first.query('SELECT 1');
    expect(() => createPgliteDb(dir)).toThrow(DatabaseInUseError);
    expect(() => createPgliteDb(dir)).toThrow(`is in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    const again = createPgliteDb(dir);
    expect((await again.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n).toBe(1);
    await again.close();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'fipay-lock-')), 'pgdata');
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(`${dir}.lock`, String(child.pid));
    const db = createPgliteDb(dir);
    expect((await db.query<{ n: number }>('SELECT 2 AS n')).rows[0]!.n).toBe(2);
    await db.close();
  });
});

describe('work woken by a commit', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    await db.exec('CREATE TABLE queued (n int)');
  });
  afterAll(() => drop());

  /** What the listeners of `outbox` saw, each time one was called: the rows another connection can read then. */
  function watchOutbox() {
    const seen: number[] = [];
    const stop = db.onWake('outbox', () => {
      seen.push(-1);
      void db.query<{ n: string }>('SELECT count(*) AS n FROM queued').then(({ rows }) => seen.splice(seen.indexOf(-1), 1, Number(rows[0]!.n)));
    });
    return { seen, stop };
  }

  it('wakes once a transaction commits, once per topic, never before and never after a rollback', async () => {
    const { seen, stop } = watchOutbox();
    const order: string[] = [];
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO queued VALUES (1)');
      tx.wake('outbox');
      tx.afterCommit(() => order.push('after commit'));
      await tx.query('INSERT INTO queued VALUES (2)');
      tx.wake('outbox');
      expect(seen).toEqual([]);
      order.push('in transaction');
    });
    order.push('returned');
    await expect.poll(() => seen).toEqual([2]);
    expect(order).toEqual(['in transaction', 'after commit', 'returned']);

    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO queued VALUES (3)');
        tx.wake('outbox');
        tx.afterCommit(() => order.push('after a rollback'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.query('SELECT 1');
    expect(seen).toEqual([2]);
    expect(order).not.toContain('after a rollback');
    stop();
  });

  it('wakes at once outside a transaction, only the topic named, and not a listener that stopped', async () => {
    const { seen, stop } = watchOutbox();
    const webhooks: number[] = [];
    const stopWebhooks = db.onWake('webhooks', () => webhooks.push(1));
    await db.query('INSERT INTO queued VALUES (4)');
    db.wake('outbox');
    await expect.poll(() => seen).toEqual([3]);
    expect(webhooks).toEqual([]);
    stop();
    db.wake('outbox');
    db.wake('webhooks');
    expect(seen).toEqual([3]);
    expect(webhooks).toEqual([1]);
    stopWebhooks();
  });
});

describe('statements asked for at once in a transaction', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDb()));
  afterAll(() => drop());

  it('run one after another, each with its own answer; a failed one fails the transaction, whose ROLLBACK waits for the one still running', async () => {
    // On PostgreSQL, what each statement found its connection doing when it was sent: a statement running
    // (`_activeQuery`) and those queued behind it (`_queryQueue`, whose length is the condition of pg's deprecation
    // notice, a refusal in pg 9). pg's internals: its public `activeQuery` is itself deprecated.
    const waiting: number[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const client = this as unknown as { _queryQueue: unknown[]; _activeQuery: unknown };
      waiting.push(client._queryQueue.length + (client._activeQuery ? 1 : 0));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      const answers = await db.transaction((tx) =>
        Promise.all([
          tx.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.05)'),
          tx.query<{ n: number }>('SELECT $1::int AS n', [2]),
          tx.query<{ n: number }>('SELECT 3 AS n'),
        ]),
      );
      expect(answers.map((a) => a.rows[0]!.n)).toEqual([1, 2, 3]);
      await expect(
        db.transaction((tx) => Promise.all([tx.query('SELECT 1 / 0'), tx.query('SELECT pg_sleep(0.05)')])),
      ).rejects.toThrow('division by zero');
      expect((await db.query<{ n: number }>('SELECT 4 AS n')).rows[0]!.n).toBe(4);
    } finally {
      spy.mockRestore();
    }
    if (db.kind === 'postgres') {
      // BEGIN, three statements, COMMIT; BEGIN, the two, ROLLBACK: never one sent while another ran or waited.
      expect(waiting.length).toBeGreaterThanOrEqual(8);
      expect(waiting.every((n) => n === 0)).toBe(true);
    }
  });
});
