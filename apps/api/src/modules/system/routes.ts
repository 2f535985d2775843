import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints } from '@fipay/contracts/endpoints/system';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, systemEndpoints.health, async () => {
    await app.ctx.db.query('SELECT 1');
    return ok('OK', { status: 'ok' as const });
  });
};
