import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Country } from '@fipay/contracts/countries';
import { countryEndpoints } from '@fipay/contracts/endpoints/countries';
import { messages } from '@fipay/contracts/messages';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list only changes with a migration, so one read per process is enough.
  let cached: Country[] | undefined;
  registerRoute(app, countryEndpoints.list, async (_request, reply) => {
    cached ??= (await app.ctx.db.query<Country>('SELECT id, name, emoji AS "Emoji" FROM countries ORDER BY id')).rows;
    reply.header('Cache-Control', 'public, max-age=3600');
    return ok(messages.countriesLoaded, cached);
  });
};
