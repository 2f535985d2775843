import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reputationEndpoints } from '@fipay/contracts/endpoints/reputation';
import { reputationMessages as done } from '@fipay/contracts/reputation';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { badgeStanding, leaveFeedback, listPartners, markPartner, tradeFeedback, tradeStatistics, unmarkPartner } from './reputation';

/** Feedback, trade partners, statistics and badges: docs/decisions/0087-marketplace-reputation.md. */
export const reputationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, reputationEndpoints.feedback, async (request) => ok(done.feedbackLoaded, await tradeFeedback(ctx.db, requireMerchant(request), request.params.id)));
  registerRoute(app, reputationEndpoints.leaveFeedback, async (request) =>
    ok(done.feedbackSaved, await leaveFeedback(ctx, requireMerchant(request), request.params.id, request.body)),
  );
  registerRoute(app, reputationEndpoints.partners, async (request) => ok(done.partnersLoaded, { partners: await listPartners(ctx.db, requireMerchant(request)) }));
  registerRoute(app, reputationEndpoints.markPartner, async (request) =>
    ok(done.partnerMarked, await markPartner(ctx.db, requireMerchant(request), request.params.id, request.body.mark)),
  );
  registerRoute(app, reputationEndpoints.unmarkPartner, async (request) => ok(done.partnerUnmarked, await unmarkPartner(ctx.db, requireMerchant(request), request.params.id)));
  registerRoute(app, reputationEndpoints.statistics, async (request) => ok(done.statisticsLoaded, await tradeStatistics(ctx.db, requireMerchant(request))));
  registerRoute(app, reputationEndpoints.badges, async (request) => ok(done.badgesLoaded, await badgeStanding(ctx.db, requireMerchant(request))));
};
