import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const refresh = (userId: string, refreshToken: string) => server.api.post('/auth/refresh', { userId, refreshToken });

/** Moves a token's rotation time into the past, beyond the grace window. */
async function ageRotation(refreshToken: string) {
  const { createHash } = await import('node:crypto');
  await server.db.query("UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE token_hash = $1", [
    createHash('sha256').update(refreshToken).digest('hex'),
  ]);
}

describe('POST /auth/refresh', () => {
  it('rotates: a new pair each time, the new access token works', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const res = await refresh(session.user.id, session.refreshToken);
    expect(res.status).toBe(200);
    expect(res.body.isSuccessful).toBe(true);
    expect(res.body.data.refreshToken).not.toBe(session.refreshToken);
    expect(res.body.data.accessToken).not.toBe(session.accessToken);
    expect((await server.api.post('/auth/2fa/setup', undefined, { token: res.body.data.accessToken })).status).toBe(200);
    const again = await refresh(session.user.id, res.body.data.refreshToken);
    expect(again.status).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const second = (await refresh(session.user.id, session.refreshToken)).body.data.refreshToken;
    await ageRotation(session.refreshToken);

    const reuse = await refresh(session.user.id, session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ isSuccessful: false, message: messages.refreshInvalid, data: { code: 'INVALID_REFRESH_TOKEN' } });
    // The legitimate holder's newer token died with the family.
    expect((await refresh(session.user.id, second)).status).toBe(401);
  });

  it('answers 50 parallel refreshes of one token with one pair, leaving exactly one live refresh token', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const answers = await Promise.all(Array.from({ length: 50 }, () => refresh(session.user.id, session.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const pairs = new Set(answers.map((a) => `${a.body.data.accessToken} ${a.body.data.refreshToken}`));
    expect(pairs.size).toBe(1);
    const { rows } = await server.db.query<{ live: number; total: number }>(
      `SELECT count(*) FILTER (WHERE rotated_at IS NULL AND revoked_at IS NULL)::int AS live, count(*)::int AS total
       FROM refresh_tokens WHERE user_id = $1`,
      [session.user.id],
    );
    expect(rows[0]).toEqual({ live: 1, total: 2 });
    // Nobody was taken for a thief: the one successor works, and the session with it.
    const { accessToken, refreshToken } = answers[0]!.body.data;
    expect((await server.api.get('/account/me', { token: accessToken })).status).toBe(200);
    expect((await refresh(session.user.id, refreshToken)).status).toBe(200);
  });

  it('gives a replay within the grace window the same pair, not a token of its own; after it, revokes the family', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const first = (await refresh(session.user.id, session.refreshToken)).body.data;
    const replay = (await refresh(session.user.id, session.refreshToken)).body.data;
    expect(replay).toEqual(first);
    await ageRotation(session.refreshToken);
    expect((await refresh(session.user.id, session.refreshToken)).status).toBe(401);
    expect((await refresh(session.user.id, first.refreshToken)).status).toBe(401);
    expect((await server.api.get('/account/me', { token: first.accessToken })).status).toBe(401);
  });

  it('refuses an unknown token, another user id, and a family past its 30 days', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const other = await login(server, await createVerifiedUser(server));
    expect((await refresh(session.user.id, 'x'.repeat(43))).status).toBe(401);
    expect((await refresh(other.user.id, session.refreshToken)).status).toBe(401);

    const fresh = await login(server, user);
    await server.db.query("UPDATE refresh_tokens SET family_expires_at = now() - interval '1 second' WHERE user_id = $1", [fresh.user.id]);
    expect((await refresh(fresh.user.id, fresh.refreshToken)).status).toBe(401);
  });

  it('refuses a malformed body', async () => {
    const res = await server.api.post('/auth/refresh', { userId: 'not-a-uuid' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.errors).sort()).toEqual(['refreshToken', 'userId']);
  });

  it('limits refreshes per address', async () => {
    const limited = await startTestServer({ rateRules: { refreshPerIp: { limit: 2, windowSeconds: 60 } } });
    try {
      const session = await login(limited, await createVerifiedUser(limited));
      const first = await limited.api.post('/auth/refresh', { userId: session.user.id, refreshToken: session.refreshToken });
      await limited.api.post('/auth/refresh', { userId: session.user.id, refreshToken: first.body.data.refreshToken });
      const third = await limited.api.post('/auth/refresh', { userId: session.user.id, refreshToken: 'whatever' });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('POST /auth/logout', () => {
  it('ends the family of the presented token, and only that session', async () => {
    const user = await createVerifiedUser(server);
    const phone = await login(server, user);
    const laptop = await login(server, user);
    const rotated = (await refresh(laptop.user.id, laptop.refreshToken)).body.data.refreshToken;

    const res = await server.api.post('/auth/logout', { refreshToken: laptop.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccessful: true, message: messages.loggedOut, data: null });
    expect((await refresh(laptop.user.id, rotated)).status).toBe(401);
    expect((await refresh(phone.user.id, phone.refreshToken)).status).toBe(200);
    // Unknown tokens get the same answer: logout reveals nothing.
    expect((await server.api.post('/auth/logout', { refreshToken: 'unknown-token' })).status).toBe(200);
  });
});
