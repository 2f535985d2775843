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
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
