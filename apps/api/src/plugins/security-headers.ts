import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once, at start: @fastify/helmet built it again
 * for every request (each directive parsed, each header's middleware made), and added a second hook per request to
 * decorate replies with options this server never uses (docs/decisions/0062-merchant-api-and-sign-in-round-trips.md).
 */
export const securityHeadersPlugin = fp<HelmetOptions>(async (app, options) => {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets its headers and calls back at once; since version 8.1 it throws rather than pass an error on.
    setHeaders(request.raw, reply.raw, () => done());
  });
});
