import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import { overviewMessages, walletMessages } from '@fipay/contracts/wallet';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { exportStatementCsv } from './statement-export';
import { addTestFunds, getWallet, walletOverview, walletStatement } from './wallet';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  registerRoute(app, walletEndpoints.get, async (request) => ok(walletMessages.loaded, await getWallet(ctx, requireMerchant(request))));

  registerRoute(app, walletEndpoints.statement, async (request) =>
    ok(walletMessages.statementLoaded, await walletStatement(ctx, requireMerchant(request), request.params.asset, request.query)),
  );

  registerRoute(app, walletEndpoints.overview, async (request) =>
    ok(overviewMessages.loaded, await walletOverview(ctx, requireMerchant(request), request.params.asset, request.query.days)),
  );

  registerRoute(app, walletEndpoints.statementCsv, async (request, reply) => {
    const scope = requireMerchant(request);
    const { asset } = request.params;
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="fipay-${scope.livemode ? 'live' : 'test'}-${asset.toLowerCase()}-statement-${day}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(exportStatementCsv(ctx.db, scope, asset, request.query));
  });

  registerRoute(app, walletEndpoints.addTestFunds, async (request) => {
    const scope = requireMerchant(request);
    const funds = await addTestFunds(ctx, { scope, asset: request.params.asset, amount: request.body.amount, claim: request.idempotency });
    return ok(walletMessages.testFundsAdded(funds.asset, BigInt(funds.amount)), funds);
  });
};
