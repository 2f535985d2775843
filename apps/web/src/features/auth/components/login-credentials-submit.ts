import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import { errorCode } from '@fipay/contracts/error-codes';
import { emailField } from '@fipay/contracts/fields';
import { messages } from '@fipay/contracts/messages';
import toast from 'react-hot-toast';
import type { NavigateFunction } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { resendVerification } from '../api/email-verification';
import { initiateLogin } from '../api/login';
import { completeSignIn, type SignInCredentials } from '../hooks/use-complete-sign-in';

// What the sign-in form does when used; loaded with it at the first interaction so /login opens without the API code.

export type SignInOutcome =
  | { kind: 'signed-in' }
  /** `credentials` carry initiate's proof that the password has checked, for the code's verify-otp. */
  | { kind: 'two-factor'; method: TwoFactorMethod; credentials: SignInCredentials }
  | { kind: 'unverified'; message: string }
  /** Toasted already; `error` may carry field errors for the form. */
  | { kind: 'failed'; error: unknown };

export async function signInWithPassword(navigate: NavigateFunction, credentials: LoginInitiateRequest): Promise<SignInOutcome> {
  try {
    const { data } = await initiateLogin(credentials);
    const attempt = { ...credentials, passwordProof: data.passwordProof };
    if (data.twoFactorEnabled) return { kind: 'two-factor', method: data.twoFactorMethod ?? 'authenticator', credentials: attempt };
    await completeSignIn(navigate, attempt, '');
    return { kind: 'signed-in' };
  } catch (error) {
    if (error instanceof ApiError && error.code === errorCode.EMAIL_NOT_VERIFIED) {
      return { kind: 'unverified', message: error.message || messages.emailNotVerified };
    }
    toast.error(errorMessage(error, messages.loginFailed, messages.loginFailed), { id: 'login-error' });
    return { kind: 'failed', error };
  }
}

export async function resendVerificationEmail(email: string) {
  const parsed = emailField.safeParse(email);
  if (!parsed.success) {
    toast.error(messages.emailInvalid);
    return;
  }
  try {
    const response = await resendVerification(parsed.data);
    toast.success(response.message || messages.verificationResent);
  } catch (error) {
    toast.error(errorMessage(error, messages.genericError));
  }
}
