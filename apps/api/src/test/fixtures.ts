import { randomBytes } from 'node:crypto';
import { passwordVerifications } from '../lib/passwords';
import type { TestServer } from './server';
import { linkIn } from './smtp-sink';

export const STRONG_PASSWORD = 'Kola-nut 2026!';

let counter = 0;

/** A valid sign-up body with unique email and phone numbers. */
export function signupBody(overrides: { email?: string; phone?: string; password?: string; companyName?: string } = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const phone = overrides.phone ?? `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return {
    company: {
      name: overrides.companyName ?? `Okafor Logistics ${counter}`,
      email: `ops-${tag}@okafor.ng`,
      phone: '+234 1 234 5678',
      website: 'https://okafor.ng',
      countryId: 160,
      address: '12 Adeola Odeku Street, Victoria Island, Lagos',
      registrationNo: 'RC1234567',
    },
    user: {
      firstName: 'Chidinma',
      lastName: 'Okafor',
      email: overrides.email ?? `chidinma-${tag}@okafor.ng`,
      phone,
      password: overrides.password ?? STRONG_PASSWORD,
    },
  };
}

/** Signs up through the API, opens the emailed link, and returns the credentials. */
export async function createVerifiedUser(server: TestServer, overrides: Parameters<typeof signupBody>[0] = {}) {
  const body = signupBody(overrides);
  const signup = await server.api.post('/auth/signup', body);
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const mail = await server.mail.waitFor(body.user.email);
  const token = linkIn(mail).searchParams.get('token');
  const verified = await server.api.get(`/auth/verify-email?token=${token}`);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { email: body.user.email, phone: body.user.phone, password: body.user.password, body };
}

export async function login(server: TestServer, credentials: { email: string; password: string }, otp = '') {
  const response = await server.api.post('/auth/login/verify-otp', { ...credentials, otp });
  if (response.status !== 200) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  return response.body.data as {
    user: { id: string; companyId: string; firstName: string; email: string };
    company: { id: string; application: unknown };
    accessToken: string;
    refreshToken: string;
  };
}

/** The access code of the transaction with this reference: the key of its public checkout (the reference finds nothing there). */
export async function checkoutCode(server: { db: { query: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }> } }, reference: string): Promise<string> {
  const { rows } = await server.db.query<{ access_code: string }>('SELECT access_code FROM transactions WHERE reference = $1', [reference]);
  if (!rows[0]) throw new Error(`No transaction ${reference}`);
  return rows[0].access_code;
}

/** How many Argon2id verifies `work` made this process run (the test server runs in it). */
export async function hashesDuring(work: () => Promise<unknown>): Promise<number> {
  const before = passwordVerifications();
  await work();
  return passwordVerifications() - before;
}
