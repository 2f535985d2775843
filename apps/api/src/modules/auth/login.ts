import type { Session } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { getCompanyWithApplication } from '../company/application';
import { consumeEmailCode, sendEmailCode, type EmailCodeSent } from './email-otp';
import { checkSecondFactor } from './two-factor';
import { signAccessToken, startRefreshFamily } from './tokens';
import { findUserByLogin, limitSubject, twoFactorMethodOf, type UserRow } from './users';

type Credentials = { email: string; password: string };

type LimitRule = 'loginPerAccount' | 'otpPerAccount';

/**
 * The password is checked before anything about the account is revealed, and
 * an unknown account costs the same hashing work as a wrong password. Each attempt first spends
 * the address's budget, then the account's (`limits`), whichever spelling of the login it used.
 */
async function authenticate(
  ctx: AppContext,
  credentials: Credentials,
  limits: { ip: string; ipRule: 'loginPerIp' | 'otpPerIp'; accountRules: readonly LimitRule[] },
): Promise<{ user: UserRow; subject: string }> {
  await ctx.limiter.consume(limits.ipRule, limits.ip);
  const user = await findUserByLogin(ctx.db, credentials.email);
  const subject = limitSubject(user, credentials.email);
  for (const rule of limits.accountRules) await ctx.limiter.consume(rule, subject);
  const valid = await verifyPassword(user?.password_hash, credentials.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
  return { user, subject };
}

const passwordStage = { ipRule: 'loginPerIp', accountRules: ['loginPerAccount'] } as const;
// verify-otp checks the password too, so it spends the same password-guess budget as initiate.
const codeStage = { ipRule: 'otpPerIp', accountRules: ['otpPerAccount', 'loginPerAccount'] } as const;

export async function initiateLogin(ctx: AppContext, credentials: Credentials, ip: string) {
  const { user } = await authenticate(ctx, credentials, { ip, ...passwordStage });
  const twoFactorMethod = twoFactorMethodOf(user);
  if (twoFactorMethod === 'email') await sendEmailCode(ctx, user, 'login', { reuseRecent: true });
  return { twoFactorEnabled: twoFactorMethod !== null, twoFactorMethod };
}

/** The OTP stage's 'Resend code': the password is checked again, so nobody else can make the mail flow. */
export async function resendLoginCode(ctx: AppContext, credentials: Credentials, ip: string): Promise<EmailCodeSent> {
  const { user } = await authenticate(ctx, credentials, { ip, ...passwordStage });
  if (twoFactorMethodOf(user) !== 'email') throw new AppError('BAD_REQUEST', messages.twoFactorNotEnabled);
  return sendEmailCode(ctx, user, 'login');
}

export async function completeLogin(ctx: AppContext, input: Credentials & { otp: string }, ip: string): Promise<Session> {
  const { user, subject } = await authenticate(ctx, input, { ip, ...codeStage });
  const method = twoFactorMethodOf(user);
  if (method === 'authenticator') {
    if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorRequired);
    if (!(await checkSecondFactor(ctx, user, input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
  } else if (method === 'email') {
    if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorEmailRequired);
    if (!(await consumeEmailCode(ctx, user.id, 'login', input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
  }
  await ctx.limiter.reset('loginPerAccount', subject);
  await ctx.limiter.reset('otpPerAccount', subject);

  const { sessionId, refreshToken } = await startRefreshFamily(ctx.db, user.id);
  const accessToken = await signAccessToken(ctx, { userId: user.id, companyId: user.company_id, sessionId });
  return {
    user: {
      id: user.id,
      companyId: user.company_id,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
    },
    company: await getCompanyWithApplication(ctx, user.company_id),
    accessToken,
    refreshToken,
  };
}
