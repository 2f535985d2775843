import type { resetPasswordRequest } from '@fipay/contracts/auth';
import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return callApi(authEndpoints.forgotPassword, { body: { email } });
}

export function resetPassword(body: z.input<typeof resetPasswordRequest>) {
  return callApi(authEndpoints.resetPassword, { body });
}
