import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { base32Decode, totp } from '../../lib/totp';
import { createVerifiedUser, login } from '../../test/fixtures';
import { clearOfStepEnd } from '../../test/totp-step';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const now = () => Math.floor(Date.now() / 1000);
const codeFor = (secret: string, offsetSteps = 0) => totp(base32Decode(secret), now() + offsetSteps * 30);

/** A verified user with two-factor on; returns its secret and recovery codes. */
async function userWithTwoFactor(on: TestServer = server) {
  const user = await createVerifiedUser(on);
  const session = await login(on, user);
  const setup = await on.api.post('/auth/2fa/setup', undefined, { token: session.accessToken });
  expect(setup.status).toBe(200);
  const secret: string = setup.body.data.secret;
  // The code of the previous step confirms enrolment, so the current one is still unused for sign-in.
  await clearOfStepEnd();
  const enable = await on.api.post('/auth/2fa/enable', { otp: codeFor(secret, -1) }, { token: session.accessToken });
  expect(enable.status).toBe(200);
  return { user, session, secret, recoveryCodes: enable.body.data.recoveryCodes as string[] };
}

describe('two-factor enrolment', () => {
  it('sets up with a secret, an otpauth URI and a QR code, stored encrypted until confirmed', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const res = await server.api.post('/auth/2fa/setup', undefined, { token: session.accessToken });
    expect(res.status).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = res.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/FiPay/);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const { rows } = await server.db.query<{ totp_pending_secret: string; totp_enabled_at: Date | null }>(
      'SELECT totp_pending_secret, totp_enabled_at FROM users WHERE id = $1',
      [session.user.id],
    );
    expect(rows[0]!.totp_pending_secret).not.toContain(secret);
    expect(rows[0]!.totp_enabled_at).toBeNull();
    expect((await server.api.post('/auth/login/initiate', user)).body.data.twoFactorEnabled).toBe(false);
  });

  it('refuses a wrong confirmation code and a confirmation without setup', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const none = await server.api.post('/auth/2fa/enable', { otp: '123456' }, { token: session.accessToken });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(messages.twoFactorNotSetUp);
    const setup = await server.api.post('/auth/2fa/setup', undefined, { token: session.accessToken });
    const wrongCode = codeFor(setup.body.data.secret) === '000000' ? '111111' : '000000';
    const wrong = await server.api.post('/auth/2fa/enable', { otp: wrongCode }, { token: session.accessToken });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.otpInvalid);
    const malformed = await server.api.post('/auth/2fa/enable', { otp: '12ab' }, { token: session.accessToken });
    expect(malformed.status).toBe(400);
  });

  it('needs a bearer token', async () => {
    expect((await server.api.post('/auth/2fa/setup')).status).toBe(401);
    expect((await server.api.post('/auth/2fa/enable', { otp: '123456' })).status).toBe(401);
    expect((await server.api.post('/auth/2fa/disable', { password: 'x', otp: '123456' })).status).toBe(401);
  });

  it('returns ten one-time recovery codes once, and refuses a second enrolment', async () => {
    const { session, recoveryCodes } = await userWithTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((code) => expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/));
    const { rows } = await server.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [session.user.id]);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    expect((await server.api.post('/auth/2fa/setup', undefined, { token: session.accessToken })).status).toBe(409);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for a code after the password and accepts the current one', async () => {
    const { user, secret } = await userWithTwoFactor();
    const initiate = await server.api.post('/auth/login/initiate', user);
    expect(initiate.body.data).toEqual({ twoFactorEnabled: true, twoFactorMethod: 'authenticator', passwordProof: expect.any(String) });

    const noCode = await server.api.post('/auth/login/verify-otp', { ...user, otp: '' });
    expect(noCode.status).toBe(401);
    expect(noCode.body.data.code).toBe('INVALID_OTP');

    const ok = await server.api.post('/auth/login/verify-otp', { ...user, otp: codeFor(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.accessToken).toBeTruthy();
  });

  it('accepts each code once, even when two requests race with it', async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = codeFor(secret);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => server.api.post('/auth/login/verify-otp', { ...user, otp: code })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401).every((r) => r.body.message === messages.otpInvalid)).toBe(true);
    const replay = await server.api.post('/auth/login/verify-otp', { ...user, otp: code });
    expect(replay.status).toBe(401);
  });

  it('refuses a wrong code, an old code and a code from far in the future', async () => {
    const { user, secret } = await userWithTwoFactor();
    for (const otp of [codeFor(secret, -3), codeFor(secret, 3), 'abcdef']) {
      const res = await server.api.post('/auth/login/verify-otp', { ...user, otp });
      expect(res.status, otp).toBe(401);
    }
  });

  it('accepts a recovery code once, in any case and with or without the hyphen', async () => {
    const { user, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: first.toUpperCase() })).status).toBe(200);
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: first })).status).toBe(401);
    expect((await server.api.post('/auth/login/verify-otp', { ...user, otp: second.replace('-', '') })).status).toBe(200);
  });

  it('limits code guesses per account', async () => {
    const limited = await startTestServer({ rateRules: { otpPerAccount: { limit: 3, windowSeconds: 60 } } });
    try {
      const { user, secret } = await userWithTwoFactor(limited);
      const wrong = codeFor(secret) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++) {
        expect((await limited.api.post('/auth/login/verify-otp', { ...user, otp: wrong })).status).toBe(401);
      }
      // Even the right code waits for the window: guessing cannot continue.
      const res = await limited.api.post('/auth/login/verify-otp', { ...user, otp: codeFor(secret) });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a valid code', async () => {
    const { user, session, secret } = await userWithTwoFactor();
    const wrongPassword = await server.api.post('/auth/2fa/disable', { password: 'Wrong password 5!', otp: codeFor(secret) }, { token: session.accessToken });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.message).toBe(messages.passwordIncorrect);
    const wrongCode = await server.api.post('/auth/2fa/disable', { password: user.password, otp: '000000' }, { token: session.accessToken });
    expect(wrongCode.status).toBe(400);

    const ok = await server.api.post('/auth/2fa/disable', { password: user.password, otp: codeFor(secret) }, { token: session.accessToken });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.twoFactorDisabled);
    expect((await server.api.post('/auth/login/initiate', user)).body.data.twoFactorEnabled).toBe(false);
    const { rows } = await server.db.query('SELECT 1 FROM recovery_codes WHERE user_id = $1', [session.user.id]);
    expect(rows).toHaveLength(0);
    const warning = await server.mail.waitFor(user.email);
    expect(warning.subject).toBe('Two-factor authentication was turned off');
    expect(warning.text).toContain('the authenticator app');
  });
});
