import type { ChangePasswordRequest } from '@fipay/contracts/auth';
import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { callApi } from '../../../lib/api-client';

/** The server signs out every other session of the user; this one stays signed in. */
export function changePassword(body: ChangePasswordRequest) {
  return callApi(authEndpoints.changePassword, { body });
}
