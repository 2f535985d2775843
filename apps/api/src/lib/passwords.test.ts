import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_SOURCE_SIZE, hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('checks against a list of well over 10,000 common passwords, ignoring case', () => {
    expect(COMMON_PASSWORD_SOURCE_SIZE).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Kola-nut 2026!')).toBe(false);
  });

  it('hashes with Argon2id and never truncates long passwords', async () => {
    const long = `${'a'.repeat(127)}Z`;
    const stored = await hashPassword(long);
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(stored, long)).toBe(true);
    expect(await verifyPassword(stored, long.slice(0, 127))).toBe(false);
    expect(await verifyPassword(stored, `${long}x`)).toBe(false);
  });

  it('answers false for a missing hash after doing the same work', async () => {
    expect(await verifyPassword(undefined, 'anything at all')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false);
  });
});
