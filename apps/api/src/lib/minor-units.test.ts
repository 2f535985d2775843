import { describe, expect, it } from 'vitest';
import { kobo, koboOrNull } from './minor-units';

describe('kobo', () => {
  it('reads whole numbers of kobo as the database drivers give them', () => {
    expect(kobo('4500000')).toBe(4_500_000);
    expect(kobo(' -250 ')).toBe(-250);
    expect(kobo(12n)).toBe(12);
    expect(kobo(0)).toBe(0);
    expect(kobo('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(koboOrNull(null)).toBeNull();
    expect(koboOrNull('7')).toBe(7);
  });

  it('refuses what is not a whole number of kobo, or cannot be held exactly', () => {
    for (const bad of ['12.5', '1e3', '', 'abc', 12.5, Number.NaN, Infinity]) expect(() => kobo(bad)).toThrow('Not a whole number of kobo');
    for (const big of ['9007199254740993', 9007199254740993n, '-9007199254740993']) expect(() => kobo(big)).toThrow('More kobo than can be held exactly');
  });
});
