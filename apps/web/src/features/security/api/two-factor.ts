import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { callApi } from '../../../lib/api-client';

type PasswordAndCode = { password: string; otp: string };

/** A new authenticator secret, kept aside by the server until a code from it confirms the enrolment. */
export function setupAuthenticator() {
  return callApi(authEndpoints.twoFactorSetup);
}

/** Turns the authenticator on; answers the recovery codes, which are never shown again. */
export function enableAuthenticator(otp: string) {
  return callApi(authEndpoints.twoFactorEnable, { body: { otp } });
}

/** `otp` is a current authenticator code or an unused recovery code. */
export function disableAuthenticator(body: PasswordAndCode) {
  return callApi(authEndpoints.twoFactorDisable, { body });
}

/** Emails a code that confirms turning email codes on (when off) or off (when on). */
export function sendEmailTwoFactorCode() {
  return callApi(authEndpoints.emailTwoFactorSendCode);
}

export function enableEmailTwoFactor(otp: string) {
  return callApi(authEndpoints.emailTwoFactorEnable, { body: { otp } });
}

export function disableEmailTwoFactor(body: PasswordAndCode) {
  return callApi(authEndpoints.emailTwoFactorDisable, { body });
}
