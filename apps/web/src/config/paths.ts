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
  security: '/dashboard/security',
  notifications: '/dashboard/notifications',
  settings: '/dashboard/settings',
  paymentMethods: '/dashboard/payment-methods',
  wallet: '/dashboard/wallet',
  walletAsset: '/dashboard/wallet/:asset',
  // Send and Receive one asset (docs/decisions/0073-transfers-between-businesses.md).
  walletSend: '/dashboard/wallet/:asset/send',
  // Send to a bank account (docs/decisions/0075-withdrawals.md).
  walletWithdraw: '/dashboard/wallet/:asset/withdraw',
  walletReceive: '/dashboard/wallet/:asset/receive',
  // SPEC.md gives two paths each for trade history and partners (profile menu vs sidebar); both are kept.
  tradeHistory: '/dashboard/trade-history',
  trades: '/dashboard/trades',
  // One trade of the marketplace (docs/decisions/0084-marketplace-offers-trades-and-escrow.md).
  trade: '/dashboard/trades/:tradeId',
  // The marketplace's offers, open to signed-out visitors too (the header's Marketplace and Become a Vendor).
  marketplace: '/marketplace',
  tradePartners: '/dashboard/trade-partners',
  partners: '/dashboard/partners',
  transactions: '/dashboard/transactions',
  offers: '/dashboard/offers',
  favorites: '/dashboard/favorites',
  statistics: '/dashboard/statistics',
  badges: '/dashboard/badges',
  university: '/dashboard/university',
  universityGuide: '/dashboard/university/:slug',
  // The same guides for signed-out visitors (the public header's Learn).
  learn: '/learn',
  learnGuide: '/learn/:slug',
  community: '/dashboard/community',
  developer: '/dashboard/dev',
  events: '/dashboard/events',
  paymentLinks: '/payment-links',
  apiKeys: '/api-keys',
  docs: '/docs',
  legalDocument: '/legal/:document',
  terms: '/legal/terms',
  amlPolicy: '/legal/aml-policy',
  privacy: '/legal/privacy',
  cookies: '/legal/cookies',
  restrictedCountries: '/legal/restricted-countries',
  vipTerms: '/legal/vip-terms',
  // The compliance back office (reviewers only; its pages are separate chunks).
  admin: '/admin',
  adminLogin: '/admin/login',
  adminSetPassword: '/admin/set-password',
  adminApplication: '/admin/applications/:companyId',
  adminReviewers: '/admin/reviewers',
  adminLivePayments: '/admin/live-payments',
  adminLimitRequests: '/admin/limit-requests',
  adminLimitRequest: '/admin/limit-requests/:requestId',
  adminWallet: '/admin/applications/:companyId/wallet',
  adminPaymentMethodReviews: '/admin/payment-methods',
  adminDisputes: '/admin/disputes',
  adminDispute: '/admin/disputes/:tradeId',
  // The operator's announcements, admins only (docs/decisions/0091-announcements-from-the-back-office.md); `new` writes one.
  adminAnnouncements: '/admin/announcements',
  adminAnnouncement: '/admin/announcements/:announcementId',
} as const;

/** The transactions page's tab in its address (`?tab=payouts`), so a link can open the payouts. */
export const TRANSACTIONS_TAB_PARAM = 'tab';
export const PAYOUTS_TAB = 'payouts';
export const payoutsPath = `${paths.transactions}?${TRANSACTIONS_TAB_PARAM}=${PAYOUTS_TAB}`;

export const adminDisputePath = (tradeId: string) => `/admin/disputes/${encodeURIComponent(tradeId)}`;
export const NEW_ANNOUNCEMENT = 'new';
export const adminAnnouncementPath = (announcementId: string) => `/admin/announcements/${encodeURIComponent(announcementId)}`;
export const adminLimitRequestPath = (requestId: string) => `/admin/limit-requests/${encodeURIComponent(requestId)}`;

export const adminApplicationPath = (companyId: string) => `/admin/applications/${encodeURIComponent(companyId)}`;

/** An asset's pages in the wallet: its statement, and Send (`to` fills in the recipient) and Receive. */
export const walletAssetPath = (asset: string) => `/dashboard/wallet/${encodeURIComponent(asset)}`;
export const walletSendPath = (asset: string, to?: string) => `${walletAssetPath(asset)}/send${to ? `?to=${encodeURIComponent(to)}` : ''}`;
/** Send an asset to a bank account (a withdrawal). */
export const walletWithdrawPath = (asset: string) => `${walletAssetPath(asset)}/withdraw`;
export const walletReceivePath = (asset: string) => `${walletAssetPath(asset)}/receive`;
export const adminWalletPath = (companyId: string) => `${adminApplicationPath(companyId)}/wallet`;

export const tradePath = (tradeId: string) => `/dashboard/trades/${encodeURIComponent(tradeId)}`;
/** The marketplace's part that explains how a business becomes a vendor (the header's Become a Vendor). */
export const becomeVendorPath = '/marketplace#become-a-vendor';

/** The University's guides (docs/decisions/0088-university-and-community.md), for the "Learn how" links of the screens they explain. */
export type GuideSlug = 'taking-payments' | 'going-live' | 'escrow-and-disputes' | 'staying-safe-p2p' | 'limits-and-tiers' | 'sending-and-receiving';
export const guidePath = (slug: GuideSlug, base: string = paths.university) => `${base}/${slug}`;
