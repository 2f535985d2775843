import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNairaInput, koboToShortNaira, nairaField, nairaToKobo } from './money';

describe('naira amounts', () => {
  it('reads what people type as kobo, exactly', () => {
    expect(nairaToKobo('5000')).toBe(500_000);
    expect(nairaToKobo('₦25,000')).toBe(2_500_000);
    expect(nairaToKobo(' 1,200.5 ')).toBe(120_050);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo('1200.505')).toBeNull();
    expect(nairaToKobo('12e3')).toBeNull();
    expect(nairaToKobo('-5')).toBeNull();
    expect(nairaToKobo('')).toBeNull();
  });

  it('keeps to the limits of one charge', () => {
    expect(nairaField.safeParse('99.99').success).toBe(false);
    expect(nairaField.parse('100')).toBe(10_000);
    expect(nairaField.parse('10,000,000')).toBe(1_000_000_000);
    expect(nairaField.safeParse('10,000,000.01').success).toBe(false);
  });

  it('prints kobo as naira', () => {
    expect(formatNaira(2_500_000)).toBe('₦25,000.00');
    expect(formatNaira(120_050)).toBe('₦1,200.50');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(-150)).toBe('-₦1.50');
  });

  it('fills an amount field with what it reads back to the same kobo', () => {
    expect(koboToNairaInput(2_500_000)).toBe('25,000');
    expect(koboToNairaInput(125_050)).toBe('1,250.50');
    expect(koboToNairaInput(5)).toBe('0.05');
    expect(koboToNairaInput(null)).toBe('');
    for (const kobo of [10_000, 125_050, 123_456_789, 1_000_000_000]) expect(nairaToKobo(koboToNairaInput(kobo))).toBe(kobo);
  });

  it('shortens kobo for tight spaces without ever showing more than there is', () => {
    expect(koboToShortNaira(2_454_700)).toBe('₦24.5K');
    expect(koboToShortNaira(2_499_999)).toBe('₦24.9K');
    expect(koboToShortNaira(99_999_999)).toBe('₦999.9K');
    expect(koboToShortNaira(123_456_789)).toBe('₦1.2M');
  });
});
