import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { callApi } from '../../../lib/api-client';

export function verifyEmail(token: string) {
  return callApi(authEndpoints.verifyEmail, { query: { token } });
}

export function resendVerification(email: string) {
  return callApi(authEndpoints.resendVerification, { body: { email } });
}
