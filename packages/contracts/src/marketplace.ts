import type { AssetCode } from './assets';

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
