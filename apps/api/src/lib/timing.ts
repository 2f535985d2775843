import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs fn and answers no sooner than `ms` after the start, so the answer's
 * timing does not reveal which branch ran (e.g. whether an account exists).
 */
export async function withMinimumDuration<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    // Timers round to whole milliseconds and can fire early: sleep until the floor has really passed.
    let left = ms - (performance.now() - started);
    while (left > 0) {
      await sleep(Math.ceil(left));
      left = ms - (performance.now() - started);
    }
  }
}
