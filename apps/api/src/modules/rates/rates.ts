import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { fitsNumeric78, type MinorUnits } from '@fipay/contracts/money';
import { divide, formatDecimal, ONE, rational, type Rational, type RoundingMode } from '@fipay/contracts/rational';
import { convertAmount, RATE_DECIMAL_PLACES, rateMessages, rateQuotes, type Rate, type Rates } from '@fipay/contracts/rates';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * Market rates (docs/decisions/0066-market-rates-and-crosses.md). The provider gives every asset's price in USD; they
 * are stored with their time in `rates` and every other pair is derived from them: X/NGN = X/USD ÷ NGN/USD. A rate
 * whose time is more than RATES_STALE_AFTER_SECONDS ago is stale, and nothing is priced at market on it. Exact
 * fractions throughout; the one rounding is the conversion's, in the direction the caller names.
 */

/** Rows older than this are deleted by the refresh. */
export const RATES_KEPT_DAYS = 90;

type UsdRate = { rate: Rational; observedAt: Date; source: string };

/** A rate between two assets as the market gives it now: the fraction, its time and where it came from. */
export type MarketRate = {
  base: AssetCode;
  quote: AssetCode;
  /** Units of `quote` for one whole unit of `base`. */
  rate: Rational;
  /** When the market gave it (a cross: the older leg's time); null for an asset against itself. */
  observedAt: Date | null;
  source: string | null;
  via: 'USD' | null;
};

/** Asks the provider for every asset's USD price now and stores them with their time; forgets rows past RATES_KEPT_DAYS. */
export async function refreshRates(ctx: Pick<AppContext, 'db' | 'rates'>, now = new Date()): Promise<{ source: string; stored: number }> {
  const quotes = await ctx.rates.usdQuotes(now);
  for (const quote of quotes) {
    if (!fitsNumeric78(quote.usd.numerator) || !fitsNumeric78(quote.usd.denominator) || quote.usd.numerator <= 0n) {
      throw new Error(`The ${quote.asset}/USD rate from ${ctx.rates.name} is not a positive fraction numeric(78,0) holds`);
    }
  }
  const { rows } = await ctx.db.query<{ stored: number }>(
    `WITH added AS (
       INSERT INTO rates (base, quote, numerator, denominator, source, observed_at, fetched_at)
       SELECT base, 'USD', numerator, denominator, $5, observed_at, $6
         FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::timestamptz[]) AS q(base, numerator, denominator, observed_at)
       ON CONFLICT DO NOTHING
       RETURNING 1
     ), forgotten AS (
       DELETE FROM rates WHERE fetched_at < $6::timestamptz - make_interval(days => $7)
     )
     SELECT count(*)::int AS stored FROM added`,
    [
      quotes.map((quote) => quote.asset),
      quotes.map((quote) => quote.usd.numerator.toString()),
      quotes.map((quote) => quote.usd.denominator.toString()),
      quotes.map((quote) => quote.observedAt.toISOString()),
      ctx.rates.name,
      now.toISOString(),
      RATES_KEPT_DAYS,
    ],
  );
  return { source: ctx.rates.name, stored: rows[0]?.stored ?? 0 };
}

/** Whether no instance has fetched rates within `seconds` of `now` (the refresh job's question, so instances take turns). */
export async function refreshDue(tx: Queryable, seconds: number, now = new Date()): Promise<boolean> {
  const { rows } = await tx.query<{ fresh: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM rates WHERE fetched_at > $1::timestamptz - make_interval(secs => $2)) AS fresh',
    [now.toISOString(), seconds],
  );
  return !rows[0]?.fresh;
}

/** The latest stored USD price of every asset that has one. */
async function latestUsdRates(db: Queryable): Promise<Map<AssetCode, UsdRate>> {
  const { rows } = await db.query<{ base: AssetCode; numerator: string; denominator: string; source: string; observed_at: Date | string }>(
    `SELECT b.base, r.numerator::text AS numerator, r.denominator::text AS denominator, r.source, r.observed_at
       FROM unnest($1::text[]) AS b(base)
       CROSS JOIN LATERAL (
         SELECT numerator, denominator, source, observed_at FROM rates
          WHERE rates.base = b.base AND rates.quote = 'USD'
          ORDER BY observed_at DESC, source
          LIMIT 1
       ) r`,
    [assetCodes.filter((code) => code !== 'USD')],
  );
  return new Map(rows.map((row) => [row.base, { rate: rational(BigInt(row.numerator), BigInt(row.denominator)), observedAt: new Date(row.observed_at), source: row.source }]));
}

/** base/quote from the USD prices: direct, the inverse of a direct one, or a cross through USD; null when a leg is unknown. */
function derive(usd: Map<AssetCode, UsdRate>, base: AssetCode, quote: AssetCode): MarketRate | null {
  if (base === quote) return { base, quote, rate: ONE, observedAt: null, source: null, via: null };
  const dollar: UsdRate = { rate: ONE, observedAt: new Date(8_640_000_000_000_000), source: '' };
  const from = base === 'USD' ? dollar : usd.get(base);
  const to = quote === 'USD' ? dollar : usd.get(quote);
  if (!from || !to) return null;
  // USD's own leg is exact and timeless: the other leg's time and source stand for the pair.
  const older = from === dollar ? to : to === dollar || from.observedAt <= to.observedAt ? from : to;
  const via = from === dollar || to === dollar ? null : 'USD';
  return { base, quote, rate: divide(from.rate, to.rate), observedAt: older.observedAt, source: older.source, via };
}

const isStale = (rate: MarketRate | null, now: Date, staleAfterSeconds: number) =>
  !rate || (rate.observedAt !== null && now.getTime() - rate.observedAt.getTime() > staleAfterSeconds * 1000);

/** Every asset against USD and NGN (GET /rates), judged stale or not at `now`. */
export async function listRates(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<Rates> {
  const usd = await latestUsdRates(ctx.db);
  const { staleAfterSeconds } = ctx.config.rates;
  const rates: Rate[] = assetCodes.flatMap((base) =>
    rateQuotes.map((quote) => {
      const rate = derive(usd, base, quote);
      return {
        base,
        quote,
        rate: rate ? formatDecimal(rate.rate, RATE_DECIMAL_PLACES) : null,
        exact: rate ? { numerator: rate.rate.numerator.toString(), denominator: rate.rate.denominator.toString() } : null,
        observedAt: rate?.observedAt?.toISOString() ?? null,
        source: rate?.source ?? null,
        via: rate?.via ?? null,
        stale: isStale(rate, now, staleAfterSeconds),
      };
    }),
  );
  return { asOf: now.toISOString(), staleAfterSeconds, rates };
}

/** base/quote at market now; refuses (RATE_STALE, 409) while it is stale or not known yet. */
export async function marketRate(ctx: Pick<AppContext, 'db' | 'config'>, options: { base: AssetCode; quote: AssetCode; now?: Date }): Promise<MarketRate> {
  // An asset in itself is 1, at any time: nothing to read.
  const usd = options.base === options.quote ? new Map<AssetCode, UsdRate>() : await latestUsdRates(ctx.db);
  return freshRate(usd, options.base, options.quote, options.now ?? new Date(), ctx.config.rates.staleAfterSeconds);
}

function freshRate(usd: Map<AssetCode, UsdRate>, base: AssetCode, quote: AssetCode, now: Date, staleAfterSeconds: number): MarketRate {
  const rate = derive(usd, base, quote);
  if (!rate) throw new AppError('RATE_STALE', rateMessages.rateMissing(base, quote));
  if (isStale(rate, now, staleAfterSeconds)) throw new AppError('RATE_STALE', rateMessages.rateStale(base, quote));
  return rate;
}

/**
 * The market as one read: every pair's rate at `now` from the same stored USD prices, for a page that prices offers
 * of several pairs (one statement for the page, not one per offer). The answer refuses a pair as `marketRate` does.
 */
export async function marketRates(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()): Promise<(base: AssetCode, quote: AssetCode) => MarketRate> {
  const usd = await latestUsdRates(ctx.db);
  return (base, quote) => freshRate(usd, base, quote, now, ctx.config.rates.staleAfterSeconds);
}

/**
 * `amount` of `from` priced in `to` at market now, rounded as the caller names (ADR 0066: down for what a business
 * receives, up for what it pays). Refuses (RATE_STALE) while the rate is stale.
 */
export async function priceAtMarket(
  ctx: Pick<AppContext, 'db' | 'config'>,
  options: { from: AssetCode; to: AssetCode; amount: bigint; rounding: RoundingMode; now?: Date },
): Promise<{ amount: MinorUnits; rate: MarketRate }> {
  const rate = await marketRate(ctx, { base: options.from, quote: options.to, now: options.now });
  return { amount: convertAmount(options.amount, options.from, options.to, rate.rate, options.rounding) as MinorUnits, rate };
}
