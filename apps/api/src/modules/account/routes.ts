import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@fipay/contracts/endpoints/account';
import { messages } from '@fipay/contracts/messages';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { getAccount } from './get-account';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, accountEndpoints.me, async (request) => ok(messages.accountLoaded, await getAccount(app.ctx, requireAuth(request))));
};
