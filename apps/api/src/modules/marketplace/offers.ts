import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import {
  MARGIN_BPS,
  MARKET_FIATS,
  marketMessages as text,
  PAYMENT_WINDOW_MINUTES,
  TERMS_MAX,
  tradeMethodLabels,
  type OfferSide,
  type OfferStatus,
  type TradeMethod,
} from '@fipay/contracts/marketplace';
import type { BadgeLevel } from '@fipay/contracts/reputation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ownerSeqOrder } from '../../db/owner-page';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import type { Merchant } from '../../plugins/merchant-auth';
import { companyMayGoLive } from '../developers/modes';
import { usablePaymentMethod } from '../payment-methods/payment-methods';

/**
 * Offers (docs/decisions/0084-marketplace-offers-trades-and-escrow.md): a vendor's standing offer to sell or buy an
 * asset for a fiat currency. An offer locks nothing; trades take what is left of it with one guarded update.
 */

export type OfferMethodInput = { method: TradeMethod; paymentMethodId?: string | null };

export type OfferInput = {
  side: OfferSide;
  asset: AssetCode;
  fiat: AssetCode;
  /** Fixed: the fiat's smallest units per one whole unit of the asset. */
  price?: bigint | null;
  /** Floating: basis points over the market rate. */
  marginBps?: number | null;
  total: bigint;
  minTrade: bigint;
  maxTrade: bigint;
  methods: OfferMethodInput[];
  windowMinutes?: number;
  terms?: string;
  minCompletedTrades?: number;
};

export type Offer = {
  id: string;
  livemode: boolean;
  companyId: string;
  side: OfferSide;
  asset: AssetCode;
  fiat: AssetCode;
  priceKind: 'fixed' | 'floating';
  price: bigint | null;
  marginBps: number | null;
  total: bigint;
  remaining: bigint;
  minTrade: bigint;
  maxTrade: bigint;
  windowMinutes: number;
  terms: string;
  minCompletedTrades: number;
  status: OfferStatus;
  methods: { method: TradeMethod; paymentMethodId: string | null }[];
  createdAt: string;
};

type OfferRow = {
  id: string;
  livemode: boolean;
  company_id: string;
  side: OfferSide;
  asset: AssetCode;
  fiat: AssetCode;
  price_kind: 'fixed' | 'floating';
  price: string | null;
  margin_bps: number | null;
  total: string;
  remaining: string;
  min_trade: string;
  max_trade: string;
  window_minutes: number;
  terms: string;
  min_completed_trades: number;
  status: OfferStatus;
  methods: { method: TradeMethod; payment_method_id: string | null }[];
  created_at: Date;
};

export const OFFER_COLUMNS = `o.id, o.livemode, o.company_id, o.side, o.asset, o.fiat, o.price_kind, o.price::text AS price, o.margin_bps,
  o.total::text AS total, o.remaining::text AS remaining, o.min_trade::text AS min_trade, o.max_trade::text AS max_trade,
  o.window_minutes, o.terms, o.min_completed_trades, o.status, o.created_at,
  (SELECT coalesce(json_agg(json_build_object('method', m.method, 'payment_method_id', m.payment_method_id) ORDER BY m.method), '[]')
     FROM offer_methods m WHERE m.offer_id = o.id) AS methods`;

export const toOffer = (row: OfferRow): Offer => ({
  id: row.id,
  livemode: row.livemode,
  companyId: row.company_id,
  side: row.side,
  asset: row.asset,
  fiat: row.fiat,
  priceKind: row.price_kind,
  price: row.price === null ? null : BigInt(row.price),
  marginBps: row.margin_bps,
  total: BigInt(row.total),
  remaining: BigInt(row.remaining),
  minTrade: BigInt(row.min_trade),
  maxTrade: BigInt(row.max_trade),
  windowMinutes: row.window_minutes,
  terms: row.terms,
  minCompletedTrades: row.min_completed_trades,
  status: row.status,
  methods: row.methods.map((m) => ({ method: m.method, paymentMethodId: m.payment_method_id })),
  createdAt: row.created_at.toISOString(),
});

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { errors: { [field]: message } });

/** Which fiat currencies a method pays: naira at home, the others abroad; the balance pays any. */
export function methodPays(method: TradeMethod, fiat: AssetCode): boolean {
  if (method === 'fipay_balance') return true;
  return method === 'ng_bank_transfer' ? fiat === 'NGN' : fiat !== 'NGN';
}

/**
 * The saved account a buyer pays into by an external method: one of `scope`'s usable payment methods (past its
 * cooling-off, its name cleared, ADR 0067) in the fiat, of a kind the method pays. Answers its id.
 */
export async function receivingAccount(db: Queryable, scope: { companyId: string; livemode: boolean }, method: TradeMethod, fiat: AssetCode, id: string | null | undefined, field: string): Promise<string> {
  const label = tradeMethodLabels[method];
  if (!id) throw invalid(field, text.methodNeedsAccount(label));
  const usable = await usablePaymentMethod(db, scope, id);
  if (!usable) throw new AppError('UNPROCESSABLE', text.methodAccountUnusable, { errors: { [field]: text.methodAccountUnusable } });
  if (usable.currency !== fiat) throw new AppError('UNPROCESSABLE', text.methodAccountCurrency(usable.currency, fiat), { errors: { [field]: text.methodAccountCurrency(usable.currency, fiat) } });
  if ((method === 'ng_bank_transfer') !== (usable.kind === 'ng_bank_account')) {
    throw new AppError('UNPROCESSABLE', text.methodAccountKind(label), { errors: { [field]: text.methodAccountKind(label) } });
  }
  return usable.id;
}

/** Posts an offer: checked (mode, assets, price, bounds, methods and their accounts), then one statement writes it and its methods. */
export async function createOffer(ctx: AppContext, merchant: Merchant, input: OfferInput): Promise<Offer> {
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', text.liveNeedsApproval);
  if (!(MARKET_FIATS as readonly string[]).includes(input.fiat)) throw invalid('fiat', text.fiatInvalid);
  if (input.asset === input.fiat) throw invalid('fiat', text.sameAsset);
  assetOf(input.asset);
  const fixed = input.price !== undefined && input.price !== null;
  const floating = input.marginBps !== undefined && input.marginBps !== null;
  if (fixed === floating) throw invalid('price', text.priceMissing);
  if (fixed && input.price! <= 0n) throw invalid('price', text.priceMissing);
  if (floating && (!Number.isInteger(input.marginBps) || input.marginBps! < MARGIN_BPS.min || input.marginBps! > MARGIN_BPS.max)) throw invalid('marginBps', text.marginInvalid);
  if (input.total <= 0n || input.minTrade <= 0n || input.minTrade > input.maxTrade || input.maxTrade > input.total) throw invalid('minTrade', text.boundsInvalid);
  const windowMinutes = input.windowMinutes ?? PAYMENT_WINDOW_MINUTES.default;
  if (!Number.isInteger(windowMinutes) || windowMinutes < PAYMENT_WINDOW_MINUTES.min || windowMinutes > PAYMENT_WINDOW_MINUTES.max) throw invalid('windowMinutes', text.windowInvalid);
  const terms = (input.terms ?? '').trim();
  if (terms.length > TERMS_MAX) throw invalid('terms', `The terms are at most ${TERMS_MAX} characters.`);
  if (input.methods.length === 0) throw invalid('methods', text.methodsMissing);
  if (new Set(input.methods.map((m) => m.method)).size !== input.methods.length) throw invalid('methods', text.methodRepeated);

  const methods: { method: TradeMethod; paymentMethodId: string | null }[] = [];
  for (const [index, entry] of input.methods.entries()) {
    if (!methodPays(entry.method, input.fiat)) throw invalid(`methods.${index}.method`, text.methodFiat(tradeMethodLabels[entry.method], input.fiat));
    // A selling offer names the vendor's account the buyer pays into; a buying offer's seller (the taker) names
    // theirs when the trade opens.
    const external = entry.method !== 'fipay_balance' && input.side === 'sell';
    methods.push({
      method: entry.method,
      paymentMethodId: external ? await receivingAccount(ctx.db, merchant, entry.method, input.fiat, entry.paymentMethodId, `methods.${index}.paymentMethodId`) : null,
    });
  }

  const { rows } = await ctx.db.query<OfferRow>(
    `WITH o AS (
       INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, margin_bps, total, remaining, min_trade, max_trade, window_minutes, terms, min_completed_trades)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14)
       RETURNING *
     ), m AS (
       INSERT INTO offer_methods (offer_id, method, payment_method_id)
       SELECT o.id, x.method, x.payment_method_id FROM o, unnest($15::text[], $16::uuid[]) AS x(method, payment_method_id)
       RETURNING method, payment_method_id
     )
     SELECT o.id, o.livemode, o.company_id, o.side, o.asset, o.fiat, o.price_kind, o.price::text AS price, o.margin_bps,
            o.total::text AS total, o.remaining::text AS remaining, o.min_trade::text AS min_trade, o.max_trade::text AS max_trade,
            o.window_minutes, o.terms, o.min_completed_trades, o.status, o.created_at,
            (SELECT json_agg(json_build_object('method', m.method, 'payment_method_id', m.payment_method_id) ORDER BY m.method) FROM m) AS methods
       FROM o`,
    [
      merchant.livemode,
      merchant.companyId,
      input.side,
      input.asset,
      input.fiat,
      fixed ? 'fixed' : 'floating',
      fixed ? input.price!.toString() : null,
      floating ? input.marginBps : null,
      input.total.toString(),
      input.minTrade.toString(),
      input.maxTrade.toString(),
      windowMinutes,
      terms,
      input.minCompletedTrades ?? 0,
      methods.map((m) => m.method),
      methods.map((m) => m.paymentMethodId),
    ],
  );
  return toOffer(rows[0]!);
}

/** One offer of any company in the mode (the marketplace shows them to all); undefined when there is none. */
export async function findOffer(db: Queryable, livemode: boolean, id: string): Promise<Offer | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<OfferRow>(`SELECT ${OFFER_COLUMNS} FROM offers o WHERE o.id = $1 AND o.livemode = $2`, [id, livemode]);
  return rows[0] ? toOffer(rows[0]) : undefined;
}

/** The scope's own offers, newest first (the newest 200), through the company's own index (`ownOffersQuery`). */
export async function listOwnOffers(db: Queryable, scope: { companyId: string; livemode: boolean }): Promise<Offer[]> {
  const { text, values } = ownOffersQuery(scope);
  const { rows } = await db.query<OfferRow>(text, values);
  return rows.map(toOffer);
}

/** `listOwnOffers`'s statement and its parameters: the company matched by a range in its index's order (`ownerSeqOrder`, ADR 0107). */
export function ownOffersQuery(scope: { companyId: string; livemode: boolean }): { text: string; values: unknown[] } {
  const owner = ownerSeqOrder('o', 'company_id', '$1::uuid');
  return { text: `SELECT ${OFFER_COLUMNS} FROM offers o WHERE ${owner.where} AND o.livemode = $2 ORDER BY ${owner.orderBy} LIMIT 200`, values: [scope.companyId, scope.livemode] };
}

/**
 * Pauses, resumes or closes one of the scope's offers: one guarded update (the status the vendor may move it from),
 * the database's transition guard behind it. Answers the offer; 404 for another company's or mode's, 409 out of turn.
 */
export async function setOfferStatus(db: Queryable, scope: { companyId: string; livemode: boolean }, id: string, to: 'active' | 'paused' | 'closed'): Promise<Offer> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', text.offerNotFound);
  const from: OfferStatus[] = to === 'active' ? ['paused'] : to === 'paused' ? ['active'] : ['active', 'paused', 'exhausted'];
  const { rows } = await db.query<{ id: string }>(
    'UPDATE offers SET status = $4, updated_at = now() WHERE id = $1 AND company_id = $2 AND livemode = $3 AND status = ANY($5::text[]) RETURNING id',
    [id, scope.companyId, scope.livemode, to, from],
  );
  const offer = await findOffer(db, scope.livemode, id);
  if (!offer || offer.companyId !== scope.companyId) throw new AppError('NOT_FOUND', text.offerNotFound);
  if (!rows[0]) throw new AppError('CONFLICT', text.statusChangeInvalid(offer.status, to));
  return offer;
}

/** An offer on the marketplace's list: its price now and its vendor's name, tag and record over 30 days. */
export type MarketListing = { offer: Offer; priceNow: bigint; vendor: { name: string; tag: string | null; trades30d: number; completionBps: number | null; avgReleaseSeconds: number | null; badge: BadgeLevel | null } };

/**
 * Active offers of one side, asset and fiat in a mode, best price first: a buyer sees the cheapest selling offers
 * first, a seller the highest buying ones. Fixed prices are read in order from their index; floating ones are priced
 * at `rate` (whole fiat per whole asset, the same for every offer of the list) with their margin, rounded half up as
 * a trade would open; both streams are read up to the page's size and merged. At one price, the vendor with the better
 * 30-day completion rate comes first (stored on the offer by the badge job, ADR 0087). The cursor is the last offer's
 * price, that rate and its sequence. `rate` null (stale or missing): floating offers are left out. A `viewer`'s list
 * leaves out the offers of businesses it blocked.
 */
export async function marketOffers(
  db: Queryable,
  livemode: boolean,
  query: { side: OfferSide; asset: AssetCode; fiat: AssetCode; method?: TradeMethod; amount?: bigint; cursor?: string; limit: number },
  rate: { numerator: bigint; denominator: bigint } | null,
  viewer: string | null = null,
): Promise<{ listings: MarketListing[]; nextCursor: string | null }> {
  const ascending = query.side === 'sell';
  // The cursor is the last offer's price, its vendor's completion rate (the tie-break, ADR 0087) and its sequence.
  const [cursorPrice, cursorRank, cursorSeq] = query.cursor ? query.cursor.split(':') : [null, null, null];
  const after = ascending ? '>' : '<';
  const params: unknown[] = [
    livemode,
    query.side,
    query.asset,
    query.fiat,
    query.method ?? null,
    query.amount === undefined ? null : query.amount.toString(),
    cursorPrice,
    cursorSeq,
    query.limit + 1,
    rate ? rate.numerator.toString() : null,
    rate ? rate.denominator.toString() : null,
    (10n ** BigInt(assetOf(query.fiat).decimals)).toString(),
    cursorRank,
    viewer,
  ];
  const filters = `o.livemode = $1 AND o.side = $2 AND o.asset = $3 AND o.fiat = $4 AND o.status = 'active'
        AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM offer_methods m WHERE m.offer_id = o.id AND m.method = $5))
        AND ($6::numeric IS NULL OR (o.min_trade <= $6::numeric AND $6::numeric <= least(o.max_trade, o.remaining)))
        AND ($14::uuid IS NULL OR NOT EXISTS (SELECT 1 FROM partner_marks pm WHERE pm.company_id = $14::uuid AND pm.livemode = $1 AND pm.partner_company_id = o.company_id AND pm.mark = 'blocked'))`;
  const keyset = (price: string) =>
    `($7::numeric IS NULL OR ${price} ${after} $7::numeric OR (${price} = $7::numeric AND (o.vendor_completion_bps < $13::int OR (o.vendor_completion_bps = $13::int AND o.seq > $8::bigint))))`;
  // Half up, exactly: floor((2a + b) / 2b) for a / b, in integer arithmetic (as roundRational does for a trade).
  const priceAt = (margin: string) => `div(2 * $10::numeric * $12::numeric * (10000 + ${margin}) + $11::numeric * 10000, 2 * $11::numeric * 10000)`;
  const floating = priceAt('o.margin_bps');
  // A floating price rises with its margin (the rate is positive), so the floating stream reads the margin index in
  // the list's order between two bounds instead of pricing every floating offer of the pair: from the cursor's price,
  // up to the price of the page's last offer taken in margin order (however the offers tie on price, no offer beyond
  // it belongs on the page). Each bound is the margin at which priceAt crosses a price, solved for the margin and
  // widened by one each way, so numeric's rounding can only let an extra offer through; the exact price, keyset and
  // order below decide (docs/decisions/0101-floating-offers-read-in-margin-order.md).
  // 10000 + the margin at which priceAt reaches `price` (it is at least `price` from there on), rounded down; then the
  // highest margin priced at most P lies below the crossing of P + 1, and the lowest priced at least P above P's.
  const crossing = (price: string) => `floor((2 * $11::numeric * 10000 * ${price} - $11::numeric * 10000) / (2 * $10::numeric * $12::numeric))`;
  const asMargin = (margin: string) => `least(greatest(${margin}, -100000), 100000)::int`;
  const marginAtMost = (price: string) => asMargin(`${crossing(`(${price} + 1)`)} - 9999`);
  const marginAtLeast = (price: string) => asMargin(`${crossing(price)} - 10001`);
  const fromCursor = ascending ? `($7::numeric IS NULL OR o.margin_bps >= ${marginAtLeast('$7::numeric')})` : `($7::numeric IS NULL OR o.margin_bps <= ${marginAtMost('$7::numeric')})`;
  const floatingRows = `${filters} AND o.price_kind = 'floating' AND $10::numeric IS NOT NULL AND ${keyset(floating)} AND ${fromCursor}`;
  const order = ascending ? 'ASC' : 'DESC';
  const lastTaken = `(SELECT o.margin_bps FROM offers o WHERE ${floatingRows} ORDER BY o.margin_bps ${order} LIMIT 1 OFFSET $9 - 1)`;
  const toPageEnd = ascending
    ? `o.margin_bps <= coalesce((SELECT ${marginAtMost(priceAt('n.margin_bps'))} FROM ${lastTaken} n), 100000)`
    : `o.margin_bps >= coalesce((SELECT ${marginAtLeast(priceAt('n.margin_bps'))} FROM ${lastTaken} n), -100000)`;
  const { rows } = await db.query<OfferRow & { price_now: string; rank: number; seq: string; vendor_name: string; vendor_tag: string | null; vendor_badge: BadgeLevel | null; trades30d: number; ended30d: number; release_seconds: number | null }>(
    `WITH page AS (
       (SELECT o.id, o.seq, o.price AS price_now, o.vendor_completion_bps AS rank FROM offers o
         WHERE ${filters} AND o.price_kind = 'fixed' AND ${keyset('o.price')} AND ($7::numeric IS NULL OR o.price ${after}= $7::numeric)
         ORDER BY o.price ${order}, o.vendor_completion_bps DESC, o.seq LIMIT $9)
       UNION ALL
       (SELECT o.id, o.seq, ${floating} AS price_now, o.vendor_completion_bps AS rank FROM offers o
         WHERE ${floatingRows} AND ${toPageEnd}
         ORDER BY 3 ${order}, 4 DESC, o.seq LIMIT $9)
       ORDER BY price_now ${order}, rank DESC, seq LIMIT $9
     )
     SELECT ${OFFER_COLUMNS}, page.price_now::text AS price_now, page.rank, page.seq::text AS seq, c.name AS vendor_name,
            (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS vendor_tag,
            (SELECT level FROM company_badges WHERE company_id = c.id AND livemode = $1) AS vendor_badge,
            s.trades30d, s.ended30d, s.release_seconds
       FROM page JOIN offers o ON o.id = page.id JOIN companies c ON c.id = o.company_id
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE t.status = 'completed')::int AS trades30d, count(*)::int AS ended30d,
                -- How long the vendor takes to release once a buyer marks a trade paid (its trades as seller).
                round(avg(extract(epoch FROM t.ended_at - t.paid_at)) FILTER (WHERE t.status = 'completed' AND t.seller_company_id = c.id AND t.paid_at IS NOT NULL))::int AS release_seconds
           FROM trades t
          WHERE (t.seller_company_id = c.id OR t.buyer_company_id = c.id) AND t.livemode = $1
            AND t.status IN ('completed', 'cancelled', 'resolved') AND t.ended_at > now() - interval '30 days'
       ) s
      ORDER BY page.price_now ${order}, page.rank DESC, page.seq`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const listings = page.map((row) => ({
    offer: toOffer(row),
    priceNow: BigInt(row.price_now),
    vendor: { name: row.vendor_name, tag: row.vendor_tag, trades30d: row.trades30d, completionBps: row.ended30d === 0 ? null : Math.floor((row.trades30d * 10_000) / row.ended30d), avgReleaseSeconds: row.release_seconds, badge: row.vendor_badge },
  }));
  const last = page.at(-1);
  return { listings, nextCursor: rows.length > query.limit && last ? `${last.price_now}:${last.rank}:${last.seq}` : null };
}
