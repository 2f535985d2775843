import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createPgliteDb, createPostgresDb, type Db } from '../db/client';

/**
 * A fresh database for one test file: in-memory PGlite by default (started from
 * the project's migrated template when its global setup made one, else empty),
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL when the test
 * project asks for it (TEST_DB=postgres), copied from the project's migrated
 * template (src/test/postgres-template.ts) unless `empty` asks for one with no
 * tables, for a test that applies migrations itself.
 */
export async function createTestDb(options: { empty?: boolean } = {}): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres') {
    const template = inject('pgliteTemplate');
    const db = createPgliteDb(undefined, template ? new Blob([readFileSync(template)]) : undefined);
    return { db, drop: () => db.close() };
  }
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `fipay_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(serverUrl);
  const template = options.empty ? undefined : inject('postgresTemplate');
  await admin.exec(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString());
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
