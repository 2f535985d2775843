/**
 * The CBN NUBAN check digit. A NUBAN is 10 digits: a 9-digit serial and one check
 * digit. With the bank code written as 6 digits (a 3-digit CBN code padded as
 * 000XXX), the 15 digits of code + serial are multiplied by 3,7,3,3,7,3,... and
 * summed; check = (10 - sum mod 10) mod 10. For a 3-digit code this is the same as
 * the legacy 12-digit rule.
 *
 * The check catches typos only: it does NOT identify the bank (0010246780 passes
 * for 011, 033 and 044). The provider's name enquiry is the real check.
 *
 * This file imports nothing, so the web end-to-end tests can use it as it is.
 */

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

function sixDigitCode(bankCode: string): string {
  if (/^\d{3}$/.test(bankCode)) return `000${bankCode}`;
  if (/^\d{6}$/.test(bankCode)) return bankCode;
  throw new RangeError(`A NUBAN bank code has 3 or 6 digits, not "${bankCode}"`);
}

/** The check digit for a 9-digit serial at a bank with a 3- or 6-digit code. */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{9}$/.test(serial)) throw new RangeError(`A NUBAN serial has 9 digits, not "${serial}"`);
  const digits = sixDigitCode(bankCode) + serial;
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(digits[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** Whether a 10-digit account number carries the right check digit for that bank code. */
export function isValidNuban(bankCode: string, account: string): boolean {
  if (!/^\d{10}$/.test(account) || !/^(\d{3}|\d{6})$/.test(bankCode)) return false;
  return nubanCheckDigit(bankCode, account.slice(0, 9)) === Number(account[9]);
}

/**
 * A 10-digit account number that passes the check for that bank: the serial
 * (a number or digit string, left-padded to 9 digits) followed by its check
 * digit. Sandbox testers and end-to-end tests use it to get numbers that resolve,
 * e.g. sandboxAccountNumber('011', 1457) === '0000014579' (First Bank).
 */
export function sandboxAccountNumber(bankCode: string, serial: number | string): string {
  const padded = String(serial).padStart(9, '0');
  return `${padded}${nubanCheckDigit(bankCode, padded)}`;
}
