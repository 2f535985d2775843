import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transferEndpoints as endpoints } from '@fipay/contracts/endpoints/transfers';
import { transferMessages } from '@fipay/contracts/transfers';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { requireMerchant } from '../../plugins/merchant-auth';
import { createTransfer, findTransfer, listTransfers, previewTransfer, sendTransferCode } from './transfers';

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, endpoints.preview, async (request) => ok(transferMessages.previewed, await previewTransfer(ctx, requireMerchant(request), request.body)));

  registerRoute(app, endpoints.create, async (request) =>
    ok(transferMessages.sent, await createTransfer(ctx, requireMerchant(request), request.body, request.idempotency)),
  );

  registerRoute(app, endpoints.list, async (request) => ok(transferMessages.loaded, await listTransfers(ctx.db, requireMerchant(request), request.query)));

  registerRoute(app, endpoints.get, async (request) => {
    const transfer = await findTransfer(ctx.db, requireMerchant(request), request.params.id);
    if (!transfer) throw new AppError('NOT_FOUND', transferMessages.notFound);
    return ok(transferMessages.found, transfer);
  });

  registerRoute(app, endpoints.sendCode, async (request) => ok(transferMessages.codeSent, await sendTransferCode(ctx, requireAuth(request).userId)));
};
