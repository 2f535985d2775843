import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import type { Acquirer } from '../../providers/types';

/**
 * Whether this server can take live payments (docs/decisions/0045-one-live-rule-and-provider-readiness.md): the
 * payment provider is set up (PAYSTACK_SECRET_KEY) and answers its readiness question (Acquirer.readiness: for
 * Paystack its documented balance, the cheapest call that needs a valid secret key and moves nothing). The answer is kept a minute
 * when ready and 15 seconds when not; one check at a time, shared by every caller, asks again once it is stale, so
 * page views do not each call Paystack. Each change is logged once for the operator.
 */

export type ProviderState = 'ready' | 'not_set_up' | 'key_refused' | 'unreachable';

/** The provider's state for an operator's screen: when it was last asked, and what that answer was in plain words. */
export type ProviderStatus = { state: ProviderState; checkedAt: Date | null; answer: string | null };

export type LiveReadinessOptions = {
  /** The live acquirer, or null when none is set up. */
  acquirer: Acquirer | null;
  log: FastifyBaseLogger;
  /** Where the last signed webhook's time is kept, for the log line of a change. */
  db: Queryable;
  /** How long one question may take (by default the acquirer's own: its timeout, but at least 5 seconds). */
  checkTimeoutMs?: number;
  readyForMs?: number;
  notReadyForMs?: number;
  now?: () => number;
};

export class LiveReadiness {
  /** `checkedAt` says when the answer goes stale (moved back by recheckSoon), `askedAt` when it was given. */
  private known: { state: ProviderState; checkedAt: number; askedAt: number; plain: string } | undefined;
  private checking: Promise<ProviderState> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: LiveReadinessOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The provider's state: the last answer while fresh. A stale "ready" is answered at once while a new check runs (a
   * live call that then fails says so itself); a stale "not ready" waits for the new check, so that live payments
   * are never refused on an old answer.
   */
  async current(): Promise<ProviderState> {
    if (!this.options.acquirer) return 'not_set_up';
    const known = this.known;
    if (!known) return this.check();
    const age = this.now() - known.checkedAt;
    if (known.state === 'ready') {
      if (age >= (this.options.readyForMs ?? 60_000)) void this.check();
      return 'ready';
    }
    return age >= (this.options.notReadyForMs ?? 15_000) ? this.check() : known.state;
  }

  /** The state as current() answers it, with the time and words of the answer it rests on (for the back office). */
  async status(): Promise<ProviderStatus> {
    const state = await this.current();
    const known = state === 'not_set_up' ? undefined : this.known;
    return { state, checkedAt: known ? new Date(known.askedAt) : null, answer: known?.plain ?? null };
  }

  /** Asks the provider now (one request however many callers ask at once) and records the answer. */
  check(): Promise<ProviderState> {
    const acquirer = this.options.acquirer;
    if (!acquirer) return Promise.resolve('not_set_up');
    this.checking ??= this.ask(acquirer).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** A live call to the provider just failed: the next look asks again rather than trusting a minute-old "ready". */
  recheckSoon(): void {
    if (this.known) this.known = { ...this.known, checkedAt: Number.NEGATIVE_INFINITY };
  }

  /** Logs the state at start: without a key at once, otherwise after the first check. */
  start(): void {
    if (!this.options.acquirer) {
      this.options.log.warn(
        'Live payments are off: PAYSTACK_SECRET_KEY is not set. Businesses can prepare live keys and links, but live charges, refunds and payouts are refused until it is.',
      );
      return;
    }
    void this.check();
  }

  private async ask(acquirer: Acquirer): Promise<ProviderState> {
    // One lost answer (a busy moment, a dropped connection) does not close live payments: no answer twice does.
    let { state, reason, plain } = await acquirer.readiness(this.options.checkTimeoutMs);
    if (state === 'unreachable') ({ state, reason, plain } = await acquirer.readiness(this.options.checkTimeoutMs));
    const before = this.known?.state;
    const at = this.now();
    this.known = { state, checkedAt: at, askedAt: at, plain };
    if (state !== before) await this.logChange(state, reason, before);
    return state;
  }

  private async logChange(state: ProviderState, reason: string, before: ProviderState | undefined) {
    const lastSignedWebhookAt = await lastSignedWebhook(this.options.db).catch(() => null);
    const fields = { provider: this.options.acquirer?.name ?? null, state, was: before ?? null, reason, lastSignedWebhookAt: lastSignedWebhookAt?.toISOString() ?? null };
    if (state === 'ready') {
      this.options.log.info(fields, 'Live payments ready: Paystack answered GET /balance with PAYSTACK_SECRET_KEY');
    } else if (state === 'key_refused') {
      this.options.log.error(fields, 'Live payments unavailable: Paystack refused PAYSTACK_SECRET_KEY; live charges, refunds and payouts are refused until it accepts the key');
    } else {
      this.options.log.error(fields, 'Live payments unavailable: Paystack did not answer GET /balance at PAYSTACK_BASE_URL; live charges, refunds and payouts are refused until it does');
    }
  }
}

/**
 * Notes that a webhook with a valid Paystack signature arrived (at most one write a minute): Paystack cannot tell us
 * whether our webhook address is registered, but a server that has taken live payments and never heard from it has
 * not been told about them.
 */
export async function noteSignedWebhook(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO provider_webhook_arrivals (provider, last_signed_at) VALUES ('paystack', now())
     ON CONFLICT (provider) DO UPDATE SET last_signed_at = EXCLUDED.last_signed_at
      WHERE provider_webhook_arrivals.last_signed_at IS NULL OR provider_webhook_arrivals.last_signed_at < EXCLUDED.last_signed_at - interval '1 minute'`,
  );
}

/**
 * Notes that a webhook arrived whose signature did not match our key, or with no key to check it by (at most one
 * write a minute): the back office shows whether the last webhook was signed (migration 0027). Anyone may post to
 * the address, so this alone proves nothing; a refusal later than the last signed arrival, or with none signed, is
 * what the operator is asked to look into.
 */
export async function noteRefusedWebhook(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO provider_webhook_arrivals (provider, last_refused_at) VALUES ('paystack', now())
     ON CONFLICT (provider) DO UPDATE SET last_refused_at = EXCLUDED.last_refused_at
      WHERE provider_webhook_arrivals.last_refused_at IS NULL OR provider_webhook_arrivals.last_refused_at < EXCLUDED.last_refused_at - interval '1 minute'`,
  );
}

/** When the last signed Paystack webhook arrived (to the minute), or null when none ever has. */
export async function lastSignedWebhook(db: Queryable): Promise<Date | null> {
  return (await webhookArrivals(db)).lastSignedAt;
}

/** When the last Paystack webhook with a valid signature arrived, and the last one refused for its signature (each to the minute). */
export async function webhookArrivals(db: Queryable): Promise<{ lastSignedAt: Date | null; lastRefusedAt: Date | null }> {
  const { rows } = await db.query<{ last_signed_at: Date | null; last_refused_at: Date | null }>(
    "SELECT last_signed_at, last_refused_at FROM provider_webhook_arrivals WHERE provider = 'paystack'",
  );
  return { lastSignedAt: rows[0]?.last_signed_at ?? null, lastRefusedAt: rows[0]?.last_refused_at ?? null };
}
