import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@fipay/contracts/messages';
import { developerMessages } from '@fipay/contracts/developers';
import { AppError } from '../lib/errors';
import { type AccessClaims, verifyAccessToken } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** Identity comes from the bearer token only; routes read it from request.auth. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', messages.unauthorized);
    // API keys work on the merchant API only: keys, team, password, two-factor and KYB need a person signed in.
    if (/^[sp]k_(test|live)_/.test(match[1])) throw new AppError('FORBIDDEN', developerMessages.secretKeyNotAllowed);
    request.auth = await verifyAccessToken(app.ctx, match[1]);
  });
});

export function requireAuth(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.auth;
}
