import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { JobScheduler, type ScheduledJob } from './scheduler';

let database: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => (database = await createTestDb()));
afterAll(() => database.drop());

const quietLog = { info: () => undefined, error: () => undefined } as never;

function counted(name: string, lockId: number, extra: Partial<ScheduledJob> = {}) {
  const job = { name, everyMs: 3_600_000, lockId, runs: 0 } as ScheduledJob & { runs: number };
  job.run = async () => {
    job.runs += 1;
  };
  return Object.assign(job, extra);
}

describe('the first run of a scheduled job', () => {
  it("comes when the job asks for it, unless the start says when every job's first run comes", async () => {
    const soon = counted('soon', 72_414_001, { firstRunAfterMs: 50 });
    const later = counted('later', 72_414_002);
    const started = new JobScheduler(database.db, quietLog, [soon, later]);
    started.start();
    try {
      await expect.poll(() => soon.runs, { timeout: 5_000 }).toBe(1);
      // Without a wish of its own a job waits a minute (or its period, when shorter).
      expect(later.runs).toBe(0);
    } finally {
      await started.stop();
    }

    // Tests and tools that run jobs by hand start the scheduler with an hour: no job asks its way past that.
    const held = counted('held', 72_414_003, { firstRunAfterMs: 50 });
    const handRun = new JobScheduler(database.db, quietLog, [held]);
    handRun.start(3_600_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(held.runs).toBe(0);
    } finally {
      await handRun.stop();
    }
  });
});
