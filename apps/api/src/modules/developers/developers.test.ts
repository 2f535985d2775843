import { developerMessages } from '@fipay/contracts/developers';
import { messages } from '@fipay/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpExpired } from '../../jobs/clean-up';
import { totp, base32Decode } from '../../lib/totp';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>> & { password: string };

async function newCompany(): Promise<Session> {
  const user = await createVerifiedUser(server);
  return { ...(await login(server, user)), password: user.password };
}

async function approve(session: Session) {
  await server.db.query(
    `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')
     ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
    [session.user.companyId],
  );
}

async function createKeys(session: Session, mode?: 'test' | 'live') {
  return server.api.post('/api-keys', mode ? { mode } : {}, { token: session.accessToken });
}

const events = (token: string, headers: Record<string, string> = {}) => server.api.get('/events', { token, headers });

describe('API keys', () => {
  it('creates a test pair by default, shows the secret once, and the secret key works on the merchant API', async () => {
    const session = await newCompany();
    const created = await createKeys(session);
    expect(created.status).toBe(201);
    const { publishable, secret, secretKey } = created.body.data;
    expect(publishable).toMatchObject({ livemode: false, kind: 'publishable', key: expect.stringMatching(/^pk_test_[0-9A-Za-z]{43}$/) });
    expect(secretKey).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    expect(secret).toMatchObject({ livemode: false, kind: 'secret', key: `sk_test_…${secretKey.slice(-4)}`, lastUsedAt: null });

    // Listed afterwards: the secret only masked, and nothing stores it whole.
    const listed = await server.api.get('/api-keys', { token: session.accessToken });
    expect(listed.body.data.keys.map((k: { key: string }) => k.key).sort()).toEqual([publishable.key, secret.key].sort());
    expect(JSON.stringify(listed.body)).not.toContain(secretKey);
    const stored = await server.db.query<{ row: string }>('SELECT row_to_json(k)::text AS row FROM api_keys k WHERE company_id = $1', [session.user.companyId]);
    for (const { row } of stored.rows) expect(row).not.toContain(secretKey.slice(8));

    const used = await events(secretKey);
    expect(used.status).toBe(200);
    expect(used.body.data.events.map((e: { type: string }) => e.type)).toEqual(['api_key.created', 'api_key.created']);
    const after = await server.api.get('/api-keys', { token: session.accessToken });
    expect(after.body.data.keys.find((k: { kind: string }) => k.kind === 'secret').lastUsedAt).not.toBeNull();

    // A mode has one pair: a second create is refused.
    expect(await createKeys(session, 'test')).toMatchObject({ status: 409, body: { message: developerMessages.keysExist } });
  });

  it('refuses a key of another kind or a secret key on dashboard-only routes', async () => {
    const session = await newCompany();
    const { publishable, secretKey } = (await createKeys(session)).body.data;
    for (const path of ['/account/me', '/api-keys', '/notification/user/latest', '/company/me']) {
      const refused = await server.api.get(path, { token: secretKey });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ isSuccessful: false, message: developerMessages.secretKeyNotAllowed, data: { code: 'FORBIDDEN' } });
    }
    expect((await server.api.post('/api-keys', { mode: 'test' }, { token: secretKey })).status).toBe(403);
    expect(await events(publishable.key)).toMatchObject({ status: 401, body: { message: developerMessages.publishableKeyNotAllowed } });
  });

  it('tells a caller without a key what key to send and how, and keeps the sign-in answer on dashboard routes', async () => {
    const missing = { isSuccessful: false, message: developerMessages.apiKeyMissing, data: { code: 'UNAUTHORIZED' } };
    for (const headers of [{}, { authorization: 'sk_test_abc' }, { authorization: 'Basic c2tfdGVzdF86' }] as Record<string, string>[]) {
      for (const answer of [await server.api.get('/events', { headers }), await server.api.post('/webhook-endpoints', { url: 'https://hooks.acme.ng/' }, { headers })]) {
        expect(answer, JSON.stringify(headers)).toMatchObject({ status: 401, body: missing });
      }
    }
    expect(developerMessages.apiKeyMissing).toContain('Authorization: Bearer');
    for (const path of ['/api-keys', '/notification/user/latest']) {
      expect(await server.api.get(path), path).toMatchObject({ status: 401, body: { isSuccessful: false, message: messages.unauthorized, data: { code: 'UNAUTHORIZED' } } });
    }
  });

  it('answers a wrong, a revoked and an expired key alike', async () => {
    const session = await newCompany();
    const first = (await createKeys(session)).body.data;
    // Roll with immediate expiry: the old key has expired.
    const rolled = await server.api.post(`/api-keys/${first.secret.id}/roll`, { expiresIn: 'now' }, { token: session.accessToken });
    expect(rolled.status).toBe(200);
    const current = rolled.body.data.secretKey as string;
    await server.db.query("UPDATE api_keys SET revoked_at = now() WHERE company_id = $1 AND kind = 'secret' AND expires_at IS NULL", [session.user.companyId]);
    const wrong = `sk_test_${'x'.repeat(43)}`;
    const answers = await Promise.all([wrong, first.secretKey, current].map((key) => events(key)));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ isSuccessful: false, message: developerMessages.apiKeyInvalid, data: { code: 'UNAUTHORIZED' } });
    }
  });

  it('keeps a rolled key working until the chosen expiry, and only the current key rolls', async () => {
    const session = await newCompany();
    const first = (await createKeys(session)).body.data;
    const rolled = await server.api.post(`/api-keys/${first.secret.id}/roll`, { expiresIn: '1h' }, { token: session.accessToken });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.rolled).toMatchObject({ id: first.secret.id, expiresAt: expect.any(String) });
    const expiresIn = Date.parse(rolled.body.data.rolled.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const next = rolled.body.data.secretKey as string;
    expect(next).not.toBe(first.secretKey);
    expect((await events(first.secretKey)).status).toBe(200);
    expect((await events(next)).status).toBe(200);
    // The roll is an event of the key's mode.
    const types = (await events(next)).body.data.events.map((e: { type: string }) => e.type);
    expect(types[0]).toBe('api_key.rolled');

    expect(await server.api.post(`/api-keys/${first.secret.id}/roll`, { expiresIn: 'now' }, { token: session.accessToken })).toMatchObject({
      status: 409,
      body: { message: developerMessages.keyAlreadyRolled },
    });
    expect((await server.api.post(`/api-keys/${first.publishable.id}/roll`, { expiresIn: 'now' }, { token: session.accessToken })).status).toBe(409);

    // Once its hour is over (moved back here), the old key stops working and is no longer listed.
    await server.db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [first.secret.id]);
    expect((await events(first.secretKey)).status).toBe(401);
    expect((await events(next)).status).toBe(200);
    const listed = (await server.api.get('/api-keys', { token: session.accessToken })).body.data.keys.map((k: { id: string }) => k.id);
    expect(listed).not.toContain(first.secret.id);
  });

  it("does not let one company roll or see another's keys", async () => {
    const [owner, other] = [await newCompany(), await newCompany()];
    const keys = (await createKeys(owner)).body.data;
    expect(await server.api.post(`/api-keys/${keys.secret.id}/roll`, { expiresIn: 'now' }, { token: other.accessToken })).toMatchObject({
      status: 404,
      body: { message: developerMessages.keyNotFound },
    });
    expect((await server.api.post('/api-keys/not-a-uuid/roll', { expiresIn: 'now' }, { token: other.accessToken })).status).toBe(404);
    expect((await server.api.get('/api-keys', { token: other.accessToken })).body.data.keys).toEqual([]);
    expect((await server.api.post(`/api-keys/${keys.secret.id}/roll`, { expiresIn: 'soon' }, { token: owner.accessToken })).status).toBe(400);
  });
});

describe('modes', () => {
  it('opens live mode only once the business verification is approved, and closes it if that changes', async () => {
    const session = await newCompany();
    expect(await createKeys(session, 'live')).toMatchObject({ status: 403, body: { message: developerMessages.liveModeLocked } });
    expect(await events(session.accessToken, { 'FiPay-Mode': 'live' })).toMatchObject({ status: 403, body: { message: developerMessages.liveModeLocked } });
    expect((await events(session.accessToken, { 'FiPay-Mode': 'sandbox' })).status).toBe(400);

    await approve(session);
    const live = await createKeys(session, 'live');
    expect(live.status).toBe(201);
    const liveKey = live.body.data.secretKey as string;
    expect(liveKey).toMatch(/^sk_live_/);
    expect((await events(liveKey)).status).toBe(200);

    await server.db.query("UPDATE kyb_applications SET status = 'REJECTED' WHERE company_id = $1", [session.user.companyId]);
    expect(await events(liveKey)).toMatchObject({ status: 403, body: { message: developerMessages.liveModeLocked } });
    expect((await events(session.accessToken, { 'FiPay-Mode': 'live' })).status).toBe(403);
  });

  it('shows each mode only its own events, whether asked with a key or from the dashboard', async () => {
    const session = await newCompany();
    await approve(session);
    const test = (await createKeys(session, 'test')).body.data;
    const live = (await createKeys(session, 'live')).body.data;
    const testEvents = (await events(test.secretKey)).body.data.events as { id: string; livemode: boolean }[];
    const liveEvents = (await events(live.secretKey)).body.data.events as { id: string; livemode: boolean }[];
    expect(testEvents.map((e) => e.livemode)).toEqual([false, false]);
    expect(liveEvents.map((e) => e.livemode)).toEqual([true, true]);
    expect((await events(session.accessToken)).body.data.events).toEqual(testEvents);
    expect((await events(session.accessToken, { 'FiPay-Mode': 'live' })).body.data.events).toEqual(liveEvents);

    // One event by id: its own mode only, the same 404 as a missing one for the other mode or company.
    expect((await server.api.get(`/events/${liveEvents[0]!.id}`, { token: live.secretKey })).body.data).toEqual(liveEvents[0]);
    const notFound = { status: 404, body: { isSuccessful: false, message: developerMessages.eventNotFound, data: { code: 'NOT_FOUND' } } };
    expect(await server.api.get(`/events/${liveEvents[0]!.id}`, { token: test.secretKey })).toMatchObject(notFound);
    expect(await server.api.get('/events/evt_000000000000000000000000', { token: test.secretKey })).toMatchObject(notFound);
    const stranger = await newCompany();
    const strangerKey = (await createKeys(stranger)).body.data.secretKey as string;
    expect(await server.api.get(`/events/${testEvents[0]!.id}`, { token: strangerKey })).toMatchObject(notFound);
  });
});

describe('rolling a live secret key', () => {
  it('needs the password and, with an authenticator on, its code', async () => {
    const session = await newCompany();
    await approve(session);
    const live = (await createKeys(session, 'live')).body.data;
    const roll = (body: Record<string, string>) => server.api.post(`/api-keys/${live.secret.id}/roll`, { expiresIn: '24h', ...body }, { token: session.accessToken });
    expect(await roll({})).toMatchObject({ status: 400, body: { data: { errors: { password: developerMessages.passwordRequired } } } });
    expect((await roll({ password: 'Not the password 1!' })).status).toBe(400);

    // With an authenticator on, the code is asked for too.
    const setup = await server.api.post('/auth/2fa/setup', {}, { token: session.accessToken });
    const secret = base32Decode(setup.body.data.secret as string);
    const code = () => totp(secret, Math.floor(Date.now() / 1000));
    const enabled = await server.api.post('/auth/2fa/enable', { otp: code() }, { token: session.accessToken });
    expect(enabled.status).toBe(200);
    expect(await roll({ password: session.password })).toMatchObject({ status: 400, body: { data: { errors: { code: developerMessages.codeRequired } } } });
    expect((await roll({ password: session.password, code: '000000' })).status).toBe(400);
    // The step's code was spent enabling; a recovery code is a second factor too.
    const rolled = await roll({ password: session.password, code: enabled.body.data.recoveryCodes[0] });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.secretKey).toMatch(/^sk_live_/);
  });
});

describe('rolling a live secret key with email codes on', () => {
  it('needs the password and a code emailed for it', async () => {
    const session = await newCompany();
    await approve(session);
    const emailedCode = async (subject: string) => {
      const mail = await server.mail.waitFor(session.user.email);
      expect(mail.subject).toBe(subject);
      return { code: mail.text.match(/Your code: (\d{6})/)![1]!, text: mail.text };
    };
    // Email codes on, as the Security page turns them on.
    expect((await server.api.post('/auth/2fa/email/send-code', {}, { token: session.accessToken })).status).toBe(200);
    const enabling = await emailedCode('Your FiPay verification code');
    expect((await server.api.post('/auth/2fa/email/enable', { otp: enabling.code }, { token: session.accessToken })).status).toBe(200);

    const live = (await createKeys(session, 'live')).body.data;
    const roll = (body: Record<string, string>) => server.api.post(`/api-keys/${live.secret.id}/roll`, { expiresIn: 'now', ...body }, { token: session.accessToken });
    expect(await roll({ password: session.password })).toMatchObject({ status: 400, body: { data: { errors: { code: developerMessages.emailCodeRequired } } } });
    expect((await server.api.post('/api-keys/roll-code', {}, { token: session.accessToken })).body.message).toBe(developerMessages.rollCodeSent);
    const rolling = await emailedCode('Your FiPay verification code');
    expect(rolling.text).toContain('roll a live secret API key');
    expect((await roll({ password: session.password, code: '000000' })).status).toBe(400);
    const rolled = await roll({ password: session.password, code: rolling.code });
    expect(rolled.status).toBe(200);
    // The code is spent.
    const again = await server.api.post(`/api-keys/${rolled.body.data.secret.id}/roll`, { expiresIn: 'now', password: session.password, code: rolling.code }, { token: session.accessToken });
    expect(again.status).toBe(400);
  });

  it('sends no roll code to a user whose second factor is not email codes', async () => {
    const session = await newCompany();
    expect(await server.api.post('/api-keys/roll-code', {}, { token: session.accessToken })).toMatchObject({ status: 409, body: { message: developerMessages.rollCodeNotNeeded } });
  });
});

describe('merchant API limits and events kept', () => {
  it('limits calls per key with 429 and Retry-After, each key on its own', async () => {
    // A window long enough that the test's own pace cannot straddle two of them (the default is 25 a second in test mode).
    const limited = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ merchantTestPerKey: { limit: 3, windowSeconds: 60 } }) } });
    try {
      const user = await createVerifiedUser(limited);
      const session = await login(limited, user);
      const keyOf = async () => (await limited.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
      const key = await keyOf();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.api.get('/events', { token: key })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await limited.api.get('/events', { token: key });
      expect(refused.body.data).toEqual({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // The dashboard session has its own budget.
      expect((await limited.api.get('/events', { token: session.accessToken })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lists events newest first by type and page, and the clean-up deletes those past 30 days', async () => {
    const session = await newCompany();
    const keys = (await createKeys(session)).body.data;
    await server.api.post(`/api-keys/${keys.secret.id}/roll`, { expiresIn: '1h' }, { token: session.accessToken });
    const all = (await events(session.accessToken)).body.data;
    expect(all.events.map((e: { type: string }) => e.type)).toEqual(['api_key.rolled', 'api_key.created', 'api_key.created']);
    expect(all.pagination).toEqual({ currentPage: 1, pageSize: 20, totalItems: 3, totalPages: 1 });
    const page2 = await server.api.get('/events?type=api_key.created&page=2&pageSize=1', { token: session.accessToken });
    expect(page2.body.data.events).toEqual([all.events[2]]);
    expect(page2.body.data.pagination).toEqual({ currentPage: 2, pageSize: 1, totalItems: 2, totalPages: 2 });
    expect((await server.api.get('/events?type=charge.nothing', { token: session.accessToken })).status).toBe(400);

    await server.db.query("UPDATE events SET created_at = now() - interval '31 days' WHERE id = $1", [all.events[2].id]);
    const counts = await server.db.transaction((tx) => cleanUpExpired(tx));
    expect(counts.events).toBeGreaterThanOrEqual(1);
    const left = (await events(session.accessToken)).body.data.events.map((e: { id: string }) => e.id);
    expect(left).toEqual([all.events[0].id, all.events[1].id]);
  });
});
