import { z } from 'zod';

/**
 * What the platform keeps from a successful charge, in kobo: a percentage of the amount plus a flat part,
 * the flat part waived under a threshold, the whole capped. Integers throughout: the percentage is in basis
 * points and the result rounded half up to the kobo, so the same amount always gives the same fee.
 */
export const feeScheduleSchema = z.strictObject({
  /** 150 = 1.5%. */
  percentBps: z.number().int().min(0).max(10_000),
  /** Kobo added to the percentage. */
  flat: z.number().int().min(0),
  /** Below this amount (kobo) the flat part is not charged. */
  flatWaivedUnder: z.number().int().min(0),
  /** No fee is larger than this (kobo); null for no cap. */
  cap: z.number().int().min(0).nullable(),
});
export type FeeSchedule = z.infer<typeof feeScheduleSchema>;

/** 1.5% + ₦100, the ₦100 waived under ₦2,500, capped at ₦2,000. */
export const defaultFeeSchedule: FeeSchedule = { percentBps: 150, flat: 10_000, flatWaivedUnder: 250_000, cap: 200_000 };

/** The fee and what the company receives for a charge of `amount` kobo. The fee never exceeds the amount. */
export function feeFor(amount: number, schedule: FeeSchedule = defaultFeeSchedule): { fee: number; net: number } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`A charge is a positive whole number of kobo, not ${amount}`);
  // Half up: (amount × bps + 5,000) ÷ 10,000, in BigInt so a large amount cannot lose precision.
  const percentage = Number((BigInt(amount) * BigInt(schedule.percentBps) + 5_000n) / 10_000n);
  const flat = amount < schedule.flatWaivedUnder ? 0 : schedule.flat;
  const fee = Math.min(percentage + flat, schedule.cap ?? Number.MAX_SAFE_INTEGER, amount);
  return { fee, net: amount - fee };
}
