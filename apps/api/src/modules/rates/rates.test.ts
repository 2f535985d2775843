import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCodes } from '@fipay/contracts/assets';
import { compare, divide, formatDecimal, multiply, parseDecimal, rational, type Rational } from '@fipay/contracts/rational';
import { convertAmount, rateMessages, type Rate, type Rates } from '@fipay/contracts/rates';
import { JobScheduler } from '../../jobs/scheduler';
import { AppError } from '../../lib/errors';
import type { SandboxRateProvider } from '../../providers/rates/sandbox';
import { SAMPLE_BTC_USD } from '../../test/coingecko-samples';
import { startFakeCoinGecko, type FakeCoinGecko } from '../../test/fake-coingecko';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { rateJobs } from './jobs';
import { listRates, marketRate, priceAtMarket, refreshRates } from './rates';

const MINUTE = 60_000;
const exact = (rate: Rate) => rational(BigInt(rate.exact!.numerator), BigInt(rate.exact!.denominator));
const find = (rates: Rates, base: string, quote: string) => rates.rates.find((rate) => rate.base === base && rate.quote === quote)!;

async function stale(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('RATE_STALE');
  expect((error as AppError).status).toBe(409);
  return (error as AppError).message;
}

describe('market rates from the sandbox, over HTTP', () => {
  let server: TestServer;
  let token: string;
  let secretKey: string;
  beforeAll(async () => {
    server = await startTestServer();
    const session = await login(server, await createVerifiedUser(server));
    token = session.accessToken;
    secretKey = (await server.api.post('/api-keys', {}, { token })).body.data.secretKey as string;
  });
  afterAll(async () => server?.close());

  it('are for signed-in callers only: a session or a secret key', async () => {
    const anonymous = await server.api.get('/rates');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ isSuccessful: false, data: { code: 'UNAUTHORIZED' } });
    expect((await server.api.get('/rates', { token: secretKey })).status).toBe(200);
  });

  it('before any refresh: every pair is listed, unknown and stale, but an asset against itself is 1', async () => {
    const { status, body } = await server.api.get<Rates>('/rates', { token });
    expect(status).toBe(200);
    expect(body.message).toBe(rateMessages.ratesLoaded);
    expect(body.data.staleAfterSeconds).toBe(300);
    expect(body.data.rates.map((rate) => `${rate.base}/${rate.quote}`)).toEqual(assetCodes.flatMap((code) => [`${code}/USD`, `${code}/NGN`]));
    expect(find(body.data, 'BTC', 'NGN')).toEqual({ base: 'BTC', quote: 'NGN', rate: null, exact: null, observedAt: null, source: null, via: null, stale: true });
    expect(find(body.data, 'USD', 'USD')).toEqual({ base: 'USD', quote: 'USD', rate: '1', exact: { numerator: '1', denominator: '1' }, observedAt: null, source: null, via: null, stale: false });
    expect(await stale(marketRate(server.app.ctx, { base: 'USDT', quote: 'NGN' }))).toBe(rateMessages.rateMissing('USDT', 'NGN'));
  });

  it("after a refresh: the sandbox's rates exactly, crosses through USD, each with its time, fresh", async () => {
    const now = new Date();
    expect(await refreshRates(server.app.ctx, now)).toEqual({ source: 'sandbox', stored: 7 });
    const sandbox = server.app.ctx.rates as SandboxRateProvider;
    const usd = Object.fromEntries((await sandbox.usdQuotes(now)).map((quote) => [quote.asset, quote.usd])) as Record<string, Rational>;

    const { body } = await server.api.get<Rates>('/rates', { token: secretKey });
    for (const rate of body.data.rates) {
      expect(rate.stale, `${rate.base}/${rate.quote}`).toBe(false);
      if (rate.base === rate.quote) continue;
      expect(rate.observedAt).toBe(now.toISOString());
      expect(rate.source).toBe('sandbox');
    }
    expect(exact(find(body.data, 'BTC', 'USD'))).toEqual(usd.BTC);
    expect(find(body.data, 'BTC', 'USD').via).toBeNull();
    // USD/NGN is the inverse of NGN/USD: naira per dollar.
    expect(exact(find(body.data, 'USD', 'NGN'))).toEqual(divide(rational(1n), usd.NGN!));
    // A cross: USDT/NGN = USDT/USD ÷ NGN/USD.
    const usdtNgn = find(body.data, 'USDT', 'NGN');
    expect(usdtNgn.via).toBe('USD');
    expect(exact(usdtNgn)).toEqual(divide(usd.USDT!, usd.NGN!));
    expect(usdtNgn.rate).toBe(formatDecimal(divide(usd.USDT!, usd.NGN!), 18));
    // Near the configured mids: 1 USD = 1,550 NGN, 1 BTC = 67,187 USD, give or take the drift.
    const between = (rate: Rate, low: bigint, high: bigint) => compare(exact(rate), rational(low)) > 0 && compare(exact(rate), rational(high)) < 0;
    expect(between(find(body.data, 'USD', 'NGN'), 1540n, 1560n)).toBe(true);
    expect(between(find(body.data, 'BTC', 'USD'), 65_000n, 69_000n)).toBe(true);
    // A repeated refresh at the same time keeps one row per pair.
    expect(await refreshRates(server.app.ctx, now)).toEqual({ source: 'sandbox', stored: 0 });
  });

  it('prices at market exactly, rounding as told, and refuses while the rate is stale', async () => {
    const now = new Date();
    await refreshRates(server.app.ctx, now);
    const btcNgn = await marketRate(server.app.ctx, { base: 'BTC', quote: 'NGN', now });
    // 0.00012345 BTC in kobo, down and up: one kobo apart unless exact.
    const down = await priceAtMarket(server.app.ctx, { from: 'BTC', to: 'NGN', amount: 12_345n, rounding: 'down', now });
    const up = await priceAtMarket(server.app.ctx, { from: 'BTC', to: 'NGN', amount: 12_345n, rounding: 'up', now });
    const exactKobo = multiply(rational(12_345n * 100n, 100_000_000n), btcNgn.rate);
    expect(down.amount).toBe(exactKobo.numerator / exactKobo.denominator);
    expect(up.amount - down.amount).toBe(exactKobo.denominator === 1n ? 0n : 1n);
    // One wei of ETH is worth less than a cent: nothing when rounded down, a cent when rounded up.
    expect((await priceAtMarket(server.app.ctx, { from: 'ETH', to: 'USD', amount: 1n, rounding: 'down', now })).amount).toBe(0n);
    expect((await priceAtMarket(server.app.ctx, { from: 'ETH', to: 'USD', amount: 1n, rounding: 'up', now })).amount).toBe(1n);
    // Six minutes on, the rates written now are stale (five minutes by default).
    const later = new Date(now.getTime() + 6 * MINUTE);
    expect(await stale(priceAtMarket(server.app.ctx, { from: 'USDT', to: 'NGN', amount: 1_000_000n, rounding: 'down', now: later }))).toBe(rateMessages.rateStale('USDT', 'NGN'));
    // An asset priced in itself needs no market.
    expect((await priceAtMarket(server.app.ctx, { from: 'NGN', to: 'NGN', amount: 12_345n, rounding: 'down', now: later })).amount).toBe(12_345n);
  });

  it('say stale once older than the configured age, and the whole cross is as old as its older leg', async () => {
    const old = new Date(Date.now() - 10 * MINUTE);
    const fresh = new Date();
    await refreshRates(server.app.ctx, fresh);
    // Only NGN's row is old now: everything priced in NGN is stale, the rest are not.
    await server.db.query(`DELETE FROM rates WHERE base = 'NGN' AND observed_at > $1`, [old.toISOString()]);
    await server.db.query(
      `INSERT INTO rates (base, quote, numerator, denominator, source, observed_at) VALUES ('NGN', 'USD', 1, 1600, 'sandbox', $1)`,
      [old.toISOString()],
    );
    const { body } = await server.api.get<Rates>('/rates', { token });
    expect(find(body.data, 'BTC', 'USD').stale).toBe(false);
    expect(find(body.data, 'NGN', 'USD')).toMatchObject({ rate: '0.000625', stale: true, observedAt: old.toISOString() });
    expect(find(body.data, 'BTC', 'NGN')).toMatchObject({ stale: true, observedAt: old.toISOString(), via: 'USD' });
    expect(find(body.data, 'NGN', 'NGN').stale).toBe(false);
    // With a longer allowed age the same rows are fresh.
    const patient = { db: server.db, config: { ...server.app.ctx.config, rates: { ...server.app.ctx.config.rates, staleAfterSeconds: 3600 } } };
    expect((await listRates(patient)).rates.every((rate) => !rate.stale)).toBe(true);
    expect((await marketRate(patient, { base: 'BTC', quote: 'NGN' })).observedAt).toEqual(old);
  });

  it('are refreshed by the job once per period across instances', async () => {
    await server.db.query('DELETE FROM rates');
    const scheduler = new JobScheduler(server.db, server.app.log, rateJobs(server.app.ctx));
    const [job] = rateJobs(server.app.ctx);
    expect(await scheduler.runNow(job!)).toBe(true);
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rates')).rows[0]!.n;
    expect(await count()).toBe(7);
    // A second instance a moment later finds them fetched and leaves the provider alone.
    expect(await scheduler.runNow(job!)).toBe(true);
    expect(await count()).toBe(7);
    // Rows past 90 days are forgotten by the next refresh.
    await server.db.query(`UPDATE rates SET fetched_at = now() - interval '91 days'`);
    await refreshRates(server.app.ctx, new Date(Date.now() + 1000));
    expect(await count()).toBe(7);
  });
});

describe('market rates from CoinGecko, through its replay server, over HTTP', () => {
  let fake: FakeCoinGecko;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    fake = await startFakeCoinGecko();
    server = await startTestServer({ env: { RATE_PROVIDER: 'coingecko', COINGECKO_BASE_URL: fake.url, COINGECKO_API_KEY: 'CG-test-key', RATES_TIMEOUT_MS: '500' } });
    token = (await login(server, await createVerifiedUser(server))).accessToken;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("keeps CoinGecko's prices to the last digit, with CoinGecko's time, and derives the crosses", async () => {
    const updated = Math.floor(Date.now() / 1000) - 30;
    fake.setUpdatedAt(updated);
    expect(await refreshRates(server.app.ctx)).toEqual({ source: 'coingecko', stored: 7 });
    expect(fake.requests.at(-1)!.headers['x-cg-demo-api-key']).toBe('CG-test-key');
    const { body } = await server.api.get<Rates>('/rates', { token });
    expect(find(body.data, 'BTC', 'USD')).toMatchObject({ rate: SAMPLE_BTC_USD, source: 'coingecko', stale: false, observedAt: new Date(updated * 1000).toISOString(), via: null });
    // BTC/NGN through USD gives back CoinGecko's own BTC price in naira exactly.
    expect(exact(find(body.data, 'BTC', 'NGN'))).toEqual(parseDecimal('104140370.7351677'));
    expect(find(body.data, 'BTC', 'NGN').rate).toBe('104140370.7351677');
    expect(find(body.data, 'ETH', 'USD').rate).toBe('3456.78');
    expect(exact(find(body.data, 'USDT', 'NGN'))).toEqual(divide(parseDecimal('1.0006')!, divide(parseDecimal(SAMPLE_BTC_USD)!, parseDecimal('104140370.7351677')!)));
    const kobo = await priceAtMarket(server.app.ctx, { from: 'USDT', to: 'NGN', amount: 1_000_000n, rounding: 'down' });
    expect(kobo.amount).toBe(convertAmount(1_000_000n, 'USDT', 'NGN', exact(find(body.data, 'USDT', 'NGN')), 'down'));
  });

  it("with the published sample's own time (March 2024) every rate is stale and nothing is priced at market", async () => {
    fake.reset();
    await server.db.query('DELETE FROM rates');
    await refreshRates(server.app.ctx);
    const { body } = await server.api.get<Rates>('/rates', { token });
    expect(find(body.data, 'BTC', 'USD')).toMatchObject({ rate: SAMPLE_BTC_USD, observedAt: '2024-03-25T08:45:00.000Z', stale: true });
    expect(body.data.rates.filter((rate) => rate.base !== rate.quote).every((rate) => rate.stale)).toBe(true);
    expect(await stale(priceAtMarket(server.app.ctx, { from: 'BTC', to: 'USD', amount: 1n, rounding: 'down' }))).toBe(rateMessages.rateStale('BTC', 'USD'));
  });

  it('stores nothing when CoinGecko is down, and the rates age into staleness', async () => {
    fake.reset();
    await server.db.query('DELETE FROM rates');
    fake.always({ status: 503, raw: '{"error":"down"}' });
    const error = await refreshRates(server.app.ctx).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: rateMessages.providerUnavailable });
    expect((await server.db.query('SELECT 1 FROM rates')).rows).toHaveLength(0);
    const { status, body } = await server.api.get<Rates>('/rates', { token });
    expect(status).toBe(200);
    expect(find(body.data, 'ETH', 'NGN')).toMatchObject({ rate: null, stale: true });
  });
});
