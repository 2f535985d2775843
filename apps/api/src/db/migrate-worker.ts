/**
 * A worker thread's entry (db/migrate-apart.ts): applies the pending migrations to the PostgreSQL database at
 * `workerData.databaseUrl` on a connection of its own, answers the ids applied, and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPostgresDb } from './client';
import { migrate } from './migrate';

const { databaseUrl } = workerData as { databaseUrl: string };
const db = createPostgresDb(databaseUrl);
try {
  parentPort!.postMessage(await migrate(db));
} finally {
  await db.close();
}
