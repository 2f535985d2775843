import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developerMessages } from '@fipay/contracts/developers';
import { apiKeyEndpoints, eventEndpoints, liveModeEndpoints } from '@fipay/contracts/endpoints/developers';
import { liveModeMessages } from '@fipay/contracts/live-mode';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { requireMerchant } from '../../plugins/merchant-auth';
import { createApiKeys, listApiKeys, rollApiKey, sendRollCode } from './api-keys';
import { findEvent, listEvents } from '../webhooks/events';
import { liveStanding, withLiveNotice } from './modes';

export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, apiKeyEndpoints.list, async (request) => ok(developerMessages.keysLoaded, { keys: await listApiKeys(app.ctx.db, requireAuth(request).companyId) }));
  registerRoute(app, apiKeyEndpoints.create, async (request) => {
    const user = requireAuth(request);
    const keys = await createApiKeys(app.ctx, user, request.body.mode);
    return ok(await withLiveNotice(app.ctx, { companyId: user.companyId, livemode: request.body.mode === 'live' }, developerMessages.keysCreated), keys);
  });
  registerRoute(app, apiKeyEndpoints.sendRollCode, async (request) => ok(developerMessages.rollCodeSent, await sendRollCode(app.ctx, requireAuth(request).userId)));
  registerRoute(app, apiKeyEndpoints.roll, async (request) =>
    ok(developerMessages.keyRolled, await rollApiKey(app.ctx, requireAuth(request), request.params.id, request.body)),
  );

  registerRoute(app, liveModeEndpoints.get, async (request) => ok(liveModeMessages.loaded, await liveStanding(app.ctx, requireAuth(request).companyId)));

  registerRoute(app, eventEndpoints.list, async (request) => ok(developerMessages.eventsLoaded, await listEvents(app.ctx.db, requireMerchant(request), request.query)));
  registerRoute(app, eventEndpoints.get, async (request) => {
    const event = await findEvent(app.ctx.db, requireMerchant(request), request.params.id);
    if (!event) throw new AppError('NOT_FOUND', developerMessages.eventNotFound);
    return ok(developerMessages.eventLoaded, event);
  });
};
