import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankEndpoints as endpoints } from '@fipay/contracts/endpoints/banks';
import { kybMessages } from '@fipay/contracts/kyb';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  /** Provider failures leave as a plain 502; the log keeps why (never the key). */
  async function viaProvider<T>(log: FastifyBaseLogger, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_GATEWAY') {
        log.warn({ bankProvider: ctx.banks.name, reason: error.cause }, 'Bank directory unavailable');
      }
      throw error;
    }
  }

  registerRoute(app, endpoints.list, async (request) => {
    requireAuth(request);
    return ok(kybMessages.banksLoaded, await viaProvider(request.log, () => ctx.banks.listBanks()));
  });

  registerRoute(app, endpoints.resolveAccount, async (request) => {
    const { userId } = requireAuth(request);
    await ctx.limiter.consume('resolveAccountPerUser', userId);
    const account = await viaProvider(request.log, () => ctx.banks.resolveAccount(request.query));
    return ok(kybMessages.accountResolved, account);
  });
};
