import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { createDb, DatabaseInUseError } from './client';
import { migrate } from './migrate';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
let db;
try {
  db = createDb(config);
} catch (error) {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
