import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';

/** An amount of an asset from its digit string, exact (BigInt, never a Number), with its code. */
export const showAmount = (asset: AssetCode, digits: string): string =>
  formatAmount(asset, BigInt(digits), { decimals: 'trim', minDecimals: Math.min(2, assetOf(asset).decimals), display: 'code' });

/** A rate in basis points as a percentage with at most one decimal ("87.5%"); a dash before there is one. */
export const showBps = (bps: number | null): string => (bps === null ? '—' : `${(Math.floor(bps / 10) / 10).toString()}%`);

/** A duration in seconds as a person says it: "45 s", "12 min", "2 h 5 min"; a dash when there is none. */
export function showDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
}
