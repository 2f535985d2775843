import {
  loginInitiateResponse,
  loginVerifyResponse,
  type LoginInitiateRequest,
  type LoginVerifyRequest,
} from '@fipay/contracts/auth';
import { api } from '../../../lib/api-client';

export function initiateLogin(body: LoginInitiateRequest) {
  return api.post('auth/login/initiate', loginInitiateResponse, body, { auth: false });
}

export function verifyLoginOtp(body: LoginVerifyRequest) {
  return api.post('auth/login/verify-otp', loginVerifyResponse, body, { auth: false });
}
