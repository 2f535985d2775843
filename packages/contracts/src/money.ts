import { z } from 'zod';
import { assetOf, assetCodeSchema, type Asset, type AssetCode } from './assets';
import { text } from './fields';

/**
 * One money type for every asset (docs/decisions/0065-exact-amounts-and-digit-strings.md): a bigint count of the
 * asset's smallest unit (kobo, cent, satoshi, wei, ...). Text a person types is parsed, and amounts are printed,
 * exactly at the asset's precision by string and bigint work alone: never a JavaScript number, never Node-only
 * APIs (the web app runs this too).
 */

declare const minorUnitsBrand: unique symbol;
/** A count of an asset's smallest unit that a `numeric(78,0)` column holds. */
export type MinorUnits = bigint & { readonly [minorUnitsBrand]: 'minor-units' };

/** The largest magnitude a `numeric(78,0)` column holds: 78 nines (2^256 - 1, the largest ERC-20 amount, fits). */
export const MAX_MINOR_UNITS = 10n ** 78n - 1n;
/** What a person may type into an amount field, at most: room for 78 digits, their commas, a sign and a symbol. */
export const AMOUNT_TEXT_MAX = 120;

export type AmountProblem = 'empty' | 'junk' | 'exponent' | 'grouping' | 'too-many-decimals' | 'negative' | 'zero' | 'too-large';

export const amountMessages = {
  empty: 'Enter an amount.',
  junk: 'Enter the amount in digits, like 1,250.50.',
  exponent: 'Write the amount out in full, without an exponent (100000, not 1e5).',
  grouping: 'Group thousands in threes with commas, like 1,250,000.50, or leave the commas out.',
  tooManyDecimals: (asset: Asset) => `${asset.code} amounts have at most ${asset.decimals} decimal places.`,
  negative: 'The amount cannot be negative.',
  zero: 'The amount must be more than zero.',
  tooLarge: 'That amount is too large.',
  digitsOnly: 'Must be a whole number of the smallest unit, written as digits.',
  digitsOnlySigned: 'Must be a whole number of the smallest unit, written as digits (with a leading "-" when negative).',
};

export class AmountError extends Error {
  constructor(
    readonly problem: AmountProblem,
    message: string,
  ) {
    super(message);
    this.name = 'AmountError';
  }
}

export type ParseAmountOptions = {
  /** Whether "-5" is an amount (a correction, a debit): false unless given. */
  allowNegative?: boolean;
  /** Whether 0 is an amount: true unless given. */
  allowZero?: boolean;
};

const resolve = (asset: Asset | AssetCode): Asset => (typeof asset === 'string' ? assetOf(asset) : asset);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MINUS = '[-\u2212]';

/** The amount pattern of one asset: a sign, the asset's symbol or code before or after, and the number. */
const patterns = new Map<string, RegExp>();
function patternFor(asset: Asset): RegExp {
  let pattern = patterns.get(asset.code);
  if (!pattern) {
    const mark = `(?:${escapeRegExp(asset.symbol)}|${asset.code})`;
    pattern = new RegExp(`^(${MINUS})?\\s*(${mark})?\\s*(${MINUS})?\\s*([0-9.,]+)\\s*(${mark})?$`, 'i');
    patterns.set(asset.code, pattern);
  }
  return pattern;
}

/**
 * An amount a person typed, in the asset's smallest unit. Takes surrounding spaces, thousands grouped with commas
 * ("1,250.50"), a leading or trailing point ("12.", ".5"), the asset's own symbol or code ("₦1,250", "0.5 BTC"), and
 * zeros past the asset's precision ("1.500" naira); refuses (AmountError, with a message to show) anything else:
 * more decimals than the asset has, exponents, a negative amount unless allowed, and beyond what numeric(78,0) holds.
 */
export function parseAmount(assetOrCode: Asset | AssetCode, text: string, options: ParseAmountOptions = {}): MinorUnits {
  const asset = resolve(assetOrCode);
  const input = text.trim();
  if (!input) throw new AmountError('empty', amountMessages.empty);
  if (input.length > AMOUNT_TEXT_MAX) throw new AmountError('too-large', amountMessages.tooLarge);
  const match = patternFor(asset).exec(input);
  if (!match) {
    if (/\d\s*[eE][-+]?\d/.test(input)) throw new AmountError('exponent', amountMessages.exponent);
    throw new AmountError('junk', amountMessages.junk);
  }
  const [, signBefore, markBefore, signAfter, number = '', markAfter] = match;
  if ((signBefore && signAfter) || (markBefore && markAfter) || (signAfter && !markBefore)) throw new AmountError('junk', amountMessages.junk);

  const parts = number.split('.');
  if (parts.length > 2) throw new AmountError('junk', amountMessages.junk);
  const [whole = '', fraction = ''] = parts;
  if (!/\d/.test(number)) throw new AmountError('junk', amountMessages.junk);
  if (fraction.includes(',')) throw new AmountError('grouping', amountMessages.grouping);
  if (whole.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(whole)) throw new AmountError('grouping', amountMessages.grouping);

  const significant = fraction.replace(/0+$/, '');
  if (significant.length > asset.decimals) throw new AmountError('too-many-decimals', amountMessages.tooManyDecimals(asset));
  const magnitude = BigInt(whole.replaceAll(',', '') || '0') * 10n ** BigInt(asset.decimals) + BigInt(significant.padEnd(asset.decimals, '0') || '0');
  const negative = Boolean(signBefore ?? signAfter) && magnitude !== 0n;
  if (negative && !options.allowNegative) throw new AmountError('negative', amountMessages.negative);
  if (magnitude === 0n && options.allowZero === false) throw new AmountError('zero', amountMessages.zero);
  if (magnitude > MAX_MINOR_UNITS) throw new AmountError('too-large', amountMessages.tooLarge);
  return (negative ? -magnitude : magnitude) as MinorUnits;
}

export type ParsedAmount = { ok: true; amount: MinorUnits } | { ok: false; problem: AmountProblem; message: string };

/** parseAmount's answer as a value rather than an exception, for forms. */
export function tryParseAmount(asset: Asset | AssetCode, text: string, options: ParseAmountOptions = {}): ParsedAmount {
  try {
    return { ok: true, amount: parseAmount(asset, text, options) };
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, problem: error.problem, message: error.message };
    throw error;
  }
}

export type FormatAmountOptions = {
  /** Commas between thousands: true unless given. */
  grouping?: boolean;
  /** `fixed` shows every decimal the asset has (the default); `trim` drops trailing zeros down to `minDecimals`. */
  decimals?: 'fixed' | 'trim';
  /** With `trim`, the decimals kept even when zero (2 shows `1,250.00` naira as such): 0 unless given. */
  minDecimals?: number;
  /** Shows at most this many decimals, rounded half away from zero (for display only: the result is no longer exact). */
  maxDecimals?: number;
  /** `symbol` (`₦1,250.50`, `10.5 USDC`), `code` (`1,250.50 NGN`) or `none` (the default). */
  display?: 'none' | 'symbol' | 'code';
};

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An amount of the asset's smallest unit as decimal text, exact unless `maxDecimals` asks for fewer decimals than the asset has. */
export function formatAmount(assetOrCode: Asset | AssetCode, amount: bigint, options: FormatAmountOptions = {}): string {
  const asset = resolve(assetOrCode);
  let places = asset.decimals;
  let magnitude = amount < 0n ? -amount : amount;
  if (options.maxDecimals !== undefined && options.maxDecimals < places) {
    const drop = 10n ** BigInt(places - Math.max(0, Math.trunc(options.maxDecimals)));
    magnitude = (magnitude + drop / 2n) / drop;
    places = Math.max(0, Math.trunc(options.maxDecimals));
  }
  const digits = magnitude.toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  let fraction = digits.slice(digits.length - places);
  if (options.decimals === 'trim') {
    const keep = Math.min(places, Math.max(0, options.minDecimals ?? 0));
    fraction = fraction.replace(/0+$/, '').padEnd(keep, '0');
  }
  const number = `${options.grouping === false ? whole : group(whole)}${fraction ? `.${fraction}` : ''}`;
  const sign = amount < 0n && magnitude !== 0n ? '-' : '';
  if (options.display === 'code') return `${sign}${number} ${asset.code}`;
  if (options.display === 'symbol') return asset.symbolPosition === 'before' ? `${sign}${asset.symbol}${number}` : `${sign}${number} ${asset.symbol}`;
  return `${sign}${number}`;
}

const MINOR_UNITS_PATTERN = /^(0|[1-9]\d{0,77})$/;
const SIGNED_MINOR_UNITS_PATTERN = /^(0|-?[1-9]\d{0,77})$/;

/** Whether a count of smallest units fits numeric(78,0). */
export const fitsNumeric78 = (amount: bigint) => amount <= MAX_MINOR_UNITS && amount >= -MAX_MINOR_UNITS;

/** A count of smallest units from its digit string (the wire and the database drivers give these); throws on anything else. */
export function minorUnits(value: string | bigint): MinorUnits {
  if (typeof value === 'bigint') {
    if (!fitsNumeric78(value)) throw new RangeError('Amount beyond numeric(78,0)');
    return value as MinorUnits;
  }
  if (!SIGNED_MINOR_UNITS_PATTERN.test(value)) throw new RangeError(`Not a count of smallest units: ${JSON.stringify(value.slice(0, 100))}`);
  return BigInt(value) as MinorUnits;
}

/**
 * An amount on the wire (ADR 0065): a count of the asset's smallest unit as a string of digits, no sign, no leading
 * zeros, at most 78 digits. The string keeps every digit of an 18-decimal amount that a JSON number would round.
 */
export const minorUnitsSchema = text()
  .regex(MINOR_UNITS_PATTERN, amountMessages.digitsOnly)
  .meta({ maxLength: 78, description: "A count of the asset's smallest unit (kobo, cent, satoshi, wei, ...) as a string of digits, e.g. \"1500000000000000000\" for 1.5 ETH." })
  .transform((text) => BigInt(text) as MinorUnits);

/** minorUnitsSchema for a signed amount (a balance change): a leading "-" when negative. */
export const signedMinorUnitsSchema = text()
  .regex(SIGNED_MINOR_UNITS_PATTERN, amountMessages.digitsOnlySigned)
  .meta({ maxLength: 79, description: "A signed count of the asset's smallest unit as a string of digits, with a leading \"-\" when negative." })
  .transform((text) => BigInt(text) as MinorUnits);

/** An amount in an answer: the bigint written as its digit string (what minorUnitsSchema reads back). */
export const minorUnitsOut = z.string().regex(SIGNED_MINOR_UNITS_PATTERN).describe("A count of the asset's smallest unit as a string of digits.");

/** An amount with its asset, as new multi-asset endpoints take and answer it (ADR 0065). */
export const assetAmountSchema = z.strictObject({ asset: assetCodeSchema, amount: minorUnitsSchema });
export type AssetAmount = { asset: AssetCode; amount: MinorUnits };
