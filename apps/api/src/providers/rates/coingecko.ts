import { LosslessNumber, parse } from 'lossless-json';
import { z } from 'zod';
import type { AssetCode } from '@fipay/contracts/assets';
import { divide, parseDecimal, type Rational } from '@fipay/contracts/rational';
import { rateMessages } from '@fipay/contracts/rates';
import { AppError } from '../../lib/errors';
import type { RateProvider, UsdQuote } from '../types';

/** CoinGecko's ids for our crypto assets (its /coins/list). */
export const COINGECKO_IDS = { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether', USDC: 'usd-coin' } as const;
/** The currencies each coin is priced in: our fiat assets, in CoinGecko's lowercase codes. */
export const COINGECKO_VS = ['usd', 'ngn', 'gbp', 'eur'] as const;
/** More than any answer to our one question can be. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** A JSON number as CoinGecko wrote it, read as text (lossless-json) and then as the exact fraction it names. */
const price = z.instanceof(LosslessNumber).transform((number, ctx) => {
  const value = parseDecimal(number.value);
  if (!value || value.numerator <= 0n) {
    ctx.addIssue({ code: 'custom', message: `not a positive price: ${number.value.slice(0, 40)}` });
    return z.NEVER;
  }
  return value;
});
const unixSeconds = z.instanceof(LosslessNumber).refine((number) => /^\d{1,12}$/.test(number.value), 'not a UNIX time in seconds').transform((number) => new Date(Number(number.value) * 1000));
const coin = z.object({ usd: price, ngn: price, gbp: price, eur: price, last_updated_at: unixSeconds });
/** GET /simple/price's documented answer: an object keyed by coin id, each with a price per vs currency (and more we do not ask for). */
const simplePriceAnswer = z.object(Object.fromEntries(Object.values(COINGECKO_IDS).map((id) => [id, coin])) as Record<(typeof COINGECKO_IDS)[keyof typeof COINGECKO_IDS], typeof coin>);

function unavailable(reason: string): AppError {
  const error = new AppError('BAD_GATEWAY', rateMessages.providerUnavailable);
  error.cause = reason;
  return error;
}

/**
 * CoinGecko's public market data (docs/decisions/0066-market-rates-and-crosses.md): one GET /simple/price asks for
 * bitcoin, ethereum, tether and usd-coin in usd, ngn, gbp and eur with their last update time, at full precision.
 * The crypto assets' USD prices are read directly; the fiat assets' are CoinGecko's own conversion, read back from
 * bitcoin's price in each (USD per NGN = BTC in USD ÷ BTC in NGN), at bitcoin's time. Numbers are read from the
 * answer's text, never through a JavaScript number. The key, when there is one, goes in CoinGecko's documented
 * header: the Pro API's on its own host, the Demo API's otherwise.
 */
export class CoinGeckoRateProvider implements RateProvider {
  readonly name = 'coingecko' as const;

  constructor(private readonly options: { baseUrl: string; apiKey: string | undefined; timeoutMs: number }) {}

  async usdQuotes(): Promise<UsdQuote[]> {
    const query = new URLSearchParams({
      ids: Object.values(COINGECKO_IDS).join(','),
      vs_currencies: COINGECKO_VS.join(','),
      include_last_updated_at: 'true',
      precision: 'full',
    });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers[this.keyHeader()] = this.options.apiKey;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.options.baseUrl}/simple/price?${query}`, { headers, redirect: 'error', signal: AbortSignal.timeout(this.options.timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : 'error';
      throw unavailable(name === 'TimeoutError' || name === 'AbortError' ? `CoinGecko: no answer within ${this.options.timeoutMs} ms` : `CoinGecko: network error (${name})`);
    }
    if (status !== 200) throw unavailable(`CoinGecko answered ${status}`);
    if (text.length > MAX_ANSWER_BYTES) throw unavailable('CoinGecko answered more than one price list can be');
    let body: unknown;
    try {
      body = parse(text);
    } catch {
      throw unavailable('CoinGecko answered with text that is not JSON');
    }
    const parsed = simplePriceAnswer.safeParse(body);
    if (!parsed.success) throw unavailable(`CoinGecko's answer is not as documented: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ').slice(0, 300)}`);
    const coins = parsed.data;
    const quotes: UsdQuote[] = (Object.entries(COINGECKO_IDS) as [keyof typeof COINGECKO_IDS, (typeof COINGECKO_IDS)[keyof typeof COINGECKO_IDS]][]).map(([asset, id]) => ({
      asset,
      usd: coins[id].usd,
      observedAt: coins[id].last_updated_at,
    }));
    const bitcoin = coins[COINGECKO_IDS.BTC];
    const fiat: [Exclude<AssetCode, 'USD'>, Rational][] = [
      ['NGN', bitcoin.ngn],
      ['GBP', bitcoin.gbp],
      ['EUR', bitcoin.eur],
    ];
    for (const [asset, btcInFiat] of fiat) quotes.push({ asset, usd: divide(bitcoin.usd, btcInFiat), observedAt: bitcoin.last_updated_at });
    return quotes;
  }

  private keyHeader(): string {
    return new URL(this.options.baseUrl).hostname.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';
  }
}
