import { z } from 'zod';
import { companySchema, sessionUserSchema } from './company';
import { emptyEnvelope, envelope } from './envelope';
import { emailField, loginIdField, phoneField, requiredText, serverChecks, text, uuid } from './fields';
import { INT4_MAX } from './limits';
import { messages } from './messages';
import { newPasswordSchema } from './password';

export const signupCompanySchema = z.object({
  name: requiredText(200),
  email: emailField,
  phone: phoneField,
  website: requiredText(200),
  // Any whole number a country id could not be (an int4 column, from 1) is answered as an unknown country.
  countryId: serverChecks(
    z.number(messages.countryRequired).int(messages.countryUnknown).min(1, messages.countryUnknown).max(INT4_MAX, messages.countryUnknown),
    'The id of a country of GET /countries.',
  ),
  address: requiredText(300),
  registrationNo: requiredText(50),
});

export const signupUserSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField,
  phone: phoneField,
  password: newPasswordSchema,
});

export const signupRequest = z.object({ company: signupCompanySchema, user: signupUserSchema });
export type SignupRequest = z.input<typeof signupRequest>;
export const signupResponse = emptyEnvelope;

export const verifyEmailQuery = z.object({ token: text().min(1, messages.invalidOrExpiredToken).max(200) });
export const verifyEmailResponse = emptyEnvelope;

export const resendVerificationRequest = z.object({ email: emailField });
export const resendVerificationResponse = emptyEnvelope;

export const loginInitiateRequest = z.object({
  email: loginIdField,
  password: text(messages.fieldRequired).min(1, messages.fieldRequired).max(1024),
});
export type LoginInitiateRequest = z.input<typeof loginInitiateRequest>;
/** The second factor a user has turned on: an authenticator app (TOTP) or codes sent by email. */
export const twoFactorMethods = ['authenticator', 'email'] as const;
export const twoFactorMethodSchema = z.enum(twoFactorMethods);
export type TwoFactorMethod = z.infer<typeof twoFactorMethodSchema>;

export const loginInitiateResponse = envelope(
  z.object({
    twoFactorEnabled: z.boolean(),
    // Present when twoFactorEnabled; with 'email' the server has just sent the code.
    twoFactorMethod: twoFactorMethodSchema.nullable(),
    // Proof that this attempt's password has checked: sent back to verify-otp (with the same email and password),
    // it spares the server a second password hash. Single use, for this user, for a few minutes (ADR 0057).
    passwordProof: z.string(),
  }),
);

export const loginVerifyRequest = loginInitiateRequest.extend({
  // Empty when two-factor is off (SPEC.md section 4); otherwise a 6-digit code or a recovery code.
  otp: text().trim().max(32).default(''),
  // Initiate's passwordProof, when the client has one: the password is then matched against it rather than hashed
  // again. A proof that does not hold (spent, expired, another user's or another password's) gets the wrong
  // password's answer; without one the password is checked in full.
  passwordProof: text().max(200).optional(),
});
export type LoginVerifyRequest = z.input<typeof loginVerifyRequest>;

export const sessionSchema = z.object({
  user: sessionUserSchema,
  company: companySchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const loginVerifyResponse = envelope(sessionSchema);

export const refreshRequest = z.object({ userId: uuid, refreshToken: text().min(1).max(200) });
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const refreshResponse = envelope(tokenPairSchema);

export const logoutRequest = z.object({ refreshToken: text().min(1).max(200) });
export const logoutResponse = emptyEnvelope;

export const forgotPasswordRequest = z.object({ email: loginIdField });
export const forgotPasswordResponse = emptyEnvelope;

export const resetPasswordRequest = z.object({
  token: text().min(1, messages.invalidOrExpiredToken).max(200),
  newPassword: newPasswordSchema,
});
export const resetPasswordResponse = emptyEnvelope;

export const twoFactorSetupResponse = envelope(
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() }),
);
export const twoFactorEnableRequest = z.object({ otp: text().trim().regex(/^\d{6}$/, messages.otpInvalid) });
export const twoFactorEnableResponse = envelope(z.object({ recoveryCodes: z.array(z.string()) }));
export const twoFactorDisableRequest = z.object({
  password: text().min(1, messages.fieldRequired).max(1024),
  otp: text().trim().min(1, messages.fieldRequired).max(32),
});
export const twoFactorDisableResponse = emptyEnvelope;

/** A new emailed sign-in code, for the OTP stage's 'Resend code'; credentials are checked again. */
export const loginResendOtpRequest = loginInitiateRequest;
export const emailCodeSentData = z.object({
  /** Seconds until the code expires. */
  expiresInSeconds: z.number().int(),
  /** Seconds before another code may be requested. */
  resendInSeconds: z.number().int(),
});
export const loginResendOtpResponse = envelope(emailCodeSentData);

/** Emails a code that confirms turning email codes on (when off) or off (when on). */
export const emailTwoFactorSendCodeResponse = envelope(emailCodeSentData);
export const emailTwoFactorEnableRequest = z.object({ otp: text().trim().regex(/^\d{6}$/, messages.otpInvalid) });
export const emailTwoFactorEnableResponse = emptyEnvelope;
export const emailTwoFactorDisableRequest = z.object({
  password: text().min(1, messages.fieldRequired).max(1024),
  otp: text().trim().regex(/^\d{6}$/, messages.otpInvalid),
});
export const emailTwoFactorDisableResponse = emptyEnvelope;

export const changePasswordRequest = z.object({
  currentPassword: text(messages.fieldRequired).min(1, messages.fieldRequired).max(1024),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
export const changePasswordResponse = emptyEnvelope;
