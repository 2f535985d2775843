import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookDeliveryEndpoints, webhookEndpointEndpoints } from '@fipay/contracts/endpoints/developers';
import { deliveryMessages, webhookMessages } from '@fipay/contracts/webhooks';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { listDeliveries, retryDelivery, sendTestEvent } from './deliveries';
import { createWebhookEndpoint, deleteWebhookEndpoint, rollWebhookSecret, findWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from './endpoints';

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const api = webhookEndpointEndpoints;
  registerRoute(app, api.list, async (request) => ok(webhookMessages.loaded, { endpoints: await listWebhookEndpoints(app.ctx.db, requireMerchant(request)) }));
  registerRoute(app, api.create, async (request) => ok(webhookMessages.created, await createWebhookEndpoint(app.ctx, requireMerchant(request), request.body, request.idempotency)));
  registerRoute(app, api.get, async (request) => ok(webhookMessages.endpointLoaded, await findWebhookEndpoint(app.ctx.db, requireMerchant(request), request.params.id)));
  registerRoute(app, api.update, async (request) =>
    ok(webhookMessages.updated, await updateWebhookEndpoint(app.ctx, requireMerchant(request), request.params.id, request.body)),
  );
  registerRoute(app, api.remove, async (request) => ok(webhookMessages.deleted, await deleteWebhookEndpoint(app.ctx, requireMerchant(request), request.params.id)));
  registerRoute(app, api.deliveries, async (request) =>
    ok(deliveryMessages.loaded, await listDeliveries(app.ctx.db, requireMerchant(request), request.params.id, request.query)),
  );
  registerRoute(app, api.rollSecret, async (request) =>
    ok(webhookMessages.secretRolled, await rollWebhookSecret(app.ctx, requireMerchant(request), request.params.id, request.body.expiresIn, request.idempotency)),
  );
  registerRoute(app, api.sendTest, async (request) => ok(deliveryMessages.pingQueued, await sendTestEvent(app.ctx, requireMerchant(request), request.params.id)));
  registerRoute(app, webhookDeliveryEndpoints.retry, async (request) =>
    ok(deliveryMessages.retried, await retryDelivery(app.ctx, requireMerchant(request), request.params.id)),
  );
};
