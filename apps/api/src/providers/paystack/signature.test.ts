import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paystackSignatureValid } from './signature';

const secret = 'sk_test_0123456789abcdef0123456789abcdef01234567';
// The shape of Paystack's documented charge.success event.
const body = Buffer.from(JSON.stringify({ event: 'charge.success', data: { id: 302961, reference: 'qTPrJoy9Bx', amount: 10000, currency: 'NGN', status: 'success' } }));
const sign = (bytes: Buffer, key = secret) => createHmac('sha512', key).update(bytes).digest('hex');

describe('Paystack webhook signature', () => {
  it('accepts the HMAC-SHA512 of the raw body with the secret key, in either hex case', () => {
    expect(paystackSignatureValid(body, sign(body), secret)).toBe(true);
    expect(paystackSignatureValid(body, sign(body).toUpperCase(), secret)).toBe(true);
  });

  it('refuses a changed body, another key, a missing, repeated or malformed header', () => {
    const signature = sign(body);
    const changed = Buffer.from(body.toString().replace('10000', '1000000'));
    expect(paystackSignatureValid(changed, signature, secret)).toBe(false);
    // The same JSON re-serialised with other spacing is other bytes: the raw body is what counts.
    expect(paystackSignatureValid(Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), signature, secret)).toBe(false);
    expect(paystackSignatureValid(body, sign(body, 'sk_test_another'), secret)).toBe(false);
    expect(paystackSignatureValid(body, undefined, secret)).toBe(false);
    expect(paystackSignatureValid(body, [signature, signature], secret)).toBe(false);
    expect(paystackSignatureValid(body, signature.slice(0, 64), secret)).toBe(false);
    expect(paystackSignatureValid(body, `${signature.slice(0, 127)}g`, secret)).toBe(false);
    expect(paystackSignatureValid(body, '', secret)).toBe(false);
  });
});
