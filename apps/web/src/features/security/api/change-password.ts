import { changePasswordResponse, type ChangePasswordRequest } from '@fipay/contracts/auth';
import { api } from '../../../lib/api-client';

/** The server signs out every other session of the user; this one stays signed in. */
export function changePassword(body: ChangePasswordRequest) {
  return api.post('auth/change-password', changePasswordResponse, body);
}
