import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { requireAuth } from '../../plugins/auth';
import { ok, responses } from '../../lib/reply';
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
  const tags = ['auth'];

  app.post('/auth/signup', {
    schema: { tags, summary: 'Create a company and its first user', body: contract.signupRequest, response: responses({ 201: contract.signupResponse }) },
  }, async (request, reply) => {
    await createCompanyAccount(ctx, request.body, request.ip);
    return reply.code(201).send(ok(messages.signupSuccess, null));
  });

  app.get('/auth/verify-email', {
    schema: { tags, summary: 'Verify an email address from its link', querystring: contract.verifyEmailQuery, response: responses({ 200: contract.verifyEmailResponse }) },
  }, async (request) => {
    await verifyEmail(ctx, request.query.token, request.ip);
    return ok(messages.emailVerified, null);
  });

  app.post('/auth/resend-verification', {
    schema: { tags, summary: 'Send a new verification link', body: contract.resendVerificationRequest, response: responses({ 200: contract.resendVerificationResponse }) },
  }, async (request) => {
    await resendVerification(ctx, request.body.email, request.ip);
    return ok(messages.verificationResent, null);
  });

  app.post('/auth/login/initiate', {
    schema: { tags, summary: 'Check credentials; says whether a second factor is needed', body: contract.loginInitiateRequest, response: responses({ 200: contract.loginInitiateResponse }) },
  }, async (request) => {
    const data = await initiateLogin(ctx, request.body, request.ip);
    const message = { authenticator: messages.twoFactorRequired, email: messages.twoFactorEmailRequired };
    return ok(data.twoFactorMethod ? message[data.twoFactorMethod] : messages.ok, data);
  });

  app.post('/auth/login/resend-otp', {
    schema: { tags, summary: 'Email a new sign-in code (email-code two-factor)', body: contract.loginResendOtpRequest, response: responses({ 200: contract.loginResendOtpResponse }) },
  }, async (request) => ok(messages.emailCodeSent, await resendLoginCode(ctx, request.body, request.ip)));

  app.post('/auth/login/verify-otp', {
    schema: { tags, summary: 'Complete sign-in (with the second factor when on) and get tokens', body: contract.loginVerifyRequest, response: responses({ 200: contract.loginVerifyResponse }) },
  }, async (request) => ok(messages.loginSuccess, await completeLogin(ctx, request.body, request.ip)));

  app.post('/auth/refresh', {
    schema: { tags, summary: 'Rotate the refresh token and get a new access token', body: contract.refreshRequest, response: responses({ 200: contract.refreshResponse }) },
  }, async (request) => {
    await ctx.limiter.consume('refreshPerIp', request.ip);
    return ok(messages.refreshed, await rotateRefreshToken(ctx, request.body));
  });

  app.post('/auth/logout', {
    schema: { tags, summary: 'End the session of this refresh token', body: contract.logoutRequest, response: responses({ 200: contract.logoutResponse }) },
  }, async (request) => {
    await revokeRefreshFamily(ctx, request.body.refreshToken);
    return ok(messages.loggedOut, null);
  });

  app.post('/auth/forgot-password', {
    schema: { tags, summary: 'Email a password reset link', body: contract.forgotPasswordRequest, response: responses({ 200: contract.forgotPasswordResponse }) },
  }, async (request) => {
    await requestPasswordReset(ctx, request.body.email, request.ip);
    return ok(messages.forgotPasswordSent, null);
  });

  app.post('/auth/reset-password', {
    schema: { tags, summary: 'Set a new password from a reset link', body: contract.resetPasswordRequest, response: responses({ 200: contract.resetPasswordResponse }) },
  }, async (request) => {
    await resetPassword(ctx, request.body, request.ip);
    return ok(messages.passwordReset, null);
  });

  const security = [{ bearerAuth: [] }];
  const guarded = { preHandler: app.authenticate };

  app.post('/auth/2fa/setup', {
    ...guarded,
    schema: { tags, security, summary: 'Start authenticator enrolment', response: responses({ 200: contract.twoFactorSetupResponse }) },
  }, async (request) => ok(messages.twoFactorSetup, await setupTwoFactor(ctx, requireAuth(request).userId)));

  app.post('/auth/2fa/enable', {
    ...guarded,
    schema: { tags, security, summary: 'Confirm enrolment with a code; returns recovery codes once', body: contract.twoFactorEnableRequest, response: responses({ 200: contract.twoFactorEnableResponse }) },
  }, async (request) => {
    const recoveryCodes = await enableTwoFactor(ctx, requireAuth(request).userId, request.body.otp);
    return ok(messages.twoFactorEnabled, { recoveryCodes });
  });

  app.post('/auth/2fa/disable', {
    ...guarded,
    schema: { tags, security, summary: 'Turn two-factor off (password and a code)', body: contract.twoFactorDisableRequest, response: responses({ 200: contract.twoFactorDisableResponse }) },
  }, async (request) => {
    await disableTwoFactor(ctx, requireAuth(request).userId, request.body);
    return ok(messages.twoFactorDisabled, null);
  });

  app.post('/auth/2fa/email/send-code', {
    ...guarded,
    schema: { tags, security, summary: 'Email a code that confirms turning email codes on (when off) or off (when on)', response: responses({ 200: contract.emailTwoFactorSendCodeResponse }) },
  }, async (request) => ok(messages.emailCodeSent, await sendEmailTwoFactorCode(ctx, requireAuth(request).userId)));

  app.post('/auth/2fa/email/enable', {
    ...guarded,
    schema: { tags, security, summary: 'Turn on email codes as the second factor', body: contract.emailTwoFactorEnableRequest, response: responses({ 200: contract.emailTwoFactorEnableResponse }) },
  }, async (request) => {
    await enableEmailTwoFactor(ctx, requireAuth(request).userId, request.body.otp);
    return ok(messages.emailTwoFactorEnabled, null);
  });

  app.post('/auth/2fa/email/disable', {
    ...guarded,
    schema: { tags, security, summary: 'Turn email codes off (password and an emailed code)', body: contract.emailTwoFactorDisableRequest, response: responses({ 200: contract.emailTwoFactorDisableResponse }) },
  }, async (request) => {
    await disableEmailTwoFactor(ctx, requireAuth(request).userId, request.body);
    return ok(messages.emailTwoFactorDisabled, null);
  });

  app.post('/auth/change-password', {
    ...guarded,
    schema: { tags, security, summary: 'Change the password; every other session is signed out', body: contract.changePasswordRequest, response: responses({ 200: contract.changePasswordResponse }) },
  }, async (request) => {
    await changePassword(ctx, requireAuth(request), request.body);
    return ok(messages.passwordChanged, null);
  });
};
