import { loadConfig } from '../config';
import { openDbForCommand } from './client';
import { migrate } from './migrate';

const db = await openDbForCommand(loadConfig());
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.close();
}
