import { describe, expect, it } from 'vitest';
import { isValidNuban, nubanCheckDigit, sandboxAccountNumber } from './nuban';

describe('NUBAN check digit', () => {
  it('matches the worked examples', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
    expect(nubanCheckDigit('044', '001024678')).toBe(0);
    expect(isValidNuban('011', '0000014579')).toBe(true);
    expect(isValidNuban('011', '0000000220')).toBe(true);
    expect(isValidNuban('044', '0010246780')).toBe(true);
  });

  it('treats a 3-digit code as the 6-digit code 000XXX', () => {
    expect(nubanCheckDigit('000011', '000001457')).toBe(9);
    expect(isValidNuban('000044', '0010246780')).toBe(true);
  });

  it('refuses a wrong check digit, a swapped pair and a mistyped digit', () => {
    expect(isValidNuban('011', '0000014578')).toBe(false);
    expect(isValidNuban('011', '0000015479')).toBe(false);
    expect(isValidNuban('011', '0000024579')).toBe(false);
    expect(isValidNuban('044', '0010246781')).toBe(false);
  });

  it('misses a swap of two neighbours that share a weight (3,3), as the standard does', () => {
    expect(isValidNuban('011', '0000041579')).toBe(true);
  });

  it('does not identify the bank: the same number passes for several codes', () => {
    expect(isValidNuban('011', '0010246780')).toBe(true);
    expect(isValidNuban('033', '0010246780')).toBe(true);
    expect(isValidNuban('058', '0010246780')).toBe(false);
  });

  it('refuses malformed input instead of guessing', () => {
    for (const account of ['', '001024678', '00102467800', '001024678a', ' 0010246780']) {
      expect(isValidNuban('044', account), account).toBe(false);
    }
    expect(isValidNuban('44', '0010246780')).toBe(false);
    expect(isValidNuban('50211', '0010246780')).toBe(false);
    expect(() => nubanCheckDigit('044', '12345')).toThrow(RangeError);
    expect(() => nubanCheckDigit('ABC', '001024678')).toThrow(RangeError);
  });

  it('builds passing sandbox numbers from any serial', () => {
    expect(sandboxAccountNumber('011', 1457)).toBe('0000014579');
    expect(sandboxAccountNumber('011', '22')).toBe('0000000220');
    expect(sandboxAccountNumber('044', '001024678')).toBe('0010246780');
    for (const code of ['044', '058', '057', '033', '214']) {
      for (const serial of [1, 123456789, 987654321, 555]) {
        const account = sandboxAccountNumber(code, serial);
        expect(account).toMatch(/^\d{10}$/);
        expect(isValidNuban(code, account)).toBe(true);
      }
    }
  });
});
