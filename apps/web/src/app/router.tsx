import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignupPage } from '../features/auth/signup-page';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { LandingPage } from '../features/landing/landing-page';
import { ThankYouPage } from '../features/rep-approval/thank-you-page';
import { ProtectedRoute } from '../lib/protected-route';
import { NotFoundPage } from './not-found-page';

export const router = createBrowserRouter([
  { path: paths.home, element: <LandingPage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.signup, element: <SignupPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword, element: <ResetPasswordPage /> },
  { path: paths.verifyEmail, element: <VerifyEmailPage /> },
  { path: paths.thankYou, element: <ThankYouPage /> },
  {
    element: <ProtectedRoute />,
    children: [{ path: paths.dashboard, element: <DashboardPage /> }],
  },
  { path: '*', element: <NotFoundPage /> },
]);
