import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countriesResponse, type Country } from '@fipay/contracts/countries';
import { messages } from '@fipay/contracts/messages';
import { ok, responses } from '../../lib/reply';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list only changes with a migration, so one read per process is enough.
  let cached: Country[] | undefined;
  app.get('/countries', {
    schema: { tags: ['countries'], summary: 'Countries for the sign-up form', response: responses({ 200: countriesResponse }) },
  }, async (_request, reply) => {
    cached ??= (await app.ctx.db.query<Country>('SELECT id, name, emoji AS "Emoji" FROM countries ORDER BY id')).rows;
    reply.header('Cache-Control', 'public, max-age=3600');
    return ok(messages.countriesLoaded, cached);
  });
};
