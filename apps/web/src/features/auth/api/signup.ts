import type { SignupRequest } from '@fipay/contracts/auth';
import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { callApi } from '../../../lib/api-client';

export function signup(body: SignupRequest) {
  return callApi(authEndpoints.signup, { body });
}
