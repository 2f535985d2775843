/** Every route of the web app (SPEC.md section 2). */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  approveRep: '/approve-rep',
  thankYou: '/thank-you',
  dashboard: '/dashboard',
} as const;
