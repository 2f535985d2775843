import { describe, expect, it } from 'vitest';
import { loginVerifyRequest, signupRequest } from './auth';
import { messages } from './messages';

describe('auth contracts', () => {
  it('trims company fields and lowercases emails', () => {
    const parsed = signupRequest.parse({
      company: { name: ' Acme ', email: 'OPS@Acme.NG ', phone: '0803 123 4567', website: 'acme.ng', countryId: 160, address: '1 Marina', registrationNo: 'RC1' },
      user: { firstName: 'Ada', lastName: 'Obi', email: 'Ada@Acme.ng', phone: '+2348031234567', password: 'Kola-nut 2026!' },
    });
    expect(parsed.company.name).toBe('Acme');
    expect(parsed.company.email).toBe('ops@acme.ng');
    expect(parsed.user.email).toBe('ada@acme.ng');
  });

  it('refuses whitespace-only company fields with the field message', () => {
    const result = signupRequest.safeParse({
      company: { name: '  ', email: 'a@b.ng', phone: '08031234567', website: 'x', countryId: 1, address: 'x', registrationNo: 'x' },
      user: { firstName: 'A', lastName: 'B', email: 'a@b.ng', phone: '08031234567', password: 'Kola-nut 2026!' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['company', 'name'], message: messages.fieldRequired });
  });

  it('defaults the OTP to empty for accounts without two-factor', () => {
    expect(loginVerifyRequest.parse({ email: 'a@b.ng', password: 'x' }).otp).toBe('');
  });
});
