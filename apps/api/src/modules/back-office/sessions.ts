import {
  REVIEWER_ENROLMENT_SESSION_MINUTES,
  REVIEWER_SESSION_IDLE_MINUTES,
  REVIEWER_SESSION_MAX_HOURS,
  type ReviewerRole,
  type ReviewerSession,
} from '@fipay/contracts/back-office';
import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';

/**
 * Back-office tokens carry a prefix: a company's JWT can never be mistaken for
 * one, and secret scanners can recognise a leaked one.
 */
export const REVIEWER_TOKEN_PREFIX = 'fpr_';

export type SessionScope = 'enrolment' | 'full';

/** The signed-in reviewer, as a request to an /admin route sees them. */
export type ReviewerPrincipal = {
  id: string;
  email: string;
  name: string;
  role: ReviewerRole;
  twoFactorEnabled: boolean;
  sessionId: string;
  scope: SessionScope;
};

/** An enrolment session only sets up the authenticator, so it is short and cannot outlive its purpose. */
export async function startReviewerSession(tx: Queryable, reviewerId: string, scope: SessionScope): Promise<ReviewerSession> {
  const token = `${REVIEWER_TOKEN_PREFIX}${randomToken()}`;
  const minutes = scope === 'full' ? REVIEWER_SESSION_MAX_HOURS * 60 : REVIEWER_ENROLMENT_SESSION_MINUTES;
  const { rows } = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO reviewer_sessions (reviewer_id, token_hash, scope, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4)) RETURNING expires_at`,
    [reviewerId, sha256(token), scope, minutes],
  );
  return {
    token,
    scope,
    expiresAt: new Date(rows[0]!.expires_at).toISOString(),
    idleTimeoutSeconds: REVIEWER_SESSION_IDLE_MINUTES * 60,
  };
}

type PrincipalRow = {
  session_id: string;
  scope: SessionScope;
  reviewer_id: string;
  email: string;
  name: string;
  role: ReviewerRole;
  two_factor_enabled: boolean;
};

/**
 * Finds the open session of a token and records the activity, in one statement:
 * a session past its idle or absolute end, revoked, or of a disabled reviewer
 * gives nothing.
 */
export async function touchReviewerSession(db: Queryable, token: string): Promise<ReviewerPrincipal | null> {
  if (!token.startsWith(REVIEWER_TOKEN_PREFIX) || token.length > 200) return null;
  const { rows } = await db.query<PrincipalRow>(
    `UPDATE reviewer_sessions s SET last_seen_at = now()
     FROM reviewers r
     WHERE s.token_hash = $1 AND r.id = s.reviewer_id
       AND s.revoked_at IS NULL AND s.expires_at > now()
       AND s.last_seen_at > now() - make_interval(mins => $2)
       AND r.disabled_at IS NULL
     RETURNING s.id AS session_id, s.scope, r.id AS reviewer_id, r.email, r.name, r.role, r.totp_enabled_at IS NOT NULL AS two_factor_enabled`,
    [sha256(token), REVIEWER_SESSION_IDLE_MINUTES],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.reviewer_id,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactorEnabled: row.two_factor_enabled,
    sessionId: row.session_id,
    scope: row.scope,
  };
}

export async function revokeReviewerSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE reviewer_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

export async function revokeAllReviewerSessions(tx: Queryable, reviewerId: string): Promise<void> {
  await tx.query('UPDATE reviewer_sessions SET revoked_at = now() WHERE reviewer_id = $1 AND revoked_at IS NULL', [reviewerId]);
}
