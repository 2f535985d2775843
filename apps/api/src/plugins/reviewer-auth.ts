import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { backOfficeMessages } from '@fipay/contracts/back-office';
import { AppError } from '../lib/errors';
import { verifyAccessToken } from '../modules/auth/tokens';
import { type ReviewerPrincipal, REVIEWER_TOKEN_PREFIX, touchReviewerSession } from '../modules/back-office/sessions';

export type ReviewerAccess = {
  /** 'enrolment' also lets a session that has not set up its authenticator through. */
  scope: 'full' | 'enrolment';
  role?: 'admin';
};

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook that lets only back-office sessions with this access through; routes read request.reviewer. */
    reviewerOnly: (access?: ReviewerAccess) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    reviewer: ReviewerPrincipal | null;
  }
}

/**
 * Every /admin route checks the reviewer on the server. Order matters for what
 * the caller learns: no or unknown token is 401; a company's valid access token
 * is recognised and refused with 403 (signed in, but not as staff); a reviewer
 * without an authenticator is 403 everywhere but enrolment; a reviewer on an
 * admin route is 403.
 */
export const reviewerAuthPlugin = fp(async (app) => {
  app.decorateRequest('reviewer', null);
  app.decorate('reviewerOnly', (access: ReviewerAccess = { scope: 'full' }) => async (request: FastifyRequest) => {
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', backOfficeMessages.sessionInvalid);
    if (!token.startsWith(REVIEWER_TOKEN_PREFIX)) {
      const companyClaims = await verifyAccessToken(app.ctx, token).catch(() => null);
      if (companyClaims) throw new AppError('FORBIDDEN', backOfficeMessages.companyTokenRefused);
      throw new AppError('UNAUTHORIZED', backOfficeMessages.sessionInvalid);
    }
    const principal = await touchReviewerSession(app.ctx.db, token);
    if (!principal) throw new AppError('UNAUTHORIZED', backOfficeMessages.sessionInvalid);
    if (access.scope === 'full' && principal.scope !== 'full') {
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', backOfficeMessages.enrolmentRequired);
    }
    if (access.role === 'admin' && principal.role !== 'admin') throw new AppError('FORBIDDEN', backOfficeMessages.adminOnly);
    request.reviewer = principal;
  });
});

export function requireReviewer(request: FastifyRequest): ReviewerPrincipal {
  if (!request.reviewer) throw new AppError('UNAUTHORIZED', backOfficeMessages.sessionInvalid);
  return request.reviewer;
}
