import { describe, expect, it } from 'vitest';
import type { AssetCode } from '@fipay/contracts/assets';
import { multiply, rational } from '@fipay/contracts/rational';
import { defaultSandboxMidRates } from '../../config';
import { SANDBOX_DRIFT_PPM, SANDBOX_DRIFT_STEP_MS, SandboxRateProvider } from './sandbox';

const provider = (seed = 'tests') => new SandboxRateProvider({ mids: defaultSandboxMidRates, seed });
const assetsButUsd = Object.keys(SANDBOX_DRIFT_PPM) as Exclude<AssetCode, 'USD'>[];
const STEP = Number(SANDBOX_DRIFT_STEP_MS);
const start = Date.UTC(2026, 10, 26, 12, 0, 0);

describe('the sandbox rate provider', () => {
  it('gives every asset but USD its mid rate moved by the drift at that time, exactly, at that time', async () => {
    const sandbox = provider();
    const now = new Date(start + 123_456);
    const quotes = await sandbox.usdQuotes(now);
    expect(quotes.map((quote) => quote.asset)).toEqual(['NGN', 'GBP', 'EUR', 'BTC', 'ETH', 'USDT', 'USDC']);
    for (const quote of quotes) {
      expect(quote.observedAt).toEqual(now);
      expect(quote.usd).toEqual(multiply(defaultSandboxMidRates[quote.asset], rational(1_000_000n + sandbox.driftPpm(quote.asset, now), 1_000_000n)));
    }
  });

  it('is the same for the same seed and time, on any instance, and another seed drifts otherwise', async () => {
    const now = new Date(start + 7 * STEP + 1);
    expect(await provider().usdQuotes(now)).toEqual(await provider().usdQuotes(now));
    const drifts = (seed: string) => assetsButUsd.map((asset) => provider(seed).driftPpm(asset, now));
    expect(drifts('other')).not.toEqual(drifts('tests'));
  });

  it('drifts a little: within its bound, moving over hours, and by a straight line between points ten minutes apart', () => {
    const sandbox = provider();
    for (const asset of assetsButUsd) {
      const bound = SANDBOX_DRIFT_PPM[asset];
      const seen = new Set<bigint>();
      for (let minute = -600; minute < 24 * 60; minute += 7) {
        const drift = sandbox.driftPpm(asset, new Date(start + minute * 60_000));
        expect(drift >= -bound && drift <= bound, `${asset} ${drift}`).toBe(true);
        seen.add(drift);
      }
      expect(seen.size, asset).toBeGreaterThan(50);
      // Halfway between two points the drift is their middle (rounded toward zero), so charts move smoothly.
      const [a, b, middle] = [start, start + STEP, start + STEP / 2].map((time) => sandbox.driftPpm(asset, new Date(time)));
      expect(middle).toBe(a! + (b! - a!) / 2n);
      // A second moves it by at most the slope of one step.
      const slope = (2n * bound * 1000n) / SANDBOX_DRIFT_STEP_MS + 1n;
      const gap = sandbox.driftPpm(asset, new Date(start + 1000)) - a!;
      expect(gap <= slope && gap >= -slope).toBe(true);
    }
  });
});
