import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { fixturesAdminFile, inviteReviewer, type ReviewerAccount } from './back-office-api';
import { createVerifiedAccount, type Account } from './support';

export { expect };

/** A company user's session, as the sign-in answers it. */
export type CompanySession = {
  user: { id: string; companyId: string; firstName: string };
  company: unknown;
  accessToken: string;
  refreshToken: string;
};

/** Signs the account in through the API (two-factor off): a session of its own, like another sign-in would give. */
export async function companySession(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/v1/auth/login/verify-otp', {
    data: { email: account.user.email, password: account.user.password, otp: '' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const session = (await res.json()).data as CompanySession;
  return { session, headers: { Authorization: `Bearer ${session.accessToken}` }, userId: session.user.id, companyId: session.user.companyId };
}

/**
 * Puts a session into the page's `auth-storage` the way the web app keeps it after a sign-in
 * (SPEC's fields), from a same-origin page that runs none of the app, so the next page the
 * test opens starts signed in.
 */
export async function holdSession(page: Page, session: CompanySession) {
  await page.goto('/api/v1/health');
  const { user, company, accessToken, refreshToken } = session;
  const stored = JSON.stringify({ state: { user, company, accessToken, refreshToken, showBalance: true }, version: 0 });
  await page.evaluate((value) => localStorage.setItem('auth-storage', value), stored);
}

/** A company signed in through the API into this page, for tests whose subject is not the sign-in itself. */
export async function signInThroughApi(page: Page, request: APIRequestContext, account: Account) {
  const signedIn = await companySession(request, account);
  await holdSession(page, signedIn.session);
  return signedIn;
}

// A one-page PDF that a viewer can open (a blank page), so the reviewer's preview shows a page and not an error.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 3)]);
export const sampleFiles = { pdf, png, jpeg, docx };

async function upload(request: APIRequestContext, headers: Record<string, string>, name: string, contentType: string, bytes: Buffer) {
  const res = await request.post('/api/v1/aws/upload-url', {
    headers,
    data: { objectKey: `documents/kyc/${Date.now()}-${name}`, expirySeconds: 3600, contentType },
  });
  expect(res.status()).toBe(200);
  const url = new URL((await res.json()).data as string);
  const put = await request.put(url.toString(), { headers: { 'Content-Type': contentType }, data: bytes });
  expect(put.ok()).toBe(true);
  return { name, fileUrl: `${url.origin}${url.pathname}`, objectKey: url.pathname };
}

/** A company that submits its KYB through the API, exactly what the five steps send. */
export async function submitKybThroughApi(request: APIRequestContext, account: Account) {
  const { headers, userId, companyId } = await companySession(request, account);
  const ids = { userId, companyId };
  const post = async (url: string, data: unknown) => {
    const res = await request.post(`/api/v1/${url}`, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  };
  await post('company/business-type', { businessType: 'Registered Business', subType: 'SME', ...ids });
  await post('company/business-profile', {
    description: 'Cold-chain logistics for food distributors in Lagos.',
    industry: 'Ecommerce',
    currency: 'NGN',
    website: 'https://adebayofoods.ng',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Ikeja',
    address: '3 Broad Street, Lagos Island',
    landmark: 'Opposite the old secretariat',
    dateOfBirth: 0,
    incorporatedTrusteeCategory: '',
    smeCategory: 'Limited Liability',
    sourceOfFund: 'Investment',
    monthlyIncome: 2_500_000,
    ...ids,
  });
  await post('company/documents', [
    { ...(await upload(request, headers, 'cac-certificate.pdf', 'application/pdf', pdf)), docKey: 'certificate', isCAC: true, cacRegNumber: 'RC1234567' },
    { ...(await upload(request, headers, 'electricity-bill.png', 'image/png', png)), docKey: 'proofOfAddress', isCAC: false },
    { ...(await upload(request, headers, 'memart.jpg', 'image/jpeg', jpeg)), docKey: 'memart', isCAC: false },
    {
      ...(await upload(request, headers, 'due-diligence.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx)),
      docKey: 'dueDiligence',
      isCAC: false,
    },
  ]);
  const director = account.user.email.replace(/^tolu-/, 'ngozi-');
  await post('company/representatives', [
    { position: 'Director', fullName: 'Ngozi Eze', email: director, phone: '08034567890', idType: 'NIN', idNumber: '12345678901' },
  ]);
  const resolved = await request.get('/api/v1/bank/resolve-account?bankCode=011&accountNumber=0000014579', { headers });
  const bank = (await resolved.json()).data;
  await post('company/submit-kyb', {
    companyId,
    accountName: bank.account_name,
    accountNumber: '0000014579',
    bankName: bank.bank_name,
    bankCode: '011',
    bvn: '22212345678',
    currency: 'NGN',
  });
}

/** Signs a reviewer in at /admin with password and a fresh authenticator code. */
export async function signInReviewer(page: Page, reviewer: Pick<ReviewerAccount, 'email' | 'password' | 'secret'>, code: string) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(reviewer.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(reviewer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
}

type TestFixtures = {
  /** A verified company account, not signed in anywhere. */
  account: Account;
  /** A verified company account whose session the page already holds (signed in through the API). */
  company: Account & Awaited<ReturnType<typeof companySession>>;
  /** A company that has submitted its KYB through the API, not signed in anywhere. */
  submittedCompany: Account;
  /** A reviewer invited for this test alone, with password and authenticator set up; not signed in. */
  reviewer: ReviewerAccount;
};

type WorkerFixtures = {
  /** The session of the admin that invites reviewers (see e2e/global-setup.ts). */
  fixturesAdmin: { email: string; token: string };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  fixturesAdmin: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(JSON.parse(readFileSync(fixturesAdminFile, 'utf8')));
    },
    { scope: 'worker' },
  ],
  account: async ({ request }, use) => {
    await use(await createVerifiedAccount(request));
  },
  company: async ({ page, request, account }, use) => {
    await use({ ...account, ...(await signInThroughApi(page, request, account)) });
  },
  submittedCompany: async ({ request, account }, use) => {
    await submitKybThroughApi(request, account);
    await use(account);
  },
  reviewer: async ({ request, fixturesAdmin }, use) => {
    await use(await inviteReviewer(request, fixturesAdmin.token, 'reviewer'));
  },
});
