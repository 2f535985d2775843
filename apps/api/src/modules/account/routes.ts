import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountMeResponse } from '@fipay/contracts/account';
import { messages } from '@fipay/contracts/messages';
import { ok, responses } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { getAccount } from './get-account';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/account/me', {
    preHandler: app.authenticate,
    schema: {
      tags: ['account'],
      security: [{ bearerAuth: [] }],
      summary: 'The signed-in user and their company as the server holds them',
      response: responses({ 200: accountMeResponse }),
    },
  }, async (request) => ok(messages.accountLoaded, await getAccount(app.ctx, requireAuth(request))));
};
