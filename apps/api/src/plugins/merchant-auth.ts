import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { developerMessages, MODE_HEADER, modeSchema } from '@fipay/contracts/developers';
import { messages } from '@fipay/contracts/messages';
import { AppError } from '../lib/errors';
import { secretKeyHolder } from '../modules/developers/api-keys';
import type { Scope } from '../modules/webhooks/events';
import { companyMayGoLive } from '../modules/developers/modes';
import { verifyAccessToken } from '../modules/auth/tokens';

/** Who calls the merchant API, in which mode: from a secret key, or from a dashboard session and its mode header. */
export type Merchant = Scope & { via: { kind: 'secret-key'; keyId: string } | { kind: 'dashboard'; userId: string } };

declare module 'fastify' {
  interface FastifyInstance {
    authenticateMerchant: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    merchant: Merchant | null;
  }
}

const bearer = (request: FastifyRequest) => request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
export const isSecretKey = (token: string) => /^sk_(test|live)_/.test(token);
export const isPublishableKey = (token: string) => /^pk_(test|live)_/.test(token);

/**
 * Merchant routes (access 'merchant'): `Authorization: Bearer sk_test_…|sk_live_…` (the mode is the key's),
 * or a company user's access token with `FiPay-Mode: test|live` (test when absent). A wrong, revoked or
 * expired key gets one answer. Live mode only for an approved business. Calls are limited per key (per
 * session for the dashboard) and per second, by mode.
 */
export const merchantAuthPlugin = fp(async (app) => {
  app.decorateRequest('merchant', null);
  app.decorateRequest('idempotency', null);
  app.decorate('authenticateMerchant', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
    // The merchant API is mostly called by code: say what credential it takes and where it goes.
    if (!token) throw new AppError('UNAUTHORIZED', developerMessages.apiKeyMissing);
    let merchant: Merchant;
    if (isSecretKey(token)) {
      const holder = await secretKeyHolder(app.ctx, token);
      if (!holder) throw new AppError('UNAUTHORIZED', developerMessages.apiKeyInvalid);
      merchant = { companyId: holder.companyId, livemode: holder.livemode, via: { kind: 'secret-key', keyId: holder.keyId } };
    } else if (isPublishableKey(token)) {
      throw new AppError('UNAUTHORIZED', developerMessages.publishableKeyNotAllowed);
    } else {
      const header = request.headers[MODE_HEADER.toLowerCase()];
      const mode = header === undefined ? { success: true as const, data: 'test' as const } : modeSchema.safeParse(header);
      if (!mode.success) throw new AppError('BAD_REQUEST', developerMessages.modeInvalid);
      const claims = await verifyAccessToken(app.ctx, token);
      request.auth = claims;
      merchant = { companyId: claims.companyId, livemode: mode.data === 'live', via: { kind: 'dashboard', userId: claims.userId } };
    }
    if (merchant.livemode && !(await companyMayGoLive(app.ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', developerMessages.liveModeLocked);
    const subject = merchant.via.kind === 'secret-key' ? `key:${merchant.via.keyId}` : `user:${merchant.via.userId}`;
    await app.ctx.limiter.consume(merchant.livemode ? 'merchantLivePerKey' : 'merchantTestPerKey', subject);
    request.merchant = merchant;
    void reply;
  });
});

export function requireMerchant(request: FastifyRequest): Merchant {
  if (!request.merchant) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return request.merchant;
}
