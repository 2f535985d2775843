import { messages } from '@fipay/contracts/messages';
import type { AccessClaims } from './tokens';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { enqueueEmail } from '../../mail/outbox';
import { passwordChangedEmail } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { revokeAllRefreshTokens } from './tokens';
import { findUserById } from './users';

/**
 * Changes the password of a signed-in user who proves they know the current
 * one. Every other session ends (their refresh and access tokens stop working
 * at once); the session that made the change stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  auth: AccessClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await ctx.limiter.consume('changePasswordPerUser', auth.userId);
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', messages.currentPasswordIncorrect, {
      errors: { currentPassword: messages.currentPasswordIncorrect },
    });
  }
  if (isCommonPassword(input.newPassword)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordCommon, { errors: { newPassword: messages.passwordCommon } });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError('VALIDATION_FAILED', messages.passwordUnchanged, { errors: { newPassword: messages.passwordUnchanged } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      'UPDATE users SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1',
      [user.id, passwordHash],
    );
    await revokeAllRefreshTokens(tx, user.id, auth.sessionId);
    await notifyUser(tx, user.id, accountNotices.passwordChanged);
    await enqueueEmail(
      tx,
      'password_changed',
      passwordChangedEmail({ email: user.email, firstName: user.first_name }, `${ctx.config.appUrl}/forgot-password`),
    );
  });
}
