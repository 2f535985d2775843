import type { FastifyBaseLogger } from 'fastify';

/**
 * Work kept in database rows (mail, webhook deliveries), done by every instance: a round claims due rows
 * with SKIP LOCKED in batches until a batch comes back short, then waits `pollMs`. `kick()` asks for a
 * round now (the database wakes it when a transaction that queued its work commits: Queryable.wake); `halt()`
 * starts no more rounds and `stop()` also waits for the round in progress.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    private readonly batchSize: number,
    private readonly name: string,
  ) {}

  /** Claims and handles one batch of due rows; returns how many it claimed. */
  protected abstract handleBatch(): Promise<number>;

  start() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Starts no round from now on, polled or kicked (`drain`, which tests call, still works); the round in progress goes on (`stop` waits for it). */
  halt() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  async stop() {
    this.halt();
    await this.running;
  }

  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Handles everything that is due now; resolves when nothing due is left. */
  async drain() {
    // A round may start while a batch here finds nothing (it claimed the rows first, SKIP LOCKED): wait for it too.
    for (;;) {
      await this.running;
      if ((await this.handleBatch()) > 0) continue;
      if (!this.running) return;
    }
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const next = this.again ? 0 : this.pollMs;
        this.again = false;
        this.schedule(next);
      });
    }, delay);
    this.timer.unref();
  }

  private async round() {
    try {
      while (!this.stopped && (await this.handleBatch()) === this.batchSize) {
        /* a full batch means more may be waiting */
      }
    } catch (error) {
      this.log.error({ err: error }, `${this.name} round failed`);
    }
  }
}
