import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3600,
  reset_password: 3600,
};

/** Issues a single-use link token; earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(tx: Queryable, userId: string, purpose: TokenPurpose): Promise<string> {
  await tx.query(
    'UPDATE user_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
  const token = randomToken();
  await tx.query(
    `INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(token), userId, purpose, TOKEN_TTL_SECONDS[purpose]],
  );
  return token;
}

/** Spends a token once, atomically; the user id when it was valid, otherwise undefined. */
export async function consumeEmailToken(tx: Queryable, token: string, purpose: TokenPurpose): Promise<string | undefined> {
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE user_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [sha256(token), purpose],
  );
  return rows[0]?.user_id;
}
