import type { TwoFactorMethod } from '@fipay/contracts/auth';
import type { Queryable } from '../../db/client';
import { looksLikeEmail, normalizePhone } from '../../lib/phone';

export type UserRow = {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password_hash: string;
  email_verified_at: Date | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  email_otp_enabled_at: Date | null;
};

const USER_COLUMN_NAMES = [
  'id', 'company_id', 'first_name', 'last_name', 'email', 'phone', 'password_hash', 'email_verified_at',
  'totp_secret', 'totp_pending_secret', 'totp_enabled_at', 'email_otp_enabled_at',
] as const;
const USER_COLUMNS = USER_COLUMN_NAMES.join(', ');

/** The columns of a `UserRow`, read from the table under `alias` (for a query that joins users). */
export function userColumnsOf(alias: string): string {
  return USER_COLUMN_NAMES.map((column) => `${alias}.${column}`).join(', ');
}

/** The canonical form of what a user types to sign in: a lowercased email or a normalised phone number. */
export function loginIdentifier(input: string): string {
  const value = input.trim();
  return looksLikeEmail(value) ? value.toLowerCase() : normalizePhone(value);
}

/**
 * Whom the per-account limits count against: the account itself once the login resolves to one, so
 * its email and each spelling of its phone share one budget; an unknown login by its canonical form.
 */
export function limitSubject(user: UserRow | undefined, login: string): string {
  return user ? `user:${user.id}` : `login:${loginIdentifier(login)}`;
}

/** Whether `input`, as typed at sign-in, names this user (by its email or its phone number). */
export function loginNames(user: Pick<UserRow, 'email' | 'phone'>, input: string): boolean {
  const id = loginIdentifier(input);
  return looksLikeEmail(id) ? user.email === id : user.phone === id;
}

/** The column a login is looked up in and the value it holds there. */
export function loginLookup(input: string): { column: 'email' | 'phone'; value: string } {
  const value = loginIdentifier(input);
  return { column: looksLikeEmail(value) ? 'email' : 'phone', value };
}

export async function findUserByLogin(db: Queryable, input: string): Promise<UserRow | undefined> {
  const { column, value } = loginLookup(input);
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE ${column} = $1`, [value]);
  return rows[0];
}

export function twoFactorMethodOf(user: UserRow): TwoFactorMethod | null {
  if (user.totp_enabled_at) return 'authenticator';
  if (user.email_otp_enabled_at) return 'email';
  return null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}
