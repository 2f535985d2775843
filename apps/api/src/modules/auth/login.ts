import type { Session } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { getCompanyWithApplication } from '../company/application';
import { consumeEmailCode, sendEmailCode, type EmailCodeSent } from './email-otp';
import { checkSecondFactor } from './two-factor';
import { signAccessToken, startRefreshFamily } from './tokens';
import { findUserByLogin, loginIdentifier, twoFactorMethodOf, type UserRow } from './users';

type Credentials = { email: string; password: string };

/**
 * The password is checked before anything about the account is revealed, and
 * an unknown account costs the same hashing work as a wrong password.
 */
async function authenticate(ctx: AppContext, credentials: Credentials): Promise<UserRow> {
  const user = await findUserByLogin(ctx.db, credentials.email);
  const valid = await verifyPassword(user?.password_hash, credentials.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
  return user;
}

export async function initiateLogin(ctx: AppContext, credentials: Credentials, ip: string) {
  await ctx.limiter.consume('loginPerIp', ip);
  await ctx.limiter.consume('loginPerAccount', loginIdentifier(credentials.email));
  const user = await authenticate(ctx, credentials);
  const twoFactorMethod = twoFactorMethodOf(user);
  if (twoFactorMethod === 'email') await sendEmailCode(ctx, user, 'login', { reuseRecent: true });
  return { twoFactorEnabled: twoFactorMethod !== null, twoFactorMethod };
}

/** The OTP stage's 'Resend code': the password is checked again, so nobody else can make the mail flow. */
export async function resendLoginCode(ctx: AppContext, credentials: Credentials, ip: string): Promise<EmailCodeSent> {
  await ctx.limiter.consume('loginPerIp', ip);
  await ctx.limiter.consume('loginPerAccount', loginIdentifier(credentials.email));
  const user = await authenticate(ctx, credentials);
  if (twoFactorMethodOf(user) !== 'email') throw new AppError('BAD_REQUEST', messages.twoFactorNotEnabled);
  return sendEmailCode(ctx, user, 'login');
}

export async function completeLogin(ctx: AppContext, input: Credentials & { otp: string }, ip: string): Promise<Session> {
  const account = loginIdentifier(input.email);
  await ctx.limiter.consume('otpPerIp', ip);
  await ctx.limiter.consume('otpPerAccount', account);
  // verify-otp checks the password too, so it spends the same password-guess budget as initiate.
  await ctx.limiter.consume('loginPerAccount', account);
  const user = await authenticate(ctx, input);
  const method = twoFactorMethodOf(user);
  if (method === 'authenticator') {
    if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorRequired);
    if (!(await checkSecondFactor(ctx, user, input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
  } else if (method === 'email') {
    if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorEmailRequired);
    if (!(await consumeEmailCode(ctx, user.id, 'login', input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
  }
  await ctx.limiter.reset('loginPerAccount', account);
  await ctx.limiter.reset('otpPerAccount', account);

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
