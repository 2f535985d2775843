import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveReadinessTexts as texts, type LiveReadinessReport } from '@fipay/contracts/back-office';
import { paystackBodies, startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { paystackSample } from '../../test/paystack-samples';
import { createReviewerAccount, type ReviewerAccount } from '../../test/back-office-fixtures';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

/**
 * The back office's view of this server's live payments (docs/decisions/0056-operators-see-live-readiness.md): each
 * check, its plain answer and what to do, on a server without a provider key and on one whose provider answers.
 */

const KEY = 'sk_live_operator_view_secret_for_the_replay_server';
const WEBHOOK_URL = 'http://app.test/api/v1/providers/paystack/webhook';
const raw = JSON.stringify(paystackSample('customerIdentificationSuccess'));

const report = async (server: TestServer, reviewer: ReviewerAccount): Promise<LiveReadinessReport> => {
  const res = await server.api.get('/admin/live-readiness', { token: reviewer.token });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Live payment readiness loaded.');
  return res.body.data as LiveReadinessReport;
};
const check = (body: LiveReadinessReport, id: string) => body.checks.find((c) => c.id === id);
const webhook = (server: TestServer, signature: string) =>
  server.api.request('POST', '/api/v1/providers/paystack/webhook', { rawBody: raw, headers: { 'x-paystack-signature': signature } });

describe('on a server without a payment provider key', () => {
  let server: TestServer;
  let reviewer: ReviewerAccount;
  beforeAll(async () => {
    server = await startTestServer();
    reviewer = await createReviewerAccount(server);
  });
  afterAll(() => server.close());

  it('shows a reviewer what fails and what to do, and no company user or anonymous caller sees it', async () => {
    const body = await report(server, reviewer);
    expect(body).toEqual({
      ready: false,
      provider: { name: 'Paystack', configured: false, state: 'not_set_up', checkedAt: null, answer: null },
      webhook: { url: WEBHOOK_URL, lastArrivalAt: null, lastArrivalSigned: null, lastSignedAt: null, lastRefusedAt: null },
      checks: [
        { id: 'key', title: texts.key.title, status: 'failing', detail: texts.key.failing, action: texts.key.action },
        { id: 'provider', title: texts.provider.title, status: 'unknown', detail: texts.provider.notAsked, action: null },
        { id: 'address', title: texts.address.title, status: 'failing', detail: texts.address.failing, action: texts.address.action },
        { id: 'webhook', title: texts.webhook.title, status: 'unknown', detail: texts.webhook.unknown, action: texts.webhook.unknownAction },
      ],
    });

    // A webhook arriving without a key to check it by is refused, and the operator sees that it came.
    expect((await webhook(server, '0'.repeat(128))).status).toBe(401);
    const after = await report(server, reviewer);
    expect(after.webhook).toMatchObject({ lastArrivalSigned: false, lastSignedAt: null, lastRefusedAt: after.webhook.lastArrivalAt });
    expect(Date.now() - Date.parse(after.webhook.lastArrivalAt!)).toBeLessThan(60_000);
    expect(check(after, 'webhook')).toMatchObject({ status: 'failing', detail: texts.webhook.failing, action: texts.webhook.noKeyAction });

    const company = await login(server, await createVerifiedUser(server));
    expect((await server.api.get('/admin/live-readiness', { token: company.accessToken })).status).toBe(403);
    expect((await server.api.get('/admin/live-readiness')).status).toBe(401);
  });
});

describe('on a server whose provider answers, at a public https address', () => {
  let fake: FakePaystack;
  let server: TestServer;
  let reviewer: ReviewerAccount;
  beforeAll(async () => {
    fake = await startFakePaystack();
    server = await startTestServer({ env: { PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: fake.url, BANK_TIMEOUT_MS: '500', APP_URL: 'https://pay.example.ng' } });
    reviewer = await createReviewerAccount(server);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("shows the provider's answer and the webhooks' signatures, and follows a refused key without naming it", async () => {
    const ready = await report(server, reviewer);
    expect(ready).toMatchObject({
      ready: true,
      provider: { configured: true, state: 'ready', answer: "Paystack answered with the account's balance." },
      webhook: { url: 'https://pay.example.ng/api/v1/providers/paystack/webhook', lastArrivalAt: null },
    });
    expect(Date.now() - Date.parse(ready.provider.checkedAt!)).toBeLessThan(60_000);
    expect(ready.checks.map((c) => [c.id, c.status, c.action])).toEqual([
      ['key', 'ok', null],
      ['provider', 'ok', null],
      ['address', 'ok', null],
      ['webhook', 'unknown', texts.webhook.unknownAction],
    ]);

    // A signed webhook: the last arrival was signed. A refused one after it (written a minute on): the last was not.
    expect((await webhook(server, createHmac('sha512', KEY).update(raw).digest('hex'))).status).toBe(200);
    expect(check(await report(server, reviewer), 'webhook')).toMatchObject({ status: 'ok', detail: texts.webhook.ok, action: null });
    await server.db.query("UPDATE provider_webhook_arrivals SET last_signed_at = last_signed_at - interval '2 minutes'");
    expect((await webhook(server, '0'.repeat(128))).status).toBe(401);
    const refused = await report(server, reviewer);
    expect(refused.webhook).toMatchObject({ lastArrivalSigned: false, lastArrivalAt: refused.webhook.lastRefusedAt });
    expect(Date.parse(refused.webhook.lastSignedAt!)).toBeLessThan(Date.parse(refused.webhook.lastRefusedAt!));
    expect(check(refused, 'webhook')).toMatchObject({ status: 'failing', action: texts.webhook.failingAction });

    // Paystack stops taking the key: the next check says so, with what to do, and the key appears nowhere.
    fake.on('/balance', () => ({ status: 401, body: paystackBodies.invalidKey }));
    await server.app.ctx.liveReadiness.check();
    const keyRefused = await report(server, reviewer);
    expect(keyRefused).toMatchObject({ ready: false, provider: { state: 'key_refused', answer: 'Paystack refused the secret key (HTTP 401).' } });
    expect(check(keyRefused, 'provider')).toMatchObject({ status: 'failing', detail: 'Paystack refused the secret key (HTTP 401).', action: texts.provider.keyRefusedAction });
    expect(JSON.stringify(keyRefused)).not.toContain(KEY);
    expect(JSON.stringify(keyRefused)).not.toContain(new URL(fake.url).host);
  });
});
