import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { communityMessages } from '@fipay/contracts/community';
import { communityEndpoints } from '@fipay/contracts/endpoints/community';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';

/** The community links come from configuration only (docs/decisions/0088-university-and-community.md). */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { url, links } = app.ctx.config.community;
  registerRoute(app, communityEndpoints.get, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return ok(communityMessages.loaded, { url, links });
  });
};
