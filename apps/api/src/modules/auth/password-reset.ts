import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { withMinimumDuration } from '../../lib/timing';
import { enqueueEmail } from '../../mail/outbox';
import { passwordResetEmail } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { revokeAllRefreshTokens } from './tokens';
import { findUserByLogin, limitSubject } from './users';

const PARITY_MS = 350;

/** Emails a reset link when the account exists; the answer and its timing are the same either way. */
export async function requestPasswordReset(ctx: AppContext, login: string, ip: string): Promise<void> {
  await ctx.limiter.consume('forgotPerIp', ip);
  await withMinimumDuration(PARITY_MS, async () => {
    const user = await findUserByLogin(ctx.db, login);
    // One budget per account, whether asked for by its email or by any spelling of its phone.
    await ctx.limiter.consume('forgotPerEmail', limitSubject(user, login));
    if (!user) return;
    await ctx.db.transaction(async (tx) => {
      const token = await issueEmailToken(tx, user.id, 'reset_password');
      const link = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, 'reset_password', passwordResetEmail({ email: user.email, firstName: user.first_name }, link));
    });
  });
}

/** Sets a new password from a reset link and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, input: { token: string; newPassword: string }, ip: string): Promise<void> {
  await ctx.limiter.consume('resetPerIp', ip);
  // Checked before the token is spent, so a refused password does not cost the user their link.
  if (isCommonPassword(input.newPassword)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordCommon, { errors: { newPassword: messages.passwordCommon } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password');
    if (!userId) return false;
    // Opening the emailed link proves the mailbox, so it also verifies the address.
    await tx.query(
      `UPDATE users SET password_hash = $2, password_changed_at = now(), email_verified_at = coalesce(email_verified_at, now()),
         updated_at = now()
       WHERE id = $1`,
      [userId, passwordHash],
    );
    await revokeAllRefreshTokens(tx, userId);
    await notifyUser(tx, userId, accountNotices.passwordReset);
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', messages.invalidOrExpiredToken);
}
