import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { ledgerDiscrepancies } from '../modules/ledger/ledger';
import { paystackSample } from './paystack-samples';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import type { RateRules } from '../lib/rate-limit';
import { startTestServer, type TestServer } from './server';

/** The secret key the test server and the replay server share, unless a test file names its own. */
export const REPLAY_SECRET = 'sk_test_paystack_secret_for_the_replay_server';

export type PaystackReplayOptions = {
  /** The key the API is given and signs webhooks with (default REPLAY_SECRET). */
  secret?: string;
  /** Rate rules for the test server (tests that sign up many businesses raise the sign-up limit). */
  rateRules?: Partial<RateRules>;
  /** More settings for the test server (e.g. WITHDRAWAL_FEES). */
  env?: Record<string, string>;
};

/**
 * One test file's API with live payments through Paystack's replay server (apps/api/src/test/fake-paystack.ts):
 * both started before the file's tests and closed after them; after each test the books must balance
 * (ledgerDiscrepancies) and the replay server's answers go back to the documented ones. `fake` and `server` are the
 * running ones once the file's tests run (use them inside a test or hook, not at the file's top level).
 */
export function usePaystackReplay(options: PaystackReplayOptions = {}) {
  const secret = options.secret ?? REPLAY_SECRET;
  let fake: FakePaystack | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startTestServer({
      env: { ...options.env, PAYSTACK_SECRET_KEY: secret, PAYSTACK_BASE_URL: fake.url, BANK_TIMEOUT_MS: '500' },
      rateRules: options.rateRules,
    });
  });
  afterEach(async () => {
    expect(await ledgerDiscrepancies(server!.db)).toEqual([]);
    fake!.reset();
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const running = late('the test server', () => server);
  /** Paystack's signature of a webhook body (x-paystack-signature), with our key unless told another. */
  const sign = (raw: string, key = secret) => createHmac('sha512', key).update(raw).digest('hex');
  /** Posts a webhook body to our Paystack webhook route, signed with `signature` (none when null). */
  const deliver = (raw: string, signature: string | null = sign(raw)) =>
    running.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: signature === null ? {} : { 'x-paystack-signature': signature } });
  return {
    secret,
    fake: late('the Paystack replay server', () => fake),
    server: running,
    sign,
    deliver,
    /** Delivers a webhook and waits for the inbox worker to apply it when it was stored; `outcome` says what applying it did. */
    async webhook(raw: string, signature: string | null = sign(raw)) {
      const answer = await deliver(raw, signature);
      const outcome = answer.body?.message === 'Event received.' ? await running.providerInboxSettled(raw) : undefined;
      return { ...answer, outcome };
    },
    /** Paystack's published charge.success webhook for the transaction Paystack knows as `reference` (its amount left as the sample's: never trusted). */
    chargeSuccess(reference: string, id: number) {
      const sample = paystackSample('chargeSuccess');
      return JSON.stringify({ ...sample, data: { ...sample.data, id, reference } });
    },
  };
}

/** The object `get` answers once it is there, standing in for it before (its methods bound to it). */
function late<T extends object>(name: string, get: () => T | undefined): T {
  const target = () => {
    const value = get();
    if (!value) throw new Error(`${name} is not started yet: use it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(target(), key);
      return typeof value === 'function' ? value.bind(target()) : value;
    },
    set(_, key, value) {
      return Reflect.set(target(), key, value);
    },
  });
}
