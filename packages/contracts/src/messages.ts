/** User-facing texts shared by the server and the web app (SPEC.md sections 5 and 8). */
export const messages = {
  genericError: 'Something went wrong. Please try again.',
  validationFailed: 'Please correct the highlighted fields.',
  notFound: 'Not found.',
  databaseUnreachable: 'Not ready: the database cannot be reached.',
  serviceUnavailable: 'FiPay is briefly unavailable. Please try again in a few seconds.',
  migrationsPending: 'Not ready: the database migrations are not all applied.',
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have access to this resource.',
  rateLimited: (seconds: number) =>
    `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,

  fieldRequired: 'This field is required.',
  charactersNotAllowed: 'Contains characters that are not allowed.',
  emailInvalid: 'Enter a valid email address.',
  phoneInvalid: 'Enter a valid phone number.',
  countryRequired: 'Country is required.',
  companyFieldsRequired: 'Please fill out all company fields before proceeding.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',

  signupSuccess: 'Account created! Check your email to verify.',
  signupFailed: 'Signup failed.',
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  countryUnknown: 'Choose a country from the list.',
  unexpectedError: 'An unexpected error occurred',

  invalidOrExpiredToken: 'Invalid or expired token.',
  emailVerified: 'Email verified successfully.',
  verificationFailed: 'Verification failed.',
  verificationResent:
    'If that account is waiting for verification, a new verification link is on its way.',

  invalidCredentials: 'Incorrect email/phone or password.',
  emailNotVerified:
    'Please verify your email before signing in. Use the link we emailed you, or request a new one with "Resend verification email".',
  loginFailed: 'Login failed',
  loginSuccess: 'Login successful',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  otpFailed: 'OTP verification failed',
  otpInvalid: 'Invalid or expired code.',

  refreshInvalid: 'Your session has expired. Please sign in again.',
  refreshed: 'Session refreshed.',
  loggedOut: 'Logged out.',

  forgotPasswordSent:
    'If an account exists for that email or phone number, we have sent a link to reset the password.',
  recoveryCodeSent: 'Recovery code sent successfully',
  recoveryCodeFailed: 'Failed to send code',
  forgotPasswordBanner: "We've just sent you an email to reset your password.",
  passwordReset: 'Your password has been reset successfully.',
  passwordResetFailed: 'Failed to reset password.',
  passwordResetThrown: 'An unexpected error occurred.',

  twoFactorSetup: 'Scan the QR code with your authenticator app, then confirm with a code.',
  twoFactorEnabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already on.',
  twoFactorNotSetUp: 'Start the setup again: no pending authenticator was found.',
  twoFactorNotEnabled: 'Two-factor authentication is not on.',
  passwordIncorrect: 'Incorrect password.',
  twoFactorOtherMethodOn: 'Turn off your current two-factor method first.',
  twoFactorEmailRequired: 'Enter the 6-digit code we sent to your email.',
  emailCodeSent: 'We sent a 6-digit code to your email. It expires in 10 minutes.',
  emailCodeWait: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
  emailTwoFactorEnabled: 'Email codes are on. Signing in will ask for a code sent to your email.',
  emailTwoFactorDisabled: 'Email codes are off.',

  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordUnchanged: 'Choose a new password that is different from the current one.',
  accountLoaded: 'Account loaded.',

  countriesLoaded: 'Countries loaded.',
  ok: 'OK',
} as const;
