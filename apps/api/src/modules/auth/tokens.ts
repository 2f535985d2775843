import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_FAMILY_TTL_DAYS = 30;
/**
 * A rotated refresh token presented again within this many seconds is taken
 * as a concurrent refresh by the same client (two tabs, a retried request),
 * not as theft: it gets a fresh token in the same family. After it, reuse
 * revokes the family. See docs/decisions/0003-refresh-token-rotation.md.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const ISSUER = 'fipay-api';
const AUDIENCE = 'fipay-web';
const TOKEN_TYPE = 'at+jwt';

export type AccessClaims = { userId: string; companyId: string };

export async function signAccessToken(ctx: AppContext, claims: AccessClaims): Promise<string> {
  return new SignJWT({ cid: claims.companyId })
    .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
    .sign(ctx.keys.accessToken);
}

export async function verifyAccessToken(ctx: AppContext, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, ctx.keys.accessToken, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
      requiredClaims: ['exp', 'sub', 'cid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') throw new Error('claims');
    return { userId: payload.sub, companyId: payload.cid };
  } catch {
    throw new AppError('UNAUTHORIZED', messages.unauthorized);
  }
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

/** Starts a new refresh-token family at sign-in. */
export function startRefreshFamily(tx: Queryable, userId: string): Promise<string> {
  const familyExpiresAt = new Date(Date.now() + REFRESH_FAMILY_TTL_DAYS * 24 * 3600 * 1000);
  return insertRefreshToken(tx, { userId, familyId: randomUUID(), familyExpiresAt, parentId: null });
}

type RefreshRow = {
  id: string;
  user_id: string;
  company_id: string;
  family_id: string;
  family_expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
  within_grace: boolean;
};

export async function rotateRefreshToken(
  ctx: AppContext,
  input: { userId: string; refreshToken: string },
): Promise<{ accessToken: string; refreshToken: string }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RefreshRow>(
      `SELECT t.id, t.user_id, u.company_id, t.family_id, t.family_expires_at, t.rotated_at, t.revoked_at,
              t.family_expires_at <= now() AS expired,
              t.rotated_at > now() - make_interval(secs => $2) AS within_grace
       FROM refresh_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [sha256(input.refreshToken), REFRESH_REUSE_GRACE_SECONDS],
    );
    const row = rows[0];
    if (!row || row.user_id !== input.userId || row.revoked_at || row.expired) return { kind: 'invalid' as const };
    if (row.rotated_at && !row.within_grace) {
      await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [
        row.family_id,
      ]);
      return { kind: 'reused' as const };
    }
    if (!row.rotated_at) await tx.query('UPDATE refresh_tokens SET rotated_at = now() WHERE id = $1', [row.id]);
    const refreshToken = await insertRefreshToken(tx, {
      userId: row.user_id,
      familyId: row.family_id,
      familyExpiresAt: row.family_expires_at,
      parentId: row.id,
    });
    return { kind: 'rotated' as const, refreshToken, userId: row.user_id, companyId: row.company_id };
  });
  // The revocation above must commit before the caller hears "no".
  if (outcome.kind !== 'rotated') throw new AppError('INVALID_REFRESH_TOKEN', messages.refreshInvalid);
  const accessToken = await signAccessToken(ctx, { userId: outcome.userId, companyId: outcome.companyId });
  return { accessToken, refreshToken: outcome.refreshToken };
}

/** Logout: the family of the presented token ends, whichever of its tokens is shown. */
export async function revokeRefreshFamily(ctx: AppContext, refreshToken: string): Promise<void> {
  await ctx.db.query(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) AND revoked_at IS NULL`,
    [sha256(refreshToken)],
  );
}

export async function revokeAllRefreshTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
