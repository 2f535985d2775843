import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@fipay/contracts/kyb';
import { kybMessages } from '@fipay/contracts/kyb';
import { AppError } from '../../lib/errors';
import { ok, responses } from '../../lib/reply';
import { requireAuth } from '../../plugins/auth';

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['banks'];
  const security = [{ bearerAuth: [] }];
  // onRequest rather than preHandler: a caller without a token learns nothing, not even which query is wrong.
  const guarded = { onRequest: app.authenticate };

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

  app.get('/bank/list', {
    ...guarded,
    schema: { tags, security, summary: 'Banks that can receive settlements, sorted by name', response: responses({ 200: contract.bankListResponse }) },
  }, async (request) => {
    requireAuth(request);
    return ok(kybMessages.banksLoaded, await viaProvider(request.log, () => ctx.banks.listBanks()));
  });

  app.get('/bank/resolve-account', {
    ...guarded,
    schema: {
      tags,
      security,
      summary: 'Look up the name on an account (name enquiry)',
      description:
        'Refuses an unknown bank or a number failing the NUBAN check digit with 422, and answers 502 when the bank directory is down or slow. Rate-limited per user.',
      querystring: contract.resolveAccountQuery,
      response: responses({ 200: contract.resolveAccountResponse }),
    },
  }, async (request) => {
    const { userId } = requireAuth(request);
    await ctx.limiter.consume('resolveAccountPerUser', userId);
    const account = await viaProvider(request.log, () => ctx.banks.resolveAccount(request.query));
    return ok(kybMessages.accountResolved, account);
  });
};
