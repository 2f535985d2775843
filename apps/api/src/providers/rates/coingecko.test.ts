import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { divide, parseDecimal, rational } from '@fipay/contracts/rational';
import { rateMessages } from '@fipay/contracts/rates';
import { AppError } from '../../lib/errors';
import { SAMPLE_UPDATED_AT } from '../../test/coingecko-samples';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../test/fake-coingecko';
import { CoinGeckoRateProvider } from './coingecko';

let fake: FakeCoinGecko;
beforeAll(async () => {
  fake = await startFakeCoinGecko();
});
afterEach(() => fake.reset());
afterAll(async () => fake.close());

const provider = (apiKey?: string, timeoutMs = 1000) => new CoinGeckoRateProvider({ baseUrl: fake.url, apiKey, timeoutMs });
const decimal = (text: string) => parseDecimal(text)!;

/** What usdQuotes rejects with: a 502 AppError whose reason is for the log. */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; cause: unknown }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message, cause } = error as AppError;
  return { code, message, cause };
}

describe("CoinGecko's simple price, through its replay server", () => {
  it("asks once for the four coins in four currencies, and reads every price exactly: the sample's bitcoin to the last digit", async () => {
    const quotes = await provider().usdQuotes();
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/simple/price');
    expect(Object.fromEntries(request!.query)).toEqual({ ids: 'bitcoin,ethereum,tether,usd-coin', vs_currencies: 'usd,ngn,gbp,eur', include_last_updated_at: 'true', precision: 'full' });
    expect(request!.headers['x-cg-demo-api-key']).toBeUndefined();

    const byAsset = Object.fromEntries(quotes.map((quote) => [quote.asset, quote]));
    expect(Object.keys(byAsset).sort()).toEqual(['BTC', 'ETH', 'EUR', 'GBP', 'NGN', 'USDC', 'USDT']);
    // 67187.3358936566 has more digits than a double keeps in general; it comes through as the fraction it names.
    expect(byAsset.BTC!.usd).toEqual(rational(671873358936566n, 10_000_000_000n));
    expect(byAsset.ETH!.usd).toEqual(decimal('3456.78'));
    expect(byAsset.USDT!.usd).toEqual(decimal('1.0006'));
    expect(byAsset.USDC!.usd).toEqual(decimal('0.999873'));
    // Fiat in USD is CoinGecko's conversion read back from bitcoin: BTC in USD ÷ BTC in the currency.
    expect(byAsset.NGN!.usd).toEqual(divide(decimal('67187.3358936566'), decimal('104140370.7351677')));
    expect(byAsset.GBP!.usd).toEqual(divide(decimal('67187.3358936566'), decimal('53136.03')));
    expect(byAsset.EUR!.usd).toEqual(divide(decimal('67187.3358936566'), decimal('61862.58')));
    for (const quote of quotes) expect(quote.observedAt).toEqual(new Date(SAMPLE_UPDATED_AT * 1000));
  });

  it('sends the key in the Demo API header when there is one, and reads exponents and long decimals exactly', async () => {
    fake.setPrices({ ethereum: { usd: '3.45678e3' }, 'usd-coin': { usd: '0.99987300000000000000000000000001' } });
    fake.setUpdatedAt(1_800_000_000);
    const quotes = await provider('CG-demo-key-for-tests').usdQuotes();
    expect(fake.requests[0]!.headers['x-cg-demo-api-key']).toBe('CG-demo-key-for-tests');
    const byAsset = Object.fromEntries(quotes.map((quote) => [quote.asset, quote]));
    expect(byAsset.ETH!.usd).toEqual(rational(345678n, 100n));
    expect(byAsset.USDC!.usd).toEqual(rational(99987300000000000000000000000001n, 10n ** 32n));
    expect(byAsset.BTC!.observedAt.toISOString()).toBe('2027-01-15T08:00:00.000Z');
  });

  it('refuses the published sample alone: it lacks the coins and currencies we ask for', async () => {
    fake.next({ status: 200, raw: fake.sample });
    const { code, message, cause } = await refusal(provider().usdQuotes());
    expect(code).toBe('BAD_GATEWAY');
    expect(message).toBe(rateMessages.providerUnavailable);
    expect(String(cause)).toContain('ethereum');
  });

  it('answers 502 for an error status, text that is not JSON, a price that is not positive or not a number, and no answer in time', async () => {
    const cases: [Parameters<FakeCoinGecko['next']>[0], string][] = [
      [{ status: 429, raw: '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}' }, 'answered 429'],
      [{ status: 500, raw: 'oops', contentType: 'text/plain' }, 'answered 500'],
      [{ status: 200, raw: '<html>maintenance</html>', contentType: 'text/html' }, 'not JSON'],
      ['hang', 'no answer within 300 ms'],
    ];
    for (const [answer, reason] of cases) {
      fake.next(answer);
      expect((await refusal(provider(undefined, 300).usdQuotes())).cause).toContain(reason);
    }
    for (const bad of ['0', '-1', '"67187.33"', 'null', '1e999']) {
      fake.reset();
      fake.setPrices({ bitcoin: { eur: bad } });
      const { code, cause } = await refusal(provider().usdQuotes());
      expect(code).toBe('BAD_GATEWAY');
      expect(String(cause)).toContain('bitcoin.eur');
    }
  });
});
