import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputeReviewEndpoints, offerEndpoints, tradeEndpoints } from '@fipay/contracts/endpoints/marketplace';
import { favoriteApiMessages, marketApiMessages as done, MARKET_FIATS, marketMessages, type MarketOffersQuery, type OfferView } from '@fipay/contracts/marketplace';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { requireMerchant } from '../../plugins/merchant-auth';
import { requireReviewer } from '../../plugins/reviewer-auth';
import { disputeMessages } from '@fipay/contracts/trade-disputes';
import { marketRate } from '../rates/rates';
import { disputeAttachment, disputeCase, disputeQueue, ruleOnDispute, tradeDispute, writeStatement } from './disputes';
import { listFavorites, removeFavorite, saveFavorite } from './favorites';
import { feedbackForTrade } from './reputation';
import { reputationRoutes } from './reputation-routes';
import { createOffer, findOffer, listOwnOffers, marketOffers, setOfferStatus, type Offer } from './offers';
import { cancelTrade, disputeTrade, findTrade, listTrades, markPaid, openTrade, quoteTrade, releaseTrade, tradeView } from './trades';

/** An offer as `viewer` sees it: another business's without the ids of its saved accounts. */
const offerView = (offer: Offer, viewer: string | null): OfferView => {
  const mine = offer.companyId === viewer;
  return {
    id: offer.id,
    livemode: offer.livemode,
    side: offer.side,
    asset: offer.asset,
    fiat: offer.fiat,
    priceKind: offer.priceKind,
    price: offer.price === null ? null : offer.price.toString(),
    marginBps: offer.marginBps,
    total: offer.total.toString(),
    remaining: offer.remaining.toString(),
    minTrade: offer.minTrade.toString(),
    maxTrade: offer.maxTrade.toString(),
    windowMinutes: offer.windowMinutes,
    terms: offer.terms,
    minCompletedTrades: offer.minCompletedTrades,
    status: offer.status,
    methods: offer.methods.map((m) => ({ method: m.method, paymentMethodId: mine ? m.paymentMethodId : null })),
    mine,
    createdAt: offer.createdAt,
  };
};

/** The marketplace's offers and trades: docs/decisions/0084-marketplace-offers-trades-and-escrow.md. */
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  await app.register(reputationRoutes);

  registerRoute(app, offerEndpoints.create, async (request) => {
    const merchant = requireMerchant(request);
    const body = request.body;
    const offer = await createOffer(ctx, merchant, { ...body, methods: body.methods.map((m) => ({ method: m.method, paymentMethodId: m.paymentMethodId ?? null })) });
    return ok(done.offerCreated, offerView(offer, merchant.companyId));
  });

  /** The list in one mode, as `viewer` (null: a signed-out visitor) sees it. */
  async function market(query: MarketOffersQuery, livemode: boolean, viewer: string | null) {
    if (!(MARKET_FIATS as readonly string[]).includes(query.fiat) || query.fiat === query.asset) {
      throw new AppError('VALIDATION_FAILED', marketMessages.fiatInvalid, { errors: { fiat: marketMessages.fiatInvalid } });
    }
    if (query.amount !== undefined && query.amount <= 0n) throw new AppError('VALIDATION_FAILED', 'The amount must be more than zero.', { errors: { amount: 'The amount must be more than zero.' } });
    // One rate for the whole list; stale or missing, floating offers are left out rather than mispriced.
    const rate = await marketRate(ctx, { base: query.asset, quote: query.fiat }).then(
      (found) => found.rate,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'RATE_STALE') return null;
        throw error;
      },
    );
    const { listings, nextCursor } = await marketOffers(ctx.db, livemode, query, rate, viewer);
    return ok(done.offersLoaded, {
      offers: listings.map((listing) => ({ ...offerView(listing.offer, viewer), priceNow: listing.priceNow.toString(), vendor: listing.vendor })),
      floatingShown: rate !== null,
      nextCursor,
    });
  }

  registerRoute(app, offerEndpoints.market, async (request) => {
    const merchant = requireMerchant(request);
    return market(request.query, merchant.livemode, merchant.companyId);
  });

  registerRoute(app, offerEndpoints.favorites, async (request) => {
    const merchant = requireMerchant(request);
    const favorites = await listFavorites(ctx, merchant);
    return ok(favoriteApiMessages.loaded, {
      offers: favorites.map((f) => ({ ...offerView(f.offer, merchant.companyId), priceNow: f.priceNow === null ? null : f.priceNow.toString(), vendor: f.vendor, savedAt: f.savedAt })),
    });
  });

  registerRoute(app, offerEndpoints.saveFavorite, async (request) => {
    const merchant = requireMerchant(request);
    const offer = await saveFavorite(ctx.db, merchant, request.params.id);
    return ok(favoriteApiMessages.saved, { offerId: offer.id, favorite: true });
  });

  registerRoute(app, offerEndpoints.removeFavorite, async (request) => {
    const merchant = requireMerchant(request);
    await removeFavorite(ctx.db, merchant, request.params.id);
    return ok(favoriteApiMessages.removed, { offerId: request.params.id, favorite: false });
  });

  registerRoute(app, offerEndpoints.publicMarket, async (request) => {
    await ctx.limiter.consume('marketplacePerIp', request.ip);
    return market(request.query, true, null);
  });

  registerRoute(app, offerEndpoints.list, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.offersLoaded, { offers: (await listOwnOffers(ctx.db, merchant)).map((offer) => offerView(offer, merchant.companyId)) });
  });

  registerRoute(app, offerEndpoints.get, async (request) => {
    const merchant = requireMerchant(request);
    const offer = await findOffer(ctx.db, merchant.livemode, request.params.id);
    if (!offer) throw new AppError('NOT_FOUND', marketMessages.offerNotFound);
    return ok(done.offerLoaded, offerView(offer, merchant.companyId));
  });

  registerRoute(app, offerEndpoints.pause, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.offerPaused, offerView(await setOfferStatus(ctx.db, merchant, request.params.id, 'paused'), merchant.companyId));
  });
  registerRoute(app, offerEndpoints.resume, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.offerResumed, offerView(await setOfferStatus(ctx.db, merchant, request.params.id, 'active'), merchant.companyId));
  });
  registerRoute(app, offerEndpoints.close, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.offerClosed, offerView(await setOfferStatus(ctx.db, merchant, request.params.id, 'closed'), merchant.companyId));
  });

  registerRoute(app, tradeEndpoints.quote, async (request) => {
    const merchant = requireMerchant(request);
    const quote = await quoteTrade(ctx, merchant, request.body);
    return ok(done.quoted, {
      offerId: quote.offer.id,
      side: quote.buyer === merchant.companyId ? ('buy' as const) : ('sell' as const),
      asset: quote.offer.asset,
      fiat: quote.offer.fiat,
      amount: request.body.amount.toString(),
      price: quote.price.toString(),
      fiatAmount: quote.fiatAmount.toString(),
      sellerFee: quote.sellerFee.toString(),
      buyerFee: quote.buyerFee.toString(),
      usdCents: quote.usdCents.toString(),
      method: request.body.method,
    });
  });

  registerRoute(app, tradeEndpoints.open, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.tradeOpened, await tradeView(ctx.db, merchant, await openTrade(ctx, merchant, request.body, request.idempotency)));
  });

  registerRoute(app, tradeEndpoints.list, async (request) => ok(done.tradesLoaded, await listTrades(ctx.db, requireMerchant(request), request.query)));

  registerRoute(app, tradeEndpoints.get, async (request) => {
    const merchant = requireMerchant(request);
    const trade = await findTrade(ctx.db, merchant, request.params.id);
    if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
    return ok(done.tradeLoaded, {
      ...(await tradeView(ctx.db, merchant, trade)),
      feedback: await feedbackForTrade(ctx.db, merchant, trade),
      dispute: await tradeDispute(ctx.db, merchant, trade),
    });
  });

  // Each step of a trade, by one party in one status (trades.ts): the trade as it became.
  registerRoute(app, tradeEndpoints.paid, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.tradePaid, await tradeView(ctx.db, merchant, await markPaid(ctx, merchant, request.params.id)));
  });
  registerRoute(app, tradeEndpoints.release, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.tradeReleased, await tradeView(ctx.db, merchant, await releaseTrade(ctx, merchant, request.params.id)));
  });
  registerRoute(app, tradeEndpoints.cancel, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.tradeCancelled, await tradeView(ctx.db, merchant, await cancelTrade(ctx, merchant, request.params.id)));
  });
  registerRoute(app, tradeEndpoints.dispute, async (request) => {
    const merchant = requireMerchant(request);
    return ok(done.tradeDisputed, await tradeView(ctx.db, merchant, await disputeTrade(ctx, merchant, request.params.id)));
  });

  // Disputes (disputes.ts, docs/decisions/0086-trade-disputes.md): a party's statement, and the back office's queue and ruling.
  registerRoute(app, tradeEndpoints.statement, async (request) =>
    ok(disputeMessages.statementSaved, await writeStatement(ctx, requireMerchant(request), request.params.id, request.body.body)),
  );
  registerRoute(app, disputeReviewEndpoints.queue, async (request) => ok(disputeMessages.disputesLoaded, await disputeQueue(ctx, request.query)));
  registerRoute(app, disputeReviewEndpoints.get, async (request) => ok(disputeMessages.caseLoaded, await disputeCase(ctx, request.params.tradeId)));
  registerRoute(app, disputeReviewEndpoints.attachment, async (request) =>
    ok(disputeMessages.attachmentLinked, await disputeAttachment(ctx, request.params.tradeId, request.params.messageId)),
  );
  registerRoute(app, disputeReviewEndpoints.rule, async (request) =>
    ok(disputeMessages.ruled, await ruleOnDispute(ctx, requireReviewer(request), request.params.tradeId, request.body)),
  );
};
