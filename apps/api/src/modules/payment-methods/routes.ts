import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodEndpoints as endpoints } from '@fipay/contracts/endpoints/payment-methods';
import { backOfficeWalletEndpoints } from '@fipay/contracts/endpoints/back-office-wallet';
import { paymentMethodReviewMessages } from '@fipay/contracts/back-office-wallet';
import { paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { requireMerchant, type Merchant } from '../../plugins/merchant-auth';
import { requireReviewer } from '../../plugins/reviewer-auth';
import {
  addPaymentMethod,
  clearPaymentMethodReview,
  listPaymentMethods,
  paymentMethodsNeedingReview,
  rejectPaymentMethod,
  removePaymentMethod,
  sendPaymentMethodCode,
  type MethodEditor,
} from './payment-methods';

/** Changes come from a signed-in user, who can be asked for a second factor; a secret key only reads. */
function editorOf(merchant: Merchant): MethodEditor {
  if (merchant.via.kind !== 'dashboard') throw new AppError('FORBIDDEN', paymentMethodMessages.dashboardOnly);
  return { companyId: merchant.companyId, livemode: merchant.livemode, userId: merchant.via.userId };
}

export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, endpoints.list, async (request) =>
    ok(paymentMethodMessages.loaded, {
      paymentMethods: await listPaymentMethods(ctx.db, requireMerchant(request)),
      coolingOffSeconds: ctx.config.paymentMethodCoolingOffSeconds,
    }),
  );

  registerRoute(app, endpoints.add, async (request) => {
    const method = await addPaymentMethod(ctx, editorOf(requireMerchant(request)), request.body);
    return ok(method.status === 'needs_review' ? paymentMethodMessages.addedForReview : paymentMethodMessages.added, method);
  });

  registerRoute(app, endpoints.remove, async (request) =>
    ok(paymentMethodMessages.removed, await removePaymentMethod(ctx, editorOf(requireMerchant(request)), request.params.id, request.body.code)),
  );

  registerRoute(app, endpoints.sendCode, async (request) => ok(paymentMethodMessages.codeSent, await sendPaymentMethodCode(ctx, requireAuth(request).userId)));

  registerRoute(app, endpoints.clearReview, async (request) =>
    ok(paymentMethodMessages.cleared, await clearPaymentMethodReview(ctx, requireReviewer(request), request.params.id)),
  );

  // The back office's name review (docs/decisions/0074-frozen-wallets.md): the queue and the refusal.
  registerRoute(app, backOfficeWalletEndpoints.paymentMethodReviews, async (request) =>
    ok(paymentMethodReviewMessages.loaded, await paymentMethodsNeedingReview(ctx.db, request.query)),
  );

  registerRoute(app, backOfficeWalletEndpoints.rejectPaymentMethod, async (request) =>
    ok(paymentMethodReviewMessages.rejected, await rejectPaymentMethod(ctx, requireReviewer(request), request.params.id, request.body.reason)),
  );
};
