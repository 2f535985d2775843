import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDb, type Db } from '../db/client';
import { createTestDb } from '../test/db';
import { JobScheduler, type ScheduledJob } from './scheduler';

let direct: Awaited<ReturnType<typeof createTestDb>>;
let second: Db;
beforeAll(async () => {
  direct = await createTestDb();
  second = createPostgresDb(direct.url!);
});
afterAll(async () => {
  await second.close();
  await direct.drop();
});

const quietLog = { info: () => undefined, error: () => undefined } as never;

describe('scheduled jobs across instances', () => {
  it('runs a job on one instance at a time: the other skips while the first holds the lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const job: ScheduledJob = {
      name: 'test',
      everyMs: 60_000,
      lockId: 72_413_999,
      run: async () => {
        runs += 1;
        await held;
      },
    };
    const first = new JobScheduler(direct.db, quietLog, [job]);
    const other = new JobScheduler(second, quietLog, [job]);
    const running = first.runNow(job);
    await expect.poll(() => runs).toBe(1);
    expect(await other.runNow(job)).toBe(false);
    release();
    expect(await running).toBe(true);
    // Once the first run has ended, the other instance may run it.
    expect(await other.runNow({ ...job, run: async () => void (runs += 1) })).toBe(true);
    expect(runs).toBe(2);
  });
});
