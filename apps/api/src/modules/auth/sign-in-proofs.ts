import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ASYNC_COMMIT } from '../../db/async-commit';
import { hmacSha256, randomToken, safeEqual } from '../../lib/crypto';
import { companyPartsJson, type CompanyParts } from '../company/application';
import type { NewSession } from './tokens';
import { loginLookup, loginNames, userColumnsOf, type UserRow } from './users';

/**
 * How long the proof of a checked password lasts (docs/decisions/0057-one-password-check-per-sign-in.md): long
 * enough to read a code from an authenticator app or a mailbox, short enough that a copy left behind soon dies.
 * A client whose proof has lapsed signs in with the password alone, as a client without proofs always does.
 */
export const SIGN_IN_PROOF_TTL_SECONDS = 5 * 60;

/** `<id>.<secret>`: a UUID naming the row, and 256 random bits that only the client holds. */
const PROOF_FORMAT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/**
 * What the row keeps: a keyed digest of the proof's id, its secret half and the password (`check_digest`), and a
 * seal of the password hash the password was checked against (`password_seal`, SHA-256 of the hash, written by the
 * database from the user's row). Another password or a changed password (another hash) does not match, and the row
 * without the secret tells nothing about the password, even to someone holding the key.
 */
function checkDigest(ctx: AppContext, id: string, secret: string, password: string): Buffer {
  return hmacSha256(ctx.keys.signInProof, `${id}:${secret}:${password}`);
}

/** SQL: the seal the proof's row keeps of the password hash that `hash` (an SQL expression) gives; written and compared alike. */
const passwordSeal = (hash: string) => `sha256(convert_to(${hash}, 'UTF8'))`;

/** A proof whose row is written but whose secret half nobody has been given yet (`proof`). */
export type PreparedProof = { id: string; proof: string };

/**
 * initiate's one statement (docs/decisions/0097-initiate-finds-the-user-and-writes-the-proof-at-once.md): the user
 * the login names and, when that user's email is verified, the row of a proof for the password sent, written before
 * Argon2id has checked it. The proof is handed to the client only once the password has checked; until then nobody
 * holds its secret half (256 random bits, never stored), so the row proves nothing, and after a wrong password or
 * a refusal it is deleted (`discardSignInProof`).
 */
export async function findUserPreparingProof(
  ctx: AppContext,
  login: string,
  password: string,
): Promise<{ user: UserRow | undefined; prepared: PreparedProof | undefined }> {
  const { column, value } = loginLookup(login);
  const id = randomUUID();
  const secret = randomToken(32);
  const { rows } = await ctx.db.query<UserRow & { proof_written: boolean }>(
    `WITH found AS (
       SELECT ${userColumnsOf('u')} FROM users u WHERE u.${column} = $1
     ), written AS (
       INSERT INTO sign_in_proofs (id, user_id, check_digest, password_seal, expires_at)
       SELECT $2::uuid, found.id, $3::text, ${passwordSeal('found.password_hash')}, now() + make_interval(secs => $4)
       FROM found WHERE found.email_verified_at IS NOT NULL
       RETURNING id
     )
     SELECT found.*, EXISTS (SELECT 1 FROM written) AS proof_written FROM found, ${ASYNC_COMMIT}`,
    [value, id, checkDigest(ctx, id, secret, password).toString('hex'), SIGN_IN_PROOF_TTL_SECONDS],
  );
  const row = rows[0];
  if (!row) return { user: undefined, prepared: undefined };
  const { proof_written: written, ...user } = row;
  return { user, prepared: written ? { id, proof: `${id}.${secret}` } : undefined };
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
  /** The proof's user's company with its application's parts, read by the same statement for the session's answer. */
  company: CompanyParts;
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
  const { rows } = await ctx.db.query<
    UserRow & { check_digest: string; sealed: boolean | null; spent: boolean; session_started: boolean; company: CompanyParts }
  >(
    `WITH found AS (
       SELECT ${userColumnsOf('u')}, p.check_digest, p.password_seal = ${passwordSeal('u.password_hash')} AS sealed
       FROM sign_in_proofs p JOIN users u ON u.id = p.user_id
       WHERE p.id = $1 AND p.expires_at > now()
     ), spent AS (
       DELETE FROM sign_in_proofs
       WHERE id = $1 AND expires_at > now()
         AND EXISTS (SELECT 1 FROM found WHERE totp_enabled_at IS NULL AND email_otp_enabled_at IS NULL)
       RETURNING id
     )${startSession}
     SELECT found.*, EXISTS (SELECT 1 FROM spent) AS spent, ${session ? 'EXISTS (SELECT 1 FROM started)' : 'false'} AS session_started,
            ${companyPartsJson('found.company_id')} AS company
     FROM found, ${ASYNC_COMMIT}`,
    session ? [id, session.sessionId, session.tokenHash, session.familyExpiresAt] : [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { check_digest: stored, sealed, spent, session_started: sessionStarted, company, ...proofUser } = row;
  const user = loginNames(proofUser, login) ? proofUser : undefined;
  // The digest is compared whatever the seal says, so a changed password costs the same work as a wrong one.
  const matches = safeEqual(checkDigest(ctx, id, parts[2]!, password), Buffer.from(stored, 'hex'));
  return { id, user, valid: matches && sealed === true && user !== undefined, spent, sessionStarted, company };
}

/**
 * Deletes the proof: after a failed try (a proof buys one password try at most), or as the last step of a
 * two-factor sign-in, where of two requests carrying one proof only the one whose DELETE removes the row goes on.
 */
export async function spendSignInProof(db: Queryable, proofId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM sign_in_proofs WHERE id = $1 AND expires_at > now()', [proofId]);
  return rowCount === 1;
}
