import { defaultFeeSchedule, type FeeSchedule } from '@fipay/contracts/payments';

/**
 * The fee and what the company receives for a charge of `amount` kobo, by the schedule (`feeScheduleSchema` in
 * @fipay/contracts/payments). The fee never exceeds the amount.
 */
export function feeFor(amount: number, schedule: FeeSchedule = defaultFeeSchedule): { fee: number; net: number } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`A charge is a positive whole number of kobo, not ${amount}`);
  // Half up: (amount × bps + 5,000) ÷ 10,000, in BigInt so a large amount cannot lose precision.
  const percentage = Number((BigInt(amount) * BigInt(schedule.percentBps) + 5_000n) / 10_000n);
  const flat = amount < schedule.flatWaivedUnder ? 0 : schedule.flat;
  const fee = Math.min(percentage + flat, schedule.cap ?? Number.MAX_SAFE_INTEGER, amount);
  return { fee, net: amount - fee };
}
