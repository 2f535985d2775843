import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  balanceEndpoints,
  checkoutEndpoints,
  paymentLinkEndpoints,
  payPageEndpoints,
  providerEndpoints,
  refundEndpoints,
  legacySettlementEndpoints,
  payoutEndpoints,
  transactionEndpoints,
} from '@fipay/contracts/endpoints/payments';
import { paymentMessages, payoutMessages, refundMessages } from '@fipay/contracts/payments';
import { walletEndpoints } from '@fipay/contracts/endpoints/wallet';
import { topUpMessages } from '@fipay/contracts/wallet';
import { startTopUp } from './charges/top-ups';
// Names the other side of payments' lines on wallet statements (registered once, at start).
import './charges/counterparties';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { createPaymentLink, findPayableLink, findPaymentLink, listPaymentLinks, toPayPage, updatePaymentLink } from './links/payment-links';
import { startLinkPayment } from './charges/link-payments';
import { receiveProviderWebhook } from './provider-inbox';
import { createRefund } from './refunds/refunds';
import { getCheckout, payWithCard, simulateTransfer, startBankTransfer, submitOtp } from './charges/checkout';
import { balancesOf } from './payouts/balances';
import { listPayouts, payOut, payoutCsv, payoutDetail } from './payouts/payouts';
import { dailyTotals, initializeTransaction, listTransactions, transactionDetail } from './charges/transactions';
import { exportTransactionsCsv } from './charges/transactions-export';
import { lagosDay } from '../../lib/lagos';
import { earlierEffect } from '../../plugins/idempotent-effects';
import { withLiveNotice } from '../developers/modes';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, paymentLinkEndpoints.list, async (request) => ok(paymentMessages.linksLoaded, await listPaymentLinks(ctx, requireMerchant(request), request.query)));
  registerRoute(app, paymentLinkEndpoints.create, async (request) => {
    const scope = requireMerchant(request);
    const link = await createPaymentLink(ctx, scope, request.body, request.idempotency);
    return ok(await withLiveNotice(ctx, scope, paymentMessages.linkCreated), link);
  });
  registerRoute(app, paymentLinkEndpoints.get, async (request) => ok(paymentMessages.linkLoaded, await findPaymentLink(ctx, requireMerchant(request), request.params.id)));
  registerRoute(app, paymentLinkEndpoints.update, async (request) =>
    ok(paymentMessages.linkUpdated, await updatePaymentLink(ctx, requireMerchant(request), request.params.id, request.body)),
  );

  registerRoute(app, payPageEndpoints.get, async (request) => {
    await ctx.limiter.consume('payPagePerIp', request.ip);
    return ok(paymentMessages.linkLoaded, toPayPage(await findPayableLink(ctx, request.params.slug)));
  });
  registerRoute(app, payPageEndpoints.pay, async (request) =>
    ok(paymentMessages.initialized, await startLinkPayment(ctx, request.params.slug, request.body, request)),
  );

  registerRoute(app, checkoutEndpoints.get, async (request) => {
    await ctx.limiter.consume('payPagePerIp', request.ip);
    return ok(paymentMessages.checkoutLoaded, await getCheckout(ctx, request.params.code));
  });
  registerRoute(app, checkoutEndpoints.card, async (request) => {
    const { checkout, message } = await payWithCard(ctx, request.params.code, request.body, request.ip);
    return ok(message, checkout);
  });
  registerRoute(app, checkoutEndpoints.otp, async (request) => {
    const { checkout, message } = await submitOtp(ctx, request.params.code, request.body.otp, request.ip);
    return ok(message, checkout);
  });
  registerRoute(app, checkoutEndpoints.bankTransfer, async (request) => {
    const { checkout, message } = await startBankTransfer(ctx, request.params.code, request.ip);
    return ok(message, checkout);
  });
  registerRoute(app, checkoutEndpoints.simulateTransfer, async (request) => {
    const { checkout, message } = await simulateTransfer(ctx, request.params.code, request.ip);
    return ok(message, checkout);
  });

  registerRoute(app, transactionEndpoints.initialize, async (request) => {
    const { amount, email, reference, callbackUrl, metadata } = request.body;
    return ok(paymentMessages.initialized, await initializeTransaction(ctx, requireMerchant(request), { amount, email, reference, callbackUrl, metadata }, request.idempotency));
  });
  // The company's own top-up of its NGN wallet (ADR 0076): a transaction through the same path, paid on the checkout.
  registerRoute(app, walletEndpoints.topUp, async (request) =>
    ok(topUpMessages.started, await startTopUp(ctx, requireMerchant(request), request.body.amount, request.idempotency)),
  );
  registerRoute(app, transactionEndpoints.list, async (request) => ok(paymentMessages.transactionsLoaded, await listTransactions(ctx.db, requireMerchant(request), request.query)));
  registerRoute(app, transactionEndpoints.export, async (request, reply) => {
    const scope = requireMerchant(request);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="fipay-${scope.livemode ? 'live' : 'test'}-transactions-${lagosDay()}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(exportTransactionsCsv(ctx.db, scope, request.query));
  });
  registerRoute(app, transactionEndpoints.verify, async (request) =>
    ok(paymentMessages.verified, await transactionDetail(ctx.db, requireMerchant(request), request.params.reference)),
  );
  registerRoute(app, transactionEndpoints.get, async (request) =>
    ok(paymentMessages.transactionLoaded, await transactionDetail(ctx.db, requireMerchant(request), request.params.reference)),
  );

  registerRoute(app, transactionEndpoints.daily, async (request) =>
    ok(paymentMessages.transactionsLoaded, { currency: 'NGN' as const, days: await dailyTotals(ctx.db, requireMerchant(request), request.query.days) }),
  );

  registerRoute(app, balanceEndpoints.get, async (request) => ok(paymentMessages.balanceLoaded, { balances: await balancesOf(ctx.db, requireMerchant(request)) }));

  registerRoute(app, refundEndpoints.create, async (request) => {
    const refund = await createRefund(ctx, requireMerchant(request), request.body, request.idempotency);
    return ok(refund.status === 'processed' ? refundMessages.created : refundMessages.pending, refund);
  });

  // Payouts, and the same under their old name until 31 May 2027 (legacySettlementEndpoints; ADR 0055).
  registerRoute(app, payoutEndpoints.list, async (request) => ok(payoutMessages.loaded, await listPayouts(ctx.db, requireMerchant(request), request.query)));
  registerRoute(app, legacySettlementEndpoints.list, async (request) => {
    const { payouts, ...rest } = await listPayouts(ctx.db, requireMerchant(request), request.query);
    return ok(payoutMessages.loaded, { settlements: payouts, ...rest });
  });
  for (const endpoint of [payoutEndpoints.get, legacySettlementEndpoints.get]) {
    registerRoute(app, endpoint, async (request) => ok(payoutMessages.payoutLoaded, await payoutDetail(ctx.db, requireMerchant(request), request.params.id)));
  }
  const exportPayout = async (request: FastifyRequest, id: string, reply: FastifyReply) => {
    const scope = requireMerchant(request);
    const csv = await payoutCsv(ctx.db, scope, id);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="fipay-${scope.livemode ? 'live' : 'test'}-payout-${id}.csv"`)
      .header('Cache-Control', 'private, no-store')
      .send(csv);
  };
  registerRoute(app, payoutEndpoints.export, (request, reply) => exportPayout(request, request.params.id, reply));
  registerRoute(app, legacySettlementEndpoints.export, (request, reply) => exportPayout(request, request.params.id, reply));
  const payOutNow = async (request: FastifyRequest) => {
    const scope = requireMerchant(request);
    if (scope.livemode) throw new AppError('FORBIDDEN', payoutMessages.testOnly);
    const earlier = earlierEffect(request.idempotency, 'payout');
    const outcome = earlier
      ? { payout: await payoutDetail(ctx.db, scope, earlier) }
      : await ctx.db.transaction((tx) => payOut(ctx, tx, scope, { claim: request.idempotency }));
    if ('skipped' in outcome) throw new AppError('CONFLICT', outcome.skipped);
    return ok(outcome.payout.status === 'paid' ? payoutMessages.paidOut : (outcome.payout.failureReason ?? payoutMessages.paidOut), outcome.payout);
  };
  registerRoute(app, payoutEndpoints.payOutNow, payOutNow);
  registerRoute(app, legacySettlementEndpoints.payoutNow, payOutNow);

  // Paystack signs the raw bytes: this route alone keeps the JSON body unparsed (a Buffer), up to 1 MB.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_request, body, done) => done(null, body));
    registerRoute(raw, providerEndpoints.paystackWebhook, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // Stored and answered at once; the provider inbox worker applies it (provider-inbox.ts).
      const outcome = await receiveProviderWebhook(ctx, 'paystack', body, request.headers);
      if (outcome === 'refused') throw new AppError('UNAUTHORIZED', paymentMessages.webhookSignatureInvalid);
      return ok(outcome === 'stored' ? 'Event received.' : 'Event acknowledged.', null);
    });
  });
};
