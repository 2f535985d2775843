import type { LoginInitiateRequest, LoginVerifyRequest } from '@fipay/contracts/auth';
import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { callApi } from '../../../lib/api-client';

export function initiateLogin(body: LoginInitiateRequest) {
  return callApi(authEndpoints.loginInitiate, { body });
}

export function verifyLoginOtp(body: LoginVerifyRequest) {
  return callApi(authEndpoints.loginVerifyOtp, { body });
}

/** A new emailed sign-in code; the credentials are checked again. */
export function resendLoginOtp(body: LoginInitiateRequest) {
  return callApi(authEndpoints.loginResendOtp, { body });
}
