import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletAdminMessages } from '@fipay/contracts/back-office-wallet';
import { backOfficeWalletEndpoints as endpoints } from '@fipay/contracts/endpoints/back-office-wallet';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireReviewer } from '../../plugins/reviewer-auth';
import { companyWallet, companyWalletStatement, freezeCompanyWallet, unfreezeCompanyWallet } from './wallet';

/** A company's wallet in the back office (docs/decisions/0074-frozen-wallets.md). */
export const backOfficeWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  registerRoute(app, endpoints.wallet, async (request) => ok(walletAdminMessages.loaded, await companyWallet(ctx, request.params.companyId)));
  registerRoute(app, endpoints.statement, async (request) =>
    ok(walletAdminMessages.statementLoaded, await companyWalletStatement(ctx, request.params.companyId, request.query)),
  );
  registerRoute(app, endpoints.freeze, async (request) =>
    ok(walletAdminMessages.frozen, await freezeCompanyWallet(ctx, requireReviewer(request), request.params.companyId, request.body)),
  );
  registerRoute(app, endpoints.unfreeze, async (request) =>
    ok(walletAdminMessages.unfrozen, await unfreezeCompanyWallet(ctx, requireReviewer(request), request.params.companyId, request.body)),
  );
};
