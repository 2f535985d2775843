import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, signupBody } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { linkIn } from '../../test/smtp-sink';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function signUp() {
  const body = signupBody();
  await server.api.post('/auth/signup', body);
  const token = linkIn(await server.mail.waitFor(body.user.email)).searchParams.get('token')!;
  return { body, token };
}

describe('GET /auth/verify-email', () => {
  it('verifies once, then the link is dead', async () => {
    const { body, token } = await signUp();
    const res = await server.api.get(`/auth/verify-email?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccessful: true, message: 'Email verified successfully.', data: null });
    expect((await server.api.post('/auth/login/initiate', { email: body.user.email, password: body.user.password })).status).toBe(200);

    const again = await server.api.get(`/auth/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ isSuccessful: false, message: 'Invalid or expired token.', data: { code: 'BAD_REQUEST' } });
  });

  it('refuses an unknown, an empty and an expired token with the same message', async () => {
    const { token } = await signUp();
    await server.db.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'verify_email' AND used_at IS NULL");
    for (const candidate of [token, 'made-up-token', '']) {
      const res = await server.api.get(`/auth/verify-email?token=${candidate}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.invalidOrExpiredToken);
    }
    expect((await server.api.get('/auth/verify-email')).status).toBe(400);
  });

  it('makes links expire after 24 hours', async () => {
    await signUp();
    const { rows } = await server.db.query<{ hours: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM user_tokens WHERE purpose = 'verify_email' ORDER BY created_at DESC LIMIT 1",
    );
    expect(rows[0]!.hours).toBe(24);
  });
});

describe('POST /auth/resend-verification', () => {
  it('sends a new link that works, and the old one stops working', async () => {
    const { body, token: oldToken } = await signUp();
    const res = await server.api.post('/auth/resend-verification', { email: body.user.email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.verificationResent);
    const newToken = linkIn(await server.mail.waitFor(body.user.email)).searchParams.get('token')!;
    expect(newToken).not.toBe(oldToken);
    expect((await server.api.get(`/auth/verify-email?token=${oldToken}`)).status).toBe(400);
    expect((await server.api.get(`/auth/verify-email?token=${newToken}`)).status).toBe(200);
  });

  // Timing parity between these answers is measured by `npm run bench:endpoints`, where load is controlled.
  it('answers the same for unknown, verified and unverified accounts, and emails only the last', async () => {
    const verified = await createVerifiedUser(server);
    const { body } = await signUp();
    const others = [verified.email, 'nobody-here@nowhere.ng'];
    const queuedFor = async () => (await server.db.query('SELECT 1 FROM outbox_emails WHERE recipient = ANY($1)', [others])).rows.length;
    const queuedBefore = await queuedFor();
    const answers = await Promise.all([
      server.api.post('/auth/resend-verification', { email: 'nobody-here@nowhere.ng' }),
      server.api.post('/auth/resend-verification', { email: verified.email }),
      server.api.post('/auth/resend-verification', { email: body.user.email }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    await server.mail.waitFor(body.user.email);
    // Emails are queued in the same transaction as the answer, so by now any for the other two would be in the outbox.
    expect(await queuedFor()).toBe(queuedBefore);
    expect(server.mail.received.filter((m) => m.to.includes(verified.email) || m.to.includes('nobody-here'))).toHaveLength(0);
  });

  it('limits resends per email with 429', async () => {
    const limited = await startTestServer({ rateRules: { resendPerEmail: { limit: 2, windowSeconds: 60 } } });
    try {
      const email = 'someone@acme.ng';
      expect((await limited.api.post('/auth/resend-verification', { email })).status).toBe(200);
      expect((await limited.api.post('/auth/resend-verification', { email: email.toUpperCase() })).status).toBe(200);
      const res = await limited.api.post('/auth/resend-verification', { email });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/Too many attempts/);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect((await limited.api.post('/auth/resend-verification', { email: 'other@acme.ng' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
