import { randomBytes } from 'node:crypto';
import { signupBody as testSignupBody, STRONG_PASSWORD } from '../src/test/fixtures';
import { linkIn } from '../src/test/smtp-sink';
import type { HttpClient } from './http';
import type { BenchServer } from './server';

export const PASSWORD = STRONG_PASSWORD;
export const WRONG_PASSWORD = 'Kola-nut 2027?';

let seq = 0;

/** A valid sign-up body; phone numbers never repeat within a run (emails never do). */
export function signupBody() {
  seq += 1;
  return testSignupBody({ phone: `080${String(seq).padStart(8, '0')}` });
}

/** An address no account has. */
export function unknownEmail() {
  return `nobody-${randomBytes(6).toString('hex')}@okafor.ng`;
}

export type Session = { userId: string; accessToken: string; refreshToken: string };

function dataOf<T>(text: string): T {
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs up through the API, opens the emailed link, and returns the email address. */
export async function createVerifiedUser(server: BenchServer, client: HttpClient): Promise<string> {
  const body = signupBody();
  const signup = await client.request('POST', '/api/v1/auth/signup', body);
  if (signup.status !== 201) throw new Error(`setup sign-up failed: ${signup.status} ${signup.text}`);
  const mail = await server.mail.waitFor(body.user.email, 15_000);
  const token = linkIn(mail).searchParams.get('token') ?? '';
  const verified = await client.request('GET', `/api/v1/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (verified.status !== 200) throw new Error(`setup verification failed: ${verified.status} ${verified.text}`);
  return body.user.email;
}

/** Signs up through the API and leaves the email unverified (the branch of resend-verification that sends). */
export async function createUnverifiedUser(client: HttpClient): Promise<string> {
  const body = signupBody();
  const signup = await client.request('POST', '/api/v1/auth/signup', body);
  if (signup.status !== 201) throw new Error(`setup sign-up failed: ${signup.status} ${signup.text}`);
  return body.user.email;
}

/** A full sign-in, for a refresh chain to start from. */
export async function signIn(client: HttpClient, email: string): Promise<Session> {
  const answer = await client.request('POST', '/api/v1/auth/login/verify-otp', { email, password: PASSWORD, otp: '' });
  if (answer.status !== 200) throw new Error(`setup sign-in failed: ${answer.status} ${answer.text}`);
  const session = dataOf<{ user: { id: string }; accessToken: string; refreshToken: string }>(answer.text);
  return { userId: session.user.id, accessToken: session.accessToken, refreshToken: session.refreshToken };
}

/** The bare server's sign-in in two calls, the sign-in case's floor (bench/bare-server.ts, ADR 0110): both answered 200. */
export async function floorSignIn(client: HttpClient, email: string): Promise<boolean> {
  const proved = await client.request('POST', '/login/proof', { email, password: PASSWORD });
  if (proved.status !== 200) return false;
  const { proof } = (JSON.parse(proved.text) as { data: { proof: string } }).data;
  return (await client.request('POST', '/login/session', { proof })).status === 200;
}
