import { randomInt } from 'node:crypto';
import { EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_TTL_SECONDS } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { hmacSha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { enqueueEmail } from '../../mail/outbox';
import { emailCodeEmail, twoFactorOffEmail, type EmailCodePurpose } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { findUserById, twoFactorMethodOf, type UserRow } from './users';

/** Wrong guesses a code survives; with 6 digits, 5 tries give a 1 in 200,000 chance per code. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export type EmailCodeSent = { expiresInSeconds: number; resendInSeconds: number };

function codeHash(ctx: AppContext, userId: string, purpose: EmailCodePurpose, code: string): string {
  // Keyed, so a leaked table does not give the codes away to a million quick guesses.
  return hmacSha256(ctx.keys.emailCode, `${userId}:${purpose}:${code}`).toString('hex');
}

/**
 * Emails a new 6-digit code for one purpose, replacing any earlier one. When
 * `reuseRecent` is set (the automatic send at sign-in), a code sent less than
 * the resend gap ago stays in force instead of a second email going out.
 */
export async function sendEmailCode(
  ctx: AppContext,
  user: UserRow,
  purpose: EmailCodePurpose,
  options: { reuseRecent?: boolean } = {},
): Promise<EmailCodeSent> {
  const { rows } = await ctx.db.query<{ wait: number; expires_in: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS wait,
            floor(extract(epoch FROM expires_at - now()))::int AS expires_in
     FROM email_otp_codes WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     ORDER BY created_at DESC LIMIT 1`,
    [user.id, purpose, EMAIL_CODE_RESEND_SECONDS],
  );
  const live = rows[0];
  const wait = live?.wait ?? 0;
  if (live && wait > 0) {
    if (options.reuseRecent) return { expiresInSeconds: live.expires_in, resendInSeconds: wait };
    throw new AppError('RATE_LIMITED', messages.emailCodeWait(wait), { retryAfterSeconds: wait });
  }
  try {
    await ctx.limiter.consume('emailCodeSendPerUser', user.id);
  } catch (error) {
    // Out of sends, sign-in still reaches the code screen while the last code lives: someone who
    // knows the password must not be able to lock the owner out by signing in repeatedly.
    if (options.reuseRecent && live && error instanceof AppError && error.code === 'RATE_LIMITED') {
      return { expiresInSeconds: live.expires_in, resendInSeconds: error.options.retryAfterSeconds ?? EMAIL_CODE_RESEND_SECONDS };
    }
    throw error;
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE email_otp_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
      user.id,
      purpose,
    ]);
    await tx.query(
      `INSERT INTO email_otp_codes (user_id, purpose, code_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
      [user.id, purpose, codeHash(ctx, user.id, purpose, code), EMAIL_CODE_TTL_SECONDS],
    );
    await enqueueEmail(tx, 'email_code', emailCodeEmail({ email: user.email, firstName: user.first_name }, code, purpose));
  });
  return { expiresInSeconds: EMAIL_CODE_TTL_SECONDS, resendInSeconds: EMAIL_CODE_RESEND_SECONDS };
}

/**
 * Spends the user's current code for the purpose when it matches. A wrong
 * guess counts against the code, which dies at the limit. The conditional
 * UPDATEs make both atomic: two requests with one code cannot both succeed.
 */
export async function consumeEmailCode(
  ctx: AppContext,
  userId: string,
  purpose: EmailCodePurpose,
  code: string,
  db: Queryable = ctx.db,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const { rowCount } = await db.query(
    `UPDATE email_otp_codes SET used_at = now()
     WHERE id = (SELECT id FROM email_otp_codes WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1)
       AND used_at IS NULL AND expires_at > now() AND code_hash = $3`,
    [userId, purpose, codeHash(ctx, userId, purpose, code.trim())],
  );
  if (rowCount === 1) return true;
  await db.query(
    `UPDATE email_otp_codes
     SET failed_attempts = failed_attempts + 1,
         used_at = CASE WHEN failed_attempts + 1 >= $3 THEN now() ELSE used_at END
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose, EMAIL_CODE_MAX_ATTEMPTS],
  );
  return false;
}

async function requireUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return user;
}

/** The Security page's first step either way: a code to confirm turning email codes on (when off) or off (when on). */
export async function sendEmailTwoFactorCode(ctx: AppContext, userId: string): Promise<EmailCodeSent> {
  const user = await requireUser(ctx, userId);
  const method = twoFactorMethodOf(user);
  if (method === 'authenticator') throw new AppError('CONFLICT', messages.twoFactorOtherMethodOn);
  return sendEmailCode(ctx, user, method === 'email' ? 'disable' : 'enable');
}

export async function enableEmailTwoFactor(ctx: AppContext, userId: string, otp: string): Promise<void> {
  await ctx.limiter.consume('twoFactorPerUser', userId);
  const user = await requireUser(ctx, userId);
  const method = twoFactorMethodOf(user);
  if (method === 'email') throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
  if (method === 'authenticator') throw new AppError('CONFLICT', messages.twoFactorOtherMethodOn);
  // Outside the transaction below: a wrong guess must count even though the request fails.
  if (!(await consumeEmailCode(ctx, userId, 'enable', otp))) {
    throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { otp: messages.otpInvalid } });
  }
  await ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE users SET email_otp_enabled_at = now(), updated_at = now()
       WHERE id = $1 AND email_otp_enabled_at IS NULL AND totp_enabled_at IS NULL`,
      [userId],
    );
    if (rowCount !== 1) throw new AppError('CONFLICT', messages.twoFactorOtherMethodOn);
    await notifyUser(tx, userId, accountNotices.emailTwoFactorOn);
  });
}

export async function disableEmailTwoFactor(ctx: AppContext, userId: string, input: { password: string; otp: string }): Promise<void> {
  await ctx.limiter.consume('twoFactorPerUser', userId);
  const user = await requireUser(ctx, userId);
  if (!user.email_otp_enabled_at) throw new AppError('BAD_REQUEST', messages.twoFactorNotEnabled);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', messages.passwordIncorrect, { errors: { password: messages.passwordIncorrect } });
  }
  if (!(await consumeEmailCode(ctx, userId, 'disable', input.otp))) {
    throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { otp: messages.otpInvalid } });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET email_otp_enabled_at = NULL, updated_at = now() WHERE id = $1', [userId]);
    await notifyUser(tx, userId, accountNotices.emailTwoFactorOff);
    await enqueueEmail(tx, 'two_factor_off', twoFactorOffEmail({ email: user.email, firstName: user.first_name }, 'email', `${ctx.config.appUrl}/forgot-password`));
  });
}
