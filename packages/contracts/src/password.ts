import { serverChecks, text } from './fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { messages } from './messages';

/** The live checklist of the signup screen (SPEC.md section 5). */
export const passwordRules = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'number', label: 'A number', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', label: 'A special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordStrength = 'Very Weak' | 'Weak' | 'Good' | 'Very Strong';

export function passwordStrength(password: string): PasswordStrength {
  const met = passwordRules.filter((rule) => rule.test(password)).length;
  if (met <= 2) return 'Very Weak';
  if (met === 3) return 'Weak';
  if (met === 4) return 'Good';
  return 'Very Strong';
}

/**
 * What the server enforces: length bounds here, the common-password list on the
 * server (it is too large to ship to the browser). The other checklist rules
 * are advice, as SPEC.md gives step 2 no blocking validation.
 */
export const newPasswordSchema = serverChecks(
  text().min(PASSWORD_MIN_LENGTH, messages.passwordTooShort).max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
  'Not one of the commonly used passwords the server knows, nor (when changing it) the current password.',
);
