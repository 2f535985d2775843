import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('applies the embedded defaults and keeps generated secrets in the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.port).toBe(3000);
    expect(first.appUrl).toBe('http://localhost:3000');
    expect(first.databaseUrl).toBeUndefined();
    expect(first.smtpUrl).toBeUndefined();
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).appUrl).toBe('http://localhost:8080');
  });

  it('names every bad key at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SMTP_URL: 'nope', JWT_SECRET: 'short', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'NODE_ENV']) expect(text).toContain(key);
    }
  });

  it('requires real secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fipay-config-')) })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production[\s\S]*ENCRYPTION_KEY/,
    );
  });

  it('replaces named rate rules from RATE_LIMITS and refuses unknown or malformed ones', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).rateLimits).toEqual({});
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '{"signupPerIp":{"limit":500,"windowSeconds":3600}}' });
    expect(config.rateLimits).toEqual({ signupPerIp: { limit: 500, windowSeconds: 3600 } });
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: 'signupPerIp=5' })).toThrow(/RATE_LIMITS: must be a JSON object/);
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '{"signupPerIpp":{"limit":5,"windowSeconds":60}}' })).toThrow(
      /unknown rule "signupPerIpp"/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '{"signupPerIp":{"limit":0,"windowSeconds":60}}' })).toThrow(
      /RATE_LIMITS.signupPerIp/,
    );
  });

  it('reads declared public holidays and refuses what is not a real date', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).publicHolidays).toEqual(new Set());
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_HOLIDAYS: ' 2027-03-10, 2027-03-11 ' }).publicHolidays).toEqual(new Set(['2027-03-10', '2027-03-11']));
    for (const bad of ['10/03/2027', '2027-3-10', '2027-02-30', '2027-03-10;2027-03-11']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_HOLIDAYS: bad })).toThrow(/PUBLIC_HOLIDAYS/);
    }
  });
});

describe('market rate settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-config-rates-'));

  it('default to the sandbox, a minute between refreshes and five minutes to staleness', () => {
    const { rates } = loadConfig({ DATA_DIR: dataDir });
    expect(rates).toMatchObject({ provider: 'sandbox', refreshSeconds: 60, staleAfterSeconds: 300, timeoutMs: 8000, coingecko: { baseUrl: 'https://api.coingecko.com/api/v3', apiKey: undefined } });
    expect(rates.sandbox.mids.NGN).toEqual({ numerator: 1n, denominator: 1550n });
  });

  it('read CoinGecko, the staleness age and sandbox mid rates as decimals or fractions', () => {
    const { rates } = loadConfig({
      DATA_DIR: dataDir,
      RATE_PROVIDER: 'coingecko',
      COINGECKO_BASE_URL: 'https://pro-api.coingecko.com/api/v3/',
      RATES_STALE_AFTER_SECONDS: '120',
      SANDBOX_RATES: '{"BTC":"70000.125","NGN":"1/1600"}',
    });
    expect(rates.provider).toBe('coingecko');
    expect(rates.coingecko.baseUrl).toBe('https://pro-api.coingecko.com/api/v3');
    expect(rates.staleAfterSeconds).toBe(120);
    expect(rates.sandbox.mids.BTC).toEqual({ numerator: 560001n, denominator: 8n });
    expect(rates.sandbox.mids.NGN).toEqual({ numerator: 1n, denominator: 1600n });
    expect(rates.sandbox.mids.ETH).toEqual({ numerator: 3500n, denominator: 1n });
  });

  it('name each bad rate setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
        return '';
      } catch (error) {
        return (error as ConfigError).message;
      }
    };
    expect(problems({ RATE_PROVIDER: 'binance' })).toContain('RATE_PROVIDER');
    expect(problems({ RATES_STALE_AFTER_SECONDS: '0' })).toContain('RATES_STALE_AFTER_SECONDS');
    expect(problems({ SANDBOX_RATES: 'not json' })).toContain('SANDBOX_RATES: must be a JSON object');
    const text = problems({ SANDBOX_RATES: '{"DOGE":"0.1","USD":"1","BTC":"-5","ETH":3500,"NGN":"1/0"}' });
    for (const part of ['unknown asset "DOGE"', 'unknown asset "USD"', 'SANDBOX_RATES.BTC', 'SANDBOX_RATES.ETH', 'SANDBOX_RATES.NGN']) expect(text).toContain(part);
  });

  it('read withdrawal fees per currency in whole units, none by default, and name each bad one', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).withdrawalFees).toEqual({ NGN: 0n, USD: 0n, GBP: 0n, EUR: 0n });
    expect(loadConfig({ DATA_DIR: dataDir, WITHDRAWAL_FEES: '{"NGN":"52.50","USD":"1"}' }).withdrawalFees).toEqual({ NGN: 5250n, USD: 100n, GBP: 0n, EUR: 0n });
    const problems = (raw: string) => {
      try {
        loadConfig({ DATA_DIR: dataDir, WITHDRAWAL_FEES: raw });
        return '';
      } catch (error) {
        return (error as ConfigError).message;
      }
    };
    expect(problems('[1]')).toContain('WITHDRAWAL_FEES: must be a JSON object');
    expect(problems('{"XRP":"1"}')).toContain('WITHDRAWAL_FEES: unknown asset "XRP"');
    const text = problems('{"BTC":"0.001","NGN":"-5","USD":"0.001"}');
    for (const part of ['"BTC" does not apply here', 'WITHDRAWAL_FEES.NGN', 'WITHDRAWAL_FEES.USD']) expect(text).toContain(part);
  });
});
