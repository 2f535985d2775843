import type { LoginInitiateRequest } from '@fipay/contracts/auth';
import { errorCode } from '@fipay/contracts/error-codes';
import { messages } from '@fipay/contracts/messages';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, type NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';
import { verifyLoginOtp } from '../api/login';

/** The credentials of an attempt, with initiate's proof that the password has checked (ADR 0057) once it has. */
export type SignInCredentials = LoginInitiateRequest & { passwordProof?: string };

/**
 * verify-otp with the proof, so the server does not hash the password a second time. A proof that no longer holds
 * (it lapsed while the user fetched the code, or was spent) is refused like a wrong password although the password
 * is right: the call is then made once more without it, which checks the password in full.
 */
async function verify({ passwordProof, ...credentials }: SignInCredentials, otp: string) {
  if (passwordProof) {
    try {
      return await verifyLoginOtp({ ...credentials, otp, passwordProof });
    } catch (error) {
      if (!(error instanceof ApiError && error.code === errorCode.INVALID_CREDENTIALS)) throw error;
    }
  }
  return verifyLoginOtp({ ...credentials, otp });
}

/** Second half of sign-in (SPEC.md section 4): verify the code, keep the session, resume onboarding. Throws on failure. */
export async function completeSignIn(navigate: NavigateFunction, credentials: SignInCredentials, otp: string) {
  const { data: session } = await verify(credentials, otp);
  useAuthStore.getState().setSession(session);
  useKycStore.getState().hydrateFromApplication(session.company.application);
  toast.dismiss('login-error');
  toast.success(messages.loginSuccess);
  navigate(paths.dashboard, { replace: true });
}

export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (credentials: SignInCredentials, otp: string) => completeSignIn(navigate, credentials, otp),
    [navigate],
  );
}
