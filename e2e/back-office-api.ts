import path from 'node:path';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { readMail, totpNow } from './support';

export const REVIEWER_PASSWORD = 'Compliance & Care 2026';
export const FIXTURES_ADMIN = { email: 'fixtures.admin@fipay.ng' };
/** Where the global setup leaves the fixtures admin's session for the workers. */
export const fixturesAdminFile = path.join(e2eDataDir, 'fixtures-admin.json');

export type ReviewerRole = 'reviewer' | 'admin';

/** A back-office account with its password, authenticator secret and unused recovery codes. */
export type ReviewerAccount = {
  email: string;
  name: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  session: { token: string };
  reviewer: { id: string; role: ReviewerRole };
};

async function data<T>(answer: Promise<APIResponse>, what: string, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), `${what}: ${await res.text()}`).toBe(status);
  return (await res.json()).data as T;
}

/**
 * What a new reviewer does with their setup link, through the API: sets the password, signs in
 * to an enrolment session and confirms an authenticator with this step's code. That code is
 * spent, so the next sign-in uses the next step's (`totpNow(secret, 1)`).
 */
export async function setUpReviewer(api: APIRequestContext, email: string, link: URL, name = ''): Promise<ReviewerAccount> {
  const password = REVIEWER_PASSWORD;
  await data(api.post('/api/v1/admin/auth/set-password', { data: { token: link.searchParams.get('token'), password } }), 'set password');
  const login = await data<{ stage: string; session: { token: string } }>(api.post('/api/v1/admin/auth/login', { data: { email, password } }), 'sign in');
  expect(login.stage).toBe('enrolment');
  const headers = { Authorization: `Bearer ${login.session.token}` };
  const { secret } = await data<{ secret: string }>(api.post('/api/v1/admin/auth/2fa/setup', { headers }), 'authenticator setup');
  const enabled = await data<Pick<ReviewerAccount, 'recoveryCodes' | 'session' | 'reviewer'>>(
    api.post('/api/v1/admin/auth/2fa/enable', { headers, data: { otp: totpNow(secret) } }),
    'authenticator confirmation',
  );
  return { email, name, password, secret, ...enabled };
}

let invited = 0;

/** An admin invites a new reviewer (the link comes by email, as it would to them), who then sets up their account. */
export async function inviteReviewer(api: APIRequestContext, adminToken: string, role: ReviewerRole): Promise<ReviewerAccount> {
  invited += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${invited}`;
  const email = `reviewer-${tag}@fipay.ng`;
  const name = 'Kemi Bello';
  await data(
    api.post('/api/v1/admin/reviewers', { headers: { Authorization: `Bearer ${adminToken}` }, data: { email, name, role } }),
    'invite reviewer',
    201,
  );
  const { link } = await readMail(email, 'Set up your FiPay back-office account');
  return setUpReviewer(api, email, link, name);
}

/** A reviewer claims a submitted application and approves it, through the API. */
export async function approveThroughApi(api: APIRequestContext, reviewer: ReviewerAccount, companyId: string) {
  const headers = { Authorization: `Bearer ${reviewer.session.token}` };
  await data(api.post(`/api/v1/admin/applications/${companyId}/claim`, { headers }), 'claim');
  await data(api.post(`/api/v1/admin/applications/${companyId}/approve`, { headers }), 'approve');
}
