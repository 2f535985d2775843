import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { assetCodes, assetCodeSchema, assetList, assets, type AssetCode } from './assets';
import {
  AmountError,
  amountMessages,
  assetAmountSchema,
  formatAmount,
  MAX_MINOR_UNITS,
  minorUnits,
  minorUnitsSchema,
  parseAmount,
  signedMinorUnitsSchema,
  tryParseAmount,
  type FormatAmountOptions,
} from './money';

// A fixed seed keeps every run the same (fast-check prints the seed and path of a failure to repeat it).
const seed = 20261126;
const runs = { seed, numRuns: 400 };

const assetArb = fc.constantFrom(...assetCodes);
/** Any amount numeric(78,0) holds, with small and edge values drawn often. */
const amountArb = fc.oneof(
  fc.bigInt({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
  fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }),
  fc.constantFrom(0n, 1n, -1n, MAX_MINOR_UNITS, -MAX_MINOR_UNITS, 10n ** 18n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 256n - 1n),
);
const formatOptionsArb: fc.Arbitrary<FormatAmountOptions> = fc.record({
  grouping: fc.boolean(),
  decimals: fc.constantFrom('fixed' as const, 'trim' as const),
  minDecimals: fc.integer({ min: 0, max: 20 }),
  display: fc.constantFrom('none' as const, 'symbol' as const, 'code' as const),
});

const expectProblem = (asset: AssetCode, text: string, problem: AmountError['problem'], options = {}) => {
  const parsed = tryParseAmount(asset, text, options);
  expect(parsed, text).toMatchObject({ ok: false, problem });
  return parsed.ok ? '' : parsed.message;
};

describe('the asset registry', () => {
  it('holds the eight assets with their precision, kind and symbol', () => {
    expect(assetList.map((asset) => [asset.code, asset.kind, asset.decimals])).toEqual([
      ['NGN', 'fiat', 2],
      ['USD', 'fiat', 2],
      ['GBP', 'fiat', 2],
      ['EUR', 'fiat', 2],
      ['BTC', 'crypto', 8],
      ['ETH', 'crypto', 18],
      ['USDT', 'crypto', 6],
      ['USDC', 'crypto', 6],
    ]);
    for (const asset of assetList) expect(asset.name.length && asset.symbol.length).toBeGreaterThan(0);
  });

  it('takes exactly the eight codes, in capitals', () => {
    expect(assetCodeSchema.parse('ETH')).toBe('ETH');
    for (const bad of ['eth', 'GHS', '', 'BTC ', 42]) {
      const result = assetCodeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose one of NGN, USD, GBP, EUR, BTC, ETH, USDT, USDC.');
    }
  });
});

describe('parseAmount', () => {
  it('reads what people type, exactly at each precision', () => {
    expect(parseAmount('ETH', '0.000000000000000001')).toBe(1n);
    expect(parseAmount('ETH', '123456789.123456789123456789')).toBe(123456789123456789123456789n);
    expect(parseAmount('NGN', '1,250.50')).toBe(125050n);
    expect(parseAmount('USD', ' 12 ')).toBe(1200n);
    expect(parseAmount('USD', '\u00a012.5\t')).toBe(1250n);
    expect(parseAmount('BTC', '0.00000001')).toBe(1n);
    expect(parseAmount('BTC', '21,000,000')).toBe(2_100_000_000_000_000n);
    expect(parseAmount('USDT', '.5')).toBe(500_000n);
    expect(parseAmount('USDC', '12.')).toBe(12_000_000n);
    expect(parseAmount('NGN', '007')).toBe(700n);
    expect(parseAmount('NGN', '1.500')).toBe(150n);
    expect(parseAmount('NGN', '0')).toBe(0n);
  });

  it("takes the asset's own symbol or code, before or after", () => {
    expect(parseAmount('NGN', '₦1,250.50')).toBe(125050n);
    expect(parseAmount('USD', '$ 10')).toBe(1000n);
    expect(parseAmount('BTC', '0.5 BTC')).toBe(50_000_000n);
    expect(parseAmount('BTC', '0.5btc')).toBe(50_000_000n);
    expect(parseAmount('USDC', '10.5 USDC')).toBe(10_500_000n);
    expect(parseAmount('EUR', 'EUR 3')).toBe(300n);
    expect(parseAmount('GBP', '-£2.50', { allowNegative: true })).toBe(-250n);
    expect(parseAmount('GBP', '£-2.50', { allowNegative: true })).toBe(-250n);
    expect(parseAmount('USD', '\u22123', { allowNegative: true })).toBe(-300n);
    expectProblem('NGN', '$5', 'junk');
    expectProblem('USD', '$5 USD', 'junk');
  });

  it('refuses too many decimals, naming the asset and its precision', () => {
    expect(expectProblem('ETH', '0.0000000000000000001', 'too-many-decimals')).toBe('ETH amounts have at most 18 decimal places.');
    expect(expectProblem('NGN', '1.005', 'too-many-decimals')).toBe('NGN amounts have at most 2 decimal places.');
    expect(expectProblem('BTC', '0.000000001', 'too-many-decimals')).toBe('BTC amounts have at most 8 decimal places.');
    expect(expectProblem('USDT', '1.0000001', 'too-many-decimals')).toBe('USDT amounts have at most 6 decimal places.');
  });

  it('refuses negatives unless allowed, and zero when told', () => {
    expect(expectProblem('USD', '-1', 'negative')).toBe(amountMessages.negative);
    expect(parseAmount('USD', '-0')).toBe(0n);
    expect(expectProblem('USD', '0.00', 'zero', { allowZero: false })).toBe(amountMessages.zero);
    expect(parseAmount('USD', '-1', { allowNegative: true })).toBe(-100n);
  });

  it('refuses exponents, junk, bad grouping, nothing and the too large, each with its own message', () => {
    for (const text of ['1e5', '1E-7', '2.5e+3', '1 e5']) expect(tryParseAmount('ETH', text)).toMatchObject({ ok: false, message: amountMessages.exponent });
    for (const text of ['abc', '1.2.3', '.', ',', '--1', '+5', '1 000', '١٢', '１２', '0x10', 'Infinity', 'NaN', '5 5', '$', '1-']) {
      expect(tryParseAmount('USD', text), text).toMatchObject({ ok: false, message: amountMessages.junk });
    }
    for (const text of ['1,2', '12,34.5', '1,2345', '1,234,56', '1.234,5', ',123']) expect(expectProblem('NGN', text, 'grouping')).toBe(amountMessages.grouping);
    for (const text of ['', '   ', '\n']) expect(expectProblem('NGN', text, 'empty')).toBe(amountMessages.empty);
    expect(expectProblem('ETH', '1'.repeat(79), 'too-large')).toBe(amountMessages.tooLarge);
    expect(expectProblem('ETH', '9'.repeat(500), 'too-large')).toBe(amountMessages.tooLarge);
    expect(expectProblem('NGN', `${'9'.repeat(77)}`, 'too-large')).toBe(amountMessages.tooLarge);
    expect(parseAmount('NGN', `${'9'.repeat(76)}.99`)).toBe(MAX_MINOR_UNITS);
    expect(() => parseAmount('NGN', 'x')).toThrow(AmountError);
  });
});

describe('formatAmount', () => {
  it('prints exactly, grouped, fixed or trimmed, with the symbol or code', () => {
    expect(formatAmount('NGN', 125050n)).toBe('1,250.50');
    expect(formatAmount('NGN', 125050n, { display: 'symbol' })).toBe('₦1,250.50');
    expect(formatAmount('NGN', -125050n, { display: 'symbol' })).toBe('-₦1,250.50');
    expect(formatAmount('USDC', 10_500_000n, { display: 'symbol', decimals: 'trim' })).toBe('10.5 USDC');
    expect(formatAmount('ETH', 1n)).toBe('0.000000000000000001');
    expect(formatAmount('ETH', 10n ** 18n, { decimals: 'trim' })).toBe('1');
    expect(formatAmount('ETH', 10n ** 18n, { decimals: 'trim', minDecimals: 2, display: 'code' })).toBe('1.00 ETH');
    expect(formatAmount('BTC', 2_100_000_000_000_000n, { grouping: false, decimals: 'trim' })).toBe('21000000');
    expect(formatAmount('USD', 0n, { display: 'code' })).toBe('0.00 USD');
    expect(formatAmount('ETH', 2n ** 256n - 1n, { decimals: 'trim' })).toBe('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935');
  });

  it('rounds half away from zero to maxDecimals, for display', () => {
    expect(formatAmount('ETH', 1_234_550_000_000_000_000n, { maxDecimals: 4 })).toBe('1.2346');
    expect(formatAmount('ETH', 1_234_549_999_999_999_999n, { maxDecimals: 4 })).toBe('1.2345');
    expect(formatAmount('ETH', -1_234_550_000_000_000_000n, { maxDecimals: 4 })).toBe('-1.2346');
    expect(formatAmount('ETH', -1n, { maxDecimals: 6 })).toBe('0.000000');
    expect(formatAmount('BTC', 99_999_999n, { maxDecimals: 0 })).toBe('1');
  });
});

describe('parse and format, for every amount numeric(78,0) holds', () => {
  it('parse(format(x)) is x, however x is printed', () => {
    fc.assert(
      fc.property(assetArb, amountArb, formatOptionsArb, (code, amount, options) => {
        expect(parseAmount(code, formatAmount(code, amount, options), { allowNegative: true })).toBe(amount);
      }),
      runs,
    );
  });

  it('format(parse(text)) gives back typed decimal text, at the asset precision', () => {
    const typed = assetArb.chain((code) =>
      fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: assets[code].decimals }).chain((places) => fc.tuple(fc.constant(places), fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }))))
        .map(([whole, [places, fraction]]) => ({ code, whole, places, fraction })),
    );
    fc.assert(
      fc.property(typed, ({ code, whole, places, fraction }) => {
        const fractionText = places ? `.${fraction.toString().padStart(places, '0')}` : '';
        const text = `${whole}${fractionText}`;
        const expected = `${whole}.${(places ? fraction.toString().padStart(places, '0') : '').padEnd(assets[code].decimals, '0')}`;
        expect(formatAmount(code, parseAmount(code, text), { grouping: false })).toBe(assets[code].decimals ? expected : `${whole}`);
      }),
      runs,
    );
  });

  it('keeps order: a < b exactly when parse(format(a)) < parse(format(b)), and the texts of fixed, ungrouped, same-sign amounts compare as their lengths and digits', () => {
    fc.assert(
      fc.property(assetArb, amountArb, amountArb, (code, a, b) => {
        const [x, y] = [parseAmount(code, formatAmount(code, a), { allowNegative: true }), parseAmount(code, formatAmount(code, b), { allowNegative: true })];
        expect(x < y).toBe(a < b);
        expect(x === y).toBe(a === b);
        if (a >= 0n && b >= 0n) {
          const [p, q] = [formatAmount(code, a, { grouping: false }), formatAmount(code, b, { grouping: false })];
          const byText = p.length === q.length ? (p < q ? -1 : p > q ? 1 : 0) : p.length < q.length ? -1 : 1;
          expect(byText).toBe(a < b ? -1 : a > b ? 1 : 0);
        }
      }),
      runs,
    );
  });

  it('refuses every amount beyond numeric(78,0), and one more decimal than the asset has', () => {
    fc.assert(
      fc.property(assetArb, fc.bigInt({ min: MAX_MINOR_UNITS + 1n, max: 10n ** 90n }), fc.boolean(), (code, beyond, negative) => {
        const amount = negative ? -beyond : beyond;
        expect(tryParseAmount(code, formatAmount(code, amount), { allowNegative: true })).toMatchObject({ ok: false, problem: 'too-large' });
      }),
      runs,
    );
    fc.assert(
      fc.property(assetArb, fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 1, max: 9 }), (code, amount, extra) => {
        const text = `${formatAmount(code, amount, { grouping: false })}${assets[code].decimals ? '' : '.'}${extra}`;
        expect(tryParseAmount(code, text)).toMatchObject({ ok: false, problem: 'too-many-decimals' });
      }),
      runs,
    );
  });

  it('never throws anything but an AmountError on any text', () => {
    fc.assert(
      fc.property(assetArb, fc.string({ maxLength: 60, unit: fc.constantFrom(...'0123456789.,-−+eE $₦£€₿ΞBTCUSDxX\t'.split('')) }), (code, text) => {
        const result = tryParseAmount(code, text, { allowNegative: true });
        if (result.ok) expect(parseAmount(code, formatAmount(code, result.amount), { allowNegative: true })).toBe(result.amount);
      }),
      runs,
    );
  });
});

describe('amounts on the wire', () => {
  it('are strings of digits that keep every digit past 2^53', () => {
    const wei = '123456789012345678901234567890';
    expect(minorUnitsSchema.parse(wei)).toBe(123456789012345678901234567890n);
    expect(assetAmountSchema.parse({ asset: 'ETH', amount: '1000000000000000001' })).toEqual({ asset: 'ETH', amount: 1_000_000_000_000_000_001n });
    expect(minorUnitsSchema.parse('9'.repeat(78))).toBe(MAX_MINOR_UNITS);
    expect(signedMinorUnitsSchema.parse('-5')).toBe(-5n);
  });

  it('refuse numbers, signs, leading zeros, decimals and more than 78 digits', () => {
    for (const bad of [5, '05', '-5', '1.5', '1e5', '', ' 1', '1'.repeat(79), '+1', '0x1']) {
      const result = minorUnitsSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
    }
    for (const bad of ['-0', '--1', '-05']) expect(signedMinorUnitsSchema.safeParse(bad).success).toBe(false);
    expect(minorUnitsSchema.safeParse('05').error?.issues[0]?.message).toBe(amountMessages.digitsOnly);
    expect(assetAmountSchema.safeParse({ asset: 'DOGE', amount: '1' }).success).toBe(false);
    expect(assetAmountSchema.safeParse({ asset: 'ETH', amount: '1', extra: true }).success).toBe(false);
  });

  it('read back what they were written from', () => {
    fc.assert(
      fc.property(amountArb, (amount) => {
        expect(minorUnits(amount.toString())).toBe(amount);
        expect(signedMinorUnitsSchema.parse(amount.toString())).toBe(amount);
      }),
      runs,
    );
    expect(() => minorUnits(MAX_MINOR_UNITS + 1n)).toThrow(RangeError);
    expect(() => minorUnits('1.5')).toThrow(RangeError);
  });
});

describe('amounts in the OpenAPI document', () => {
  it('are described as strings of digits with their pattern and length', () => {
    const json = z.toJSONSchema(assetAmountSchema, { io: 'input' }) as unknown as { properties: { amount: Record<string, unknown> } };
    expect(json.properties.amount).toMatchObject({ type: 'string', pattern: '^(0|[1-9]\\d{0,77})$', maxLength: 78 });
    expect(String(json.properties.amount.description)).toContain('string of digits');
  });
});
