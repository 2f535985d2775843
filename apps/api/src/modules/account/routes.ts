import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '@fipay/contracts/endpoints/account';
import { emailPreferenceMessages } from '@fipay/contracts/account';
import { messages } from '@fipay/contracts/messages';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';
import { getAccount } from './get-account';
import { getEmailPreferences, updateEmailPreferences } from './email-preferences';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, accountEndpoints.me, async (request) => ok(messages.accountLoaded, await getAccount(app.ctx, requireAuth(request))));
  registerRoute(app, accountEndpoints.emailPreferences, async (request) =>
    ok(emailPreferenceMessages.loaded, await getEmailPreferences(app.ctx.db, requireAuth(request).userId)),
  );
  registerRoute(app, accountEndpoints.updateEmailPreferences, async (request) =>
    ok(emailPreferenceMessages.saved, await updateEmailPreferences(app.ctx.db, requireAuth(request).userId, request.body)),
  );
};
