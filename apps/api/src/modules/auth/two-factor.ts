import QRCode from 'qrcode';
import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { decrypt, encrypt, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { base32Decode, base32Encode, generateTotpSecret, matchTotpStep, otpauthUrl } from '../../lib/totp';
import { enqueueEmail } from '../../mail/outbox';
import { twoFactorOffEmail } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { findUserById, type UserRow } from './users';

const ISSUER = 'FiPay';

function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

async function requireUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return user;
}

/** Starts enrolment: a new secret kept aside until the user proves their app produces its codes. */
export async function setupTwoFactor(ctx: AppContext, userId: string) {
  const user = await requireUser(ctx, userId);
  if (user.totp_enabled_at) throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
  if (user.email_otp_enabled_at) throw new AppError('CONFLICT', messages.twoFactorOtherMethodOn);
  const secret = generateTotpSecret();
  await ctx.db.query('UPDATE users SET totp_pending_secret = $2, updated_at = now() WHERE id = $1', [
    userId,
    encrypt(ctx.keys.totpSecret, secret),
  ]);
  const url = otpauthUrl({ secret, account: user.email, issuer: ISSUER });
  return { secret, otpauthUrl: url, qrCodeDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
}

export async function enableTwoFactor(ctx: AppContext, userId: string, otp: string): Promise<string[]> {
  await ctx.limiter.consume('twoFactorPerUser', userId);
  const user = await requireUser(ctx, userId);
  if (user.totp_enabled_at) throw new AppError('CONFLICT', messages.twoFactorAlreadyEnabled);
  if (user.email_otp_enabled_at) throw new AppError('CONFLICT', messages.twoFactorOtherMethodOn);
  if (!user.totp_pending_secret) throw new AppError('BAD_REQUEST', messages.twoFactorNotSetUp);
  const key = base32Decode(decrypt(ctx.keys.totpSecret, user.totp_pending_secret));
  const step = matchTotpStep(key, otp, Date.now() / 1000);
  if (step === null) throw new AppError('BAD_REQUEST', messages.otpInvalid);

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = now(),
         totp_last_step = $2, updated_at = now()
       WHERE id = $1 AND totp_enabled_at IS NULL AND email_otp_enabled_at IS NULL AND totp_pending_secret = $3`,
      [userId, step, user.totp_pending_secret],
    );
    if (rowCount !== 1) throw new AppError('CONFLICT', messages.twoFactorNotSetUp);
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    for (const code of codes) {
      await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [userId, sha256(normalizeRecoveryCode(code))]);
    }
    await notifyUser(tx, userId, accountNotices.twoFactorOn);
  });
  return codes;
}

export async function disableTwoFactor(ctx: AppContext, userId: string, input: { password: string; otp: string }) {
  await ctx.limiter.consume('twoFactorPerUser', userId);
  const user = await requireUser(ctx, userId);
  if (!user.totp_enabled_at) throw new AppError('BAD_REQUEST', messages.twoFactorNotEnabled);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', messages.passwordIncorrect, { errors: { password: messages.passwordIncorrect } });
  }
  if (!(await checkSecondFactor(ctx, user, input.otp))) {
    throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { otp: messages.otpInvalid } });
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL,
         updated_at = now() WHERE id = $1`,
      [userId],
    );
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await notifyUser(tx, userId, accountNotices.twoFactorOff);
    await enqueueEmail(
      tx,
      'two_factor_off',
      twoFactorOffEmail({ email: user.email, firstName: user.first_name }, 'authenticator', `${ctx.config.appUrl}/forgot-password`),
    );
  });
}

/**
 * Accepts a current authenticator code or an unused recovery code, each once.
 * The conditional UPDATEs make acceptance atomic: of two concurrent requests
 * with the same code, only one changes a row.
 */
export async function checkSecondFactor(ctx: AppContext, user: UserRow, otp: string, db: Queryable = ctx.db): Promise<boolean> {
  const code = otp.trim();
  if (!user.totp_secret || !code) return false;
  if (/^\d{6}$/.test(code)) {
    const key = base32Decode(decrypt(ctx.keys.totpSecret, user.totp_secret));
    const step = matchTotpStep(key, code, Date.now() / 1000);
    if (step === null) return false;
    const { rowCount } = await db.query(
      'UPDATE users SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)',
      [user.id, step],
    );
    return rowCount === 1;
  }
  const { rowCount } = await db.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [user.id, sha256(normalizeRecoveryCode(code))],
  );
  return rowCount === 1;
}
