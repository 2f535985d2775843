import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, divide, formatDecimal, multiply, parseDecimal, rational, roundRational, type RoundingMode } from './rational';

const runs = { seed: 20261126, numRuns: 300 };
const nonZero = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((value) => value !== 0n);
const fraction = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), nonZero).map(([n, d]) => rational(n, d));

describe('exact fractions', () => {
  it('are kept reduced with a positive denominator', () => {
    expect(rational(10n, -4n)).toEqual({ numerator: -5n, denominator: 2n });
    expect(rational(0n, 7n)).toEqual({ numerator: 0n, denominator: 1n });
    expect(() => rational(1n, 0n)).toThrow(RangeError);
    expect(() => divide(rational(1n), rational(0n))).toThrow(RangeError);
  });

  it('read decimal literals as JSON writes them, exactly', () => {
    expect(parseDecimal('67187.3358936566')).toEqual(rational(671873358936566n, 10_000_000_000n));
    expect(parseDecimal('1.5e-7')).toEqual(rational(15n, 100_000_000n));
    expect(parseDecimal('1E+3')).toEqual(rational(1000n));
    expect(parseDecimal('-0.25')).toEqual(rational(-1n, 4n));
    for (const bad of ['', '01', '1.', '.5', '1e', 'NaN', 'Infinity', '0x10', '1e999', ' 1', '1,000']) expect(parseDecimal(bad), bad).toBeNull();
  });

  it('round each way as named', () => {
    const cases: [bigint, bigint, Record<RoundingMode, bigint>][] = [
      [5n, 2n, { down: 2n, up: 3n, 'half-up': 3n, 'half-even': 2n }],
      [7n, 2n, { down: 3n, up: 4n, 'half-up': 4n, 'half-even': 4n }],
      [-5n, 2n, { down: -2n, up: -3n, 'half-up': -3n, 'half-even': -2n }],
      [10n, 3n, { down: 3n, up: 4n, 'half-up': 3n, 'half-even': 3n }],
      [-11n, 3n, { down: -3n, up: -4n, 'half-up': -4n, 'half-even': -4n }],
      [6n, 3n, { down: 2n, up: 2n, 'half-up': 2n, 'half-even': 2n }],
    ];
    for (const [n, d, expected] of cases) for (const mode of Object.keys(expected) as RoundingMode[]) expect(roundRational(rational(n, d), mode), `${n}/${d} ${mode}`).toBe(expected[mode]);
  });

  it('print decimals rounded to the places asked, trailing zeros dropped', () => {
    expect(formatDecimal(rational(1n, 3n), 6)).toBe('0.333333');
    expect(formatDecimal(rational(2n, 3n), 6)).toBe('0.666667');
    expect(formatDecimal(rational(-1n, 8n), 2)).toBe('-0.12');
    expect(formatDecimal(rational(1550n), 18)).toBe('1550');
    expect(formatDecimal(parseDecimal('67187.3358936566')!, 18)).toBe('67187.3358936566');
  });

  it('multiply, divide and compare exactly (properties)', () => {
    fc.assert(
      fc.property(fraction, fraction.filter((f) => f.numerator !== 0n), (a, b) => {
        expect(multiply(divide(a, b), b)).toEqual(a);
        expect(compare(a, b)).toBe(-compare(b, a) as -1 | 0 | 1);
        const down = roundRational(a, 'down');
        const up = roundRational(a, 'up');
        expect(up - down).toBe(a.denominator === 1n ? 0n : a.numerator < 0n ? -1n : 1n);
        const nearest = roundRational(a, 'half-even');
        const gap = nearest * a.denominator - a.numerator;
        expect(2n * (gap < 0n ? -gap : gap) <= a.denominator).toBe(true);
      }),
      runs,
    );
  });

  it('print and read back the same value at enough places (properties)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 30 }), (digits, places) => {
        const value = rational(digits, 10n ** BigInt(places));
        expect(parseDecimal(formatDecimal(value, places))).toEqual(value);
      }),
      runs,
    );
  });
});
