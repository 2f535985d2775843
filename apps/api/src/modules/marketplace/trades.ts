import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { MAX_LIMIT_CENTS } from '@fipay/contracts/daily-limits';
import { marketMessages as text, tradeMethodLabels, type TradeListQuery, type TradeMethod, type TradeStatus, type TradeView } from '@fipay/contracts/marketplace';
import { formatAmount } from '@fipay/contracts/money';
import { rational, roundRational, type Rational } from '@fipay/contracts/rational';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ownerPageSql } from '../../db/owner-page';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import type { Merchant } from '../../plugins/merchant-auth';
import { appendAudit } from '../audit/audit-log';
import { companyMayGoLive } from '../developers/modes';
import { InsufficientBalanceError, post, PostingHeldError, WalletFrozenError, walletBalances, type Line } from '../ledger/ledger';
import { beyondAnyLimit, inLimitOrder, limitClause, limitRefusal } from '../limits/limits';
import { notifyCompaniesSql } from '../notifications/notify';
import { emailCompany } from '../notifications/tell-company';
import { enqueueEmailsSql } from '../../mail/outbox';
import { tradeNoticeEmail } from '../../mail/templates';
import { marketRate, priceAtMarket } from '../rates/rates';
import { eventClause, recordEvent } from '../webhooks/events';
import { usablePaymentMethod } from '../payment-methods/payment-methods';
import { endDisputeByRuling, openDispute, withdrawDispute } from './dispute-rows';
import { findOffer, receivingAccount, type Offer } from './offers';
import { refuseIfBlocked } from './partner-blocks';
import { postSystemMessage, systemMessageClause, tellTradeChanged } from './chat';

/**
 * Trades (docs/decisions/0084-marketplace-offers-trades-and-escrow.md): a taker's trade on an offer. Opening one
 * takes its amount from the offer and, in the same transaction, moves the seller's asset into its escrow account (an
 * external method) or swaps both legs at once (FiPay balance). Every later step is one guarded update of the trade's
 * status with its ledger entry, events and notices in the same transaction.
 */

export type Trade = {
  id: string;
  livemode: boolean;
  offerId: string;
  sellerCompanyId: string;
  buyerCompanyId: string;
  takerCompanyId: string;
  asset: AssetCode;
  fiat: AssetCode;
  amount: bigint;
  price: bigint;
  fiatAmount: bigint;
  sellerFee: bigint;
  buyerFee: bigint;
  usdCents: bigint;
  method: TradeMethod;
  paymentMethodId: string | null;
  status: TradeStatus;
  payBy: string | null;
  releaseBy: string | null;
  paidAt: string | null;
  endedAt: string | null;
  sellerAskedCancel: boolean;
  buyerAskedCancel: boolean;
  cancelReason: 'buyer' | 'timeout' | 'both' | null;
  disputedBy: 'seller' | 'buyer' | 'system' | null;
  ruling: 'release' | 'return' | 'split' | null;
  rulingBuyerAmount: bigint | null;
  createdAt: string;
};

type TradeRow = {
  id: string;
  livemode: boolean;
  offer_id: string;
  seller_company_id: string;
  buyer_company_id: string;
  taker_company_id: string;
  asset: AssetCode;
  fiat: AssetCode;
  amount: string;
  price: string;
  fiat_amount: string;
  seller_fee: string;
  buyer_fee: string;
  usd_cents: string;
  method: TradeMethod;
  payment_method_id: string | null;
  status: TradeStatus;
  pay_by: Date | null;
  release_by: Date | null;
  paid_at: Date | null;
  ended_at: Date | null;
  seller_asked_cancel: boolean;
  buyer_asked_cancel: boolean;
  cancel_reason: Trade['cancelReason'];
  disputed_by: Trade['disputedBy'];
  ruling: Trade['ruling'];
  ruling_buyer_amount: string | null;
  created_at: Date;
};

const TRADE_COLUMNS = `id, livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount::text AS amount,
  price::text AS price, fiat_amount::text AS fiat_amount, seller_fee::text AS seller_fee, buyer_fee::text AS buyer_fee,
  usd_cents::text AS usd_cents, method, payment_method_id, status, pay_by, release_by, paid_at, ended_at,
  seller_asked_cancel, buyer_asked_cancel, cancel_reason, disputed_by, ruling, ruling_buyer_amount::text AS ruling_buyer_amount, created_at`;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const toTrade = (row: TradeRow): Trade => ({
  id: row.id,
  livemode: row.livemode,
  offerId: row.offer_id,
  sellerCompanyId: row.seller_company_id,
  buyerCompanyId: row.buyer_company_id,
  takerCompanyId: row.taker_company_id,
  asset: row.asset,
  fiat: row.fiat,
  amount: BigInt(row.amount),
  price: BigInt(row.price),
  fiatAmount: BigInt(row.fiat_amount),
  sellerFee: BigInt(row.seller_fee),
  buyerFee: BigInt(row.buyer_fee),
  usdCents: BigInt(row.usd_cents),
  method: row.method,
  paymentMethodId: row.payment_method_id,
  status: row.status,
  payBy: iso(row.pay_by),
  releaseBy: iso(row.release_by),
  paidAt: iso(row.paid_at),
  endedAt: iso(row.ended_at),
  sellerAskedCancel: row.seller_asked_cancel,
  buyerAskedCancel: row.buyer_asked_cancel,
  cancelReason: row.cancel_reason,
  disputedBy: row.disputed_by,
  ruling: row.ruling,
  rulingBuyerAmount: row.ruling_buyer_amount === null ? null : BigInt(row.ruling_buyer_amount),
  createdAt: row.created_at.toISOString(),
});

/** A trade as the webhook's object and the API's answer: amounts as digit strings. */
export const tradeObject = (trade: Trade) => ({
  id: trade.id,
  livemode: trade.livemode,
  offerId: trade.offerId,
  status: trade.status,
  asset: trade.asset,
  fiat: trade.fiat,
  amount: trade.amount.toString(),
  price: trade.price.toString(),
  fiatAmount: trade.fiatAmount.toString(),
  sellerFee: trade.sellerFee.toString(),
  buyerFee: trade.buyerFee.toString(),
  method: trade.method,
  payBy: trade.payBy,
  releaseBy: trade.releaseBy,
  createdAt: trade.createdAt,
});

type Scope = { companyId: string; livemode: boolean };

/** One trade the scope is a party to; undefined for a missing one and another company's or mode's alike. */
export async function findTrade(db: Queryable, scope: Scope, id: string): Promise<Trade | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<TradeRow>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE id = $1 AND livemode = $2 AND $3 IN (seller_company_id, buyer_company_id)`,
    [id, scope.livemode, scope.companyId],
  );
  return rows[0] ? toTrade(rows[0]) : undefined;
}

/** An amount as the trade's notices and emails write it: "10 USDT", "16,500.00 NGN". */
export const shown = (asset: AssetCode, amount: bigint) => `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: assetOf(asset).kind === 'fiat' ? 2 : 0 })} ${asset}`;

/** The fiat's smallest units per one whole unit of the asset at the offer's price now (a floating one at market). */
export async function priceNow(ctx: AppContext, offer: Offer): Promise<bigint> {
  if (offer.priceKind === 'fixed') return offer.price!;
  return floatingPrice(offer, (await marketRate(ctx, { base: offer.asset, quote: offer.fiat })).rate);
}

/** A floating offer's price at `rate` (units of the fiat per whole unit of the asset): its margin over it, half up. */
export function floatingPrice(offer: Pick<Offer, 'fiat' | 'marginBps'>, rate: Rational): bigint {
  const fiatScale = 10n ** BigInt(assetOf(offer.fiat).decimals);
  return roundRational(rational(rate.numerator * fiatScale * BigInt(10_000 + offer.marginBps!), rate.denominator * 10_000n), 'half-up');
}

/** What the buyer pays for `amount` at `price`: rounded up to the fiat's smallest unit (ADR 0066: up for what one pays). */
export function fiatFor(asset: AssetCode, amount: bigint, price: bigint): bigint {
  return roundRational(rational(amount * price, 10n ** BigInt(assetOf(asset).decimals)), 'up');
}

const feeOf = (amount: bigint, bps: number) => (amount * BigInt(bps)) / 10_000n;

export type OpenTradeInput = { offerId: string; amount: bigint; method: TradeMethod; paymentMethodId?: string | null };

/** What a taker would open: the price now, the fiat to pay, each side's fee. Moves nothing. */
export async function quoteTrade(ctx: AppContext, merchant: Merchant, input: OpenTradeInput) {
  const offer = await findOffer(ctx.db, merchant.livemode, input.offerId);
  if (!offer) throw new AppError('NOT_FOUND', text.offerNotFound);
  const checked = await checkOpening(ctx, merchant, offer, input);
  return { offer, ...checked };
}

async function checkOpening(ctx: AppContext, merchant: Merchant, offer: Offer, input: OpenTradeInput) {
  if (offer.companyId === merchant.companyId) throw new AppError('UNPROCESSABLE', text.ownOffer);
  await refuseIfBlocked(ctx.db, offer.companyId, merchant);
  if (offer.status !== 'active') throw new AppError('CONFLICT', text.offerNotActive);
  const accepted = offer.methods.find((m) => m.method === input.method);
  if (!accepted) throw new AppError('UNPROCESSABLE', text.methodNotAccepted, { errors: { method: text.methodNotAccepted } });
  const amountError = (message: string) => new AppError('UNPROCESSABLE', message, { errors: { amount: message } });
  if (input.amount < offer.minTrade) throw amountError(text.amountBelowMin(shown(offer.asset, offer.minTrade)));
  if (input.amount > offer.maxTrade) throw amountError(text.amountAboveMax(shown(offer.asset, offer.maxTrade)));
  if (input.amount > offer.remaining) throw amountError(text.amountAboveLeft(shown(offer.asset, offer.remaining)));
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', text.liveNeedsApproval);
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, offer.companyId))) throw new AppError('CONFLICT', text.offerNotActive);
  if (offer.minCompletedTrades > 0) {
    const { rows } = await ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM trades WHERE livemode = $2 AND $1 IN (seller_company_id, buyer_company_id) AND status = 'completed'",
      [merchant.companyId, merchant.livemode],
    );
    if (rows[0]!.n < offer.minCompletedTrades) throw new AppError('UNPROCESSABLE', text.requirementTrades(offer.minCompletedTrades));
  }
  const sellerIsVendor = offer.side === 'sell';
  const seller = sellerIsVendor ? offer.companyId : merchant.companyId;
  const buyer = sellerIsVendor ? merchant.companyId : offer.companyId;
  // The seller's account the buyer pays into: the offer's (a selling vendor's), or the taker's own (a buying vendor's).
  const paymentMethodId =
    input.method === 'fipay_balance'
      ? null
      : sellerIsVendor
        ? accepted.paymentMethodId
        : await receivingAccount(ctx.db, merchant, input.method, offer.fiat, input.paymentMethodId, 'paymentMethodId');
  // The vendor's account named on the offer must still take payments (not removed since, nor sent back to review).
  if (sellerIsVendor && paymentMethodId && !(await usablePaymentMethod(ctx.db, { companyId: offer.companyId, livemode: offer.livemode }, paymentMethodId))) {
    throw new AppError('CONFLICT', text.offerNotActive);
  }
  const price = await priceNow(ctx, offer);
  const fiatAmount = fiatFor(offer.asset, input.amount, price);
  const { makerFeeBps, takerFeeBps } = ctx.config.market;
  const sellerFee = feeOf(input.amount, sellerIsVendor ? makerFeeBps : takerFeeBps);
  const buyerFee = feeOf(input.amount, sellerIsVendor ? takerFeeBps : makerFeeBps);
  // The trade's value in US cents at market, for both sides' daily Buy/Sell limits.
  const { amount: usdCents } = await priceAtMarket(ctx, { from: offer.asset, to: 'USD', amount: input.amount, rounding: 'up' });
  if (usdCents > MAX_LIMIT_CENTS) throw await beyondAnyLimit(ctx.db, ctx.config, merchant, 'trade');
  return { seller, buyer, paymentMethodId, price, fiatAmount, sellerFee, buyerFee, usdCents: usdCents as bigint };
}

const seller = (trade: Pick<Trade, 'sellerCompanyId' | 'asset'>, code: 'available' | 'escrow') => ({ companyId: trade.sellerCompanyId, code, currency: trade.asset });

/** The asset into the seller's escrow: its amount and the seller's fee. */
const escrowLines = (trade: Trade): Line[] => [
  { account: seller(trade, 'available'), amount: trade.amount + trade.sellerFee },
  { account: seller(trade, 'escrow'), amount: -(trade.amount + trade.sellerFee) },
];

const feeLines = (asset: AssetCode, fee: bigint): Line[] => (fee > 0n ? [{ account: { code: 'fees', currency: asset }, amount: -fee }] : []);

/** The escrow to the buyer (less its fee), both fees to the platform. */
const releaseLines = (trade: Trade): Line[] => [
  { account: seller(trade, 'escrow'), amount: trade.amount + trade.sellerFee },
  { account: { companyId: trade.buyerCompanyId, code: 'available', currency: trade.asset }, amount: -(trade.amount - trade.buyerFee) },
  ...feeLines(trade.asset, trade.sellerFee + trade.buyerFee),
];

/** The escrow back to the seller, whole. */
const returnLines = (trade: Trade): Line[] => [
  { account: seller(trade, 'escrow'), amount: trade.amount + trade.sellerFee },
  { account: seller(trade, 'available'), amount: -(trade.amount + trade.sellerFee) },
];

/** A trade by FiPay balance: the asset to the buyer and the fiat to the seller, fees to the platform, in one entry. */
const swapLines = (trade: Trade): Line[] => [
  { account: seller(trade, 'available'), amount: trade.amount + trade.sellerFee },
  { account: { companyId: trade.buyerCompanyId, code: 'available', currency: trade.asset }, amount: -(trade.amount - trade.buyerFee) },
  ...feeLines(trade.asset, trade.sellerFee + trade.buyerFee),
  { account: { companyId: trade.buyerCompanyId, code: 'available', currency: trade.fiat }, amount: trade.fiatAmount },
  { account: { companyId: trade.sellerCompanyId, code: 'available', currency: trade.fiat }, amount: -trade.fiatAmount },
];

type Notice = { companyId: string; notification: { title: string; message: string } };

/** A company's available balance that a posting takes down, with the refusal to answer when it is short. */
type Debit = { companyId: string; asset: AssetCode; amount: bigint; message: string };

/**
 * Posts a later step's entry (release, return, split: escrow out, nothing taken from an available balance) with its
 * notices after it in the same statement; a balance short or a frozen wallet answers in the trade's words. Opening a
 * trade posts in its own statement, with the offer's lock and the floors of what it takes down (openTrade).
 */
async function postTrade(tx: Queryable, trade: Trade, kind: string, description: string, lines: Line[], notices: Notice[]) {
  try {
    await post(tx, { livemode: trade.livemode, companyId: trade.sellerCompanyId, kind, reference: trade.id, description, lines }, {
      also: notices.length > 0 ? (param, posted) => notifyCompaniesSql('n', notices, param, posted) : undefined,
    });
  } catch (error) {
    if (error instanceof WalletFrozenError) throw new AppError('CONFLICT', text.frozen);
    if (error instanceof InsufficientBalanceError) throw new AppError('UNPROCESSABLE', text.balanceShort(trade.asset), { errors: { amount: text.balanceShort(trade.asset) } });
    throw error;
  }
}

/** What opening a trade takes from available balances: the seller's asset and fee, and by balance the buyer's fiat. */
const openingDebits = (trade: Trade): Debit[] => [
  { companyId: trade.sellerCompanyId, asset: trade.asset, amount: trade.amount + trade.sellerFee, message: text.balanceShort(trade.asset) },
  ...(trade.method === 'fipay_balance' ? [{ companyId: trade.buyerCompanyId, asset: trade.fiat, amount: trade.fiatAmount, message: text.buyerBalanceShort(trade.fiat) }] : []),
];

/** What a notice's title adds for a trade of test mode. */
export const modeNote = (livemode: boolean) => (livemode ? '' : ' (test)');

/**
 * Emails the businesses a step needs to act or to know (every user of each): what their notification says, with a
 * link to the trade page. Outbox rows that no other transaction waits for, so they are written before the ledger's
 * locks (ADR 0063); the side that took the step is not emailed about it.
 */
async function emailTrade(tx: Queryable, appUrl: string, trade: Trade, notices: Notice[]) {
  for (const { companyId, notification } of notices) {
    await emailCompany(tx, companyId, {
      kind: 'trade_update',
      build: (to) => tradeNoticeEmail(to, { title: notification.title.replace(/ \(test\)$/, ''), message: notification.message, livemode: trade.livemode }, `${appUrl}/dashboard/trades/${trade.id}`),
    });
  }
}

/**
 * Opens a trade on an offer: checked before anything is written, then one transaction in the money path's lock order
 * (ADR 0084, refined by docs/decisions/0093-a-trade-opens-under-the-offer-lock-for-one-statement.md). First what no
 * other taker waits for: the buyer's company row when the trade waits for its payment (its count of such trades is
 * bounded), the trade row with the Idempotency-Key's note, then both sides' events, the chat's system message and the
 * other side's emails in one statement. Then one statement takes every row the offer's takers share, in the one
 * order: the offer's amount by a guarded update, both sides' Buy/Sell limits, the ledger's accounts in id order (the
 * balances checked), the entry (escrow, or the swap) and both sides' notices; COMMIT follows it. So the offer row,
 * which every taker of the offer updates, is held for that statement and COMMIT only.
 */
export async function openTrade(ctx: AppContext, merchant: Merchant, input: OpenTradeInput, claim?: IdempotencyClaim | null): Promise<Trade> {
  // A retry that took over the Idempotency-Key of a request whose process died after opening the trade: that trade.
  const earlier = earlierEffect(claim, 'trade');
  if (earlier) return (await findTrade(ctx.db, merchant, earlier))!;
  const offer = await findOffer(ctx.db, merchant.livemode, input.offerId);
  if (!offer) throw new AppError('NOT_FOUND', text.offerNotFound);
  const checked = await checkOpening(ctx, merchant, offer, input);
  const instant = input.method === 'fipay_balance';
  const { market } = ctx.config;

  return ctx.db.transaction(async (tx) => {
    // The buyer's company row: its trades awaiting payment are counted after it is held (a statement of their own, so
    // the count sees what the transaction it waited for committed).
    if (!instant) await tx.query('SELECT id FROM companies WHERE id = $1 FOR NO KEY UPDATE', [checked.buyer]);
    const vendor = offer.companyId;
    const params: unknown[] = [
      merchant.livemode,
      offer.id,
      checked.seller,
      checked.buyer,
      merchant.companyId,
      offer.asset,
      offer.fiat,
      input.amount.toString(),
      checked.price.toString(),
      checked.fiatAmount.toString(),
      checked.sellerFee.toString(),
      checked.buyerFee.toString(),
      checked.usdCents.toString(),
      input.method,
      checked.paymentMethodId,
      instant ? 'completed' : 'awaiting_payment',
      offer.windowMinutes,
      // A trade by balance completes at once: it never waits for a payment, so no bound applies to it.
      instant ? 1 : market.maxAwaiting,
      vendor,
    ];
    const bound = bindEffectClause(claim, 'trade', 'made', params.length + 1);
    // The trade row (none when the buyer has as many trades awaiting payment as it may), with what the next statement
    // needs: the vendor's users for its email, and whether either business has a webhook endpoint in this mode.
    const { rows } = await tx.query<Partial<TradeRow> & { awaiting: number; email_recipients: { email: string; firstName: string; companyName: string }[]; webhooks: boolean }>(
      `WITH awaiting AS (
         SELECT CASE WHEN $16 = 'awaiting_payment'
                     THEN (SELECT count(*)::int FROM trades WHERE buyer_company_id = $4 AND livemode = $1 AND status = 'awaiting_payment') ELSE 0 END AS n
       ), made AS (
         INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                             seller_fee, buyer_fee, usd_cents, method, payment_method_id, status, pay_by, ended_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                CASE WHEN $16 = 'awaiting_payment' THEN now() + make_interval(mins => $17) END,
                CASE WHEN $16 = 'completed' THEN now() END
           FROM awaiting WHERE awaiting.n < $18::int
         RETURNING ${TRADE_COLUMNS}
       )${bound.sql}
       SELECT made.*, awaiting.n AS awaiting,
              (SELECT coalesce(json_agg(json_build_object('email', u.email, 'firstName', u.first_name, 'companyName', c.name) ORDER BY u.created_at), '[]')
                 FROM users u JOIN companies c ON c.id = u.company_id WHERE u.company_id = $19) AS email_recipients,
              EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id IN ($3, $4) AND w.livemode = $1 AND w.deleted_at IS NULL) AS webhooks
         FROM awaiting LEFT JOIN made ON true`,
      [...params, ...bound.params],
    );
    const made = rows[0]!;
    if (!made.id) throw new AppError('CONFLICT', text.tooManyAwaiting(made.awaiting));
    const trade = toTrade(made as TradeRow);
    const type = instant ? 'trade.completed' : 'trade.opened';
    const what = `${shown(trade.asset, trade.amount)} for ${shown(trade.fiat, trade.fiatAmount)}`;
    const test = modeNote(trade.livemode);
    const notices: Notice[] = instant
      ? [
          { companyId: trade.sellerCompanyId, notification: { title: `Trade completed${test}`, message: `You sold ${what}, paid from the buyer's FiPay balance.` } },
          { companyId: trade.buyerCompanyId, notification: { title: `Trade completed${test}`, message: `You bought ${what}, paid from your FiPay balance.` } },
        ]
      : [
          { companyId: trade.sellerCompanyId, notification: { title: `New trade${test}`, message: `A trade opened: you sell ${what} by ${tradeMethodLabels[trade.method]}. Your ${trade.asset} is in escrow.` } },
          { companyId: trade.buyerCompanyId, notification: { title: `New trade${test}`, message: `A trade opened: you buy ${what}. Pay by ${tradeMethodLabels[trade.method]} within ${offer.windowMinutes} minutes, then mark it paid.` } },
        ];

    // What no other transaction waits for, in one statement: both sides' events with their deliveries, the chat's
    // system message and its NOTIFY, and the vendor's email to each of its users (the taker took the step itself).
    const written: unknown[] = [];
    const param = (value: unknown) => `$${written.push(value)}`;
    const events = [trade.sellerCompanyId, trade.buyerCompanyId].map((companyId, i) => {
      const clause = eventClause({ companyId, livemode: trade.livemode }, type, tradeObject(trade), { next: written.length + 1 }, i === 0 ? 'seller' : 'buyer');
      written.push(...clause.params);
      return clause.sql;
    });
    const message = systemMessageClause(trade.id, type, param, 'message');
    const vendorNotice = notices.find((n) => n.companyId === vendor)!.notification;
    const emails = made.email_recipients.map((to) => ({
      kind: 'trade_update' as const,
      email: tradeNoticeEmail(to, { title: vendorNotice.title.replace(/ \(test\)$/, ''), message: vendorNotice.message, livemode: trade.livemode }, `${ctx.config.appUrl}/dashboard/trades/${trade.id}`),
    }));
    const outbox = emails.length > 0 ? `, outbox AS (${enqueueEmailsSql(emails, param, 'seller_e')})` : '';
    await tx.query(`WITH ${events.join('').slice(2)}${message ? `, ${message.sql}` : ''}${outbox} SELECT ${message ? message.notify : '1'}`, written);
    if (made.webhooks) tx.wake('webhooks');
    if (emails.length > 0) tx.wake('outbox');

    // Both sides' daily Buy/Sell limits at the trade's USD value, taken in the one order of their usage rows.
    const consumptions = inLimitOrder([
      { companyId: trade.sellerCompanyId, livemode: trade.livemode, kind: 'trade', usdCents: trade.usdCents, reference: trade.id },
      { companyId: trade.buyerCompanyId, livemode: trade.livemode, kind: 'trade', usdCents: trade.usdCents, reference: trade.id },
    ]);
    const debits = openingDebits(trade);
    try {
      // One statement takes every row the offer's takers share, in the one order (ADR 0038, 0070, 0084, 0093): the
      // offer's amount (its guarded update: never oversold), then both usage rows of the limits, each only when what
      // comes before it was taken, then the ledger's accounts in id order with the debited balances checked against
      // what is available (not what is pending), the entry and both sides' notifications. COMMIT follows it.
      await post(
        tx,
        {
          livemode: trade.livemode,
          companyId: trade.sellerCompanyId,
          kind: instant ? 'trade.swap' : 'trade.escrow',
          reference: trade.id,
          description: instant ? 'Marketplace trade by FiPay balance' : 'Marketplace trade: into escrow',
          lines: instant ? swapLines(trade) : escrowLines(trade),
        },
        {
          head: (p) => {
            const amount = p(trade.amount.toString());
            const taken = `offer_taken AS (
              UPDATE offers SET remaining = remaining - ${amount}::numeric,
                     status = CASE WHEN remaining - ${amount}::numeric = 0 THEN 'exhausted' ELSE status END, updated_at = now()
               WHERE id = ${p(offer.id)}::uuid AND status = 'active' AND remaining >= ${amount}::numeric RETURNING id)`;
            const first = limitClause(ctx.config, consumptions[0]!, p, { name: 'first', when: 'EXISTS (SELECT 1 FROM offer_taken)' });
            const second = limitClause(ctx.config, consumptions[1]!, p, { name: 'second', when: first.passed });
            return {
              sql: `${taken}, ${first.sql}, ${second.sql}`,
              pass: `EXISTS (SELECT 1 FROM offer_taken) AND ${first.passed} AND ${second.passed}`,
              held: `CASE WHEN NOT EXISTS (SELECT 1 FROM offer_taken) THEN 'offer' WHEN NOT ${first.passed} THEN '0' ELSE '1' END`,
            };
          },
          also: (p, posted) => notifyCompaniesSql('n', notices, p, posted),
          floors: debits.map((debit) => ({ companyId: debit.companyId, code: 'available' as const, currency: debit.asset })),
        },
      );
    } catch (error) {
      if (error instanceof PostingHeldError) {
        if (error.held !== 'offer') throw await limitRefusal(tx, ctx.config, consumptions[Number(error.held)]!);
        const now = await findOffer(tx, merchant.livemode, offer.id);
        if (now?.status === 'active') throw new AppError('UNPROCESSABLE', text.amountAboveLeft(shown(offer.asset, now.remaining)), { errors: { amount: text.amountAboveLeft(shown(offer.asset, now.remaining)) } });
        throw new AppError('CONFLICT', text.offerNotActive);
      }
      if (error instanceof WalletFrozenError) throw new AppError('CONFLICT', text.frozen);
      if (error instanceof InsufficientBalanceError) {
        // Which side is short, read under the locks the statement took.
        for (const debit of debits) {
          const balance = (await walletBalances(tx, debit.companyId, trade.livemode)).get(debit.asset);
          if ((balance?.available ?? 0n) < debit.amount) throw new AppError('UNPROCESSABLE', debit.message, { errors: { amount: debit.message } });
        }
        throw new AppError('UNPROCESSABLE', text.balanceShort(trade.asset), { errors: { amount: text.balanceShort(trade.asset) } });
      }
      throw error;
    }
    return trade;
  });
}

type Party = 'seller' | 'buyer';
const partyOf = (trade: Trade, companyId: string): Party => (trade.sellerCompanyId === companyId ? 'seller' : 'buyer');

/**
 * Moves a trade the scope is a party to: one guarded update (`status = ANY(from)`, the party's own side) returning
 * the row as it became, or the reason it could not: 404 for a trade not the scope's, 403 for the other party's
 * action, 409 out of turn. `set` is the SQL of the update's SET list.
 */
async function move(tx: Queryable, scope: Scope, id: string, party: Party, from: TradeStatus[], set: string, params: unknown[] = []): Promise<Trade> {
  const trade = await findTrade(tx, scope, id);
  if (!trade) throw new AppError('NOT_FOUND', text.tradeNotFound);
  if (partyOf(trade, scope.companyId) !== party) throw new AppError('FORBIDDEN', party === 'buyer' ? text.onlyBuyer : text.onlySeller);
  const { rows } = await tx.query<TradeRow>(
    `UPDATE trades SET ${set} WHERE id = $1 AND ${party}_company_id = $2 AND livemode = $3 AND status = ANY($4::text[]) RETURNING ${TRADE_COLUMNS}`,
    [id, scope.companyId, scope.livemode, from, ...params],
  );
  if (!rows[0]) {
    const now = await findTrade(tx, scope, id);
    throw new AppError('CONFLICT', text.outOfTurn(now!.status));
  }
  return toTrade(rows[0]);
}

async function tell(tx: Queryable, trade: Trade, type: 'trade.paid' | 'trade.completed' | 'trade.cancelled' | 'trade.disputed' | 'trade.resolved') {
  for (const companyId of [trade.sellerCompanyId, trade.buyerCompanyId]) await recordEvent(tx, { companyId, livemode: trade.livemode }, type, tradeObject(trade), null);
  await postSystemMessage(tx, trade, type);
}

/** The buyer says it has paid: `paid`, cannot be undone; the seller's release window starts. */
export async function markPaid(ctx: AppContext, scope: Scope, id: string): Promise<Trade> {
  return ctx.db.transaction(async (tx) => {
    const trade = await move(tx, scope, id, 'buyer', ['awaiting_payment'], "status = 'paid', paid_at = now(), release_by = now() + make_interval(mins => $5)", [ctx.config.market.releaseMinutes]);
    await tell(tx, trade, 'trade.paid');
    const notices = [{ companyId: trade.sellerCompanyId, notification: { title: `Trade marked paid${modeNote(trade.livemode)}`, message: `The buyer says it paid ${shown(trade.fiat, trade.fiatAmount)}. Check your account, then release ${shown(trade.asset, trade.amount)}.` } }];
    await emailTrade(tx, ctx.config.appUrl, trade, notices);
    await notifyCompaniesNow(tx, notices);
    return trade;
  });
}

async function notifyCompaniesNow(tx: Queryable, notices: Notice[]) {
  const params: unknown[] = [];
  const sql = notifyCompaniesSql('n', notices, (value) => `$${params.push(value)}`, '(SELECT 1) one');
  await tx.query(`WITH ${sql} SELECT 1`, params);
}

/** The seller releases: the escrow to the buyer, fees to the platform; `completed`. Also ends a dispute. */
export async function releaseTrade(ctx: AppContext, scope: Scope, id: string): Promise<Trade> {
  return ctx.db.transaction(async (tx) => {
    const trade = await move(tx, scope, id, 'seller', ['paid', 'disputed'], "status = 'completed', ended_at = now()");
    await withdrawDispute(tx, trade.id);
    await tell(tx, trade, 'trade.completed');
    const notices = [{ companyId: trade.buyerCompanyId, notification: { title: `Trade completed${modeNote(trade.livemode)}`, message: `The seller released ${shown(trade.asset, trade.amount - trade.buyerFee)} to your wallet.` } }];
    await emailTrade(tx, ctx.config.appUrl, trade, notices);
    await postTrade(tx, trade, 'trade.release', 'Marketplace trade: released', releaseLines(trade), notices);
    return trade;
  });
}

/** The trade's amount back to its offer (an exhausted offer takes trades again; a closed or paused one keeps its status). */
async function giveBack(tx: Queryable, trade: Trade) {
  await tx.query(
    `UPDATE offers SET remaining = remaining + $2::numeric, status = CASE WHEN status = 'exhausted' THEN 'active' ELSE status END, updated_at = now()
      WHERE id = $1`,
    [trade.offerId, trade.amount.toString()],
  );
}

/** Ends a cancelled trade: its events, its amount back to the offer, the escrow back to the seller; `actor` (the side that ended it) gets no email. */
async function endCancelled(tx: Queryable, appUrl: string, trade: Trade, why: string, actor: string | null) {
  await tell(tx, trade, 'trade.cancelled');
  await giveBack(tx, trade);
  const notice = (companyId: string) => ({ companyId, notification: { title: `Trade cancelled${modeNote(trade.livemode)}`, message: `The trade of ${shown(trade.asset, trade.amount)} was cancelled: ${why}. The escrow went back to the seller.` } });
  const notices = [notice(trade.sellerCompanyId), notice(trade.buyerCompanyId)];
  await emailTrade(tx, appUrl, trade, notices.filter((n) => n.companyId !== actor));
  await postTrade(tx, trade, 'trade.return', 'Marketplace trade: escrow returned', returnLines(trade), notices);
}

/**
 * Cancels, or asks to: the buyer cancels a trade awaiting its payment at once; once it is paid, a cancel needs both
 * sides (each call sets the caller's flag; the second ends it). The escrow goes back to the seller, the amount to
 * the offer.
 */
export async function cancelTrade(ctx: AppContext, scope: Scope, id: string): Promise<Trade> {
  return ctx.db.transaction(async (tx) => {
    const found = await findTrade(tx, scope, id);
    if (!found) throw new AppError('NOT_FOUND', text.tradeNotFound);
    const party = partyOf(found, scope.companyId);
    if (party === 'buyer' && found.status === 'awaiting_payment') {
      const trade = await move(tx, scope, id, 'buyer', ['awaiting_payment'], "status = 'cancelled', cancel_reason = 'buyer', buyer_asked_cancel = true, ended_at = now()");
      await endCancelled(tx, ctx.config.appUrl, trade, 'the buyer cancelled it', scope.companyId);
      return trade;
    }
    const other = party === 'buyer' ? 'seller' : 'buyer';
    // The caller's flag; the trade ends when the other side's is set too (collaborative cancel).
    const trade = await move(
      tx,
      scope,
      id,
      party,
      ['awaiting_payment', 'paid'],
      `${party}_asked_cancel = true,
       status = CASE WHEN ${other}_asked_cancel THEN 'cancelled' ELSE status END,
       cancel_reason = CASE WHEN ${other}_asked_cancel THEN 'both' END,
       ended_at = CASE WHEN ${other}_asked_cancel THEN now() END`,
    );
    if (trade.status === 'cancelled') await endCancelled(tx, ctx.config.appUrl, trade, 'both sides agreed', scope.companyId);
    else {
      const notices = [{ companyId: party === 'buyer' ? trade.sellerCompanyId : trade.buyerCompanyId, notification: { title: `Cancel asked${modeNote(trade.livemode)}`, message: `The other side asks to cancel the trade of ${shown(trade.asset, trade.amount)}. It ends if you agree.` } }];
      await emailTrade(tx, ctx.config.appUrl, trade, notices);
      await notifyCompaniesNow(tx, notices);
      await tellTradeChanged(tx, trade);
    }
    return trade;
  });
}

/**
 * Opens a dispute: the seller as soon as the trade is paid, the buyer once the release window has passed. The escrow
 * stays where it is until a ruling or the seller's release.
 */
export async function disputeTrade(ctx: AppContext, scope: Scope, id: string): Promise<Trade> {
  return ctx.db.transaction(async (tx) => {
    const found = await findTrade(tx, scope, id);
    if (!found) throw new AppError('NOT_FOUND', text.tradeNotFound);
    const party = partyOf(found, scope.companyId);
    const trade = await move(
      tx,
      scope,
      id,
      party,
      ['paid'],
      `status = CASE WHEN $5 = 'seller' OR release_by <= now() THEN 'disputed' ELSE status END,
       disputed_by = CASE WHEN $5 = 'seller' OR release_by <= now() THEN $5 END,
       disputed_at = CASE WHEN $5 = 'seller' OR release_by <= now() THEN now() END`,
      [party],
    );
    if (trade.status !== 'disputed') throw new AppError('CONFLICT', text.buyerDisputeTooEarly(trade.releaseBy!));
    await openDispute(tx, ctx.config, trade);
    await tell(tx, trade, 'trade.disputed');
    const notices = [{ companyId: party === 'buyer' ? trade.sellerCompanyId : trade.buyerCompanyId, notification: { title: `Trade disputed${modeNote(trade.livemode)}`, message: `The trade of ${shown(trade.asset, trade.amount)} is in dispute. A FiPay agent will look at it.` } }];
    await emailTrade(tx, ctx.config.appUrl, trade, notices);
    await notifyCompaniesNow(tx, notices);
    return trade;
  });
}

export type Ruling = { outcome: 'release' | 'return' | 'split'; buyerAmount?: bigint; reason: string };

/**
 * An agent's ruling on a disputed trade: release to the buyer, return to the seller, or a split (part of the amount
 * to the buyer, the rest and the seller's fee back to the seller; no fee is charged on a split). `resolved`.
 */
export async function ruleOnTrade(ctx: AppContext, reviewerId: string, id: string, ruling: Ruling): Promise<Trade> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', text.tradeNotFound);
  const reason = ruling.reason.trim();
  if (reason.length === 0 || reason.length > 2000) throw new AppError('VALIDATION_FAILED', 'Write the reason for the ruling (at most 2000 characters).', { errors: { reason: 'Write the reason for the ruling (at most 2000 characters).' } });
  return ctx.db.transaction(async (tx) => {
    const { rows: found } = await tx.query<TradeRow>(`SELECT ${TRADE_COLUMNS} FROM trades WHERE id = $1`, [id]);
    if (!found[0]) throw new AppError('NOT_FOUND', text.tradeNotFound);
    const before = toTrade(found[0]);
    const buyerAmount = ruling.outcome === 'release' ? before.amount : ruling.outcome === 'return' ? 0n : (ruling.buyerAmount ?? -1n);
    if (ruling.outcome === 'split' && (buyerAmount <= 0n || buyerAmount >= before.amount)) {
      throw new AppError('VALIDATION_FAILED', 'A split gives the buyer more than nothing and less than the whole amount.', { errors: { buyerAmount: 'A split gives the buyer more than nothing and less than the whole amount.' } });
    }
    const { rows } = await tx.query<TradeRow>(
      `UPDATE trades SET status = 'resolved', ruling = $2, ruling_buyer_amount = $3, ruling_reason = $4, ruled_by = $5, ended_at = now()
        WHERE id = $1 AND status = 'disputed' RETURNING ${TRADE_COLUMNS}`,
      [id, ruling.outcome, buyerAmount.toString(), reason, reviewerId],
    );
    if (!rows[0]) throw new AppError('CONFLICT', text.outOfTurn(before.status));
    const trade = toTrade(rows[0]);
    await endDisputeByRuling(tx, trade.id);
    await tell(tx, trade, 'trade.resolved');
    // In each party's audit trail: the agent, the outcome and the reason.
    for (const companyId of [trade.sellerCompanyId, trade.buyerCompanyId]) {
      await appendAudit(tx, {
        actor: { type: 'reviewer', id: reviewerId },
        action: 'trade.ruled',
        companyId,
        before: { trade: trade.id, status: 'disputed' },
        after: { trade: trade.id, status: 'resolved', ruling: ruling.outcome, buyerAmount: buyerAmount.toString(), reason },
      });
    }
    const notice = (companyId: string) => ({ companyId, notification: { title: `Dispute decided${modeNote(trade.livemode)}`, message: `The dispute on the trade of ${shown(trade.asset, trade.amount)} was decided: ${ruling.outcome}. ${reason}` } });
    const notices = [notice(trade.sellerCompanyId), notice(trade.buyerCompanyId)];
    await emailTrade(tx, ctx.config.appUrl, trade, notices);
    if (ruling.outcome === 'release') await postTrade(tx, trade, 'trade.release', 'Marketplace trade: released by ruling', releaseLines(trade), notices);
    else {
      await giveBack(tx, trade);
      if (ruling.outcome === 'return') await postTrade(tx, trade, 'trade.return', 'Marketplace trade: returned by ruling', returnLines(trade), notices);
      else {
        const total = trade.amount + trade.sellerFee;
        await postTrade(tx, trade, 'trade.split', 'Marketplace trade: split by ruling', [
          { account: seller(trade, 'escrow'), amount: total },
          { account: { companyId: trade.buyerCompanyId, code: 'available', currency: trade.asset }, amount: -buyerAmount },
          { account: seller(trade, 'available'), amount: -(total - buyerAmount) },
        ], notices);
      }
    }
    return trade;
  });
}

/**
 * The timers (one trade per transaction, `FOR UPDATE SKIP LOCKED`, so instances share the work and none waits): a
 * trade whose payment window ran out is cancelled and its escrow returned; a paid trade whose release window ran
 * out goes to dispute (escrow is never released by itself). Answers how many of each.
 */
export async function sweepTradeTimers(ctx: AppContext, now = new Date(), batch = 100): Promise<{ cancelled: number; disputed: number }> {
  let cancelled = 0;
  let disputed = 0;
  for (let i = 0; i < batch; i += 1) {
    const done = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<TradeRow>(
        `UPDATE trades SET status = 'cancelled', cancel_reason = 'timeout', ended_at = now()
          WHERE id = (SELECT id FROM trades WHERE status = 'awaiting_payment' AND pay_by <= $1 ORDER BY pay_by LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${TRADE_COLUMNS}`,
        [now],
      );
      if (!rows[0]) return false;
      await endCancelled(tx, ctx.config.appUrl, toTrade(rows[0]), 'the payment window ran out', null);
      return true;
    });
    if (!done) break;
    cancelled += 1;
  }
  for (let i = 0; i < batch; i += 1) {
    const done = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<TradeRow>(
        `UPDATE trades SET status = 'disputed', disputed_by = 'system', disputed_at = now()
          WHERE id = (SELECT id FROM trades WHERE status = 'paid' AND release_by <= $1 ORDER BY release_by LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${TRADE_COLUMNS}`,
        [now],
      );
      if (!rows[0]) return false;
      const trade = toTrade(rows[0]);
      await openDispute(tx, ctx.config, trade);
      await tell(tx, trade, 'trade.disputed');
      const notice = (companyId: string) => ({ companyId, notification: { title: `Trade disputed${modeNote(trade.livemode)}`, message: `The seller did not release the trade of ${shown(trade.asset, trade.amount)} in time, so it went to dispute. A FiPay agent will look at it.` } });
      const notices = [notice(trade.sellerCompanyId), notice(trade.buyerCompanyId)];
      await emailTrade(tx, ctx.config.appUrl, trade, notices);
      await notifyCompaniesNow(tx, notices);
      return true;
    });
    if (!done) break;
    disputed += 1;
  }
  return { cancelled, disputed };
}

type ViewRow = { name: string; tag: string | null; account_name: string | null; bank_name: string | null; bank_code: string | null; account_number: string | null; currency: string | null };

/**
 * What a trade's view adds to the trade, for the rows of `from` (an SQL name of trade rows, `t`-aliased by the caller
 * with `seller_company_id`, `buyer_company_id` and `payment_method_id`) as `$1` (the viewing company) sees them: the
 * other business's name and tag, and the seller's account the buyer pays into.
 */
const VIEW_PARTS = `LEFT JOIN LATERAL (
    SELECT c.name, (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS tag,
           pm.account_name, pm.bank_name, pm.bank_code, pm.account_number, pm.currency
      FROM companies c LEFT JOIN payment_methods pm ON pm.id = t.payment_method_id AND pm.company_id = t.seller_company_id
     WHERE c.id = CASE WHEN t.seller_company_id = $1 THEN t.buyer_company_id ELSE t.seller_company_id END
  ) v ON true`;

function toView(trade: Trade, companyId: string, row: ViewRow | undefined): TradeView {
  const payTo: TradeView['payTo'] =
    row?.account_name != null ? { accountName: row.account_name, bankName: row.bank_name, bankCode: row.bank_code!, accountNumber: row.account_number!, currency: row.currency! } : null;
  return {
    ...tradeObject(trade),
    role: partyOf(trade, companyId),
    counterparty: { name: row?.name ?? '', tag: row?.tag ?? null },
    payTo,
    paidAt: trade.paidAt,
    endedAt: trade.endedAt,
    sellerAskedCancel: trade.sellerAskedCancel,
    buyerAskedCancel: trade.buyerAskedCancel,
    cancelReason: trade.cancelReason,
    disputedBy: trade.disputedBy,
    ruling: trade.ruling,
    rulingBuyerAmount: trade.rulingBuyerAmount === null ? null : trade.rulingBuyerAmount.toString(),
  };
}

/** A trade as its party sees it: its side, the other business's name and tag, and the account the buyer pays into. */
export async function tradeView(db: Queryable, scope: Scope, trade: Trade): Promise<TradeView> {
  const { rows } = await db.query<ViewRow>(
    `SELECT v.* FROM (SELECT $2::uuid AS seller_company_id, $3::uuid AS buyer_company_id, $4::uuid AS payment_method_id) t ${VIEW_PARTS}`,
    [scope.companyId, trade.sellerCompanyId, trade.buyerCompanyId, trade.paymentMethodId],
  );
  return toView(trade, scope.companyId, rows[0]);
}

/**
 * A page of the scope's trades (as seller or buyer), newest first, by keyset on their sequence: the page and what
 * each trade's view adds in one statement, however long the page (`tradeListQuery`).
 */
export async function listTrades(db: Queryable, scope: Scope, query: TradeListQuery): Promise<{ trades: TradeView[]; nextBefore: string | null }> {
  const { text, values } = tradeListQuery(scope, query);
  const { rows } = await db.query<TradeRow & ViewRow & { seq: string }>(text, values);
  const page = rows.slice(0, query.limit);
  const trades = page.map((row) => toView(toTrade(row), scope.companyId, row));
  return { trades, nextBefore: rows.length > query.limit ? page.at(-1)!.seq : null };
}

/**
 * `listTrades`'s statement and its parameters: the page and one more, to tell whether there is a next page. Each side
 * (seller, buyer) is read through its own index, newest first, and the two sides' pages merged (`ownerPageSql`,
 * docs/decisions/0107-an-owner-s-page-reads-the-owner-s-own-rows.md): with an `OR` of the two, PostgreSQL may walk
 * the sequence's index through every business's newer trades. The status and the cursor are written into the text
 * only when given, so that the cursor bounds the scan instead of filtering it.
 */
export function tradeListQuery(scope: Scope, query: TradeListQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [scope.companyId, scope.livemode, query.limit + 1];
  const conditions = ['s.livemode = $2::boolean'];
  if (query.status) conditions.push(`s.status = $${values.push(query.status)}::text`);
  if (query.before) conditions.push(`s.seq < $${values.push(query.before)}::bigint`);
  const page = ownerPageSql('trades', ['seller_company_id', 'buyer_company_id'], conditions, { owner: '$1::uuid', limit: '$3::int' });
  return {
    text: `SELECT t.*, v.* FROM (
       SELECT ${TRADE_COLUMNS}, seq::text AS seq, seq AS seq_order FROM (${page}) p
     ) t ${VIEW_PARTS}
     ORDER BY t.seq_order DESC`,
    values,
  };
}
