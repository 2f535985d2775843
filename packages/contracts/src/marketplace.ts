import { z } from 'zod';
import { assetCodeSchema, type AssetCode } from './assets';
import { envelope } from './envelope';
import { serverChecks, text } from './fields';
import { minorUnitsOut, minorUnitsSchema } from './money';
import { badgeLevels, tradeFeedbackSchema } from './reputation';

/**
 * The marketplace's shared facts (docs/decisions/0084-marketplace-offers-trades-and-escrow.md): offer and trade
 * statuses, payment methods, bounds and the texts the server answers with.
 */

export const offerSides = ['sell', 'buy'] as const;
export type OfferSide = (typeof offerSides)[number];
export const offerStatuses = ['active', 'paused', 'exhausted', 'closed'] as const;
export type OfferStatus = (typeof offerStatuses)[number];
export const tradeMethods = ['fipay_balance', 'ng_bank_transfer', 'foreign_bank_transfer'] as const;
export type TradeMethod = (typeof tradeMethods)[number];
export const tradeStatuses = ['awaiting_payment', 'paid', 'completed', 'cancelled', 'disputed', 'resolved'] as const;
export type TradeStatus = (typeof tradeStatuses)[number];
/** Statuses in which the seller's asset is in escrow. */
export const openTradeStatuses = ['awaiting_payment', 'paid', 'disputed'] as const satisfies readonly TradeStatus[];

export const tradeMethodLabels: Record<TradeMethod, string> = {
  fipay_balance: 'FiPay balance',
  ng_bank_transfer: 'Nigerian bank transfer',
  foreign_bank_transfer: 'Foreign bank transfer',
};

export const MARKET_FIATS = ['NGN', 'USD', 'GBP', 'EUR'] as const satisfies readonly AssetCode[];
export const PAYMENT_WINDOW_MINUTES = { min: 15, max: 120, default: 30 } as const;
export const MARGIN_BPS = { min: -5000, max: 5000 } as const;
export const TERMS_MAX = 2000;

export const marketMessages = {
  offerNotFound: 'Offer not found.',
  tradeNotFound: 'Trade not found.',
  fiatInvalid: 'Choose a fiat currency: NGN, USD, GBP or EUR.',
  sameAsset: 'Choose a fiat currency other than the asset you trade.',
  priceMissing: 'Give a fixed price or a margin over the market rate, not both.',
  marginInvalid: `The margin is between ${MARGIN_BPS.min / 100}% and ${MARGIN_BPS.max / 100}% of the market rate.`,
  boundsInvalid: 'The minimum per trade is at most the maximum, and the maximum at most the amount offered.',
  windowInvalid: `The payment window is between ${PAYMENT_WINDOW_MINUTES.min} and ${PAYMENT_WINDOW_MINUTES.max} minutes.`,
  methodsMissing: 'Accept at least one payment method.',
  methodRepeated: 'Each payment method is listed once.',
  methodNeedsAccount: (method: string) => `Choose the saved account your buyer pays into by ${method}.`,
  methodAccountUnusable: 'That saved account cannot receive payments yet (removed, in its cooling-off period or waiting for review).',
  methodAccountCurrency: (currency: string, fiat: string) => `That account is in ${currency}; this offer is paid in ${fiat}.`,
  methodAccountKind: (method: string) => `That account cannot be paid by ${method}.`,
  methodFiat: (method: string, fiat: string) => `${method} does not pay ${fiat}.`,
  offerNotActive: 'This offer is not taking trades now.',
  ownOffer: 'You cannot trade on your own offer.',
  otherMode: 'Offer not found.',
  amountBelowMin: (min: string) => `The least you can trade on this offer is ${min}.`,
  amountAboveMax: (max: string) => `The most you can trade on this offer is ${max}.`,
  amountAboveLeft: (left: string) => `This offer has ${left} left.`,
  methodNotAccepted: 'This offer does not accept that payment method.',
  requirementTrades: (count: number) => `This offer asks for at least ${count} completed trades.`,
  tooManyAwaiting: (count: number) => `You already have ${count} trades awaiting your payment. Pay or cancel one first.`,
  balanceShort: (asset: string) => `The seller's ${asset} balance is not enough for this trade.`,
  buyerBalanceShort: (fiat: string) => `Your ${fiat} balance is not enough to pay for this trade.`,
  frozen: 'This wallet is frozen: nothing can leave it.',
  notParty: 'Trade not found.',
  outOfTurn: (status: string) => `This trade is ${status.replace('_', ' ')}; that is not possible now.`,
  onlyBuyer: 'Only the buyer can do that.',
  onlySeller: 'Only the seller can do that.',
  buyerDisputeTooEarly: (at: string) => `You can open a dispute once the seller's release window has passed, at ${at}.`,
  statusChangeInvalid: (from: string, to: string) => `An offer that is ${from} cannot become ${to}.`,
  liveNeedsApproval: 'Live trades open once your business verification is approved.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Requests and answers of the marketplace's API (apps/api/src/modules/marketplace/routes.ts). Amounts travel as digit
// strings of the asset's smallest unit (ADR 0065); a fixed price as the fiat's smallest units per one whole unit.

const moreThanZero = (what: string) => serverChecks(minorUnitsSchema, 'More than zero.').refine((amount) => amount > 0n, `${what} must be more than zero.`);
const idField = text().max(100, 'Not found.');

export const offerMethodRequest = z.strictObject({
  method: z.enum(tradeMethods),
  /** A selling offer's external method: the vendor's saved payment method the buyer pays into. */
  paymentMethodId: idField.optional(),
});

export const createOfferRequest = z.strictObject({
  side: z.enum(offerSides),
  asset: assetCodeSchema,
  fiat: serverChecks(assetCodeSchema, 'NGN, USD, GBP or EUR, not the asset traded.'),
  /** A fixed price: the fiat's smallest units per one whole unit of the asset (165000 is ₦1,650.00 per USDT). */
  price: serverChecks(moreThanZero('The price'), 'Give either price or marginBps.').optional(),
  /** A floating price: basis points over the market rate (150 is +1.5 %). */
  marginBps: serverChecks(z.number().int().min(MARGIN_BPS.min).max(MARGIN_BPS.max), 'Give either price or marginBps.').optional(),
  total: moreThanZero('The amount offered'),
  minTrade: serverChecks(moreThanZero('The minimum per trade'), 'At most maxTrade.'),
  maxTrade: serverChecks(moreThanZero('The maximum per trade'), 'At most total.'),
  methods: serverChecks(z.array(offerMethodRequest).min(1, marketMessages.methodsMissing).max(3), 'Each method once; an external method of a selling offer names a usable saved account in the fiat.'),
  windowMinutes: z.number().int().min(PAYMENT_WINDOW_MINUTES.min).max(PAYMENT_WINDOW_MINUTES.max).optional(),
  terms: text().trim().max(TERMS_MAX, `Keep the terms to ${TERMS_MAX} characters.`).optional(),
  minCompletedTrades: z.number().int().min(0).max(100_000).optional(),
});
export type CreateOfferRequest = z.input<typeof createOfferRequest>;

export const offerSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  side: z.enum(offerSides),
  asset: assetCodeSchema,
  fiat: assetCodeSchema,
  priceKind: z.enum(['fixed', 'floating']),
  price: minorUnitsOut.nullable(),
  marginBps: z.number().nullable(),
  total: minorUnitsOut,
  remaining: minorUnitsOut,
  minTrade: minorUnitsOut,
  maxTrade: minorUnitsOut,
  windowMinutes: z.number(),
  terms: z.string(),
  minCompletedTrades: z.number(),
  status: z.enum(offerStatuses),
  methods: z.array(z.object({ method: z.enum(tradeMethods), paymentMethodId: z.string().nullable() })),
  /** Whether the viewing business posted it. */
  mine: z.boolean(),
  createdAt: z.string(),
});
export type OfferView = z.infer<typeof offerSchema>;
export const offerResponse = envelope(offerSchema);
export const offerListResponse = envelope(z.object({ offers: z.array(offerSchema) }));
export const offerIdParams = z.strictObject({ id: idField });

export const openTradeRequest = z.strictObject({
  offerId: idField,
  amount: moreThanZero('The amount'),
  method: z.enum(tradeMethods),
  /** Taking a buying offer by an external method: your saved payment method the buyer pays into. */
  paymentMethodId: idField.optional(),
});
export type OpenTradeRequest = z.input<typeof openTradeRequest>;

export const tradeQuoteSchema = z.object({
  offerId: z.string(),
  side: z.enum(['buy', 'sell']).describe('What the taker does: buy the asset (a selling offer) or sell it.'),
  asset: assetCodeSchema,
  fiat: assetCodeSchema,
  amount: minorUnitsOut,
  price: minorUnitsOut,
  fiatAmount: minorUnitsOut,
  sellerFee: minorUnitsOut,
  buyerFee: minorUnitsOut,
  usdCents: minorUnitsOut,
  method: z.enum(tradeMethods),
});
export const tradeQuoteResponse = envelope(tradeQuoteSchema);

export const tradeSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  offerId: z.string(),
  /** The viewing business's side. */
  role: z.enum(['seller', 'buyer']),
  /** The other business: its name as its verification approved it, and its FiPay tag. */
  counterparty: z.object({ name: z.string(), tag: z.string().nullable() }),
  status: z.enum(tradeStatuses),
  asset: assetCodeSchema,
  fiat: assetCodeSchema,
  amount: minorUnitsOut,
  price: minorUnitsOut,
  fiatAmount: minorUnitsOut,
  sellerFee: minorUnitsOut,
  buyerFee: minorUnitsOut,
  method: z.enum(tradeMethods),
  /** The account the buyer pays into (external methods), as the seller saved it. */
  payTo: z
    .object({ accountName: z.string(), bankName: z.string().nullable(), bankCode: z.string(), accountNumber: z.string(), currency: z.string() })
    .nullable(),
  payBy: z.string().nullable(),
  releaseBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  sellerAskedCancel: z.boolean(),
  buyerAskedCancel: z.boolean(),
  cancelReason: z.enum(['buyer', 'timeout', 'both']).nullable(),
  disputedBy: z.enum(['seller', 'buyer', 'system']).nullable(),
  ruling: z.enum(['release', 'return', 'split']).nullable(),
  rulingBuyerAmount: minorUnitsOut.nullable(),
  createdAt: z.string(),
  /** GET /trades/:id only: both sides' feedback (docs/decisions/0087-marketplace-reputation.md). */
  feedback: tradeFeedbackSchema.optional(),
});
export type TradeView = z.infer<typeof tradeSchema>;
export const tradeResponse = envelope(tradeSchema);
export const tradeListQuery = z.object({
  status: z.enum(tradeStatuses).optional(),
  before: text().regex(/^[1-9][0-9]{0,17}$/, 'That page cursor is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TradeListQuery = z.output<typeof tradeListQuery>;
export const tradeListResponse = envelope(z.object({ trades: z.array(tradeSchema), nextBefore: z.string().nullable() }));
export const tradeIdParams = z.strictObject({ id: idField });

export const marketApiMessages = {
  offerCreated: 'Offer posted.',
  offersLoaded: 'Offers loaded.',
  offerLoaded: 'Offer loaded.',
  offerPaused: 'Offer paused.',
  offerResumed: 'Offer taking trades again.',
  offerClosed: 'Offer closed.',
  quoted: 'Check the trade before you open it.',
  tradeOpened: 'Trade opened.',
  tradesLoaded: 'Trades loaded.',
  tradeLoaded: 'Trade loaded.',
  tradePaid: 'Marked as paid. The seller has been told to release.',
  tradeReleased: 'Released. The trade is complete.',
  tradeCancelled: 'Trade updated.',
  tradeDisputed: 'Dispute opened. A FiPay agent will look at the trade.',
} as const;

/** The marketplace's list: active offers of one side, asset and fiat, best price first (ADR 0084). */
export const marketOffersQuery = z.object({
  side: z.enum(offerSides),
  asset: assetCodeSchema,
  fiat: serverChecks(assetCodeSchema, 'NGN, USD, GBP or EUR.'),
  method: z.enum(tradeMethods).optional(),
  /** Only offers that take a trade of this amount (the asset's smallest units). */
  amount: serverChecks(minorUnitsSchema, 'More than zero.').optional(),
  /** The previous page's `nextCursor`. */
  cursor: text().regex(/^[0-9]{1,78}:(-1|[0-9]{1,5}):[1-9][0-9]{0,17}$/, 'That page cursor is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type MarketOffersQuery = z.output<typeof marketOffersQuery>;

export const marketOfferSchema = offerSchema.extend({
  /** The price a trade would open at now: fixed, or the market rate with the margin. */
  priceNow: minorUnitsOut,
  vendor: z.object({ name: z.string(), tag: z.string().nullable(), trades30d: z.number(), completionBps: z.number().nullable(), badge: z.enum(badgeLevels).nullable() }),
});
export type MarketOffer = z.infer<typeof marketOfferSchema>;
export const marketOffersResponse = envelope(
  z.object({
    offers: z.array(marketOfferSchema),
    /** Offers at a floating price are left out while the market rate is stale or missing. */
    floatingShown: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
);

/** A favourite offer (`/dashboard/favorites`): the offer, its vendor, and the price a trade would open at now (null: a floating price while the rate is stale). */
export const favoriteOfferSchema = offerSchema.extend({
  priceNow: minorUnitsOut.nullable(),
  vendor: z.object({ name: z.string(), tag: z.string().nullable() }),
  savedAt: z.string(),
});
export type FavoriteOffer = z.infer<typeof favoriteOfferSchema>;
export const favoriteListResponse = envelope(z.object({ offers: z.array(favoriteOfferSchema) }));
export const favoriteResponse = envelope(z.object({ offerId: z.string(), favorite: z.boolean() }));
export const favoriteApiMessages = { saved: 'Saved to your favourite offers.', removed: 'Removed from your favourite offers.', loaded: 'Favourite offers loaded.' } as const;
