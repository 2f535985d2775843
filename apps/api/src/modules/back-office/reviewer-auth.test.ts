import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import { messages } from '@fipay/contracts/messages';
import { codeFor, createReviewerAccount, REVIEWER_PASSWORD, signInAgain, startEnrolment } from '../../test/back-office-fixtures';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';
import { createReviewer } from './reviewers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const system = { type: 'system' as const, name: 'test' };
const invite = async (email: string, role: 'reviewer' | 'admin' = 'reviewer') => {
  const { setupLink } = await createReviewer(server.app.ctx, { email, name: 'Tolu Ade', role }, { actor: system, sendEmail: false });
  return new URL(setupLink).searchParams.get('token')!;
};
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@fipay.ng`;

describe('admin/auth/set-password', () => {
  it('sets the password once from the link, with the company password rules', async () => {
    const email = unique('setpw');
    const token = await invite(email);
    const common = await server.api.post('/admin/auth/set-password', { token, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.data.errors.password).toBe(messages.passwordCommon);
    const short = await server.api.post('/admin/auth/set-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors.password).toBe(messages.passwordTooShort);
    // Refused passwords did not spend the link.
    expect((await server.api.post('/admin/auth/set-password', { token, password: REVIEWER_PASSWORD })).status).toBe(200);
    const again = await server.api.post('/admin/auth/set-password', { token, password: 'Another good one 7' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(backOfficeMessages.setupLinkInvalid);
    expect((await server.api.post('/admin/auth/set-password', { token: 'made-up', password: REVIEWER_PASSWORD })).status).toBe(400);
  });

  it('refuses an expired link', async () => {
    const email = unique('expired');
    const token = await invite(email);
    await server.db.query("UPDATE reviewer_tokens SET expires_at = now() - interval '1 second' WHERE reviewer_id = (SELECT id FROM reviewers WHERE email = $1)", [email]);
    expect((await server.api.post('/admin/auth/set-password', { token, password: REVIEWER_PASSWORD })).status).toBe(400);
  });
});

describe('admin/auth/login', () => {
  it('answers an unknown email, a wrong password and an unset password alike', async () => {
    const account = await createReviewerAccount(server);
    const pending = unique('pending');
    await invite(pending);
    const answers = await Promise.all([
      server.api.post('/admin/auth/login', { email: 'nobody@fipay.ng', password: REVIEWER_PASSWORD }),
      server.api.post('/admin/auth/login', { email: account.email, password: 'Wrong password 1!' }),
      server.api.post('/admin/auth/login', { email: pending, password: REVIEWER_PASSWORD }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ isSuccessful: false, message: backOfficeMessages.invalidCredentials, data: { code: 'INVALID_CREDENTIALS' } });
    }
  });

  it('gives a reviewer without an authenticator an enrolment session that can only set one up', async () => {
    const email = unique('enrol');
    const token = await invite(email);
    await server.api.post('/admin/auth/set-password', { token, password: REVIEWER_PASSWORD });
    const res = await server.api.post('/admin/auth/login', { email: email.toUpperCase(), password: REVIEWER_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stage: 'enrolment', session: { scope: 'enrolment' }, reviewer: { email, twoFactorEnabled: false } });
    const enrolment = res.body.data.session.token as string;
    expect(enrolment.startsWith('fpr_')).toBe(true);

    for (const url of ['/admin/me', '/admin/applications', '/admin/reviewers']) {
      const refused = await server.api.get(url, { token: enrolment });
      expect(refused.status).toBe(403);
      expect(refused.body.data.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }

    const setup = await server.api.post('/admin/auth/2fa/setup', undefined, { token: enrolment });
    expect(setup.status).toBe(200);
    expect(setup.body.data.otpauthUrl).toContain('FiPay%20Back%20Office');
    expect(setup.body.data.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = await server.api.post('/admin/auth/2fa/enable', { otp: codeFor(setup.body.data.secret, 10) }, { token: enrolment });
    expect(wrong.status).toBe(400);
    const enabled = await server.api.post('/admin/auth/2fa/enable', { otp: codeFor(setup.body.data.secret) }, { token: enrolment });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    expect(enabled.body.data.session.scope).toBe('full');
    expect(enabled.body.data.reviewer.twoFactorEnabled).toBe(true);

    // The enrolment token is gone; the new one opens the back office.
    expect((await server.api.get('/admin/me', { token: enrolment })).status).toBe(401);
    const me = await server.api.get('/admin/me', { token: enabled.body.data.session.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({ id: expect.any(String), email, name: 'Tolu Ade', role: 'reviewer', twoFactorEnabled: true });
  });

  it('asks for the code after the password, accepts each code once, and takes recovery codes', async () => {
    const account = await createReviewerAccount(server);
    const first = await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ stage: 'otp_required', session: null, reviewer: null });
    expect(first.body.message).toBe(backOfficeMessages.otpRequired);

    const wrong = await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.data.code).toBe('INVALID_OTP');

    // Enrolment spent the current step; the next one is within the allowed drift.
    const otp = codeFor(account.secret, 1);
    const signedIn = await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ stage: 'signed_in', session: { scope: 'full', idleTimeoutSeconds: 1800 }, reviewer: { id: account.id } });
    const hours = (Date.parse(signedIn.body.data.session.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const replay = await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp });
    expect(replay.status).toBe(401);

    const recovery = account.recoveryCodes[0]!;
    expect((await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp: recovery.toUpperCase() })).status).toBe(200);
    expect((await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp: recovery })).status).toBe(401);
  });

  it('limits attempts per account', async () => {
    const limited = await startTestServer({ rateRules: { reviewerLoginPerAccount: { limit: 2, windowSeconds: 60 } } });
    try {
      const body = { email: 'someone@fipay.ng', password: 'Wrong password 1!' };
      expect((await limited.api.post('/admin/auth/login', body)).status).toBe(401);
      expect((await limited.api.post('/admin/auth/login', body)).status).toBe(401);
      const third = await limited.api.post('/admin/auth/login', body);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('back-office sessions', () => {
  it('end at logout, after 30 idle minutes, after 12 hours, and when the reviewer is disabled', async () => {
    const account = await createReviewerAccount(server);
    const me = (token: string) => server.api.get('/admin/me', { token });
    expect((await me(account.token)).status).toBe(200);
    expect((await server.api.post('/admin/auth/logout', undefined, { token: account.token })).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);

    const idle = await signInAgain(server, account);
    await server.db.query(`UPDATE reviewer_sessions SET last_seen_at = now() - interval '29 minutes' WHERE reviewer_id = $1`, [account.id]);
    expect((await me(idle)).status).toBe(200);
    await server.db.query(`UPDATE reviewer_sessions SET last_seen_at = now() - interval '31 minutes' WHERE reviewer_id = $1`, [account.id]);
    expect((await me(idle)).status).toBe(401);

    const old = await signInAgain(server, account);
    await server.db.query(`UPDATE reviewer_sessions SET expires_at = now() - interval '1 second' WHERE reviewer_id = $1`, [account.id]);
    expect((await me(old)).status).toBe(401);

    const live = await signInAgain(server, account);
    await server.db.query('UPDATE reviewers SET disabled_at = now() WHERE id = $1', [account.id]);
    expect((await me(live)).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const account = await createReviewerAccount(server);
    const { rows } = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM reviewer_sessions WHERE reviewer_id = $1', [account.id]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toContain(account.token.slice(4, 20));
  });

  it('refuses a company access token with 403 and anything else with 401', async () => {
    const company = await login(server, await createVerifiedUser(server));
    const res = await server.api.get('/admin/applications', { token: company.accessToken });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(backOfficeMessages.companyTokenRefused);
    expect((await server.api.get('/admin/applications')).status).toBe(401);
    expect((await server.api.get('/admin/applications', { token: 'fpr_not-a-session' })).status).toBe(401);
    expect((await server.api.get('/admin/applications', { token: `${company.accessToken}x` })).status).toBe(401);
  });
});

describe('reviewer accounts (admins)', () => {
  it('lets an admin invite, list, change the role of, disable and reset reviewers', async () => {
    const admin = await createReviewerAccount(server, { role: 'admin' });
    const email = unique('invited');
    const created = await server.api.post('/admin/reviewers', { email: email.toUpperCase(), name: 'Kemi Bello', role: 'reviewer' }, { token: admin.token });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email, name: 'Kemi Bello', role: 'reviewer', passwordSet: false, disabled: false, twoFactorEnabled: false });
    const id = created.body.data.id as string;

    const mail = await server.mail.waitFor(email);
    expect(mail.subject).toBe('Set up your FiPay back-office account');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/admin/set-password');
    expect((await server.api.post('/admin/auth/set-password', { token: link.searchParams.get('token'), password: REVIEWER_PASSWORD })).status).toBe(200);

    const duplicate = await server.api.post('/admin/reviewers', { email, name: 'Kemi Again', role: 'admin' }, { token: admin.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errors.email).toBe(backOfficeMessages.reviewerExists);

    const list = await server.api.get('/admin/reviewers', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.reviewers.find((r: { id: string }) => r.id === id)).toMatchObject({ passwordSet: true });

    const promoted = await server.api.request('PATCH', `/api/v1/admin/reviewers/${id}`, { token: admin.token, body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.role).toBe('admin');

    const enrolment = await startEnrolment(server, email);
    const disabled = await server.api.request('PATCH', `/api/v1/admin/reviewers/${id}`, { token: admin.token, body: { disabled: true } });
    expect(disabled.body.data.disabled).toBe(true);
    expect((await server.api.post('/admin/auth/2fa/setup', undefined, { token: enrolment })).status).toBe(401);
    expect((await server.api.post('/admin/auth/login', { email, password: REVIEWER_PASSWORD })).status).toBe(401);
    await server.api.request('PATCH', `/api/v1/admin/reviewers/${id}`, { token: admin.token, body: { disabled: false } });

    const reset = await server.api.post(`/admin/reviewers/${id}/reset-access`, undefined, { token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body.data.passwordSet).toBe(false);
    expect((await server.api.post('/admin/auth/login', { email, password: REVIEWER_PASSWORD })).status).toBe(401);
    expect((await server.mail.waitFor(email)).subject).toBe('Your FiPay back-office access was reset');

    const self = await server.api.request('PATCH', `/api/v1/admin/reviewers/${admin.id}`, { token: admin.token, body: { role: 'reviewer' } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(backOfficeMessages.reviewerSelfChange);
    expect((await server.api.request('PATCH', `/api/v1/admin/reviewers/${id}`, { token: admin.token, body: {} })).status).toBe(400);

    const { rows } = await server.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE after->>'reviewerId' = $1 OR before->>'reviewerId' = $1 ORDER BY id",
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['reviewer.created', 'reviewer.password_set', 'reviewer.updated', 'reviewer.updated', 'reviewer.updated', 'reviewer.access_reset']);
  });

  it('refuses reviewers on admin routes', async () => {
    const reviewer = await createReviewerAccount(server);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/admin/reviewers'],
      ['POST', '/api/v1/admin/reviewers', { email: unique('x'), name: 'X', role: 'admin' }],
      ['PATCH', `/api/v1/admin/reviewers/${reviewer.id}`, { role: 'admin' }],
      ['POST', `/api/v1/admin/reviewers/${reviewer.id}/reset-access`],
    ];
    for (const [method, url, body] of routes) {
      const res = await server.api.request(method, url, { token: reviewer.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(backOfficeMessages.adminOnly);
    }
  });
});
