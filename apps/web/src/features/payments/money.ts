import { MAX_AMOUNT, MIN_AMOUNT, nairaMessage, nairaToKobo } from '@fipay/contracts/payments';
import { z } from 'zod';

export { formatNaira, nairaMessage, nairaToKobo } from '@fipay/contracts/payments';

const nairaInput = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Kobo as an amount field shows naira, the way nairaToKobo reads it back: grouped in thousands, kobo only when there are any (25,000 or 1,250.50). */
export function koboToNairaInput(kobo: number | null): string {
  return kobo === null ? '' : nairaInput.format(kobo / 100).replace(/\.(\d)$/, '.$10');
}

// Cut, not rounded: a balance of ₦24,999.99 is not ₦25.0K.
const shortNaira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', notation: 'compact', maximumFractionDigits: 1, roundingMode: 'trunc' });

/** Kobo as a short naira amount for tight spaces (₦24.9K, ₦1.2M), never more than the amount. */
export function koboToShortNaira(kobo: number): string {
  return shortNaira.format(kobo / 100);
}

/** A naira amount typed in a form, checked against the contract's limits and given as kobo. */
export const nairaField = z
  .string()
  .transform((value, ctx) => {
    const kobo = nairaToKobo(value);
    if (kobo === null || kobo < MIN_AMOUNT || kobo > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: nairaMessage });
      return z.NEVER;
    }
    return kobo;
  });
