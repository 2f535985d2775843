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
  it('once halted starts no round, kicked or polled, while the round in progress goes on', async () => {
    const worker = new CountingWorker();
    worker.hold = true;
    worker.start();
    await expect.poll(() => worker.rounds).toBe(1);
    worker.halt();
    // A kick during the round would run another right after it (see below); halted, none comes.
    worker.kick();
    worker.finish();
    await tick();
    worker.kick();
    await tick();
    expect(worker.rounds).toBe(1);
    await worker.stop();
  });

  it('stop waits for the round in progress', async () => {
    const worker = new CountingWorker();
    worker.hold = true;
    worker.start();
    await expect.poll(() => worker.rounds).toBe(1);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    worker.finish();
    await stopping;
    expect(worker.rounds).toBe(1);
  });

  it('before it is halted, runs another round when kicked, during a round as after one', async () => {
    const worker = new CountingWorker();
    worker.hold = true;
    worker.start();
    await expect.poll(() => worker.rounds).toBe(1);
    worker.kick();
    worker.hold = false;
    worker.finish();
    await expect.poll(() => worker.rounds).toBe(2);
    worker.kick();
    await expect.poll(() => worker.rounds).toBe(3);
    await worker.stop();
  });
});
