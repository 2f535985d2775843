import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateEndpoints } from '@fipay/contracts/endpoints/rates';
import { rateMessages } from '@fipay/contracts/rates';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { listRates } from './rates';

export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRoute(app, rateEndpoints.list, async () => ok(rateMessages.ratesLoaded, await listRates(app.ctx)));
};
