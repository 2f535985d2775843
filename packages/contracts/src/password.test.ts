import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordRules, passwordStrength } from './password';

describe('password rules', () => {
  it('labels strength by the number of rules met', () => {
    expect(passwordStrength('')).toBe('Very Weak');
    expect(passwordStrength('abcdefgh')).toBe('Very Weak');
    expect(passwordStrength('abcdefgH')).toBe('Weak');
    expect(passwordStrength('abcdefH1')).toBe('Good');
    expect(passwordStrength('abcdeH1!')).toBe('Very Strong');
  });

  it('lists the five checklist rules of the signup screen', () => {
    expect(passwordRules.map((r) => r.label)).toEqual([
      'At least 8 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A number',
      'A special character',
    ]);
  });

  it('bounds length from 8 to 128 without trimming or truncating', () => {
    expect(newPasswordSchema.safeParse('1234567').success).toBe(false);
    expect(newPasswordSchema.parse(' spaced  ')).toBe(' spaced  ');
    expect(newPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});
