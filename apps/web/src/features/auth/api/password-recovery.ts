import { forgotPasswordResponse, resetPasswordResponse, type resetPasswordRequest } from '@fipay/contracts/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return api.post('auth/forgot-password', forgotPasswordResponse, { email }, { auth: false });
}

export function resetPassword(body: z.input<typeof resetPasswordRequest>) {
  return api.post('auth/reset-password', resetPasswordResponse, body, { auth: false });
}
