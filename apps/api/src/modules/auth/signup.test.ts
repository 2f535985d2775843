import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { signupBody } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /countries', () => {
  it('lists countries with id, name and Emoji, Nigeria included', async () => {
    const res = await server.api.get('/countries');
    expect(res.status).toBe(200);
    expect(res.body.isSuccessful).toBe(true);
    expect(res.body.data).toHaveLength(249);
    expect(res.body.data).toContainEqual({ id: 160, name: 'Nigeria', Emoji: '🇳🇬' });
  });
});

describe('POST /auth/signup', () => {
  it('creates the company and its first user, and emails a verification link', async () => {
    const body = signupBody();
    const res = await server.api.post('/auth/signup', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ isSuccessful: true, message: 'Account created! Check your email to verify.', data: null });

    const { rows } = await server.db.query<{ company: string; email: string; verified: Date | null; password_hash: string; phone: string }>(
      `SELECT c.name AS company, u.email, u.email_verified_at AS verified, u.password_hash, u.phone
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = $1`,
      [body.user.email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.company).toBe(body.company.name);
    expect(rows[0]!.verified).toBeNull();
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.phone).toMatch(/^\+234\d{10}$/);

    const mail = await server.mail.waitFor(body.user.email);
    expect(mail.subject).toBe('Verify your email address');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/verify-email');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM user_tokens');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('stores the email in lowercase', async () => {
    const body = signupBody();
    body.user.email = body.user.email.toUpperCase();
    expect((await server.api.post('/auth/signup', body)).status).toBe(201);
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE email = $1', [body.user.email.toLowerCase()]);
    expect(rows).toHaveLength(1);
  });

  it('refuses blank company fields and names each one', async () => {
    const body = signupBody();
    const res = await server.api.post('/auth/signup', {
      ...body,
      company: { ...body.company, name: '   ', address: '', website: ' ', registrationNo: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.isSuccessful).toBe(false);
    expect(res.body.data.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['company.address', 'company.name', 'company.registrationNo', 'company.website']);
    expect(res.body.data.errors['company.name']).toBe(messages.fieldRequired);
  });

  it('refuses a malformed email, an unknown country and a missing user', async () => {
    const body = signupBody();
    const bad = await server.api.post('/auth/signup', { ...body, user: { ...body.user, email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors['user.email']).toBe(messages.emailInvalid);

    const country = await server.api.post('/auth/signup', { ...body, company: { ...body.company, countryId: 9999 } });
    expect(country.status).toBe(400);
    expect(country.body.data.errors['company.countryId']).toBe(messages.countryUnknown);
    // Beyond what the column holds (int4): the same field error, not a database error.
    for (const countryId of [2 ** 31, 2 ** 63]) {
      const overflowing = await server.api.post('/auth/signup', { ...body, company: { ...body.company, countryId } });
      expect(overflowing, String(countryId)).toMatchObject({ status: 400, body: { isSuccessful: false, data: { code: 'VALIDATION_FAILED', errors: { 'company.countryId': messages.countryUnknown } } } });
    }

    const missing = await server.api.post('/auth/signup', { company: body.company });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.user).toBeDefined();
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz', messages.passwordTooShort],
    ['longer than 128 characters', `Ab1!${'x'.repeat(125)}`, messages.passwordTooLong],
    ['a commonly used password', 'password123', messages.passwordCommon],
    ['a common password in other case', 'Sunshine1', messages.passwordCommon],
  ])('refuses a password %s', async (_label, password, message) => {
    const body = signupBody({ password });
    const res = await server.api.post('/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.data.errors['user.password']).toBe(message);
    const { rows } = await server.db.query('SELECT 1 FROM users WHERE email = $1', [body.user.email]);
    expect(rows).toHaveLength(0);
  });

  it('accepts a 128-character password and keeps all of it', async () => {
    const password = `Aa1!${'q'.repeat(124)}`;
    const body = signupBody({ password });
    expect((await server.api.post('/auth/signup', body)).status).toBe(201);
    const mail = await server.mail.waitFor(body.user.email);
    await server.api.get(`/auth/verify-email?token=${linkIn(mail).searchParams.get('token')}`);
    expect((await server.api.post('/auth/login/initiate', { email: body.user.email, password })).status).toBe(200);
    expect((await server.api.post('/auth/login/initiate', { email: body.user.email, password: password.slice(0, 127) })).status).toBe(401);
  });

  it('answers 409 for an email or phone already registered, and creates nothing', async () => {
    const first = signupBody();
    expect((await server.api.post('/auth/signup', first)).status).toBe(201);
    const companiesBefore = (await server.db.query('SELECT 1 FROM companies')).rowCount;

    const sameEmail = signupBody({ email: first.user.email.toUpperCase() });
    const res = await server.api.post('/auth/signup', sameEmail);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.emailTaken);

    const samePhone = signupBody({ phone: first.user.phone.replace(/^0/, '+234') });
    const phoneRes = await server.api.post('/auth/signup', samePhone);
    expect(phoneRes.status).toBe(409);
    expect(phoneRes.body.message).toBe(messages.phoneTaken);
    expect((await server.db.query('SELECT 1 FROM companies')).rowCount).toBe(companiesBefore);
  });

  it('lets only one of two simultaneous sign-ups with the same email through', async () => {
    const body = signupBody();
    const results = await Promise.all([
      server.api.post('/auth/signup', body),
      server.api.post('/auth/signup', { ...signupBody({ email: body.user.email }), company: body.company }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
