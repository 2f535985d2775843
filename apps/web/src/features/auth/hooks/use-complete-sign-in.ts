import type { LoginInitiateRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, type NavigateFunction } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';
import { verifyLoginOtp } from '../api/login';

/** Second half of sign-in (SPEC.md section 4): verify the code, keep the session, resume onboarding. Throws on failure. */
export async function completeSignIn(navigate: NavigateFunction, credentials: LoginInitiateRequest, otp: string) {
  const { data: session } = await verifyLoginOtp({ ...credentials, otp });
  useAuthStore.getState().setSession(session);
  useKycStore.getState().hydrateFromApplication(session.company.application);
  toast.dismiss('login-error');
  toast.success(messages.loginSuccess);
  navigate(paths.dashboard, { replace: true });
}

export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (credentials: LoginInitiateRequest, otp: string) => completeSignIn(navigate, credentials, otp),
    [navigate],
  );
}
