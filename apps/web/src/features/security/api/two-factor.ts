import {
  emailTwoFactorDisableResponse,
  emailTwoFactorEnableResponse,
  emailTwoFactorSendCodeResponse,
  twoFactorDisableResponse,
  twoFactorEnableResponse,
  twoFactorSetupResponse,
} from '@fipay/contracts/auth';
import { api } from '../../../lib/api-client';

type PasswordAndCode = { password: string; otp: string };

/** A new authenticator secret, kept aside by the server until a code from it confirms the enrolment. */
export function setupAuthenticator() {
  return api.post('auth/2fa/setup', twoFactorSetupResponse);
}

/** Turns the authenticator on; answers the recovery codes, which are never shown again. */
export function enableAuthenticator(otp: string) {
  return api.post('auth/2fa/enable', twoFactorEnableResponse, { otp });
}

/** `otp` is a current authenticator code or an unused recovery code. */
export function disableAuthenticator(body: PasswordAndCode) {
  return api.post('auth/2fa/disable', twoFactorDisableResponse, body);
}

/** Emails a code that confirms turning email codes on (when off) or off (when on). */
export function sendEmailTwoFactorCode() {
  return api.post('auth/2fa/email/send-code', emailTwoFactorSendCodeResponse);
}

export function enableEmailTwoFactor(otp: string) {
  return api.post('auth/2fa/email/enable', emailTwoFactorEnableResponse, { otp });
}

export function disableEmailTwoFactor(body: PasswordAndCode) {
  return api.post('auth/2fa/email/disable', emailTwoFactorDisableResponse, body);
}
