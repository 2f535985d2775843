import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/server';
import { cleanUpExpired } from './clean-up';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rowsOf = async (sql: string, params: unknown[]) => (await server.db.query<{ id: string }>(sql, params)).rows.map((r) => r.id).sort();

describe('the clean-up job', () => {
  it('deletes what has ended and nothing that is live', async () => {
    const user = await createVerifiedUser(server);
    // A session in use: signed in, refreshed once (its first token rotated just now), then refreshed again.
    const live = await login(server, user);
    const rotated = (await server.api.post('/auth/refresh', { userId: live.user.id, refreshToken: live.refreshToken })).body.data;
    const current = (await server.api.post('/auth/refresh', { userId: live.user.id, refreshToken: rotated.refreshToken })).body.data;
    // Sessions that have ended: one signed out two hours ago, one past its 30 days, one whose tokens rotated long ago.
    const signedOut = await login(server, user);
    const expired = await login(server, user);
    const old = await login(server, user);
    await server.api.post('/auth/refresh', { userId: old.user.id, refreshToken: old.refreshToken });
    const userId = live.user.id;
    const family = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    await server.db.query("UPDATE refresh_tokens SET revoked_at = now() - interval '2 hours' WHERE family_id = $1", [family(signedOut.accessToken)]);
    await server.db.query("UPDATE refresh_tokens SET family_expires_at = now() - interval '2 hours' WHERE family_id = $1", [family(expired.accessToken)]);
    await server.db.query("UPDATE refresh_tokens SET rotated_at = now() - interval '2 days' WHERE family_id = $1 AND rotated_at IS NOT NULL", [
      family(old.accessToken),
    ]);

    // One-time rows: spent or expired two hours ago, against live ones.
    await server.db.query(
      `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at, used_at) VALUES
         ('expired', $1, 'reset_password', now() - interval '2 hours', NULL),
         ('spent', $1, 'verify_email', now() + interval '1 hour', now() - interval '2 hours'),
         ('just-expired', $1, 'reset_password', now() - interval '1 minute', NULL),
         ('live', $1, 'reset_password', now() + interval '1 hour', NULL)`,
      [userId],
    );
    await server.db.query(
      `INSERT INTO email_otp_codes (user_id, purpose, code_hash, expires_at) VALUES
         ($1, 'login', 'expired', now() - interval '2 hours'), ($1, 'login', 'live', now() + interval '5 minutes')`,
      [userId],
    );

    await server.db.query(
      `INSERT INTO sign_in_proofs (id, user_id, check_digest, expires_at) VALUES
         ($2, $1, repeat('a', 64), now() - interval '2 hours'), ($3, $1, repeat('b', 64), now() + interval '5 minutes')`,
      [userId, randomUUID(), randomUUID()],
    );

    await server.db.query(
      `INSERT INTO kyb_representatives (company_id, position, full_name, email, phone, id_type, id_number_encrypted, id_number_last4, approval_token_hash, approval_expires_at)
       VALUES ($1, 'Director', 'Ada Expired', 'ada@acme.ng', '08030000000', 'NIN', 'x', '1234', $2, now() - interval '2 hours'),
              ($1, 'Director', 'Bola Live', 'bola@acme.ng', '08030000001', 'NIN', 'x', '5678', $3, now() + interval '6 days')`,
      [live.user.companyId, `expired-${userId}`, `live-${userId}`],
    );

    const oldKey = `charge.success:old-${userId}`;
    const recentKey = `charge.success:recent-${userId}`;
    await server.db.query(
      `INSERT INTO provider_events (provider, key, type, received_at) VALUES
         ('paystack', $1, 'charge.success', now() - interval '91 days'), ('paystack', $2, 'charge.success', now() - interval '89 days')`,
      [oldKey, recentKey],
    );

    // Inbound webhooks: an applied one past 90 days is forgotten; a recent one, and an old one never applied, are kept.
    await server.db.query(
      `INSERT INTO provider_inbox (provider, event_key, type, payload, payload_sha256, received_at, processed_at, outcome) VALUES
         ('paystack', $1, 'charge.success', '', repeat('a', 64), now() - interval '91 days', now() - interval '91 days', 'applied'),
         ('paystack', $2, 'charge.success', '', repeat('b', 64), now() - interval '89 days', now() - interval '89 days', 'applied'),
         ('paystack', $3, 'charge.success', '{}', repeat('c', 64), now() - interval '91 days', NULL, NULL)`,
      [oldKey, recentKey, `${oldKey}:unapplied`],
    );

    const counts = await server.db.transaction((tx) => cleanUpExpired(tx));
    expect(counts).toMatchObject({ emailCodes: 1, signInProofs: 1, emailLinks: 2, consentLinks: 1, providerEvents: 1, providerInbox: 1 });
    expect(await rowsOf('SELECT key AS id FROM provider_events WHERE key IN ($1, $2)', [oldKey, recentKey])).toEqual([recentKey]);
    expect(await rowsOf('SELECT event_key AS id FROM provider_inbox WHERE event_key LIKE $1 ORDER BY event_key', [`charge.success:%-${userId}%`])).toEqual(
      [`${oldKey}:unapplied`, recentKey].sort(),
    );

    // The live session keeps its rotated token (needed to recognise a replay) and its current one; the others are gone.
    const families = await rowsOf('SELECT DISTINCT family_id::text AS id FROM refresh_tokens WHERE user_id = $1', [userId]);
    expect(families).toEqual([family(live.accessToken), family(old.accessToken)].sort());
    const oldTokens = await server.db.query<{ rotated: boolean }>('SELECT rotated_at IS NOT NULL AS rotated FROM refresh_tokens WHERE family_id = $1', [
      family(old.accessToken),
    ]);
    expect(oldTokens.rows).toEqual([{ rotated: false }]);
    expect((await server.db.query('SELECT 1 FROM refresh_tokens WHERE family_id = $1', [family(live.accessToken)])).rowCount).toBe(3);
    expect(await rowsOf('SELECT token_hash AS id FROM user_tokens WHERE user_id = $1 AND token_hash IN ($2, $3, $4, $5)', [userId, 'expired', 'spent', 'just-expired', 'live'])).toEqual(
      ['just-expired', 'live'],
    );
    expect(await rowsOf('SELECT code_hash AS id FROM email_otp_codes WHERE user_id = $1', [userId])).toEqual(['live']);
    expect(await rowsOf('SELECT check_digest AS id FROM sign_in_proofs WHERE user_id = $1', [userId])).toEqual(['b'.repeat(64)]);
    expect(await rowsOf('SELECT approval_token_hash AS id FROM kyb_representatives WHERE company_id = $1 AND approval_token_hash IS NOT NULL', [live.user.companyId])).toEqual([
      `live-${userId}`,
    ]);

    // Everything live still works: the session, its refresh, and the other session's newest token.
    expect((await server.api.get('/account/me', { token: current.accessToken })).status).toBe(200);
    expect((await server.api.post('/auth/refresh', { userId, refreshToken: current.refreshToken })).status).toBe(200);
    // A replay inside the grace window still gets its pair (the kept answer is only forgotten after the window).
    expect((await server.api.post('/auth/refresh', { userId, refreshToken: rotated.refreshToken })).body.data).toEqual(current);
  });

  it('forgets the pair kept for a replay once the grace window has passed, and the replay then revokes the family', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const next = (await server.api.post('/auth/refresh', { userId: session.user.id, refreshToken: session.refreshToken })).body.data;
    await server.db.query("UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL AND user_id = $1", [session.user.id]);
    const counts = await server.db.transaction((tx) => cleanUpExpired(tx));
    expect(counts.refreshReplays).toBeGreaterThanOrEqual(1);
    const kept = await server.db.query('SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND successor_ciphertext IS NOT NULL', [session.user.id]);
    expect(kept.rowCount).toBe(0);
    expect((await server.api.post('/auth/refresh', { userId: session.user.id, refreshToken: session.refreshToken })).status).toBe(401);
    expect((await server.api.post('/auth/refresh', { userId: session.user.id, refreshToken: next.refreshToken })).status).toBe(401);
  });
});
