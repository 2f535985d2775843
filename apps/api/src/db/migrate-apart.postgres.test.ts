import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { createTestDb } from '../test/db';
import { testConfig } from '../test/server';
import { migrateApart } from './migrate-apart';
import { migrate, migrations, pendingMigrations } from './migrate';
import type * as migrateModule from './migrate';

// Counts the migrations run in this thread; the worker thread loads the module on its own, unmocked.
vi.mock('./migrate', async (original) => {
  const real = await original<typeof migrateModule>();
  return { ...real, migrate: vi.fn(real.migrate) };
});

let database: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  database = await createTestDb({ empty: true });
});
afterAll(async () => {
  await database.drop();
});

describe('migrations applied from a worker thread', () => {
  it('applies every migration to an empty database once, and nothing the second time', async () => {
    expect(await migrateApart(database.url!)).toEqual(migrations.map((m) => m.id));
    expect(await pendingMigrations(database.db)).toEqual([]);
    const { rows } = await database.db.query<{ n: string }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_name IN ('users', 'journal_lines', 'trades')");
    expect(Number(rows[0]!.n)).toBe(3);
    expect(await migrateApart(database.url!)).toEqual([]);
  });

  it("fails with the worker's error when the database cannot be reached", async () => {
    await expect(migrateApart('postgres://postgres@127.0.0.1:1/nowhere')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('a server that opens its PostgreSQL database itself', () => {
  it('migrates it from the worker thread, never from its own', async () => {
    const fresh = await createTestDb({ empty: true });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-migrate-apart-'));
    vi.mocked(migrate).mockClear();
    try {
      const config = testConfig(dataDir, { DATABASE_URL: fresh.url! });
      const app = await buildApp({ config, jobsFirstRunAfterMs: 3_600_000 });
      try {
        expect(app.ctx.db.kind).toBe('postgres');
        expect(await pendingMigrations(app.ctx.db)).toEqual([]);
        expect(vi.mocked(migrate)).not.toHaveBeenCalled();
        expect((await app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
