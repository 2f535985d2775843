import {
  backOfficeMessages,
  REVIEWER_SETUP_LINK_HOURS,
  type Reviewer,
  type ReviewerListItem,
  type ReviewerRole,
} from '@fipay/contracts/back-office';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import { reviewerSetupEmail } from '../../mail/templates';
import { appendAudit, type AuditActor } from '../audit/audit-log';
import { type ReviewerPrincipal, revokeAllReviewerSessions } from './sessions';
import { isUniqueViolation } from '../../lib/db-values';

export type ReviewerRow = {
  id: string;
  email: string;
  name: string;
  role: ReviewerRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  disabled_at: Date | null;
  last_sign_in_at: Date | string | null;
  created_at: Date | string;
};

export const REVIEWER_COLUMNS = `id, email, name, role, password_hash, totp_secret, totp_pending_secret, totp_enabled_at,
  disabled_at, last_sign_in_at, created_at`;

/** What account setup needs: the admin:create command has no running server around it. */
type LinkContext = Pick<AppContext, 'db' | 'config'>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toReviewer(row: Pick<ReviewerRow, 'id' | 'email' | 'name' | 'role' | 'totp_enabled_at'>): Reviewer {
  return { id: row.id, email: row.email, name: row.name, role: row.role, twoFactorEnabled: row.totp_enabled_at !== null };
}

function toListItem(row: ReviewerRow): ReviewerListItem {
  return {
    ...toReviewer(row),
    passwordSet: row.password_hash !== null,
    disabled: row.disabled_at !== null,
    createdAt: iso(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : iso(row.last_sign_in_at),
  };
}

export async function findReviewerById(db: Queryable, id: string, lock = false): Promise<ReviewerRow | undefined> {
  const { rows } = await db.query<ReviewerRow>(`SELECT ${REVIEWER_COLUMNS} FROM reviewers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function findReviewerByEmail(db: Queryable, email: string): Promise<ReviewerRow | undefined> {
  const { rows } = await db.query<ReviewerRow>(`SELECT ${REVIEWER_COLUMNS} FROM reviewers WHERE email = $1`, [email.trim().toLowerCase()]);
  return rows[0];
}

/**
 * A single-use link to set the password, valid for 24 hours; only its hash is
 * stored, and issuing one retires any earlier link of the reviewer.
 */
async function issueSetupLink(ctx: LinkContext, tx: Queryable, reviewerId: string): Promise<string> {
  await tx.query("UPDATE reviewer_tokens SET used_at = now() WHERE reviewer_id = $1 AND purpose = 'set_password' AND used_at IS NULL", [reviewerId]);
  const token = randomToken();
  await tx.query(
    `INSERT INTO reviewer_tokens (token_hash, reviewer_id, purpose, expires_at)
     VALUES ($1, $2, 'set_password', now() + make_interval(hours => $3))`,
    [sha256(token), reviewerId, REVIEWER_SETUP_LINK_HOURS],
  );
  return `${ctx.config.appUrl}/admin/set-password?token=${encodeURIComponent(token)}`;
}


/**
 * Creates a reviewer account with no password and returns its setup link. An
 * admin's invitation also emails the link; the admin:create command prints it.
 */
export async function createReviewer(
  ctx: LinkContext,
  input: { email: string; name: string; role: ReviewerRole },
  options: { actor: AuditActor; sendEmail: boolean },
): Promise<{ reviewer: ReviewerListItem; setupLink: string }> {
  const email = input.email.trim().toLowerCase();
  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (await findReviewerByEmail(tx, email)) throw new AppError('CONFLICT', backOfficeMessages.reviewerExists, { errors: { email: backOfficeMessages.reviewerExists } });
      const { rows } = await tx.query<ReviewerRow>(
        `INSERT INTO reviewers (email, name, role) VALUES ($1, $2, $3) RETURNING ${REVIEWER_COLUMNS}`,
        [email, input.name.trim(), input.role],
      );
      const row = rows[0]!;
      const setupLink = await issueSetupLink(ctx, tx, row.id);
      await appendAudit(tx, { actor: options.actor, action: 'reviewer.created', after: { reviewerId: row.id, email, name: row.name, role: row.role } });
      if (options.sendEmail) await enqueueEmail(tx, 'reviewer_setup', reviewerSetupEmail({ email, name: row.name }, setupLink, 'invite'));
      return { reviewer: toListItem(row), setupLink };
    });
    return result;
  } catch (error) {
    // Two invitations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', backOfficeMessages.reviewerExists, { errors: { email: backOfficeMessages.reviewerExists } });
    throw error;
  }
}

export async function listReviewers(db: Queryable): Promise<ReviewerListItem[]> {
  const { rows } = await db.query<ReviewerRow>(`SELECT ${REVIEWER_COLUMNS} FROM reviewers ORDER BY created_at, email`);
  return rows.map(toListItem);
}

/**
 * Changes a reviewer's role or turns their account off (which ends their
 * sessions at once). Admins cannot do either to themselves, so the back office
 * always keeps the admin who is acting.
 */
export async function updateReviewer(
  ctx: AppContext,
  actor: ReviewerPrincipal,
  reviewerId: string,
  input: { role?: ReviewerRole; disabled?: boolean },
): Promise<ReviewerListItem> {
  if (reviewerId === actor.id) throw new AppError('CONFLICT', backOfficeMessages.reviewerSelfChange);
  return ctx.db.transaction(async (tx) => {
    const before = await findReviewerById(tx, reviewerId, true);
    if (!before) throw new AppError('NOT_FOUND', backOfficeMessages.reviewerNotFound);
    const { rows } = await tx.query<ReviewerRow>(
      `UPDATE reviewers SET role = COALESCE($2, role),
         disabled_at = CASE WHEN $3::boolean IS NULL THEN disabled_at WHEN $3::boolean THEN COALESCE(disabled_at, now()) ELSE NULL END,
         updated_at = now()
       WHERE id = $1 RETURNING ${REVIEWER_COLUMNS}`,
      [reviewerId, input.role ?? null, input.disabled ?? null],
    );
    const after = rows[0]!;
    if (after.disabled_at) await revokeAllReviewerSessions(tx, reviewerId);
    await appendAudit(tx, {
      actor: { type: 'reviewer', id: actor.id, name: actor.name },
      action: 'reviewer.updated',
      before: { reviewerId, role: before.role, disabled: before.disabled_at !== null },
      after: { reviewerId, role: after.role, disabled: after.disabled_at !== null },
    });
    return toListItem(after);
  });
}

/**
 * For a reviewer who lost their password or authenticator: both are cleared,
 * every session ends, and a new setup link is emailed (or, from the command
 * line, printed).
 */
export async function resetReviewerAccess(
  ctx: LinkContext,
  reviewerId: string,
  options: { actor: AuditActor; sendEmail: boolean; actingReviewerId?: string },
): Promise<{ reviewer: ReviewerListItem; setupLink: string }> {
  if (options.actingReviewerId === reviewerId) throw new AppError('CONFLICT', backOfficeMessages.reviewerSelfChange);
  const result = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<ReviewerRow>(
      `UPDATE reviewers SET password_hash = NULL, totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
         totp_last_step = NULL, updated_at = now()
       WHERE id = $1 RETURNING ${REVIEWER_COLUMNS}`,
      [reviewerId],
    );
    const row = rows[0];
    if (!row) throw new AppError('NOT_FOUND', backOfficeMessages.reviewerNotFound);
    await tx.query('DELETE FROM reviewer_recovery_codes WHERE reviewer_id = $1', [reviewerId]);
    await revokeAllReviewerSessions(tx, reviewerId);
    const setupLink = await issueSetupLink(ctx, tx, reviewerId);
    await appendAudit(tx, { actor: options.actor, action: 'reviewer.access_reset', after: { reviewerId, email: row.email } });
    if (options.sendEmail) await enqueueEmail(tx, 'reviewer_setup', reviewerSetupEmail({ email: row.email, name: row.name }, setupLink, 'reset'));
    return { reviewer: toListItem(row), setupLink };
  });
  return result;
}
