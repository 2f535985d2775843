import { describe, expect, it } from 'vitest';
import { defaultFeeSchedule, feeScheduleSchema } from '@fipay/contracts/payments';
import { feeFor } from './fees';

describe('fees (1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000)', () => {
  it('charges the percentage alone just under ₦2,500 and adds the flat part from ₦2,500', () => {
    expect(feeFor(249_999)).toEqual({ fee: 3_750, net: 246_249 }); // 3,749.985 kobo rounds up
    expect(feeFor(250_000)).toEqual({ fee: 13_750, net: 236_250 }); // ₦37.50 + ₦100
  });

  it('rounds the percentage half up to the kobo', () => {
    expect(feeFor(100).fee).toBe(2); // 1.5 kobo
    expect(feeFor(99).fee).toBe(1); // 1.485 kobo
    expect(feeFor(1).fee).toBe(0); // 0.015 kobo
  });

  it('caps the fee at ₦2,000 from the amount where 1.5% + ₦100 reaches it', () => {
    // 1.5% + ₦100 = ₦2,000 at ₦126,666.67: just under it the fee is below the cap, from it on the cap applies.
    expect(feeFor(12_666_600).fee).toBe(199_999);
    expect(feeFor(12_666_700).fee).toBe(200_000);
    expect(feeFor(100_000_000_00)).toEqual({ fee: 200_000, net: 100_000_000_00 - 200_000 });
  });

  it('never takes more than the amount, and keeps fee + net equal to the amount', () => {
    const schedule = { ...defaultFeeSchedule, flatWaivedUnder: 0 };
    expect(feeFor(5_000, schedule)).toEqual({ fee: 5_000, net: 0 });
    for (const amount of [1, 999, 250_000, 1_234_567, 99_999_999_999]) {
      const { fee, net } = feeFor(amount);
      expect(fee + net).toBe(amount);
      expect(Number.isInteger(fee) && fee >= 0).toBe(true);
    }
  });

  it('follows a configured schedule, including none at all and no cap', () => {
    expect(feeFor(1_000_000, { percentBps: 0, flat: 0, flatWaivedUnder: 0, cap: null })).toEqual({ fee: 0, net: 1_000_000 });
    expect(feeFor(100_000_000_000, { percentBps: 100, flat: 0, flatWaivedUnder: 0, cap: null }).fee).toBe(1_000_000_000);
  });

  it('refuses an amount that is not a positive whole number of kobo, and a schedule that is not whole numbers', () => {
    for (const amount of [0, -100, 10.5, Number.NaN, 2 ** 53]) expect(() => feeFor(amount)).toThrow('positive whole number of kobo');
    expect(feeScheduleSchema.safeParse({ ...defaultFeeSchedule, percentBps: 1.5 }).success).toBe(false);
    expect(feeScheduleSchema.safeParse({ ...defaultFeeSchedule, extra: 1 }).success).toBe(false);
    expect(feeScheduleSchema.safeParse(defaultFeeSchedule).success).toBe(true);
  });
});
