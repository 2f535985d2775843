import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const NEW_PASSWORD = 'Palm-wine 2027?';

describe('change password', () => {
  it('needs a bearer token', async () => {
    const res = await server.api.post('/auth/change-password', { currentPassword: 'a', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(401);
  });

  it('refuses a wrong current password, a weak, common or unchanged new one, and changes nothing', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const attempt = (body: object) => server.api.post('/auth/change-password', body, { token: session.accessToken });

    const wrong = await attempt({ currentPassword: 'Not my password 1!', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      isSuccessful: false,
      message: messages.currentPasswordIncorrect,
      data: { code: 'BAD_REQUEST', errors: { currentPassword: messages.currentPasswordIncorrect } },
    });
    const short = await attempt({ currentPassword: user.password, newPassword: 'Ab1!' });
    expect(short.status).toBe(400);
    expect(short.body.data.errors).toEqual({ newPassword: messages.passwordTooShort });
    const common = await attempt({ currentPassword: user.password, newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.data.errors).toEqual({ newPassword: messages.passwordCommon });
    const same = await attempt({ currentPassword: user.password, newPassword: user.password });
    expect(same.status).toBe(400);
    expect(same.body.data.errors).toEqual({ newPassword: messages.passwordUnchanged });
    const missing = await attempt({ newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors).toHaveProperty('currentPassword');

    expect((await server.api.post('/auth/login/initiate', user)).status).toBe(200);
    const account = await server.api.get('/account/me', { token: session.accessToken });
    expect(account.body.data.security.passwordChangedAt).toBeNull();
  });

  it('changes the password, signs out every other session at once, keeps this one, notifies and emails', async () => {
    const user = await createVerifiedUser(server);
    const mine = await login(server, user);
    const other = await login(server, user);
    const third = await login(server, user);

    const res = await server.api.post(
      '/auth/change-password',
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      { token: mine.accessToken },
    );
    expect(res.body).toEqual({ isSuccessful: true, message: messages.passwordChanged, data: null });

    for (const gone of [other, third]) {
      expect((await server.api.get('/account/me', { token: gone.accessToken })).status).toBe(401);
      const refresh = await server.api.post('/auth/refresh', { userId: gone.user.id, refreshToken: gone.refreshToken });
      expect(refresh.status).toBe(401);
    }
    const account = await server.api.get('/account/me', { token: mine.accessToken });
    expect(account.status).toBe(200);
    expect(account.body.data.security.passwordChangedAt).toEqual(expect.any(String));
    const refreshed = await server.api.post('/auth/refresh', { userId: mine.user.id, refreshToken: mine.refreshToken });
    expect(refreshed.status).toBe(200);

    expect((await server.api.post('/auth/login/initiate', user)).status).toBe(401);
    expect((await server.api.post('/auth/login/initiate', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);

    const latest = await server.api.get('/notification/user/latest', { token: mine.accessToken });
    expect(latest.body.data.notifications[0]).toMatchObject({ title: 'Your password was changed', readAt: null });
    const mail = await server.mail.waitFor(user.email);
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('/forgot-password');
    expect(mail.text).not.toContain(NEW_PASSWORD);
  });

  it('leaves no way back for another session that refreshes while the password changes', async () => {
    const user = await createVerifiedUser(server);
    const mine = await login(server, user);
    const other = await login(server, user);
    const refreshes = Array.from({ length: 6 }, () =>
      server.api.post('/auth/refresh', { userId: other.user.id, refreshToken: other.refreshToken }),
    );
    const [changed, ...answers] = await Promise.all([
      server.api.post('/auth/change-password', { currentPassword: user.password, newPassword: NEW_PASSWORD }, { token: mine.accessToken }),
      ...refreshes,
    ]);
    expect(changed.status).toBe(200);
    for (const answer of answers.filter((a) => a.status === 200)) {
      expect((await server.api.get('/account/me', { token: answer.body.data.accessToken })).status).toBe(401);
      const again = await server.api.post('/auth/refresh', { userId: other.user.id, refreshToken: answer.body.data.refreshToken });
      expect(again.status).toBe(401);
    }
    expect((await server.api.get('/account/me', { token: mine.accessToken })).status).toBe(200);
  });

  it('limits attempts per user', async () => {
    const limited = await startTestServer({ rateRules: { changePasswordPerUser: { limit: 2, windowSeconds: 600 } } });
    try {
      const user = await createVerifiedUser(limited);
      const session = await login(limited, user);
      const guess = () =>
        limited.api.post('/auth/change-password', { currentPassword: 'Guess 123 abc!', newPassword: NEW_PASSWORD }, { token: session.accessToken });
      expect((await guess()).status).toBe(400);
      expect((await guess()).status).toBe(400);
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});
