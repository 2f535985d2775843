import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';

export type ScheduledJob<Result = unknown> = {
  name: string;
  everyMs: number;
  /** Instances sharing a database take this advisory lock, so one of them runs the job at a time. */
  lockId: number;
  /**
   * How long after the start its first run comes, when the caller of `start` does not say (otherwise the smaller of
   * a minute and its period): a job whose work the product lacks until it has run once, such as market rates, runs
   * within seconds of a start.
   */
  firstRunAfterMs?: number;
  /** Runs in one transaction; what it returns is logged. */
  run: (tx: Queryable) => Promise<Result>;
  /**
   * Runs after that transaction commits, outside the lock, with what `run` returned: work that must not
   * hold a transaction open, such as calls to a provider. What it returns is logged too.
   */
  afterCommit?: (result: Result) => Promise<unknown>;
};

/**
 * A job whose follow-up reads what its run returned, typed where it is written; the scheduler holds jobs of
 * every result type in one list and only ever passes a run's own result to that job's follow-up.
 */
export function jobWithFollowUp<Result>(job: ScheduledJob<Result> & { afterCommit: (result: Result) => Promise<unknown> }): ScheduledJob {
  return job as ScheduledJob;
}

/**
 * Runs housekeeping jobs on a fixed period in the API process. Every instance schedules them; each
 * run takes the job's transaction-scoped advisory lock first and skips when another instance holds
 * it, so N instances share the work without doing it twice at once. A failed run is logged and
 * tried again at the next period.
 */
export class JobScheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: ScheduledJob[],
  ) {}

  /** Schedules every job; `firstRunAfterMs`, when given, is when each first runs (tests give an hour to run them by hand). */
  start(firstRunAfterMs?: number) {
    this.stopped = false;
    for (const job of this.jobs) this.schedule(job, firstRunAfterMs ?? job.firstRunAfterMs ?? Math.min(60_000, job.everyMs));
  }

  /** Starts no run from now on; runs in progress go on (`stop` waits for them). */
  halt() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Stops scheduling and waits for runs in progress. */
  async stop() {
    this.halt();
    await Promise.all(this.running);
  }

  /** Runs a job now (under its lock); false when another instance was running it. */
  async runNow(job: ScheduledJob): Promise<boolean> {
    const ran = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [job.lockId]);
      if (!rows[0]?.locked) return undefined;
      const result = await job.run(tx);
      this.log.info({ job: job.name, result }, 'Scheduled job done');
      return { result };
    });
    if (!ran) return false;
    if (job.afterCommit) this.log.info({ job: job.name, result: await job.afterCommit(ran.result) }, 'Scheduled job follow-up done');
    return true;
  }

  private schedule(job: ScheduledJob, delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.runNow(job)
        .then(() => undefined)
        .catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'Scheduled job failed'))
        .finally(() => {
          this.running.delete(run);
          this.schedule(job, job.everyMs);
        });
      this.running.add(run);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
