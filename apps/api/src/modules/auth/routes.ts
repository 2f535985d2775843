import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as endpoints } from '@fipay/contracts/endpoints/auth';
import { messages } from '@fipay/contracts/messages';
import { requireAuth } from '../../plugins/auth';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { verifyEmail, resendVerification } from './email-verification';
import { changePassword } from './change-password';
import { disableEmailTwoFactor, enableEmailTwoFactor, sendEmailTwoFactorCode } from './email-otp';
import { completeLogin, initiateLogin, resendLoginCode } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { createCompanyAccount } from './signup';
import { rotateRefreshToken, revokeRefreshFamily } from './tokens';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from './two-factor';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, endpoints.signup, async (request) => {
    await createCompanyAccount(ctx, request.body, request.ip);
    return ok(messages.signupSuccess, null);
  });

  registerRoute(app, endpoints.verifyEmail, async (request) => {
    await verifyEmail(ctx, request.query.token, request.ip);
    return ok(messages.emailVerified, null);
  });

  registerRoute(app, endpoints.resendVerification, async (request) => {
    await resendVerification(ctx, request.body.email, request.ip);
    return ok(messages.verificationResent, null);
  });

  registerRoute(app, endpoints.loginInitiate, async (request) => {
    const data = await initiateLogin(ctx, request.body, request.ip);
    const message = { authenticator: messages.twoFactorRequired, email: messages.twoFactorEmailRequired };
    return ok(data.twoFactorMethod ? message[data.twoFactorMethod] : messages.ok, data);
  });

  registerRoute(app, endpoints.loginResendOtp, async (request) => ok(messages.emailCodeSent, await resendLoginCode(ctx, request.body, request.ip)));

  registerRoute(app, endpoints.loginVerifyOtp, async (request) => ok(messages.loginSuccess, await completeLogin(ctx, request.body, request.ip)));

  registerRoute(app, endpoints.refresh, async (request) => {
    await ctx.limiter.consume('refreshPerIp', request.ip);
    return ok(messages.refreshed, await rotateRefreshToken(ctx, request.body));
  });

  registerRoute(app, endpoints.logout, async (request) => {
    await revokeRefreshFamily(ctx, request.body.refreshToken);
    return ok(messages.loggedOut, null);
  });

  registerRoute(app, endpoints.forgotPassword, async (request) => {
    await requestPasswordReset(ctx, request.body.email, request.ip);
    return ok(messages.forgotPasswordSent, null);
  });

  registerRoute(app, endpoints.resetPassword, async (request) => {
    await resetPassword(ctx, request.body, request.ip);
    return ok(messages.passwordReset, null);
  });

  registerRoute(app, endpoints.twoFactorSetup, async (request) => ok(messages.twoFactorSetup, await setupTwoFactor(ctx, requireAuth(request).userId)));

  registerRoute(app, endpoints.twoFactorEnable, async (request) => {
    const recoveryCodes = await enableTwoFactor(ctx, requireAuth(request).userId, request.body.otp);
    return ok(messages.twoFactorEnabled, { recoveryCodes });
  });

  registerRoute(app, endpoints.twoFactorDisable, async (request) => {
    await disableTwoFactor(ctx, requireAuth(request).userId, request.body);
    return ok(messages.twoFactorDisabled, null);
  });

  registerRoute(app, endpoints.emailTwoFactorSendCode, async (request) => ok(messages.emailCodeSent, await sendEmailTwoFactorCode(ctx, requireAuth(request).userId)));

  registerRoute(app, endpoints.emailTwoFactorEnable, async (request) => {
    await enableEmailTwoFactor(ctx, requireAuth(request).userId, request.body.otp);
    return ok(messages.emailTwoFactorEnabled, null);
  });

  registerRoute(app, endpoints.emailTwoFactorDisable, async (request) => {
    await disableEmailTwoFactor(ctx, requireAuth(request).userId, request.body);
    return ok(messages.emailTwoFactorDisabled, null);
  });

  registerRoute(app, endpoints.changePassword, async (request) => {
    await changePassword(ctx, requireAuth(request), request.body);
    return ok(messages.passwordChanged, null);
  });
};
