import { configDefaults, defineConfig } from 'vitest/config';

// The API suite runs on embedded PGlite always, and again on a real PostgreSQL
// server when TEST_DATABASE_URL names one (each test file gets its own database).
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: {
    name,
    root: './apps/api',
    env: { TEST_DB: db },
    // Files share a worker's loaded modules instead of importing the whole app again for each (about a third of
    // the API suite's time). Every file builds its own app, database and servers and nothing is mocked, so no
    // state crosses files; module-level caches (the dummy password hash, holidays) hold the same values for all.
    isolate: false,
    // Each file's database starts from one migrated in this setup (src/test/pglite-template.ts, postgres-template.ts).
    globalSetup: db === 'pglite' ? ['./src/test/pglite-template.ts'] : ['./src/test/postgres-template.ts'],
    // Serving the web build (a Vite build of its own), the server process's signals and a webhook surviving
    // a killed server process (both on the embedded database) do not depend on the database server: once is enough.
    // A first start from the shipped embedded database is about the embedded database only.
    // `*.postgres.test.ts` needs a database server it can lose and get back (the embedded one cannot be).
    exclude:
      db === 'postgres'
        ? [...configDefaults.exclude, 'src/plugins/web-app.test.ts', 'src/server.test.ts', 'src/modules/webhooks/delivery-crash.test.ts', 'src/db/embedded-unpack.test.ts']
        : [...configDefaults.exclude, 'src/**/*.postgres.test.ts'],
  },
});

export default defineConfig({
  test: {
    // Most API test time is spent waiting on PostgreSQL, Argon2 threads, SMTP and HTTP round trips, not on
    // this process's CPU: three files at a time on two cores finish about 1.6x sooner than vitest's default
    // of one (cores - 1). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 3,
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      apiProject('api (PGlite)', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api (PostgreSQL)', 'postgres')] : []),
      './apps/web',
    ],
  },
});
