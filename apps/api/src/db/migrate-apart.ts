import { Worker } from 'node:worker_threads';

/**
 * Applies the pending migrations to a PostgreSQL database from a worker thread, which has a JavaScript heap of its
 * own, and answers the ids applied (docs/decisions/0102-migrations-in-a-worker-thread.md).
 *
 * Run in the server's own thread, a fresh database's migrations (one multi-statement text each, whose results the
 * driver keeps until the last statement ends) taught V8 that objects made where the driver makes results live long:
 * V8 then made every later query's results straight in the old generation, where they stayed as garbage until a
 * full collection. Under load the heap grew by about a megabyte every young collection, and the merchant API's list
 * spent three times as long collecting garbage per request as a server started on a migrated database.
 *
 * From the build (dist/server.js) the worker is dist/migrate-worker.js; from the sources (tsx, the tests) it is the
 * TypeScript file beside this one, loaded through tsx's loader.
 */
export function migrateApart(databaseUrl: string): Promise<string[]> {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './migrate-worker.ts' : './migrate-worker.js', import.meta.url);
  return new Promise((resolve, reject) => {
    let applied: string[] | undefined;
    // From the sources, the worker registers tsx's loader for itself before importing the TypeScript entry.
    const worker = fromSources
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`, { eval: true, workerData: { databaseUrl } })
      : new Worker(entry, { workerData: { databaseUrl } });
    worker.once('message', (ids: string[]) => {
      applied = ids;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (applied) resolve(applied);
      else reject(new Error(`the migrations' worker ended (exit code ${code}) without applying them`));
    });
  });
}
