import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';

/** An amount as the pages show it: every decimal that is not a trailing zero, with the asset's code. */
export const shownAmount = (asset: AssetCode, amount: string | bigint) =>
  `${formatAmount(asset, BigInt(amount), { grouping: true, decimals: 'trim', minDecimals: assetOf(asset).kind === 'fiat' ? 2 : 0 })} ${asset}`;
/** US cents as dollars, for "worth about". */
export const shownUsd = (cents: string) => `$${formatAmount('USD', BigInt(cents), { grouping: true })}`;
