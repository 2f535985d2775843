import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReviewerRole } from '@fipay/contracts/back-office';
import { base32Decode, totp } from '../lib/totp';
import { createReviewer } from '../modules/back-office/reviewers';
import { createVerifiedUser, login, type signupBody } from './fixtures';
import { completeKybSteps, submitKyb } from './kyb-fixtures';
import type { TestServer } from './server';
import { linkIn } from './smtp-sink';

export const REVIEWER_PASSWORD = 'Compliance desk 2026!';

/** An authenticator code for now, or `steps` periods later (the server accepts one step of drift). */
export function codeFor(secret: string, steps = 0): string {
  return totp(base32Decode(secret), Date.now() / 1000 + steps * 30);
}

export type ReviewerAccount = {
  id: string;
  email: string;
  name: string;
  role: ReviewerRole;
  secret: string;
  recoveryCodes: string[];
  /** A full back-office session. */
  token: string;
};

/** Creates a reviewer the way an admin would, then sets the password and the authenticator through the API. */
export async function createReviewerAccount(server: TestServer, options: { role?: ReviewerRole; name?: string } = {}): Promise<ReviewerAccount> {
  const role = options.role ?? 'reviewer';
  const email = `reviewer-${randomBytes(4).toString('hex')}@fipay.ng`;
  const name = options.name ?? `Reviewer ${email.slice(9, 13)}`;
  const { reviewer, setupLink } = await createReviewer(server.app.ctx, { email, name, role }, { actor: { type: 'system', name: 'test' }, sendEmail: false });
  const token = new URL(setupLink).searchParams.get('token');
  const set = await server.api.post('/admin/auth/set-password', { token, password: REVIEWER_PASSWORD });
  if (set.status !== 200) throw new Error(`set-password failed: ${JSON.stringify(set.body)}`);
  const enrolment = await startEnrolment(server, email);
  const setup = await server.api.post('/admin/auth/2fa/setup', undefined, { token: enrolment });
  if (setup.status !== 200) throw new Error(`2fa setup failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const enabled = await server.api.post('/admin/auth/2fa/enable', { otp: codeFor(secret) }, { token: enrolment });
  if (enabled.status !== 200) throw new Error(`2fa enable failed: ${JSON.stringify(enabled.body)}`);
  return { id: reviewer.id, email, name, role, secret, recoveryCodes: enabled.body.data.recoveryCodes, token: enabled.body.data.session.token };
}

export async function startEnrolment(server: TestServer, email: string, password = REVIEWER_PASSWORD): Promise<string> {
  const login = await server.api.post('/admin/auth/login', { email, password });
  if (login.status !== 200 || login.body.data.stage !== 'enrolment') throw new Error(`expected enrolment: ${JSON.stringify(login.body)}`);
  return login.body.data.session.token as string;
}

/** Another full session for the reviewer (a recovery code, since authenticator codes work once per 30 s). */
export async function signInAgain(server: TestServer, account: ReviewerAccount): Promise<string> {
  const otp = account.recoveryCodes.shift();
  const res = await server.api.post('/admin/auth/login', { email: account.email, password: REVIEWER_PASSWORD, otp });
  if (res.status !== 200 || res.body.data.stage !== 'signed_in') throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.session.token as string;
}

export type SubmittedCompany = Awaited<ReturnType<typeof login>> & { email: string; password: string };

/** A company that signed up, went through the five steps and submitted its KYB. */
export async function submittedCompany(
  server: TestServer,
  overrides: Parameters<typeof signupBody>[0] & { cacRegNumber?: string } = {},
): Promise<SubmittedCompany> {
  const { cacRegNumber, ...signup } = overrides;
  const credentials = await createVerifiedUser(server, signup);
  const session = await login(server, credentials);
  await completeKybSteps(server, session, { cacRegNumber });
  await submitKyb(server, session);
  return { ...session, email: credentials.email, password: credentials.password };
}

export const companyMe = async (server: TestServer, company: { accessToken: string }) =>
  (await server.api.get('/company/me', { token: company.accessToken })).body.data;

/** Waits for the email of this subject to this address (other mail to it is put back). */
export async function mailWithSubject(server: TestServer, to: string, subject: string | RegExp) {
  const skipped = [];
  try {
    for (;;) {
      const mail = await server.mail.waitFor(to);
      if (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)) return mail;
      skipped.push(mail);
    }
  } finally {
    server.mail.received.push(...skipped);
  }
}

/** The consent link a representative was emailed for this company (many companies name the same fixture director). */
export async function consentLinkFor(server: TestServer, companyId: string, email: string, timeoutMs = 5000): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const index = server.mail.received.findIndex((m) => m.to.includes(email) && linkIn(m).searchParams.get('companyId') === companyId);
    if (index !== -1) return linkIn(server.mail.received.splice(index, 1)[0]!);
    if (Date.now() > deadline) throw new Error(`No consent email to ${email} for ${companyId}`);
    await sleep(100);
  }
}
