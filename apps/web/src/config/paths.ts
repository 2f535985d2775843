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
  // Legal pages are listed in the footer (SPEC.md section 1) but have no screen yet.
  terms: '/legal/terms',
  privacy: '/legal/privacy',
} as const;
