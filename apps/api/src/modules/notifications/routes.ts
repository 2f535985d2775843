import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@fipay/contracts/notifications';
import { notificationMessages } from '@fipay/contracts/notifications';
import { ok, responses } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { latestNotifications, listNotifications, markAllRead, markRead } from './service';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['notifications'];
  const security = [{ bearerAuth: [] }];
  const guarded = { preHandler: app.authenticate };

  // The PATCH calls carry no body, yet clients often still send Content-Type: application/json.
  // In this plugin only, an empty JSON body is no body rather than FST_ERR_CTP_EMPTY_JSON_BODY.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(request, text, done);
  });

  app.get('/notification/user/latest', {
    ...guarded,
    schema: { tags, security, summary: 'The newest notifications of the signed-in user and the unread count', response: responses({ 200: contract.latestNotificationsResponse }) },
  }, async (request) => ok(notificationMessages.loaded, await latestNotifications(ctx.db, requireAuth(request).userId)));

  app.get('/notification/user', {
    ...guarded,
    schema: { tags, security, summary: 'One page of the signed-in user\'s notifications, newest first', querystring: contract.notificationListQuery, response: responses({ 200: contract.notificationListResponse }) },
  }, async (request) => ok(notificationMessages.loaded, await listNotifications(ctx.db, requireAuth(request).userId, request.query)));

  app.patch('/notification/user/read-all', {
    ...guarded,
    schema: { tags, security, summary: 'Mark every notification of the signed-in user as read (no body)', response: responses({ 200: contract.markAllReadResponse }) },
  }, async (request) => ok(notificationMessages.allMarkedRead, await markAllRead(ctx.db, requireAuth(request).userId)));

  app.patch('/notification/:id/read', {
    ...guarded,
    schema: { tags, security, summary: 'Mark one of the signed-in user\'s notifications as read (no body; idempotent)', params: contract.notificationIdParams, response: responses({ 200: contract.markReadResponse }) },
  }, async (request) => ok(notificationMessages.markedRead, await markRead(ctx.db, requireAuth(request).userId, request.params.id)));
};
