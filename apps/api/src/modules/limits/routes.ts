import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitEndpoints, limitReviewEndpoints } from '@fipay/contracts/endpoints/daily-limits';
import { limitMessages } from '@fipay/contracts/daily-limits';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant, type Merchant } from '../../plugins/merchant-auth';
import { requireReviewer } from '../../plugins/reviewer-auth';
import { limitsLeft } from './limits';
import { createLimitRequest, getLimitRequest, listLimitRequests, openLimitRequest } from './requests';
import { decideLimitRequest, limitRequestCase, limitRequestQueue } from './review';

/** Limits are a dashboard matter: the company and user from the session, the mode from its FiPay-Mode header. */
function dashboardUser(merchant: Merchant) {
  if (merchant.via.kind !== 'dashboard') throw new AppError('FORBIDDEN', limitMessages.dashboardOnly);
  return { companyId: merchant.companyId, livemode: merchant.livemode, userId: merchant.via.userId };
}

export const limitRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, limitEndpoints.get, async (request) => {
    const user = dashboardUser(requireMerchant(request));
    const { approved, ...left } = await limitsLeft(ctx.db, ctx.config, user.companyId, user.livemode);
    const openRequest = await openLimitRequest(ctx.db, user.companyId);
    return ok(limitMessages.loaded, { ...left, livemode: user.livemode, openRequest, canRequest: approved && openRequest === null });
  });

  registerRoute(app, limitEndpoints.createRequest, async (request) =>
    ok(limitMessages.requestCreated, await createLimitRequest(ctx, dashboardUser(requireMerchant(request)), request.body)),
  );

  registerRoute(app, limitEndpoints.listRequests, async (request) =>
    ok(limitMessages.requestsLoaded, { requests: await listLimitRequests(ctx.db, dashboardUser(requireMerchant(request)).companyId) }),
  );

  registerRoute(app, limitEndpoints.getRequest, async (request) =>
    ok(limitMessages.requestLoaded, await getLimitRequest(ctx.db, dashboardUser(requireMerchant(request)).companyId, request.params.requestId)),
  );

  registerRoute(app, limitReviewEndpoints.queue, async (request) => ok(limitMessages.queueLoaded, await limitRequestQueue(ctx, request.query)));

  registerRoute(app, limitReviewEndpoints.get, async (request) => ok(limitMessages.requestLoaded, await limitRequestCase(ctx, request.params.requestId)));

  registerRoute(app, limitReviewEndpoints.decide, async (request) => {
    const decided = await decideLimitRequest(ctx, requireReviewer(request), request.params.requestId, request.body);
    return ok(decided.status === 'granted' ? limitMessages.granted : limitMessages.declined, decided);
  });
};
