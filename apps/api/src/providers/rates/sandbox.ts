import { createHash } from 'node:crypto';
import type { AssetCode } from '@fipay/contracts/assets';
import { multiply, rational } from '@fipay/contracts/rational';
import type { SandboxMidRates } from '../../config';
import type { RateProvider, UsdQuote } from '../types';

/** How far each kind of asset drifts from its mid rate at most, in millionths: stablecoins hardly, crypto most. */
export const SANDBOX_DRIFT_PPM: Record<Exclude<AssetCode, 'USD'>, bigint> = {
  NGN: 3_000n,
  GBP: 3_000n,
  EUR: 3_000n,
  BTC: 20_000n,
  ETH: 25_000n,
  USDT: 500n,
  USDC: 500n,
};
/** The drift is set at a point every ten minutes and moves in a straight line between points. */
export const SANDBOX_DRIFT_STEP_MS = 600_000n;
const MILLION = 1_000_000n;

/**
 * Test mode's and development's rates (docs/decisions/0066-market-rates-and-crosses.md): configured mid rates that
 * drift a little, so that charts move. The drift at a time is a function of the seed, the asset and the time alone
 * (points drawn from SHA-256 every ten minutes, joined by straight lines), so a test that names the time knows the
 * rate to the last digit, and every instance gives the same rate at the same moment. Integers throughout.
 */
export class SandboxRateProvider implements RateProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly options: { mids: SandboxMidRates; seed: string }) {}

  /** The drift of `asset` at `now`, in millionths of its mid rate (between -SANDBOX_DRIFT_PPM and +SANDBOX_DRIFT_PPM). */
  driftPpm(asset: Exclude<AssetCode, 'USD'>, now: Date): bigint {
    const time = BigInt(now.getTime());
    // Floor division, so times before 1970 step the same way.
    const step = (time >= 0n ? time : time - SANDBOX_DRIFT_STEP_MS + 1n) / SANDBOX_DRIFT_STEP_MS;
    const into = time - step * SANDBOX_DRIFT_STEP_MS;
    const from = this.point(asset, step);
    const to = this.point(asset, step + 1n);
    return from + ((to - from) * into) / SANDBOX_DRIFT_STEP_MS;
  }

  async usdQuotes(now: Date): Promise<UsdQuote[]> {
    return (Object.keys(this.options.mids) as Exclude<AssetCode, 'USD'>[]).map((asset) => ({
      asset,
      usd: multiply(this.options.mids[asset], rational(MILLION + this.driftPpm(asset, now), MILLION)),
      observedAt: now,
    }));
  }

  private point(asset: Exclude<AssetCode, 'USD'>, step: bigint): bigint {
    const bound = SANDBOX_DRIFT_PPM[asset];
    const digest = createHash('sha256').update(`${this.options.seed}:${asset}:${step}`).digest();
    return (digest.readBigUInt64BE(0) % (2n * bound + 1n)) - bound;
  }
}
