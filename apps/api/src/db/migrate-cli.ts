import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { createDb } from './client';
import { migrate } from './migrate';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const db = createDb(config);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
