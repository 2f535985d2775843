import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('adaeze@example.com')).toBe('ad...@example.com');
    expect(maskEmail('tolu-k3x9@adebayofoods.ng')).toBe('to...@adebayofoods.ng');
  });

  it('never shows more than the local part holds', () => {
    expect(maskEmail('a@example.com')).toBe('a...@example.com');
    expect(maskEmail('ab@example.com')).toBe('ab...@example.com');
  });

  it('uses the last @ for the domain', () => {
    expect(maskEmail('"odd@name"@example.com')).toBe('"o...@example.com');
  });

  it('ignores surrounding spaces', () => {
    expect(maskEmail('  ada@acme.ng ')).toBe('ad...@acme.ng');
  });

  it('still hides most of something that is not an email', () => {
    expect(maskEmail('not-an-email')).toBe('no...');
    expect(maskEmail('@example.com')).toBe('@e...');
    expect(maskEmail('')).toBe('');
  });
});
