import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withdrawalEndpoints as endpoints } from '@fipay/contracts/endpoints/withdrawals';
import { withdrawalMessages } from '@fipay/contracts/withdrawals';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { createWithdrawal, findWithdrawal, listWithdrawals, previewWithdrawal } from './withdrawals';

/** Withdrawals: docs/decisions/0075-withdrawals.md. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, endpoints.preview, async (request) => ok(withdrawalMessages.previewed, await previewWithdrawal(ctx, requireMerchant(request), request.body)));

  registerRoute(app, endpoints.create, async (request) =>
    ok(withdrawalMessages.created, await createWithdrawal(ctx, requireMerchant(request), request.body, request.idempotency)),
  );

  registerRoute(app, endpoints.list, async (request) => ok(withdrawalMessages.loaded, await listWithdrawals(ctx.db, requireMerchant(request), request.query)));

  registerRoute(app, endpoints.get, async (request) => {
    const withdrawal = await findWithdrawal(ctx.db, requireMerchant(request), request.params.id);
    if (!withdrawal) throw new AppError('NOT_FOUND', withdrawalMessages.notFound);
    return ok(withdrawalMessages.found, withdrawal);
  });
};
