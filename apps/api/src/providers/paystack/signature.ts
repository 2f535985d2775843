import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paystack signs each webhook it sends with `x-paystack-signature`: the hex HMAC-SHA512 of the raw request
 * body, keyed with the account's secret key (Paystack's documentation, "Verify event origin"). Checked on
 * the raw bytes before anything is parsed; a missing, malformed or wrong signature is false, in the same
 * time whatever part of it is wrong.
 */
export function paystackSignatureValid(rawBody: Buffer, signature: string | string[] | undefined, secretKey: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
