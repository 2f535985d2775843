import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import { defaultRateRules, MemoryCounterStore, RateLimiter, RedisCounterStore } from './rate-limit';

const rules = { ...defaultRateRules, loginPerAccount: { limit: 2, windowSeconds: 1 } };

async function expectLimited(promise: Promise<void>) {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(429);
  expect((error as AppError).options.retryAfterSeconds).toBeGreaterThanOrEqual(1);
}

function behavesAsALimiter(makeLimiter: () => RateLimiter) {
  it('allows the limit, refuses past it, and forgets after the window', async () => {
    const limiter = makeLimiter();
    const subject = `user-${Math.random()}@acme.ng`;
    await limiter.consume('loginPerAccount', subject);
    await limiter.consume('loginPerAccount', subject.toUpperCase());
    await expectLimited(limiter.consume('loginPerAccount', subject));
    await limiter.consume('loginPerAccount', `other-${subject}`);
    // Refused hits do not move the window's end, so trying until it lets the subject through waits for exactly that.
    await vi.waitFor(() => limiter.consume('loginPerAccount', subject), { timeout: 5000, interval: 100 });
  });

  it('starts over after a reset (a successful sign-in)', async () => {
    const limiter = makeLimiter();
    const subject = `user-${Math.random()}@acme.ng`;
    await limiter.consume('loginPerAccount', subject);
    await limiter.consume('loginPerAccount', subject);
    await limiter.reset('loginPerAccount', subject);
    await limiter.consume('loginPerAccount', subject);
  });
}

describe('rate limiter in memory', () => {
  behavesAsALimiter(() => new RateLimiter(new MemoryCounterStore(), rules));
});

// Shared counters across instances: exercised against the real Redis server that CI starts.
describe.runIf(process.env.TEST_REDIS_URL)('rate limiter on Redis', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.quit());

  behavesAsALimiter(() => new RateLimiter(new RedisCounterStore(redis), rules));

  it('shares one count between two instances and stores no email in clear', async () => {
    const other = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const a = new RateLimiter(new RedisCounterStore(redis), rules);
      const b = new RateLimiter(new RedisCounterStore(other), rules);
      const subject = `shared-${Math.random()}@acme.ng`;
      await a.consume('loginPerAccount', subject);
      await b.consume('loginPerAccount', subject);
      await expectLimited(a.consume('loginPerAccount', subject));
      const keys = await redis.keys('rl:loginPerAccount:*');
      expect(keys.some((k) => k.includes('acme.ng'))).toBe(false);
    } finally {
      await other.quit();
    }
  });
});
