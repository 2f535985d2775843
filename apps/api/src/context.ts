import type { FastifyBaseLogger } from 'fastify';
import type { LiveReadiness } from './modules/payments/live-readiness';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Providers } from './providers/types';
import type { RateLimiter } from './lib/rate-limit';
import type { ObjectStorage } from './storage/types';

/** What domain functions need from the running app; they know nothing of HTTP. */
export type AppContext = {
  config: Config;
  db: Db;
  limiter: RateLimiter;
  storage: ObjectStorage;
  /** The bank directory (providers/registry.ts). */
  banks: Providers['banks'];
  /** Live mode's acquirer, when one is set up (PAYSTACK_SECRET_KEY); without it live charges and refunds are refused. */
  acquirers: Providers['acquirers'];
  /** Live payouts' provider, when one is set up; without it live balances wait. */
  transfers: Providers['transfers'];
  /** Readers of inbound provider webhooks, by provider. */
  inbound: Providers['inbound'];
  /** Market rates' provider (RATE_PROVIDER): the sandbox or CoinGecko. */
  rates: Providers['rates'];
  /** Whether the live payment provider is set up and answering, checked now and then (modules/developers/modes.ts combines it with the company's approval). */
  liveReadiness: LiveReadiness;
  /**
   * accessToken signs JWTs; totpSecret, personalData and refreshReplay (the pair a rotation answered,
   * kept for its grace window) encrypt at rest; uploadUrl signs local upload links; signInProof keys the check of a sign-in's password proof; apiKey hashes secret keys; webhookSecret encrypts webhook signing secrets; idempotentAnswer encrypts the
   * answers kept for Idempotency-Key replays (some carry a secret shown once).
   */
  keys: { accessToken: Uint8Array; totpSecret: Buffer; emailCode: Buffer; signInProof: Buffer; personalData: Buffer; uploadUrl: Buffer; refreshReplay: Buffer; apiKey: Buffer; webhookSecret: Buffer; idempotentAnswer: Buffer };
  /** The app's logger, for work done outside a request (jobs, providers' answers): never secrets or personal data. */
  log: FastifyBaseLogger;
};
