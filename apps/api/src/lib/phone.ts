/**
 * Phone numbers are stored in one canonical form so "0803 123 4567",
 * "+234 803 123 4567" and "2348031234567" find the same account.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/[^\d+]/g, '');
  const plain = digits.replace(/^\+/, '');
  if (/^0\d{10}$/.test(plain) && !digits.startsWith('+')) return `+234${plain.slice(1)}`;
  return `+${plain.replace(/^00/, '')}`;
}

export function looksLikeEmail(value: string): boolean {
  return value.includes('@');
}
