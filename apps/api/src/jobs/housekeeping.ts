import type { Db } from '../db/client';
import { cleanUpExpired } from './clean-up';
import type { ScheduledJob } from './scheduler';

const HOUR = 3_600_000;

/**
 * The embedded database has no autovacuum daemon to keep planner statistics fresh; without them
 * the planner guesses, and a growing table can be read the slow way.
 */
export async function analyzeEmbedded(db: Db): Promise<void> {
  if (db.kind === 'pglite') await db.exec('ANALYZE');
}

/** The API process's housekeeping (docs/decisions/0021-idempotent-refresh-and-clean-up.md). */
export function housekeepingJobs(db: Db): ScheduledJob[] {
  const jobs: ScheduledJob[] = [{ name: 'clean-up', everyMs: HOUR, lockId: 72_413_101, run: cleanUpExpired }];
  if (db.kind === 'pglite') {
    jobs.push({
      name: 'analyze',
      everyMs: 6 * HOUR,
      lockId: 72_413_102,
      run: async (tx) => {
        await tx.exec('ANALYZE');
        return 'statistics refreshed';
      },
    });
  }
  return jobs;
}
