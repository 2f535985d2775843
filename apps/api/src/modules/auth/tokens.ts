import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify } from 'jose';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ASYNC_COMMIT } from '../../db/async-commit';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_DAYS = 30;
/**
 * A rotated refresh token presented again within this many seconds is taken
 * as a concurrent refresh by the same client (two tabs, a retried request),
 * not as theft: it gets the very pair its rotation answered, so a family never
 * has two live tokens. After it, reuse revokes the family. See
 * docs/decisions/0021-idempotent-refresh-and-clean-up.md.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const ISSUER = 'fipay-api';
const AUDIENCE = 'fipay-web';
const TOKEN_TYPE = 'at+jwt';

/** sessionId is the refresh-token family begun at sign-in; ending the session ends its access tokens too. */
export type AccessClaims = { userId: string; companyId: string; sessionId: string };

const ACCESS_TOKEN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: TOKEN_TYPE })).toString('base64url');

/**
 * An HS256 JWS made with node:crypto's HMAC on the calling thread. jose signs through WebCrypto, whose HMAC runs on
 * libuv's thread pool: while Argon2id also ran there, the token of a session whose password already checked waited
 * behind a burst of sign-ins' hashes for a slot (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md; the
 * hashes now have threads of their own, 0111), and a token needs no thread hop at all.
 * Tokens are still verified by jose (decodeAccessToken), which the tests hold this signer to.
 */
export function signAccessToken(ctx: Pick<AppContext, 'keys'>, claims: AccessClaims): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    cid: claims.companyId,
    sid: claims.sessionId,
    sub: claims.userId,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    jti: randomUUID(),
    exp: now + ACCESS_TOKEN_TTL_SECONDS,
  };
  const signingInput = `${ACCESS_TOKEN_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signingInput}.${createHmac('sha256', ctx.keys.accessToken).update(signingInput).digest('base64url')}`;
}

async function decodeAccessToken(ctx: AppContext, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.accessToken, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['exp', 'sub', 'cid', 'sid'],
    });
    const { sub, cid, sid } = payload;
    if (typeof sub !== 'string' || typeof cid !== 'string' || typeof sid !== 'string') return null;
    return { userId: sub, companyId: cid, sessionId: sid };
  } catch {
    return null;
  }
}

/**
 * A valid signature is not enough: the session must still be open, so that
 * logout, a password change or a reset ends access at once rather than when
 * the token expires. One indexed lookup per request buys that.
 */
export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessClaims> {
  const claims = await decodeAccessToken(ctx, token);
  if (!claims || !(await isSessionOpen(ctx.db, claims))) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return claims;
}

export const sessionOpenSql = `SELECT EXISTS (
       SELECT 1 FROM refresh_tokens
       WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL AND family_expires_at > now()
     ) AS open`;

async function isSessionOpen(db: Queryable, claims: AccessClaims): Promise<boolean> {
  const { rows } = await db.query<{ open: boolean }>(sessionOpenSql, [claims.sessionId, claims.userId]);
  return rows[0]?.open === true;
}

async function insertRefreshToken(
  tx: Queryable,
  row: { userId: string; familyId: string; familyExpiresAt: Date; parentId: string | null },
): Promise<string> {
  const token = randomToken();
  await tx.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_id, family_expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [row.userId, row.familyId, sha256(token), row.parentId, row.familyExpiresAt],
  );
  return token;
}

/** A session about to start: its id (the refresh-token family), its first refresh token and what its row keeps. */
export type NewSession = { sessionId: string; refreshToken: string; tokenHash: string; familyExpiresAt: Date };

export function newSession(): NewSession {
  const refreshToken = randomToken();
  return {
    sessionId: randomUUID(),
    refreshToken,
    tokenHash: sha256(refreshToken),
    familyExpiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_DAYS * 24 * 3600 * 1000),
  };
}

/**
 * Starts a new session (a refresh-token family) at sign-in, in a statement of its own that does not wait for the
 * disk (db/async-commit.ts): a session lost with a crash of the database only means signing in again.
 */
export async function startRefreshFamily(db: Queryable, userId: string): Promise<{ sessionId: string; refreshToken: string }> {
  const session = newSession();
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_id, family_expires_at)
     SELECT $1::uuid, $2::uuid, $3::text, NULL::uuid, $4::timestamptz FROM ${ASYNC_COMMIT}`,
    [userId, session.sessionId, session.tokenHash, session.familyExpiresAt],
  );
  return { sessionId: session.sessionId, refreshToken: session.refreshToken };
}

/**
 * Deletes a session written by verify-otp's proof statement whose tokens were never handed out (the proof did not
 * hold, or a limit refused the request): nobody holds its refresh token, and it should not outlive the request.
 */
export async function discardSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM refresh_tokens WHERE family_id = $1 AND parent_id IS NULL', [sessionId]);
}

type RefreshRow = {
  id: string;
  user_id: string;
  company_id: string;
  family_id: string;
  family_expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  successor_ciphertext: string | null;
  expired: boolean;
  within_grace: boolean;
};

type TokenPair = { accessToken: string; refreshToken: string };

/**
 * Exchanges a refresh token for a new pair, once: the rotation stores the pair it answered
 * (encrypted), and the same token presented again within the grace window gets that pair back.
 * Concurrent refreshes queue on the user's row lock, so the first rotates and the rest replay.
 */
export async function rotateRefreshToken(ctx: AppContext, input: { userId: string; refreshToken: string }): Promise<TokenPair> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockUserOfToken(tx, input.refreshToken);
    const { rows } = await tx.query<RefreshRow>(
      `SELECT t.id, t.user_id, u.company_id, t.family_id, t.family_expires_at, t.rotated_at, t.revoked_at, t.successor_ciphertext,
              t.family_expires_at <= now() AS expired,
              t.rotated_at > now() - make_interval(secs => $2) AS within_grace
       FROM refresh_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [sha256(input.refreshToken), REFRESH_REUSE_GRACE_SECONDS],
    );
    const row = rows[0];
    if (!row || row.user_id !== input.userId || row.revoked_at || row.expired) return { kind: 'invalid' as const };
    if (row.rotated_at) {
      if (row.within_grace && row.successor_ciphertext) {
        return { kind: 'answered' as const, pair: JSON.parse(decrypt(ctx.keys.refreshReplay, row.successor_ciphertext)) as TokenPair };
      }
      await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id]);
      return { kind: 'reused' as const };
    }
    const refreshToken = await insertRefreshToken(tx, {
      userId: row.user_id,
      familyId: row.family_id,
      familyExpiresAt: row.family_expires_at,
      parentId: row.id,
    });
    const accessToken = signAccessToken(ctx, { userId: row.user_id, companyId: row.company_id, sessionId: row.family_id });
    const pair = { accessToken, refreshToken };
    await tx.query('UPDATE refresh_tokens SET rotated_at = now(), successor_ciphertext = $2 WHERE id = $1', [
      row.id,
      encrypt(ctx.keys.refreshReplay, JSON.stringify(pair)),
    ]);
    return { kind: 'answered' as const, pair };
  });
  // The revocation above must commit before the caller hears "no".
  if (outcome.kind !== 'answered') throw new AppError('INVALID_REFRESH_TOKEN', messages.refreshInvalid);
  return outcome.pair;
}

/**
 * Rotation and revocation of one user's tokens take the user's row lock
 * first, always in that order. Without it, on PostgreSQL a refresh running
 * while a password change revokes could insert a token the revocation never
 * sees, and the session would live on.
 */
async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

async function lockUserOfToken(tx: Queryable, refreshToken: string): Promise<void> {
  const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM refresh_tokens WHERE token_hash = $1', [
    sha256(refreshToken),
  ]);
  if (rows[0]) await lockUser(tx, rows[0].user_id);
}

/** Logout: the family of the presented token ends, whichever of its tokens is shown. */
export async function revokeRefreshFamily(ctx: AppContext, refreshToken: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockUserOfToken(tx, refreshToken);
    await tx.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
      [sha256(refreshToken)],
    );
  });
}

/** Ends every session of the user, or every one but `keepSessionId` (a password change keeps the session that made it). */
export async function revokeAllRefreshTokens(tx: Queryable, userId: string, keepSessionId?: string): Promise<void> {
  await lockUser(tx, userId);
  await tx.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)`,
    [userId, keepSessionId ?? null],
  );
}
