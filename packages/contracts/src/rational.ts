/**
 * Exact fractions of bigints, for rates and the conversions made with them
 * (docs/decisions/0066-market-rates-and-crosses.md). Nothing here goes through a JavaScript number, and nothing
 * needs Node: the web app uses it as the server does.
 */

/** numerator / denominator, kept reduced with a positive denominator. */
export type Rational = { readonly numerator: bigint; readonly denominator: bigint };

/**
 * How a fraction becomes a whole number of smallest units: `down` toward zero, `up` away from zero, `half-up` to
 * the nearest with ties away from zero, `half-even` to the nearest with ties to the even one.
 */
export type RoundingMode = 'down' | 'up' | 'half-up' | 'half-even';

const abs = (value: bigint) => (value < 0n ? -value : value);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(numerator: bigint, denominator = 1n): Rational {
  if (denominator === 0n) throw new RangeError('A fraction cannot have a denominator of zero');
  const sign = denominator < 0n ? -1n : 1n;
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: (sign * numerator) / divisor, denominator: (sign * denominator) / divisor };
}

export const ONE: Rational = rational(1n);

export const multiply = (a: Rational, b: Rational): Rational => rational(a.numerator * b.numerator, a.denominator * b.denominator);

export function divide(a: Rational, b: Rational): Rational {
  if (b.numerator === 0n) throw new RangeError('Cannot divide by zero');
  return rational(a.numerator * b.denominator, a.denominator * b.numerator);
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compare(a: Rational, b: Rational): -1 | 0 | 1 {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The fraction as a whole number, rounded as `mode` says. */
export function roundRational(value: Rational, mode: RoundingMode): bigint {
  const { numerator, denominator } = value;
  const quotient = numerator / denominator; // truncated toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  if (mode === 'down') return quotient;
  if (mode === 'up') return away;
  const twice = abs(remainder) * 2n;
  if (twice > denominator) return away;
  if (twice < denominator) return quotient;
  if (mode === 'half-up') return away;
  return quotient % 2n === 0n ? quotient : away;
}

// A decimal literal as JSON writes one; the exponent bounded so that a hostile answer cannot ask for a huge power of ten.
const DECIMAL_LITERAL = /^(-)?(0|[1-9]\d*)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/;
const MAX_EXPONENT = 120;

/**
 * A decimal literal ("67187.3358936566", "1.5e-7", as JSON numbers are written) as the exact fraction it names, or
 * null when the text is not one.
 */
export function parseDecimal(text: string): Rational | null {
  const match = DECIMAL_LITERAL.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  const digits = BigInt(`${whole}${fraction}`) * (minus ? -1n : 1n);
  return exponent >= 0 ? rational(digits * 10n ** BigInt(exponent)) : rational(digits, 10n ** BigInt(-exponent));
}

/** The fraction in decimals with `places` digits after the point (rounded as `mode` says), trailing zeros dropped. */
export function formatDecimal(value: Rational, places: number, mode: RoundingMode = 'half-even'): string {
  const scale = 10n ** BigInt(places);
  const scaled = roundRational(rational(value.numerator * scale, value.denominator), mode);
  const digits = abs(scaled).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '');
  return `${scaled < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
