declare const minorUnit: unique symbol;

/**
 * An amount in kobo, the naira's minor unit: a whole number, exact (a safe integer), never a float of naira.
 * Money read from the database is one of these (`kobo`), so a column that cannot be held exactly fails loudly
 * instead of rounding.
 */
export type Kobo = number & { readonly [minorUnit]: 'kobo' };

/**
 * Reads an amount in kobo as the drivers give a `bigint` column (node-postgres: a string of digits; PGlite: a
 * number or bigint), or one already in hand. Throws on anything that is not a whole number of kobo that a
 * JavaScript number holds exactly.
 */
export function kobo(value: string | number | bigint): Kobo {
  const text = typeof value === 'string' ? value.trim() : String(value);
  if (!/^-?\d+$/.test(text)) throw new RangeError(`Not a whole number of kobo: ${JSON.stringify(String(value))}`);
  const amount = Number(text);
  if (!Number.isSafeInteger(amount) || BigInt(text) !== BigInt(amount)) throw new RangeError(`More kobo than can be held exactly: ${text}`);
  return amount as Kobo;
}

/** `kobo`, with NULL (an amount not set) kept as null. */
export const koboOrNull = (value: string | number | bigint | null): Kobo | null => (value === null ? null : kobo(value));
