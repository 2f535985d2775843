import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { withMinimumDuration } from '../../lib/timing';
import { enqueueEmail } from '../../mail/outbox';
import { verificationEmail } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { consumeEmailToken, issueEmailToken } from './email-tokens';

export async function verifyEmail(ctx: AppContext, token: string, ip: string): Promise<void> {
  await ctx.limiter.consume('verifyEmailPerIp', ip);
  const verified = await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    if (!userId) return false;
    await tx.query(
      'UPDATE users SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1',
      [userId],
    );
    await notifyUser(tx, userId, accountNotices.emailVerified);
    return true;
  });
  if (!verified) throw new AppError('BAD_REQUEST', messages.invalidOrExpiredToken);
}

// Long enough to cover the lookup, the token and the outbox write on a busy server.
const PARITY_MS = 350;

/** Sends a new link to an unverified account; answers the same, in the same time, for any email. */
export async function resendVerification(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limiter.consume('resendPerIp', ip);
  await ctx.limiter.consume('resendPerEmail', email);
  await withMinimumDuration(PARITY_MS, async () => {
    await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; first_name: string; company_name: string }>(
        `SELECT u.id, u.first_name, c.name AS company_name FROM users u JOIN companies c ON c.id = u.company_id
         WHERE u.email = $1 AND u.email_verified_at IS NULL`,
        [email],
      );
      const user = rows[0];
      if (!user) return;
      const token = await issueEmailToken(tx, user.id, 'verify_email');
      const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, 'verify_email', verificationEmail({ email, firstName: user.first_name, companyName: user.company_name }, link));
    });
  });
}
