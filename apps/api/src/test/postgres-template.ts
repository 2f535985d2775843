import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPostgresDb } from '../db/client';
import { migrate } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database on the PostgreSQL server of TEST_DATABASE_URL that each test file's database is copied from. */
    postgresTemplate?: string;
  }
}

/**
 * Global setup of the PostgreSQL test project: migrate one database from nothing, so each test file's database is
 * a copy of it (`CREATE DATABASE … TEMPLATE`, about a quarter of a second) instead of running every migration again
 * (one to two seconds each, for some seventy files). Migrating an empty PostgreSQL database is still tested: here,
 * where a failing migration stops the whole project, and by the tests that ask for an empty database.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The PostgreSQL test project needs TEST_DATABASE_URL');
  const name = `fipay_template_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(serverUrl);
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.toString());
  try {
    await migrate(db);
  } finally {
    // A database with a session open cannot be copied.
    await db.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
}
