import { randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, hashesDuring, signupBody } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /auth/login/initiate', () => {
  it('accepts the email in any case, or the phone number in any common form', async () => {
    const user = await createVerifiedUser(server);
    for (const email of [user.email, user.email.toUpperCase(), user.phone, user.phone.replace(/^0/, '+234'), user.phone.replace(/^0(\d{3})(\d{3})(\d{4})$/, '0$1 $2 $3')]) {
      const res = await server.api.post('/auth/login/initiate', { email, password: user.password });
      expect(res.status, email).toBe(200);
      expect(res.body).toMatchObject({ isSuccessful: true, data: { twoFactorEnabled: false } });
    }
  });

  it('gives an unknown account and a wrong password the same answer after the same hashing work', async () => {
    const user = await createVerifiedUser(server);
    const wrong = await server.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 1!' });
    const unknown = await server.api.post('/auth/login/initiate', { email: 'nobody@nowhere.ng', password: 'Wrong password 1!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe(messages.invalidCredentials);

    // One Argon2id verify each (an unknown account's against a dummy hash), which is what either answer's time is
    // made of. How close the times are is measured by `npm run bench:endpoints` on a machine left alone: here the
    // rest of the suite shares the cores, and a burst of its work landed on one side's samples (a 46 ms median
    // against 18 ms in one full run).
    for (const email of [user.email, 'ghost@nowhere.ng']) {
      expect(await hashesDuring(async () => expect((await server.api.post('/auth/login/initiate', { email, password: 'Wrong password 2!' })).status).toBe(401))).toBe(1);
    }
  });

  it('tells an unverified user to verify, only after the right password', async () => {
    const body = signupBody();
    await server.api.post('/auth/signup', body);
    const wrong = await server.api.post('/auth/login/initiate', { email: body.user.email, password: 'Not the password 9' });
    expect(wrong.status).toBe(401);
    const res = await server.api.post('/auth/login/initiate', { email: body.user.email, password: body.user.password });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ isSuccessful: false, message: messages.emailNotVerified, data: { code: 'EMAIL_NOT_VERIFIED' } });
    expect(res.body.message).toMatch(/verify/i);
    expect(res.body.message).toMatch(/Resend verification email/);
  });

  it('refuses an empty body with field errors', async () => {
    const res = await server.api.post('/auth/login/initiate', {});
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toMatchObject({ email: messages.fieldRequired, password: messages.fieldRequired });
  });
});

describe('POST /auth/login/verify-otp', () => {
  it('returns the user, the company with its empty application, and both tokens', async () => {
    const user = await createVerifiedUser(server);
    const res = await server.api.post('/auth/login/verify-otp', { email: user.email, password: user.password, otp: '' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Login successful');
    const data = res.body.data;
    expect(data.user).toEqual({
      id: expect.any(String),
      companyId: data.company.id,
      firstName: 'Chidinma',
      lastName: 'Okafor',
      email: user.email,
    });
    expect(data.company).toMatchObject({ name: user.body.company.name, countryId: 160 });
    expect(data.company.application).toEqual({
      businessType: null,
      businessProfile: null,
      documents: [],
      representatives: [],
      bankDetails: null,
      status: { code: null },
      rejectionReason: null,
      progress: { currentStep: 1 },
      rejectionFinal: false,
      reviewItems: [],
    });
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const header = decodeProtectedHeader(data.accessToken);
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(data.accessToken);
    const now = Math.floor(Date.now() / 1000);
    expect(claims.sub).toBe(data.user.id);
    expect(claims.exp! - now).toBeGreaterThan(14 * 60);
    expect(claims.exp! - now).toBeLessThanOrEqual(15 * 60);
    expect(claims.aud).toBe('fipay-web');
    expect(claims.iss).toBe('fipay-api');

    const stored = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(data.refreshToken);
  });

  it('checks the password again', async () => {
    const user = await createVerifiedUser(server);
    const res = await server.api.post('/auth/login/verify-otp', { email: user.email, password: 'Wrong password 3!', otp: '' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.invalidCredentials);
  });
});

describe('bearer tokens', () => {
  it('accepts a good access token and refuses forged, expired, wrong-audience and unsigned ones', async () => {
    const user = await createVerifiedUser(server);
    const session = (await server.api.post('/auth/login/verify-otp', { ...user, otp: '' })).body.data;
    expect((await server.api.post('/auth/2fa/setup', undefined, { token: session.accessToken })).status).toBe(200);

    const key = new Uint8Array(32);
    const forged = await new SignJWT({ cid: session.user.companyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(session.user.id)
      .setIssuer('fipay-api')
      .setAudience('fipay-web')
      .setExpirationTime('10m')
      .sign(key);
    const [head, payload] = session.accessToken.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...decodeJwt(session.accessToken), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${session.accessToken.split('.')[2]}`;
    const realKey = server.app.ctx.keys.accessToken;
    const sid = decodeJwt(session.accessToken).sid;
    const signWith = (build: (jwt: SignJWT) => SignJWT, typ = 'at+jwt', claims: Record<string, unknown> = { cid: session.user.companyId, sid }) =>
      build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ }).setSubject(session.user.id)).sign(realKey);
    const expired = await signWith((j) => j.setIssuer('fipay-api').setAudience('fipay-web').setExpirationTime(Math.floor(Date.now() / 1000) - 5));
    const wrongAudience = await signWith((j) => j.setIssuer('fipay-api').setAudience('someone-else').setExpirationTime('10m'));
    const wrongIssuer = await signWith((j) => j.setIssuer('elsewhere').setAudience('fipay-web').setExpirationTime('10m'));
    const wrongType = await signWith((j) => j.setIssuer('fipay-api').setAudience('fipay-web').setExpirationTime('10m'), 'JWT');
    const noExpiry = await signWith((j) => j.setIssuer('fipay-api').setAudience('fipay-web'));
    const valid = (j: SignJWT) => j.setIssuer('fipay-api').setAudience('fipay-web').setExpirationTime('10m');
    const noSession = await signWith(valid, 'at+jwt', { cid: session.user.companyId });
    const unknownSession = await signWith(valid, 'at+jwt', { cid: session.user.companyId, sid: randomUUID() });
    const good = await signWith(valid);
    expect((await server.api.post('/auth/2fa/setup', undefined, { token: good })).status).toBe(200);
    const refused = [forged, unsigned, tampered, expired, wrongAudience, wrongIssuer, wrongType, noExpiry, noSession, unknownSession];
    for (const token of [...refused, 'garbage', '']) {
      const res = await server.api.post('/auth/2fa/setup', undefined, { token });
      expect(res.status, token).toBe(401);
      expect(res.body).toEqual({ isSuccessful: false, message: messages.unauthorized, data: { code: 'UNAUTHORIZED' } });
    }
  });
});

describe('sessions', () => {
  it('ends the access token with its session: after logout it is refused at once, other sessions go on', async () => {
    const user = await createVerifiedUser(server);
    const first = (await server.api.post('/auth/login/verify-otp', { ...user, otp: '' })).body.data;
    const second = (await server.api.post('/auth/login/verify-otp', { ...user, otp: '' })).body.data;
    expect((await server.api.get('/account/me', { token: first.accessToken })).status).toBe(200);

    expect((await server.api.post('/auth/logout', { refreshToken: first.refreshToken })).status).toBe(200);
    const after = await server.api.get('/account/me', { token: first.accessToken });
    expect(after.status).toBe(401);
    expect(after.body.data).toEqual({ code: 'UNAUTHORIZED' });
    expect((await server.api.get('/account/me', { token: second.accessToken })).status).toBe(200);
  });

  it('keeps the session through refresh: the rotated pair carries the same session', async () => {
    const user = await createVerifiedUser(server);
    const session = (await server.api.post('/auth/login/verify-otp', { ...user, otp: '' })).body.data;
    const rotated = (await server.api.post('/auth/refresh', { userId: session.user.id, refreshToken: session.refreshToken })).body.data;
    expect(decodeJwt(rotated.accessToken).sid).toBe(decodeJwt(session.accessToken).sid);
    expect((await server.api.get('/account/me', { token: session.accessToken })).status).toBe(200);
    expect((await server.api.get('/account/me', { token: rotated.accessToken })).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After after too many attempts on one account, and only for a while', async () => {
    const limited = await startTestServer({ rateRules: { loginPerAccount: { limit: 3, windowSeconds: 2 } } });
    try {
      const user = await createVerifiedUser(limited);
      for (let i = 0; i < 3; i++) {
        expect((await limited.api.post('/auth/login/initiate', { email: user.email, password: 'Wrong password 4!' })).status).toBe(401);
      }
      const blocked = await limited.api.post('/auth/login/initiate', { email: user.email, password: user.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.isSuccessful).toBe(false);
      expect(blocked.body.data.code).toBe('RATE_LIMITED');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another account from the same address is unaffected.
      const other = await createVerifiedUser(limited);
      expect((await limited.api.post('/auth/login/initiate', { email: other.email, password: other.password })).status).toBe(200);
      // The window ends by itself: no permanent lock-out. Refused attempts do not move its end, so asking again until it lets the user in is safe.
      await expect
        .poll(async () => (await limited.api.post('/auth/login/initiate', { email: user.email, password: user.password })).status, { timeout: 10_000, interval: 200 })
        .toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('gives an account one budget whichever login it is reached by: its email and both spellings of its phone', async () => {
    const limited = await startTestServer({ rateRules: { loginPerAccount: { limit: 4, windowSeconds: 60 } } });
    try {
      const user = await createVerifiedUser(limited);
      const international = `+234${user.phone.slice(1)}`;
      const wrong = 'Wrong password 4!';
      for (const login of [user.email, user.phone, international, user.email.toUpperCase()]) {
        expect((await limited.api.post('/auth/login/initiate', { email: login, password: wrong })).status, login).toBe(401);
      }
      for (const login of [user.email, user.phone, international]) {
        const blocked = await limited.api.post('/auth/login/initiate', { email: login, password: user.password });
        expect(blocked.status, login).toBe(429);
      }
      // verify-otp spends the same budget.
      expect((await limited.api.post('/auth/login/verify-otp', { email: international, password: user.password, otp: '' })).status).toBe(429);
      // Unknown logins are counted by their canonical form: case and phone spelling do not buy more guesses.
      const spellings = [
        ['nobody@acme.ng', 'NOBODY@acme.ng', ' Nobody@Acme.ng', 'nobody@ACME.NG', 'nobody@acme.ng'],
        ['08000000001', '+2348000000001', '2348000000001', '0800 000 0001', '+234 800 000 0001'],
      ];
      for (const logins of spellings) {
        const statuses = [];
        for (const login of logins) statuses.push((await limited.api.post('/auth/login/initiate', { email: login, password: wrong })).status);
        expect(statuses).toEqual([401, 401, 401, 401, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('limits attempts per address across accounts', async () => {
    const limited = await startTestServer({ rateRules: { loginPerIp: { limit: 2, windowSeconds: 60 }, otpPerIp: { limit: 2, windowSeconds: 60 } } });
    try {
      for (const email of ['a@x.ng', 'b@x.ng']) {
        expect((await limited.api.post('/auth/login/initiate', { email, password: 'whatever1' })).status).toBe(401);
      }
      expect((await limited.api.post('/auth/login/initiate', { email: 'c@x.ng', password: 'whatever1' })).status).toBe(429);
      for (const email of ['a@x.ng', 'b@x.ng']) {
        expect((await limited.api.post('/auth/login/verify-otp', { email, password: 'whatever1', otp: '123456' })).status).toBe(401);
      }
      expect((await limited.api.post('/auth/login/verify-otp', { email: 'c@x.ng', password: 'whatever1', otp: '' })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
