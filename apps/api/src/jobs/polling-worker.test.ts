import { describe, expect, it } from 'vitest';
import { PollingWorker } from './polling-worker';

const quietLog = { error: () => undefined } as never;

/** Counts its rounds; a round lasts until `finish` is called when `hold` is set. */
class CountingWorker extends PollingWorker {
  rounds = 0;
  hold = false;
  private release: (() => void) | undefined;
  constructor() {
    super(quietLog, 60_000, 10, 'Counting');
  }
  finish() {
    this.release?.();
  }
  protected async handleBatch() {
    this.rounds += 1;
    if (this.hold) await new Promise<void>((resolve) => (this.release = resolve));
    return 0;
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a polling worker', () => {
  it('once halted starts no round, kicked or polled, and stop still waits for the round in progress', async () => {
    const worker = new CountingWorker();
    worker.hold = true;
    worker.start();
    await expect.poll(() => worker.rounds).toBe(1);
    worker.halt();
    worker.kick();
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await tick();
    // The round in progress holds stop.
    expect(stopped).toBe(false);
    worker.finish();
    await stopping;
    worker.kick();
    await tick();
    expect(worker.rounds).toBe(1);
  });

  it('before it is halted, runs a round when kicked', async () => {
    const worker = new CountingWorker();
    worker.start();
    await expect.poll(() => worker.rounds).toBe(1);
    worker.kick();
    await expect.poll(() => worker.rounds).toBe(2);
    await worker.stop();
  });
});
