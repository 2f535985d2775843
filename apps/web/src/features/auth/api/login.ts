import {
  loginInitiateResponse,
  loginResendOtpResponse,
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

/** A new emailed sign-in code; the credentials are checked again. */
export function resendLoginOtp(body: LoginInitiateRequest) {
  return api.post('auth/login/resend-otp', loginResendOtpResponse, body, { auth: false });
}
