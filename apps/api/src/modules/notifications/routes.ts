import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationEndpoints as endpoints } from '@fipay/contracts/endpoints/notifications';
import { notificationMessages } from '@fipay/contracts/notifications';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { latestNotifications, listNotifications, markAllRead, markRead } from './service';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  // The PATCH calls carry no body, yet clients often still send Content-Type: application/json.
  // In this plugin only, an empty JSON body is no body rather than FST_ERR_CTP_EMPTY_JSON_BODY.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  registerRoute(app, endpoints.latest, async (request) => ok(notificationMessages.loaded, await latestNotifications(ctx.db, requireAuth(request).userId)));

  registerRoute(app, endpoints.list, async (request) => ok(notificationMessages.loaded, await listNotifications(ctx.db, requireAuth(request).userId, request.query)));

  registerRoute(app, endpoints.markAllRead, async (request) => ok(notificationMessages.allMarkedRead, await markAllRead(ctx.db, requireAuth(request).userId)));

  registerRoute(app, endpoints.markRead, async (request) => ok(notificationMessages.markedRead, await markRead(ctx.db, requireAuth(request).userId, request.params.id)));
};
