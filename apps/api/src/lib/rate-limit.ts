import type { Redis } from 'ioredis';
import { messages } from '@fipay/contracts/messages';
import { sha256 } from './crypto';
import { AppError } from './errors';

export type RateRule = { limit: number; windowSeconds: number };

export const defaultRateRules = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  otpPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  otpPerIp: { limit: 100, windowSeconds: 15 * 60 },
  forgotPerEmail: { limit: 3, windowSeconds: 15 * 60 },
  forgotPerIp: { limit: 30, windowSeconds: 15 * 60 },
  resendPerEmail: { limit: 3, windowSeconds: 15 * 60 },
  resendPerIp: { limit: 30, windowSeconds: 15 * 60 },
  resetPerIp: { limit: 30, windowSeconds: 15 * 60 },
  verifyEmailPerIp: { limit: 60, windowSeconds: 15 * 60 },
  refreshPerIp: { limit: 120, windowSeconds: 60 },
  signupPerIp: { limit: 20, windowSeconds: 60 * 60 },
  twoFactorPerUser: { limit: 10, windowSeconds: 15 * 60 },
  // Each send is an email; a minimum gap between sends is enforced besides (EMAIL_CODE_RESEND_SECONDS).
  emailCodeSendPerUser: { limit: 5, windowSeconds: 15 * 60 },
  changePasswordPerUser: { limit: 10, windowSeconds: 15 * 60 },
  uploadUrlPerUser: { limit: 60, windowSeconds: 15 * 60 },
  // Name enquiry reveals account holders' names and each live lookup costs money.
  resolveAccountPerUser: { limit: 30, windowSeconds: 15 * 60 },
  approvalPerIp: { limit: 30, windowSeconds: 15 * 60 },
  representativesPerCompany: { limit: 20, windowSeconds: 60 * 60 },
  submitKybPerUser: { limit: 10, windowSeconds: 15 * 60 },
  reviewerLoginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  reviewerLoginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  reviewerSetPasswordPerIp: { limit: 30, windowSeconds: 15 * 60 },
  reviewerTwoFactorPerReviewer: { limit: 10, windowSeconds: 15 * 60 },
  // Each reveal shows a BVN or ID number in clear; a burst of them is not review work.
  revealPerReviewer: { limit: 30, windowSeconds: 15 * 60 },
  // Merchant API calls per secret key (and per dashboard session calling the merchant API), per second.
  merchantLivePerKey: { limit: 100, windowSeconds: 1 },
  merchantTestPerKey: { limit: 25, windowSeconds: 1 },
  // Creating and rolling keys (a live roll checks a password).
  apiKeyChangesPerUser: { limit: 20, windowSeconds: 15 * 60 },
  // Adding and removing payment methods (each may check a second-factor code).
  paymentMethodChangesPerUser: { limit: 30, windowSeconds: 15 * 60 },
  // Public payment pages and the hosted checkout: no sign-in, so per address; card and OTP tries per
  // transaction besides (a checkout also fails after three declined cards).
  payPagePerIp: { limit: 300, windowSeconds: 15 * 60 },
  // The marketplace's public list (signed-out visitors, live offers): a read, bounded per address against scraping.
  marketplacePerIp: { limit: 600, windowSeconds: 15 * 60 },
  payStartPerIp: { limit: 30, windowSeconds: 15 * 60 },
  checkoutPerIp: { limit: 120, windowSeconds: 15 * 60 },
  checkoutTriesPerReference: { limit: 10, windowSeconds: 15 * 60 },
  // FiPay tags: availability is asked as a person types (debounced); a recipient look-up names a business, so a
  // company may not walk the list of tags or emails.
  tagAvailabilityPerCompany: { limit: 120, windowSeconds: 15 * 60 },
  recipientLookupPerCompany: { limit: 30, windowSeconds: 15 * 60 },
  // 'Increase Limits': one request waits at a time; this bounds asking again after each decision.
  limitRequestsPerCompany: { limit: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof defaultRateRules;
export type RateRules = Record<RateRuleName, RateRule>;

interface CounterStore {
  /** Counts one hit in a fixed window and says how many hits it holds and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** Shares counters between instances; the window starts with the first hit and expires by itself. */
export class RedisCounterStore implements CounterStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number) {
    const results = await this.redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).pttl(key).exec();
    const count = Number(results?.[1]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async reset(key: string) {
    await this.redis.del(key);
  }
}

/**
 * Fixed-window limits. Counters expire with their window, so nobody can lock an
 * account for longer than one window by failing on purpose.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly rules: RateRules,
  ) {}

  private key(rule: RateRuleName, subject: string) {
    // Subjects are emails and addresses; only a digest of them is kept.
    return `rl:${rule}:${sha256(subject.toLowerCase()).slice(0, 32)}`;
  }

  async consume(rule: RateRuleName, subject: string): Promise<void> {
    const { limit, windowSeconds } = this.rules[rule];
    const { count, resetInMs } = await this.store.hit(this.key(rule, subject), windowSeconds * 1000);
    if (count > limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
      throw new AppError('RATE_LIMITED', messages.rateLimited(retryAfterSeconds), { retryAfterSeconds });
    }
  }

  async reset(rule: RateRuleName, subject: string): Promise<void> {
    await this.store.reset(this.key(rule, subject));
  }
}
