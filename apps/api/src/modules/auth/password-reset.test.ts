import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function requestReset(email: string, login = email) {
  const res = await server.api.post('/auth/forgot-password', { email: login });
  expect(res.status).toBe(200);
  const link = linkIn(await server.mail.waitFor(email));
  expect(`${link.origin}${link.pathname}`).toBe('http://app.test/reset-password');
  return link.searchParams.get('token')!;
}

describe('POST /auth/forgot-password', () => {
  it('emails a reset link for an email or a phone number', async () => {
    const user = await createVerifiedUser(server);
    expect(await requestReset(user.email)).toBeTruthy();
    expect(await requestReset(user.email, user.phone)).toBeTruthy();
  });

  // Timing parity between the two is measured by `npm run bench:endpoints`, where load is controlled.
  it('answers the same for unknown accounts', async () => {
    const user = await createVerifiedUser(server);
    const known = await server.api.post('/auth/forgot-password', { email: user.email });
    const unknown = await server.api.post('/auth/forgot-password', { email: 'nobody-at-all@nowhere.ng' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(messages.forgotPasswordSent);
    await server.mail.waitFor(user.email);
  });

  it('limits requests per email with 429', async () => {
    const limited = await startTestServer({ rateRules: { forgotPerEmail: { limit: 1, windowSeconds: 60 } } });
    try {
      expect((await limited.api.post('/auth/forgot-password', { email: 'x@acme.ng' })).status).toBe(200);
      const res = await limited.api.post('/auth/forgot-password', { email: 'X@acme.ng' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });

  it("counts an account's requests together whether it is asked for by email or by phone", async () => {
    const limited = await startTestServer({ rateRules: { forgotPerEmail: { limit: 2, windowSeconds: 60 } } });
    try {
      const user = await createVerifiedUser(limited);
      expect((await limited.api.post('/auth/forgot-password', { email: user.email })).status).toBe(200);
      expect((await limited.api.post('/auth/forgot-password', { email: user.phone })).status).toBe(200);
      const res = await limited.api.post('/auth/forgot-password', { email: `+234${user.phone.slice(1)}` });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /auth/reset-password', () => {
  it('sets the new password once, signs out every session, and the old password stops working', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const token = await requestReset(user.email);
    const newPassword = 'Fresh jollof 2027?';

    const res = await server.api.post('/auth/reset-password', { token, newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccessful: true, message: 'Your password has been reset successfully.', data: null });

    expect((await server.api.post('/auth/refresh', { userId: session.user.id, refreshToken: session.refreshToken })).status).toBe(401);
    expect((await server.api.post('/auth/login/initiate', user)).status).toBe(401);
    expect((await server.api.post('/auth/login/initiate', { email: user.email, password: newPassword })).status).toBe(200);
    const again = await server.api.post('/auth/reset-password', { token, newPassword: 'Another one 2028!' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.invalidOrExpiredToken);
  });

  it('refuses a weak password without spending the link', async () => {
    const user = await createVerifiedUser(server);
    const token = await requestReset(user.email);
    const common = await server.api.post('/auth/reset-password', { token, newPassword: 'iloveyou123' });
    expect(common.status).toBe(400);
    expect(common.body.data.errors.newPassword).toBe(messages.passwordCommon);
    const short = await server.api.post('/auth/reset-password', { token, newPassword: 'Ab1!' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors.newPassword).toBe(messages.passwordTooShort);
    expect((await server.api.post('/auth/reset-password', { token, newPassword: 'Good enough 2029#' })).status).toBe(200);
  });

  it('refuses a link older than one hour, and only the newest link works', async () => {
    const user = await createVerifiedUser(server);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await server.api.post('/auth/reset-password', { token: first, newPassword: 'Good enough 2029#' })).status).toBe(400);
    const { rows } = await server.db.query<{ minutes: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM user_tokens WHERE purpose = 'reset_password' ORDER BY created_at DESC LIMIT 1",
    );
    expect(rows[0]!.minutes).toBe(60);
    await server.db.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password' AND used_at IS NULL");
    expect((await server.api.post('/auth/reset-password', { token: second, newPassword: 'Good enough 2029#' })).status).toBe(400);
  });
});
