import { describe, expect, it } from 'vitest';
import { dateToEpoch, epochToDate, formatIncome, incomeDigits } from './profile-form';

describe('profile form values', () => {
  it('groups income digits the Nigerian way', () => {
    expect(formatIncome('1234567')).toBe('1,234,567');
    expect(formatIncome('')).toBe('');
    expect(formatIncome('999999999999999')).toBe('999,999,999,999,999');
  });

  it('keeps only the digits of the income, without leading zeros', () => {
    expect(incomeDigits('₦1,234,567.00')).toBe('123456700');
    expect(incomeDigits('007')).toBe('7');
    expect(incomeDigits('0')).toBe('0');
    expect(incomeDigits('1234567890123456789')).toHaveLength(15);
  });

  it('turns a calendar date into UTC midnight and back', () => {
    expect(dateToEpoch('1990-05-17')).toBe(Date.UTC(1990, 4, 17));
    expect(epochToDate(Date.UTC(1990, 4, 17))).toBe('1990-05-17');
    expect(dateToEpoch('')).toBe(0);
    expect(dateToEpoch('17/05/1990')).toBe(0);
    expect(epochToDate(0)).toBe('');
  });
});
