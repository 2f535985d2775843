import { kybSteps } from '@fipay/contracts/kyb-options';
import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../lib/protected-route';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/** The onboarding steps' paths come from the contract, which the dashboard's 'Proceed to KYC' link also uses. */
function kycPath(step: number) {
  return kybSteps.find((s) => s.step === step)!.path;
}

/**
 * `interactionFirst`: the page is usable before any API code or the toaster arrives; those load with
 * the first interaction (docs/decisions/0012-web-delivery.md).
 */
export type RouteHandle = { interactionFirst?: boolean };
const interactionFirst: RouteHandle = { interactionFirst: true };

// Every page is its own chunk, so the landing page ships neither the auth screens nor the signed-in area.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: paths.home,
        handle: interactionFirst,
        lazy: () => import('../features/landing/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: paths.login,
        handle: interactionFirst,
        lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: paths.signup,
        handle: interactionFirst,
        lazy: () => import('../features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
      },
      {
        // The server-data cache; the three pages above open without it.
        lazy: () => import('./query-layout').then((m) => ({ Component: m.QueryLayout })),
        children: [
          {
            path: paths.forgotPassword,
            lazy: () =>
              import('../features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: paths.resetPassword,
            lazy: () => import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
          {
            path: paths.verifyEmail,
            lazy: () => import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: paths.approveRep,
            lazy: () => import('../features/rep-approval/approve-rep-page').then((m) => ({ Component: m.ApproveRepPage })),
          },
          {
            path: paths.thankYou,
            lazy: () => import('../features/rep-approval/thank-you-page').then((m) => ({ Component: m.ThankYouPage })),
          },
          {
            // The marketplace's offers in the public site's frame: signed-out visitors see the live ones.
            lazy: () => import('./public-site-layout').then((m) => ({ Component: m.PublicSiteLayout })),
            children: [
              {
                path: paths.marketplace,
                lazy: () => import('../features/marketplace/marketplace-page').then((m) => ({ Component: m.MarketplacePage })),
              },
              // The University's guides for signed-out visitors (the header's Learn); the dashboard shows the same ones.
              {
                path: paths.learn,
                lazy: () => import('../features/university/university-page').then((m) => ({ Component: m.PublicUniversityPage })),
              },
              {
                path: paths.learnGuide,
                lazy: () => import('../features/university/guide-page').then((m) => ({ Component: m.PublicGuidePage })),
              },
            ],
          },
          {
            // The public merchant API reference: readable without signing in.
            path: paths.docs,
            lazy: () => import('../features/developers/docs-page').then((m) => ({ Component: m.DocsPage })),
          },
          {
            path: paths.legalDocument,
            lazy: () =>
              import('../features/legal/legal-document-page').then((m) => ({
                loader: m.legalDocumentLoader,
                Component: m.LegalDocumentPage,
              })),
          },
          // The back office: reviewers only, its own sign-in and session; no company page imports these chunks.
          {
            path: paths.adminLogin,
            lazy: () => import('../features/admin/login-page').then((m) => ({ Component: m.AdminLoginPage })),
          },
          {
            path: paths.adminSetPassword,
            lazy: () => import('../features/admin/set-password-page').then((m) => ({ Component: m.AdminSetPasswordPage })),
          },
          {
            path: paths.admin,
            lazy: () => import('../features/admin/components/admin-layout').then((m) => ({ Component: m.AdminLayout })),
            children: [
              {
                index: true,
                lazy: () => import('../features/admin/queue-page').then((m) => ({ Component: m.QueuePage })),
              },
              {
                path: paths.adminApplication,
                lazy: () => import('../features/admin/case-page').then((m) => ({ Component: m.CasePage })),
              },
              {
                path: paths.adminReviewers,
                lazy: () => import('../features/admin/reviewers-page').then((m) => ({ Component: m.ReviewersPage })),
              },
              {
                path: paths.adminLimitRequests,
                lazy: () => import('../features/admin/limit-requests-page').then((m) => ({ Component: m.LimitRequestsPage })),
              },
              {
                path: paths.adminLimitRequest,
                lazy: () => import('../features/admin/limit-request-page').then((m) => ({ Component: m.LimitRequestPage })),
              },
              {
                path: paths.adminLivePayments,
                lazy: () => import('../features/admin/live-payments-page').then((m) => ({ Component: m.LivePaymentsPage })),
              },
              {
                path: paths.adminWallet,
                lazy: () => import('../features/admin/wallet-page').then((m) => ({ Component: m.WalletPage })),
              },
              {
                path: paths.adminDisputes,
                lazy: () => import('../features/admin/disputes-page').then((m) => ({ Component: m.DisputesPage })),
              },
              {
                path: paths.adminDispute,
                lazy: () => import('../features/admin/dispute-page').then((m) => ({ Component: m.DisputePage })),
              },
              {
                path: paths.adminPaymentMethodReviews,
                lazy: () => import('../features/admin/payment-method-reviews-page').then((m) => ({ Component: m.PaymentMethodReviewsPage })),
              },
              {
                path: paths.adminAnnouncements,
                lazy: () => import('../features/admin/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
              },
              {
                path: paths.adminAnnouncement,
                lazy: () => import('../features/admin/announcement-page').then((m) => ({ Component: m.AnnouncementPage })),
              },
            ],
          },
          {
            Component: ProtectedRoute,
            children: [
              {
                // Every signed-in page but the onboarding, which keeps its own frame.
                lazy: () => import('./shell/dashboard-shell').then((m) => ({ Component: m.DashboardShell })),
                children: [
                  {
                    path: paths.dashboard,
                    lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
                  },
                  {
                    path: paths.settings,
                    lazy: () => import('../features/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
                  },
                  {
                    path: paths.security,
                    lazy: () => import('../features/security/security-page').then((m) => ({ Component: m.SecurityPage })),
                  },
                  {
                    path: paths.notifications,
                    lazy: () =>
                      import('../features/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
                  },
                  {
                    path: paths.walletSend,
                    lazy: () => import('../features/transfers/send-page').then((m) => ({ Component: m.SendPage })),
                  },
                  {
                    path: paths.walletWithdraw,
                    lazy: () => import('../features/transfers/withdraw-page').then((m) => ({ Component: m.WithdrawPage })),
                  },
                  {
                    path: paths.walletReceive,
                    lazy: () => import('../features/transfers/receive-page').then((m) => ({ Component: m.ReceivePage })),
                  },
                  {
                    path: paths.paymentMethods,
                    lazy: () => import('../features/payment-methods/payment-methods-page').then((m) => ({ Component: m.PaymentMethodsPage })),
                  },
                  {
                    path: paths.wallet,
                    lazy: () => import('../features/wallet/wallet-page').then((m) => ({ Component: m.WalletPage })),
                  },
                  {
                    path: paths.walletAsset,
                    lazy: () => import('../features/wallet/asset-statement-page').then((m) => ({ Component: m.AssetStatementPage })),
                  },
                  {
                    path: paths.apiKeys,
                    lazy: () => import('../features/developers/api-keys-page').then((m) => ({ Component: m.ApiKeysPage })),
                  },
                  {
                    path: paths.transactions,
                    lazy: () => import('../features/payments/transactions-page').then((m) => ({ Component: m.TransactionsPage })),
                  },
                  {
                    path: paths.paymentLinks,
                    lazy: () => import('../features/payments/payment-links-page').then((m) => ({ Component: m.PaymentLinksPage })),
                  },
                  {
                    path: paths.developer,
                    lazy: () => import('../features/developers/developer-page').then((m) => ({ Component: m.DeveloperPage })),
                  },
                  {
                    path: paths.events,
                    lazy: () => import('../features/developers/events-page').then((m) => ({ Component: m.EventsPage })),
                  },
                  {
                    path: paths.offers,
                    lazy: () => import('../features/marketplace/offers-page').then((m) => ({ Component: m.OffersPage })),
                  },
                  ...[paths.trades, paths.tradeHistory].map(
                    (path): RouteObject => ({
                      path,
                      lazy: () => import('../features/marketplace/trades-page').then((m) => ({ Component: m.TradesPage })),
                    }),
                  ),
                  {
                    path: paths.favorites,
                    lazy: () => import('../features/marketplace/favorites-page').then((m) => ({ Component: m.FavoritesPage })),
                  },
                  {
                    path: paths.trade,
                    lazy: () => import('../features/marketplace/trade-page').then((m) => ({ Component: m.TradePage })),
                  },
                  {
                    path: paths.university,
                    lazy: () => import('../features/university/university-page').then((m) => ({ element: <m.UniversityPage base={paths.university} /> })),
                  },
                  {
                    path: paths.universityGuide,
                    lazy: () => import('../features/university/guide-page').then((m) => ({ element: <m.GuidePage base={paths.university} /> })),
                  },
                  {
                    path: paths.community,
                    lazy: () => import('../features/community/community-page').then((m) => ({ Component: m.CommunityPage })),
                  },
                  {
                    path: paths.partners,
                    lazy: () => import('../features/marketplace/partners/partners-page').then((m) => ({ element: <m.PartnersPage title="Recent Trade Partners" /> })),
                  },
                  {
                    path: paths.tradePartners,
                    lazy: () => import('../features/marketplace/partners/partners-page').then((m) => ({ Component: m.PartnersPage })),
                  },
                  {
                    path: paths.statistics,
                    lazy: () => import('../features/marketplace/statistics/statistics-page').then((m) => ({ Component: m.StatisticsPage })),
                  },
                  {
                    path: paths.badges,
                    lazy: () => import('../features/marketplace/badges/badges-page').then((m) => ({ Component: m.BadgesPage })),
                  },
                ],
              },
              {
                path: kycPath(1),
                lazy: () => import('../features/kyc/kyc-layout').then((m) => ({ Component: m.KycLayout })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../features/kyc/business-type-step').then((m) => ({ Component: m.BusinessTypeStep })),
                  },
                  {
                    path: kycPath(2),
                    lazy: () =>
                      import('../features/kyc/business-profile-step').then((m) => ({ Component: m.BusinessProfileStep })),
                  },
                  {
                    path: kycPath(3),
                    lazy: () => import('../features/kyc/documents-step').then((m) => ({ Component: m.DocumentsStep })),
                  },
                  {
                    path: kycPath(4),
                    lazy: () =>
                      import('../features/kyc/representatives-step').then((m) => ({ Component: m.RepresentativesStep })),
                  },
                  {
                    path: kycPath(5),
                    lazy: () => import('../features/kyc/bank-details-step').then((m) => ({ Component: m.BankDetailsStep })),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
