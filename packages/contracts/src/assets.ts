import { z } from 'zod';

/**
 * The eight assets a business holds (docs/decisions/0065-exact-amounts-and-digit-strings.md; facts in the shared
 * assets table). `decimals` is how many decimal places the smallest unit is: 1 BTC = 10^8 satoshi, 1 ETH = 10^18 wei.
 * Every amount in code is a bigint count of that smallest unit (money.ts).
 */
export const assetCodes = ['NGN', 'USD', 'GBP', 'EUR', 'BTC', 'ETH', 'USDT', 'USDC'] as const;
export type AssetCode = (typeof assetCodes)[number];

export type AssetKind = 'fiat' | 'crypto';

export type Asset = {
  readonly code: AssetCode;
  readonly name: string;
  readonly kind: AssetKind;
  /** Decimal places of the smallest unit. */
  readonly decimals: number;
  readonly symbol: string;
  /** Where the symbol stands: `₦1,250.50`, but `10.5 USDC`. */
  readonly symbolPosition: 'before' | 'after';
};

export const assets: { readonly [C in AssetCode]: Asset & { readonly code: C } } = {
  NGN: { code: 'NGN', name: 'Nigerian naira', kind: 'fiat', decimals: 2, symbol: '₦', symbolPosition: 'before' },
  USD: { code: 'USD', name: 'US dollar', kind: 'fiat', decimals: 2, symbol: '$', symbolPosition: 'before' },
  GBP: { code: 'GBP', name: 'Pound sterling', kind: 'fiat', decimals: 2, symbol: '£', symbolPosition: 'before' },
  EUR: { code: 'EUR', name: 'Euro', kind: 'fiat', decimals: 2, symbol: '€', symbolPosition: 'before' },
  BTC: { code: 'BTC', name: 'Bitcoin', kind: 'crypto', decimals: 8, symbol: '₿', symbolPosition: 'before' },
  ETH: { code: 'ETH', name: 'Ether', kind: 'crypto', decimals: 18, symbol: 'Ξ', symbolPosition: 'before' },
  USDT: { code: 'USDT', name: 'Tether USD', kind: 'crypto', decimals: 6, symbol: '₮', symbolPosition: 'before' },
  USDC: { code: 'USDC', name: 'USD Coin', kind: 'crypto', decimals: 6, symbol: 'USDC', symbolPosition: 'after' },
};

/** Every asset, in the registry's order (fiat first, naira first). */
export const assetList: readonly Asset[] = assetCodes.map((code) => assets[code]);

export const fiatCodes = assetCodes.filter((code) => assets[code].kind === 'fiat') as readonly AssetCode[];
export const cryptoCodes = assetCodes.filter((code) => assets[code].kind === 'crypto') as readonly AssetCode[];

export const assetMessages = {
  unknownAsset: `Choose one of ${assetCodes.join(', ')}.`,
};

/** An asset code as the API takes it: exactly one of the eight, in capitals. */
export const assetCodeSchema = z.enum(assetCodes, { error: assetMessages.unknownAsset });
export const fiatCodeSchema = z.enum(fiatCodes as unknown as [AssetCode, ...AssetCode[]], { error: assetMessages.unknownAsset });
export const cryptoCodeSchema = z.enum(cryptoCodes as unknown as [AssetCode, ...AssetCode[]], { error: assetMessages.unknownAsset });

export function isAssetCode(value: unknown): value is AssetCode {
  return typeof value === 'string' && (assetCodes as readonly string[]).includes(value);
}

/** The asset of a code; throws on a code that is not one of the eight (check with isAssetCode or the schema first). */
export function assetOf(code: AssetCode | string): Asset {
  if (!isAssetCode(code)) throw new RangeError(`Unknown asset ${JSON.stringify(code)}`);
  return assets[code];
}
