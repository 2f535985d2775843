import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { EMAIL_CODE_SUBJECT } from '../../mail/templates';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { base32Decode, totp } from '../../lib/totp';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function nextCode(on: TestServer, email: string): Promise<string> {
  const mail = await on.mail.waitFor(email);
  expect(mail.subject).toBe(EMAIL_CODE_SUBJECT);
  const code = mail.text.match(/Your code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** Lets a test move past the resend gap without waiting a minute. */
async function ageCodes(on: TestServer, userId: string, seconds: number) {
  await on.db.query(
    `UPDATE email_otp_codes SET created_at = created_at - make_interval(secs => $2) WHERE user_id = $1`,
    [userId, seconds],
  );
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function userWithEmailCodes(on: TestServer = server) {
  const user = await createVerifiedUser(on);
  const session = await login(on, user);
  const sent = await on.api.post('/auth/2fa/email/send-code', undefined, { token: session.accessToken });
  expect(sent.status).toBe(200);
  const enabled = await on.api.post('/auth/2fa/email/enable', { otp: await nextCode(on, user.email) }, { token: session.accessToken });
  expect(enabled.status).toBe(200);
  return { user, session };
}

describe('turning email codes on and off', () => {
  it('needs a bearer token', async () => {
    expect((await server.api.post('/auth/2fa/email/send-code')).status).toBe(401);
    expect((await server.api.post('/auth/2fa/email/enable', { otp: '123456' })).status).toBe(401);
    expect((await server.api.post('/auth/2fa/email/disable', { password: 'x', otp: '123456' })).status).toBe(401);
  });

  it('turns on with the emailed code, says so in the account and the notifications', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const sent = await server.api.post('/auth/2fa/email/send-code', undefined, { token: session.accessToken });
    expect(sent.body).toEqual({ isSuccessful: true, message: messages.emailCodeSent, data: { expiresInSeconds: 600, resendInSeconds: 60 } });
    const code = await nextCode(server, user.email);

    const wrong = await server.api.post('/auth/2fa/email/enable', { otp: otherCode(code) }, { token: session.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual({ otp: messages.otpInvalid });
    const on = await server.api.post('/auth/2fa/email/enable', { otp: code }, { token: session.accessToken });
    expect(on.body).toEqual({ isSuccessful: true, message: messages.emailTwoFactorEnabled, data: null });

    const account = await server.api.get('/account/me', { token: session.accessToken });
    expect(account.body.data.security.twoFactorMethod).toBe('email');
    const latest = await server.api.get('/notification/user/latest', { token: session.accessToken });
    expect(latest.body.data.notifications[0].title).toBe('Email codes are on');
    expect((await server.api.post('/auth/2fa/email/enable', { otp: code }, { token: session.accessToken })).status).toBe(409);
  });

  it('keeps one second factor at a time', async () => {
    const { session } = await userWithEmailCodes();
    const setup = await server.api.post('/auth/2fa/setup', undefined, { token: session.accessToken });
    expect(setup.status).toBe(409);
    expect(setup.body.message).toBe(messages.twoFactorOtherMethodOn);

    const other = await login(server, await createVerifiedUser(server));
    const totpSetup = await server.api.post('/auth/2fa/setup', undefined, { token: other.accessToken });
    const secret = totpSetup.body.data.secret as string;
    const otp = totp(base32Decode(secret), Math.floor(Date.now() / 1000));
    expect((await server.api.post('/auth/2fa/enable', { otp }, { token: other.accessToken })).status).toBe(200);
    const refused = await server.api.post('/auth/2fa/email/send-code', undefined, { token: other.accessToken });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.twoFactorOtherMethodOn);
  });

  it('turns off with the password and a code emailed for that purpose', async () => {
    const { user, session } = await userWithEmailCodes();
    expect((await server.api.post('/auth/2fa/email/send-code', undefined, { token: session.accessToken })).status).toBe(200);
    const code = await nextCode(server, user.email);
    const badPassword = await server.api.post('/auth/2fa/email/disable', { password: 'Not it 123!', otp: code }, { token: session.accessToken });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.data.errors).toEqual({ password: messages.passwordIncorrect });
    const off = await server.api.post('/auth/2fa/email/disable', { password: user.password, otp: code }, { token: session.accessToken });
    expect(off.body).toEqual({ isSuccessful: true, message: messages.emailTwoFactorDisabled, data: null });
    expect((await server.api.post('/auth/login/initiate', user)).body.data).toEqual({ twoFactorEnabled: false, twoFactorMethod: null, passwordProof: expect.any(String) });
    const latest = await server.api.get('/notification/user/latest', { token: session.accessToken });
    expect(latest.body.data.notifications[0].title).toBe('Email codes are off');
    const warning = await server.mail.waitFor(user.email);
    expect(warning.subject).toBe('Two-factor authentication was turned off');
    expect(warning.text).toContain('/forgot-password');
  });
});

describe('signing in with an emailed code', () => {
  it('emails a code at initiate and accepts it once', async () => {
    const { user } = await userWithEmailCodes();
    const initiate = await server.api.post('/auth/login/initiate', user);
    expect(initiate.body).toEqual({
      isSuccessful: true,
      message: messages.twoFactorEmailRequired,
      data: { twoFactorEnabled: true, twoFactorMethod: 'email', passwordProof: expect.any(String) },
    });
    const code = await nextCode(server, user.email);

    const none = await server.api.post('/auth/login/verify-otp', { ...user, otp: '' });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(messages.twoFactorEmailRequired);
    const wrong = await server.api.post('/auth/login/verify-otp', { ...user, otp: otherCode(code) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.otpInvalid);
    const good = await server.api.post('/auth/login/verify-otp', { ...user, otp: code });
    expect(good.status).toBe(200);
    expect(good.body.data.accessToken).toEqual(expect.any(String));
    const reused = await server.api.post('/auth/login/verify-otp', { ...user, otp: code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(messages.otpInvalid);
  });

  it('refuses an expired code', async () => {
    const { user, session } = await userWithEmailCodes();
    await server.api.post('/auth/login/initiate', user);
    const code = await nextCode(server, user.email);
    await server.db.query(
      "UPDATE email_otp_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'login'",
      [session.user.id],
    );
    const res = await server.api.post('/auth/login/verify-otp', { ...user, otp: code });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.otpInvalid);
  });

  it('kills a code after five wrong guesses', async () => {
    const { user } = await userWithEmailCodes();
    await server.api.post('/auth/login/initiate', user);
    const code = await nextCode(server, user.email);
    for (let i = 0; i < 5; i++) {
      expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: otherCode(code) })).status).toBe(401);
    }
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: code })).status).toBe(401);
  });

  it('does not take a code emailed for another purpose', async () => {
    const { user, session } = await userWithEmailCodes();
    await server.api.post('/auth/2fa/email/send-code', undefined, { token: session.accessToken });
    const disableCode = await nextCode(server, user.email);
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: disableCode })).status).toBe(401);
  });

  it('sends one email for repeated initiates within the resend gap, and resend waits for it', async () => {
    const { user, session } = await userWithEmailCodes();
    await server.api.post('/auth/login/initiate', user);
    await server.api.post('/auth/login/initiate', user);
    const code = await nextCode(server, user.email);
    await expect(server.mail.waitFor(user.email, 800)).rejects.toThrow();

    const tooSoon = await server.api.post('/auth/login/resend-otp', user);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);

    await ageCodes(server, session.user.id, 61);
    const resent = await server.api.post('/auth/login/resend-otp', user);
    expect(resent.body).toEqual({ isSuccessful: true, message: messages.emailCodeSent, data: { expiresInSeconds: 600, resendInSeconds: 60 } });
    const fresh = await nextCode(server, user.email);
    // The new code replaces the old one.
    if (fresh !== code) expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: code })).status).toBe(401);
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: fresh })).status).toBe(200);
  });

  it('checks the password before resending, and only for accounts with email codes', async () => {
    const { user } = await userWithEmailCodes();
    const wrong = await server.api.post('/auth/login/resend-otp', { email: user.email, password: 'Wrong one 55!' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.invalidCredentials);
    await expect(server.mail.waitFor(user.email, 500)).rejects.toThrow();
    const plain = await createVerifiedUser(server);
    expect((await server.api.post('/auth/login/resend-otp', plain)).status).toBe(400);
  });

  it('limits how many codes one account can be sent', async () => {
    const limited = await startTestServer({ rateRules: { emailCodeSendPerUser: { limit: 2, windowSeconds: 600 } } });
    try {
      const { user, session } = await userWithEmailCodes(limited); // the enable code is the first send
      await ageCodes(limited, session.user.id, 61);
      expect((await limited.api.post('/auth/login/initiate', user)).status).toBe(200);
      const lastCode = await nextCode(limited, user.email);
      await ageCodes(limited, session.user.id, 61);
      const refused = await limited.api.post('/auth/login/resend-otp', user);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many attempts/);
      // Out of sends, sign-in still reaches the code screen while the last code lives, and it works.
      const initiate = await limited.api.post('/auth/login/initiate', user);
      expect(initiate.status).toBe(200);
      expect(initiate.body.data.twoFactorMethod).toBe('email');
      expect((await limited.api.post('/auth/login/verify-otp', { ...user, otp: lastCode })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
