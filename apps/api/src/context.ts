import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './lib/rate-limit';

/** What domain functions need from the running app; they know nothing of HTTP. */
export type AppContext = {
  config: Config;
  db: Db;
  limiter: RateLimiter;
  keys: { accessToken: Uint8Array; totpSecret: Buffer };
  /** Asks the outbox worker to deliver now; call after a transaction that queued email commits. */
  kickOutbox: () => void;
};
