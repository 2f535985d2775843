import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ASYNC_COMMIT } from '../../db/async-commit';
import { hmacSha256, randomToken, safeEqual } from '../../lib/crypto';
import type { NewSession } from './tokens';
import { loginNames, userColumnsOf, type UserRow } from './users';

/**
 * How long the proof of a checked password lasts (docs/decisions/0057-one-password-check-per-sign-in.md): long
 * enough to read a code from an authenticator app or a mailbox, short enough that a copy left behind soon dies.
 * A client whose proof has lapsed signs in with the password alone, as a client without proofs always does.
 */
export const SIGN_IN_PROOF_TTL_SECONDS = 5 * 60;

/** `<id>.<secret>`: a UUID naming the row, and 256 random bits that only the client holds. */
const PROOF_FORMAT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * What the row keeps: a keyed digest of the user, the proof's secret half, the password hash the password was
 * checked against, and the password. Another password or a changed password (another hash) does not match, and
 * the row without the secret tells nothing about the password, even to someone holding the key.
 */
function checkDigest(ctx: AppContext, user: Pick<UserRow, 'id' | 'password_hash'>, secret: string, password: string): Buffer {
  return hmacSha256(ctx.keys.signInProof, `${user.id}:${secret}:${user.password_hash}:${password}`);
}

/** A proof whose row is written but whose secret half nobody has been given yet (`proof`). */
export type PreparedProof = { id: string; proof: string };

/**
 * Writes the row of initiate's proof for `user` and `password` while Argon2id checks that password
 * (docs/decisions/0081-sign-in-waits-for-argon2id-only.md): the row is written before the check ends, but the proof
 * is handed to the client only once the password has checked. Until then nobody holds its secret half (256 random
 * bits, never stored), so the row proves nothing; after a wrong password it is deleted (`discardSignInProof`).
 */
export async function prepareSignInProof(ctx: AppContext, user: UserRow, password: string): Promise<PreparedProof> {
  const id = randomUUID();
  const secret = randomToken(32);
  await ctx.db.query(
    `INSERT INTO sign_in_proofs (id, user_id, check_digest, expires_at) SELECT $1::uuid, $2::uuid, $3::text, now() + make_interval(secs => $4) FROM ${ASYNC_COMMIT}`,
    [id, user.id, checkDigest(ctx, user, secret, password).toString('hex'), SIGN_IN_PROOF_TTL_SECONDS],
  );
  return { id, proof: `${id}.${secret}` };
}

/**
 * Deletes a prepared proof whose password did not check, without making the answer wait for it: a wrong password for
 * an account answers after Argon2id, as one for an unknown login does, and not one database round trip later.
 * A row left behind by a failed delete is harmless (its secret was never given out) and the clean-up job removes it.
 */
export function discardSignInProof(ctx: AppContext, prepared: PreparedProof): void {
  spendSignInProof(ctx.db, prepared.id).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not delete an unused sign-in proof'));
}

export type TakenProof = {
  id: string;
  /** The proof's user when the login sent with it names that user; otherwise undefined. */
  user: UserRow | undefined;
  /** The login names the proof's user and the password is the one initiate checked. */
  valid: boolean;
  /**
   * Whether this request deleted the row. A proof of a user without a second factor is spent as it is read, so of
   * two requests carrying it only one finds `spent`; a two-factor user's proof stays until the code has checked.
   */
  spent: boolean;
  /** Whether the statement also wrote the session it was given (a verified user without a second factor, proof spent). */
  sessionStarted: boolean;
};

/**
 * Reads a live proof with its user and, when that user has no second factor, spends it in the same statement;
 * then compares it with the login and password sent with it. It never looks the login up, so it takes the same
 * path whether or not the named account exists. Undefined for a malformed, unknown, spent or expired proof.
 *
 * With `session`, the statement that spends the proof of a verified user without a second factor also writes that
 * session's row for the proof's user (docs/decisions/0081-sign-in-waits-for-argon2id-only.md): `sessionStarted`
 * says so. The row is written before the proof is compared with the login and password, but its tokens exist only
 * in this request until the caller hands them out; a caller that does not (the proof did not hold, a limit refused
 * the request) deletes it again (`discardSession`).
 */
export async function takeSignInProof(
  ctx: AppContext,
  proof: string,
  login: string,
  password: string,
  session?: NewSession,
): Promise<TakenProof | undefined> {
  const parts = PROOF_FORMAT.exec(proof);
  if (!parts) return undefined;
  const id = parts[1]!;
  const startSession = session
    ? `, started AS (
       INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_id, family_expires_at)
       SELECT found.id, $2::uuid, $3::text, NULL::uuid, $4::timestamptz FROM found, spent WHERE found.email_verified_at IS NOT NULL
       RETURNING family_id
     )`
    : '';
  const { rows } = await ctx.db.query<UserRow & { check_digest: string; spent: boolean; session_started: boolean }>(
    `WITH found AS (
       SELECT ${userColumnsOf('u')}, p.check_digest
       FROM sign_in_proofs p JOIN users u ON u.id = p.user_id
       WHERE p.id = $1 AND p.expires_at > now()
     ), spent AS (
       DELETE FROM sign_in_proofs
       WHERE id = $1 AND expires_at > now()
         AND EXISTS (SELECT 1 FROM found WHERE totp_enabled_at IS NULL AND email_otp_enabled_at IS NULL)
       RETURNING id
     )${startSession}
     SELECT found.*, EXISTS (SELECT 1 FROM spent) AS spent, ${session ? 'EXISTS (SELECT 1 FROM started)' : 'false'} AS session_started
     FROM found, ${ASYNC_COMMIT}`,
    session ? [id, session.sessionId, session.tokenHash, session.familyExpiresAt] : [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { check_digest: stored, spent, session_started: sessionStarted, ...proofUser } = row;
  const user = loginNames(proofUser, login) ? proofUser : undefined;
  const matches = safeEqual(checkDigest(ctx, proofUser, parts[2]!, password), Buffer.from(stored, 'hex'));
  return { id, user, valid: matches && user !== undefined, spent, sessionStarted };
}

/**
 * Deletes the proof: after a failed try (a proof buys one password try at most), or as the last step of a
 * two-factor sign-in, where of two requests carrying one proof only the one whose DELETE removes the row goes on.
 */
export async function spendSignInProof(db: Queryable, proofId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sign_in_proofs WHERE id = $1 AND expires_at > now()', [proofId]);
  return rowCount === 1;
}
