import { resendVerificationResponse, verifyEmailResponse } from '@fipay/contracts/auth';
import { api } from '../../../lib/api-client';

export function verifyEmail(token: string) {
  return api.get('auth/verify-email', verifyEmailResponse, { query: { token }, auth: false });
}

export function resendVerification(email: string) {
  return api.post('auth/resend-verification', resendVerificationResponse, { email }, { auth: false });
}
