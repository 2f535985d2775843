import { z } from 'zod';
import { assetOf, assetCodeSchema, type AssetCode } from './assets';
import { envelope } from './envelope';
import { rational, roundRational, type Rational, type RoundingMode } from './rational';

/**
 * Market rates (docs/decisions/0066-market-rates-and-crosses.md): every asset priced in USD and in NGN, with the
 * time the market gave the price and whether that time is too long ago to trade on.
 */

/** What every asset is priced in. */
export const rateQuotes = ['USD', 'NGN'] as const;
export type RateQuote = (typeof rateQuotes)[number];

/** A rate older than this is stale unless configured otherwise (RATES_STALE_AFTER_SECONDS). */
export const DEFAULT_RATES_STALE_AFTER_SECONDS = 300;
/** Decimal places of a rate's `rate` text; `exact` carries the whole fraction. */
export const RATE_DECIMAL_PLACES = 18;

export const rateMessages = {
  ratesLoaded: 'Rates loaded.',
  providerUnavailable: 'The market-data provider did not answer as it documents; rates are fetched again at the next refresh.',
  rateStale: (base: AssetCode, quote: AssetCode) =>
    `The ${base}/${quote} market rate is out of date, so nothing can be priced at market just now. Please try again in a few minutes.`,
  rateMissing: (base: AssetCode, quote: AssetCode) =>
    `There is no ${base}/${quote} market rate yet, so nothing can be priced at market just now. Please try again in a few minutes.`,
};

const digits = z.string().regex(/^(0|[1-9]\d*)$/);

export const rateSchema = z.object({
  base: assetCodeSchema,
  quote: z.enum(rateQuotes),
  /** Units of `quote` for one whole unit of `base`, in decimals rounded half to even at 18 places; null when no rate is known. */
  rate: z.string().nullable().describe('Units of quote for one whole unit of base, as decimal text (at most 18 decimals, rounded half to even); null when no rate is known yet.'),
  exact: z
    .object({ numerator: digits, denominator: digits })
    .nullable()
    .describe('The rate as the exact fraction numerator/denominator (strings of digits), for arithmetic without rounding.'),
  /** When the market gave the price (for a cross, the older of its two legs). */
  observedAt: z.string().nullable().describe('When the market gave the price (ISO 8601); for a cross, the older of its two legs.'),
  /** Which rate provider gave it: `sandbox`, `coingecko`; null for the identity rates (USD/USD, NGN/NGN). */
  source: z.string().nullable(),
  /** `USD` when the rate is a cross derived through USD (BTC/NGN = BTC/USD ÷ NGN/USD); null for a direct rate. */
  via: z.enum(['USD']).nullable(),
  /** True when the rate is older than staleAfterSeconds (or unknown): nothing is priced at market on it. */
  stale: z.boolean(),
});
export type Rate = z.infer<typeof rateSchema>;

export const ratesSchema = z.object({
  /** The server's time of the answer, against which `stale` was judged. */
  asOf: z.string(),
  staleAfterSeconds: z.number().int(),
  /** Every asset against USD and NGN, in the registry's order. */
  rates: z.array(rateSchema),
});
export type Rates = z.infer<typeof ratesSchema>;

export const ratesResponse = envelope(ratesSchema);

/**
 * `amount` smallest units of `from` in smallest units of `to` at `rate` (units of `to` for one whole unit of
 * `from`), rounded as told: exact up to that one rounding. ADR 0066's rule: what a business receives is rounded
 * down, what it pays is rounded up, a value only shown is rounded half to even.
 */
export function convertAmount(amount: bigint, from: AssetCode, to: AssetCode, rate: Rational, rounding: RoundingMode): bigint {
  const scale = 10n ** BigInt(assetOf(to).decimals);
  const unscale = 10n ** BigInt(assetOf(from).decimals);
  return roundRational(rational(amount * rate.numerator * scale, rate.denominator * unscale), rounding);
}
