import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { requestInTwoHalves } from '../test/raw-http';
import { startTestServer } from '../test/server';
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

describe('the scheduler of a server that is closing', () => {
  it('starts no job once closing has begun, however long a request in flight keeps the server open', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        callback();
      },
    });
    // Every job's first run is due ten seconds after the app is built (its scheduler starts there): after closing
    // begins below, which the test checks counting from before the server was made (a loaded machine can take
    // five seconds to make it).
    const made = performance.now();
    const server = await startTestServer({ jobsFirstRunAfterMs: 10_000, logStream, env: { LOG_LEVEL: 'info' } });
    const ready = performance.now();
    // A request whose body is half sent holds the server open until the rest comes.
    const inFlight = requestInTwoHalves(
      (server.app.server.address() as { port: number }).port,
      '/api/v1/auth/login/initiate',
      JSON.stringify({ email: 'someone@acme.ng', password: 'Not the password 1!' }),
    );
    try {
      await inFlight.started;
      await new Promise((resolve) => setTimeout(resolve, 100));
      const closing = server.app.close();
      expect(performance.now() - made).toBeLessThan(9_500);
      // Past the moment every job's first run was due (at the latest ten seconds after the server was ready).
      await new Promise((resolve) => setTimeout(resolve, 10_500 - (performance.now() - ready)));
      inFlight.finish();
      expect(await inFlight.answer).toMatch(/^HTTP\/1\.1 401 /);
      await closing;
      // The log was written (the request's line is in it), and no job ran.
      expect(lines.some((line) => line.includes('request completed') && line.includes('/api/v1/auth/login/initiate'))).toBe(true);
      expect(lines.filter((line) => line.includes('Scheduled job'))).toEqual([]);
    } finally {
      inFlight.close();
      await server.close();
    }
  }, 60_000);
});
