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
  legalDocument: '/legal/:document',
  terms: '/legal/terms',
  amlPolicy: '/legal/aml-policy',
  privacy: '/legal/privacy',
  cookies: '/legal/cookies',
  restrictedCountries: '/legal/restricted-countries',
  vipTerms: '/legal/vip-terms',
} as const;
