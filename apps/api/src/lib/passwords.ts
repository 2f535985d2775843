import { hashInThread, verifyInThread } from './password-threads';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@fipay/contracts/limits';

// OWASP's Argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (the package's Algorithm enum is a const enum that isolated modules cannot read).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hashInThread(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;
let verifications = 0;

/**
 * How many Argon2id verifies this process has run (dummy ones included): the tests read it to show that a
 * complete sign-in checks the password once (docs/decisions/0057-one-password-check-per-sign-in.md).
 */
export function passwordVerifications(): number {
  return verifications;
}

/**
 * Verifies a password; with no stored hash it still spends the same work on a
 * dummy hash, so an unknown account answers in the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy password for timing parity');
  const target = storedHash ?? (await dummyHash);
  verifications += 1;
  try {
    const ok = await verifyInThread(target, password);
    return storedHash ? ok : false;
  } catch {
    return false;
  }
}

// Shorter entries can never pass the length rule, so they need not be kept.
// The list is compared case-insensitively: "Password1" is as weak as "password1".
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[])
    .filter((p) => p.length >= PASSWORD_MIN_LENGTH)
    .map((p) => p.toLowerCase()),
);

export const COMMON_PASSWORD_SOURCE_SIZE = (dictionary['passwords-common'] as string[]).length;

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
