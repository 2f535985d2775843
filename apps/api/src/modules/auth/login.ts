import type { Session } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { companyFromParts, getCompanyWithApplication } from '../company/application';
import { consumeEmailCode, sendEmailCode, type EmailCodeSent } from './email-otp';
import { checkSecondFactor } from './two-factor';
import { discardSignInProof, findUserPreparingProof, spendSignInProof, takeSignInProof, type PreparedProof } from './sign-in-proofs';
import { discardSession, newSession, signAccessToken, startRefreshFamily } from './tokens';
import { findUserByLogin, limitSubject, twoFactorMethodOf, type UserRow } from './users';

type Credentials = { email: string; password: string };

type LimitRule = 'loginPerAccount' | 'otpPerAccount';

/**
 * The password is checked before anything about the account is revealed, and
 * an unknown account costs the same hashing work as a wrong password. Each attempt first spends
 * the address's budget, then the account's (`limits`), whichever spelling of the login it used.
 * With `withProof` (initiate), the statement that finds the user also writes a verified user's sign-in proof for the
 * password sent (docs/decisions/0097-initiate-finds-the-user-and-writes-the-proof-at-once.md); it is handed back only
 * once the password has checked, and deleted when anything after the statement refuses.
 */
async function authenticate(
  ctx: AppContext,
  credentials: Credentials,
  limits: { ip: string; ipRule: 'loginPerIp' | 'otpPerIp'; accountRules: readonly LimitRule[] },
  withProof = false,
): Promise<{ user: UserRow; subject: string; prepared: PreparedProof | undefined }> {
  await ctx.limiter.consume(limits.ipRule, limits.ip);
  const { user, prepared } = withProof
    ? await findUserPreparingProof(ctx, credentials.email, credentials.password)
    : { user: await findUserByLogin(ctx.db, credentials.email), prepared: undefined };
  try {
    const subject = limitSubject(user, credentials.email);
    for (const rule of limits.accountRules) await ctx.limiter.consume(rule, subject);
    const valid = await verifyPassword(user?.password_hash, credentials.password);
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    return { user, subject, prepared };
  } catch (error) {
    if (prepared) discardSignInProof(ctx, prepared);
    throw error;
  }
}

const passwordStage = { ipRule: 'loginPerIp', accountRules: ['loginPerAccount'] } as const;
// verify-otp checks the password too, so it spends the same password-guess budget as initiate.
const codeStage = { ipRule: 'otpPerIp', accountRules: ['otpPerAccount', 'loginPerAccount'] } as const;

/**
 * verify-otp's check of the credentials when it carries initiate's proof that this password was checked
 * (docs/decisions/0057-one-password-check-per-sign-in.md): the same limits are spent as on the password path, but
 * the proof is compared with the login and password instead of Argon2id running again. A proof that is malformed,
 * unknown, spent, expired, of another user or sent with another password gets the wrong password's answer, and is
 * deleted when it existed. A user without a second factor spends the proof as it is read; a two-factor user's
 * proof is spent by the caller once the code has checked (`proofToSpend`).
 */
async function authenticateWithProof(ctx: AppContext, input: Credentials & { passwordProof: string }, ip: string) {
  await ctx.limiter.consume(codeStage.ipRule, ip);
  // A user without a second factor gets the session in the statement that spends the proof: handed out below only
  // if the proof holds, deleted otherwise (docs/decisions/0081-sign-in-waits-for-argon2id-only.md).
  const session = newSession();
  const proof = await takeSignInProof(ctx, input.passwordProof, input.email, input.password, session);
  try {
    // The subject is the one the password path would count against: the account the login names.
    const subject = limitSubject(proof?.user ?? (await findUserByLogin(ctx.db, input.email)), input.email);
    for (const rule of codeStage.accountRules) await ctx.limiter.consume(rule, subject);
    const user = proof?.valid ? proof.user : undefined;
    const twoFactor = user ? twoFactorMethodOf(user) !== null : false;
    // Of two requests with one proof of a user without a second factor, only the one that spent it goes on.
    if (!proof || !user || (!twoFactor && !proof.spent)) {
      if (proof && !proof.spent) await spendSignInProof(ctx.db, proof.id);
      throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    }
    if (!user.email_verified_at) throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    return { user, subject, proofToSpend: twoFactor ? proof.id : undefined, session: proof.sessionStarted ? session : undefined, company: proof.company };
  } catch (error) {
    if (proof?.sessionStarted) await discardSession(ctx.db, session.sessionId);
    throw error;
  }
}

export async function initiateLogin(ctx: AppContext, credentials: Credentials, ip: string) {
  // The proof's row is written by the statement that finds the user, so the answer waits for that statement and the
  // hash alone; the proof is handed out only below, once the password has checked.
  const { user, prepared } = await authenticate(ctx, credentials, { ip, ...passwordStage }, true);
  if (!prepared) throw new Error('a verified account signed in without its proof prepared');
  const twoFactorMethod = twoFactorMethodOf(user);
  if (twoFactorMethod === 'email') {
    try {
      await sendEmailCode(ctx, user, 'login', { reuseRecent: true });
    } catch (error) {
      discardSignInProof(ctx, prepared);
      throw error;
    }
  }
  return { twoFactorEnabled: twoFactorMethod !== null, twoFactorMethod, passwordProof: prepared.proof };
}

/** The OTP stage's 'Resend code': the password is checked again, so nobody else can make the mail flow. */
export async function resendLoginCode(ctx: AppContext, credentials: Credentials, ip: string): Promise<EmailCodeSent> {
  const { user } = await authenticate(ctx, credentials, { ip, ...passwordStage });
  if (twoFactorMethodOf(user) !== 'email') throw new AppError('BAD_REQUEST', messages.twoFactorNotEnabled);
  return sendEmailCode(ctx, user, 'login');
}

export async function completeLogin(
  ctx: AppContext,
  input: Credentials & { otp: string; passwordProof?: string | undefined },
  ip: string,
): Promise<Session> {
  const { passwordProof } = input;
  const { user, subject, proofToSpend, session, company } = passwordProof
    ? await authenticateWithProof(ctx, { ...input, passwordProof }, ip)
    : { ...(await authenticate(ctx, input, { ip, ...codeStage })), proofToSpend: undefined, session: undefined, company: undefined };
  try {
    const method = twoFactorMethodOf(user);
    if (method === 'authenticator') {
      if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorRequired);
      if (!(await checkSecondFactor(ctx, user, input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
    } else if (method === 'email') {
      if (!input.otp) throw new AppError('INVALID_OTP', messages.twoFactorEmailRequired);
      if (!(await consumeEmailCode(ctx, user.id, 'login', input.otp))) throw new AppError('INVALID_OTP', messages.otpInvalid);
    }
    // After the code, so a wrong one leaves the proof for the next try; a proof spent meanwhile by another request signs nobody in twice.
    if (proofToSpend && !(await spendSignInProof(ctx.db, proofToSpend))) throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
    await Promise.all([ctx.limiter.reset('loginPerAccount', subject), ctx.limiter.reset('otpPerAccount', subject)]);

    // The proof's statement read the company with its application (and, without a second factor, wrote the session);
    // otherwise the session and the company are independent statements, sent together to cost one wait.
    const [{ sessionId, refreshToken }, companyAnswer] = await Promise.all([
      session ?? startRefreshFamily(ctx.db, user.id),
      company ? companyFromParts(ctx, company) : getCompanyWithApplication(ctx, user.company_id),
    ]);
    const accessToken = signAccessToken(ctx, { userId: user.id, companyId: user.company_id, sessionId });
    return {
      user: {
        id: user.id,
        companyId: user.company_id,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
      },
      company: companyAnswer,
      accessToken,
      refreshToken,
    };
  } catch (error) {
    // A session written with the proof and not handed out is deleted; the original failure is what the client gets.
    if (session) await discardSession(ctx.db, session.sessionId).catch(() => undefined);
    throw error;
  }
}
