import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';

/**
 * An amount of an asset from its digit string, as the wallet shows it: exact (every significant decimal, at least two
 * for fiat), with its code. BigInt only: never a Number, which would lose the last digits of an ether amount.
 */
export function showAmount(asset: AssetCode, digits: string, options: { sign?: boolean } = {}): string {
  const amount = BigInt(digits);
  const text = formatAmount(asset, amount, { decimals: 'trim', minDecimals: Math.min(2, assetOf(asset).decimals), display: 'code' });
  return options.sign && amount > 0n ? `+${text}` : text;
}

/** A worth in USD or NGN: two decimals and the code. */
export const showValue = (currency: 'USD' | 'NGN', digits: string): string => formatAmount(currency, BigInt(digits), { display: 'code' });

