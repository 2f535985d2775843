import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { backOfficeMessages, type ReviewerLoginData, type Reviewer, type ReviewerSession } from '@fipay/contracts/back-office';
import { RECOVERY_CODE_COUNT } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { decrypt, encrypt, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { base32Decode, base32Encode, generateTotpSecret, matchTotpStep, otpauthUrl } from '../../lib/totp';
import { appendAudit } from '../audit/audit-log';
import { findReviewerByEmail, findReviewerById, type ReviewerRow, toReviewer } from './reviewers';
import { type ReviewerPrincipal, revokeAllReviewerSessions, startReviewerSession } from './sessions';

const ISSUER = 'FiPay Back Office';

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** Sets the password from a setup link; the link works once, and any earlier session ends. */
export async function setReviewerPassword(ctx: AppContext, input: { token: string; password: string }, ip: string): Promise<void> {
  await ctx.limiter.consume('reviewerSetPasswordPerIp', ip);
  // Checked before the link is spent, so a refused password does not cost the reviewer their link.
  if (isCommonPassword(input.password)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordCommon, { errors: { password: messages.passwordCommon } });
  }
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ reviewer_id: string }>(
      `UPDATE reviewer_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = 'set_password' AND used_at IS NULL AND expires_at > now()
       RETURNING reviewer_id`,
      [sha256(input.token)],
    );
    const reviewerId = rows[0]?.reviewer_id;
    if (!reviewerId) return false;
    const updated = await tx.query(
      'UPDATE reviewers SET password_hash = $2, updated_at = now() WHERE id = $1 AND disabled_at IS NULL',
      [reviewerId, passwordHash],
    );
    if (updated.rowCount !== 1) return false;
    await revokeAllReviewerSessions(tx, reviewerId);
    await appendAudit(tx, { actor: { type: 'reviewer', id: reviewerId }, action: 'reviewer.password_set', after: { reviewerId } });
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', backOfficeMessages.setupLinkInvalid);
}

/**
 * Accepts a current authenticator code or an unused recovery code, each once:
 * the conditional UPDATEs let only one of two concurrent requests with one code through.
 */
async function checkReviewerCode(ctx: AppContext, reviewer: ReviewerRow, otp: string): Promise<boolean> {
  const code = otp.trim();
  if (!reviewer.totp_secret || !code) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotpStep(base32Decode(decrypt(ctx.keys.totpSecret, reviewer.totp_secret)), code, Date.now() / 1000);
    if (step === null) return false;
    const { rowCount } = await ctx.db.query(
      'UPDATE reviewers SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
      [reviewer.id, step],
    );
    return rowCount === 1;
  }
  const { rowCount } = await ctx.db.query(
    'UPDATE reviewer_recovery_codes SET used_at = now() WHERE reviewer_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [reviewer.id, sha256(normalizeRecoveryCode(code))],
  );
  return rowCount === 1;
}

/**
 * The password first, with the same care as the company sign-in: an unknown
 * email, a reviewer who has not set a password and a disabled one all cost the
 * same hashing work and get the same answer as a wrong password. Then the
 * authenticator, which every reviewer must have: without one the answer is an
 * enrolment session that can only set it up.
 */
export async function loginReviewer(ctx: AppContext, input: { email: string; password: string; otp: string }, ip: string): Promise<ReviewerLoginData> {
  const account = input.email.trim().toLowerCase();
  await ctx.limiter.consume('reviewerLoginPerIp', ip);
  await ctx.limiter.consume('reviewerLoginPerAccount', account);
  const reviewer = await findReviewerByEmail(ctx.db, account);
  const valid = await verifyPassword(reviewer?.password_hash, input.password);
  if (!reviewer || !valid || reviewer.disabled_at) throw new AppError('INVALID_CREDENTIALS', backOfficeMessages.invalidCredentials);

  if (!reviewer.totp_enabled_at) {
    const session = await startReviewerSession(ctx.db, reviewer.id, 'enrolment');
    return { stage: 'enrolment', session, reviewer: toReviewer(reviewer) };
  }
  if (!input.otp) return { stage: 'otp_required', session: null, reviewer: null };
  if (!(await checkReviewerCode(ctx, reviewer, input.otp))) throw new AppError('INVALID_OTP', backOfficeMessages.otpInvalid);
  await ctx.limiter.reset('reviewerLoginPerAccount', account);
  const session = await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE reviewers SET last_sign_in_at = now() WHERE id = $1', [reviewer.id]);
    await appendAudit(tx, { actor: { type: 'reviewer', id: reviewer.id, name: reviewer.name }, action: 'reviewer.signed_in', after: { reviewerId: reviewer.id, ip } });
    return startReviewerSession(tx, reviewer.id, 'full');
  });
  return { stage: 'signed_in', session, reviewer: toReviewer(reviewer) };
}

async function requireReviewer(ctx: AppContext, id: string): Promise<ReviewerRow> {
  const reviewer = await findReviewerById(ctx.db, id);
  if (!reviewer) throw new AppError('UNAUTHORIZED', backOfficeMessages.sessionInvalid);
  return reviewer;
}

/** A new secret kept aside until the reviewer proves their app produces its codes. */
export async function setupReviewerTwoFactor(ctx: AppContext, principal: ReviewerPrincipal) {
  const reviewer = await requireReviewer(ctx, principal.id);
  if (reviewer.totp_enabled_at) throw new AppError('CONFLICT', backOfficeMessages.twoFactorAlreadyEnabled);
  const secret = generateTotpSecret();
  await ctx.db.query('UPDATE reviewers SET totp_pending_secret = $2, updated_at = now() WHERE id = $1', [reviewer.id, encrypt(ctx.keys.totpSecret, secret)]);
  const url = otpauthUrl({ secret, account: reviewer.email, issuer: ISSUER });
  return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
}

/**
 * Confirms the authenticator with a code. The code proves the second factor, so
 * the enrolment session is swapped for a full one (a new token: a session never
 * gains rights under the same token).
 */
export async function enableReviewerTwoFactor(
  ctx: AppContext,
  principal: ReviewerPrincipal,
  otp: string,
): Promise<{ recoveryCodes: string[]; session: ReviewerSession; reviewer: Reviewer }> {
  await ctx.limiter.consume('reviewerTwoFactorPerReviewer', principal.id);
  const reviewer = await requireReviewer(ctx, principal.id);
  if (reviewer.totp_enabled_at) throw new AppError('CONFLICT', backOfficeMessages.twoFactorAlreadyEnabled);
  if (!reviewer.totp_pending_secret) throw new AppError('BAD_REQUEST', backOfficeMessages.twoFactorNotSetUp);
  const step = matchTotpStep(base32Decode(decrypt(ctx.keys.totpSecret, reviewer.totp_pending_secret)), otp, Date.now() / 1000);
  if (step === null) throw new AppError('BAD_REQUEST', backOfficeMessages.otpInvalid, { errors: { otp: backOfficeMessages.otpInvalid } });

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const session = await ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE reviewers SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(),
         totp_last_step = $2, last_sign_in_at = now(), updated_at = now()
       WHERE id = $1 AND totp_enabled_at IS NULL AND totp_pending_secret = $3`,
      [reviewer.id, step, reviewer.totp_pending_secret],
    );
    if (rowCount !== 1) throw new AppError('CONFLICT', backOfficeMessages.twoFactorNotSetUp);
    await tx.query('DELETE FROM reviewer_recovery_codes WHERE reviewer_id = $1', [reviewer.id]);
    for (const code of recoveryCodes) {
      await tx.query('INSERT INTO reviewer_recovery_codes (reviewer_id, code_hash) VALUES ($1, $2)', [reviewer.id, sha256(normalizeRecoveryCode(code))]);
    }
    await revokeAllReviewerSessions(tx, reviewer.id);
    await appendAudit(tx, { actor: { type: 'reviewer', id: reviewer.id, name: reviewer.name }, action: 'reviewer.two_factor_enabled', after: { reviewerId: reviewer.id } });
    return startReviewerSession(tx, reviewer.id, 'full');
  });
  return { recoveryCodes, session, reviewer: { ...toReviewer(reviewer), twoFactorEnabled: true } };
}
