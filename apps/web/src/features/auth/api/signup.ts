import { signupResponse, type SignupRequest } from '@fipay/contracts/auth';
import { api } from '../../../lib/api-client';

export function signup(body: SignupRequest) {
  return api.post('auth/signup', signupResponse, body, { auth: false });
}
