import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';
import { REVIEWER_PASSWORD } from './back-office-api';
import { expect, sampleFiles, signInReviewer, test } from './fixtures';
import { totpNow, watchConsole, type Account } from './support';

const ADMIN = { email: 'compliance.admin@fipay.ng', password: REVIEWER_PASSWORD };
const shots = 'test-results/back-office';
const { pdf } = sampleFiles;

async function companySignIn(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByPlaceholder('Password').fill(account.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function reviewerPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/** A full-page screenshot from the top, so a sticky header is where a reader sees it; the scroll position is kept. */
async function fullShot(page: Page, file: string) {
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${file}`, fullPage: true });
  await page.evaluate((y) => window.scrollTo(0, y), scrolled);
}

/**
 * A full-page screenshot at phone width (375 px) of what the signed-in reviewer sees now, with
 * no sideways scrolling, then back to the desktop width.
 */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(375);
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    wide: Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > 376 && !el.closest('[class*="overflow-x-auto"]'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
  }));
  expect(overflow.scrollWidth, `sideways overflow at 375 px on ${name}: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(376);
  await fullShot(page, `${name}-375.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openCase(page: Page, account: Account) {
  await page.goto('/admin');
  await page.getByLabel('Search by company name, email or CAC number').fill(account.user.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: account.company.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: account.company.name })).toBeVisible();
}

test('the admin made by the command sets a password, enrols an authenticator, and signs in with a code', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const printed = readFileSync(path.join(e2eDataDir, 'admin-link.txt'), 'utf8');
  const link = new URL(printed.match(/https?:\/\/\S+\/admin\/set-password\?token=\S+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const adminSecret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code from the app').fill(totpNow(adminSecret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).not.toHaveCount(0);
  await page.getByRole('button', { name: 'I saved them, continue' }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();

  // The reviewers page, at desktop and phone width, while signed in.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviewers' }).click();
  await expect(page.getByRole('row', { name: new RegExp(ADMIN.email) })).toContainText('Active');
  await fullShot(page, 'reviewers-1280.png');
  await phoneShot(page, 'reviewers');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();

  // Signed out, the next sign-in asks for a code: the next step's, since enrolment spent this step's.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInReviewer(page, { ...ADMIN, secret: adminSecret }, totpNow(adminSecret, 1));
  expect(problems).toEqual([]);
});

test('a reviewer asks for a new proof of address, the company replaces only it and resubmits, the reviewer approves', async ({
  browser,
  page,
  submittedCompany: account,
  reviewer: desk,
}) => {
  test.slow();
  const reviewer = await reviewerPage(browser);
  const admin = reviewer.page;
  const adminProblems = watchConsole(admin);
  try {
    // The next step's code: setting up the authenticator spent this step's.
    await signInReviewer(admin, desk, totpNow(desk.secret, 1));
    await expect(admin.getByRole('button', { name: /Submitted/ })).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByRole('link', { name: account.company.name })).toBeVisible();
    await fullShot(admin, 'queue-1280.png');
    await phoneShot(admin, 'queue');

    await openCase(admin, account);
    await admin.getByRole('button', { name: 'Claim' }).click();
    await expect(admin.getByText('You are now assigned to this application.')).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Approve' })).toBeVisible();

    // Documents open in the page through their signed links.
    await admin.getByRole('button', { name: 'View Proof of Address' }).click();
    const preview = admin.getByRole('img', { name: 'Proof of Address: electricity-bill.png' });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(0);
    await admin.getByRole('button', { name: 'View Certificate of Incorporation' }).click();
    const frame = admin.locator('iframe[title="Certificate of Incorporation: cac-certificate.pdf"]');
    await expect(frame).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Download Due Diligence Questionnaire' })).toHaveAttribute('download', 'due-diligence.docx');
    await fullShot(admin, 'case-1280.png');
    await phoneShot(admin, 'case');

    await admin.getByRole('button', { name: 'Request changes' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Flag at least one item.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Proof of Address/ }).check();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByLabel('Reason for Proof of Address').selectOption('blurry');
    await admin.screenshot({ path: `${shots}/request-changes-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(admin.getByText('Changes requested. The company has been told what to fix.')).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1 }).locator('..').getByText('Changes requested')).toBeVisible();

    // The company sees what to fix, replaces only that file and resubmits.
    const companyProblems = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await companySignIn(page, account);
    const banner = page.getByRole('region', { name: 'KYC status' });
    await expect(banner.getByText('Your KYC needs a few changes.')).toBeVisible();
    await expect(banner.getByText('Proof of Address: The file is blurry or unreadable.')).toBeVisible();
    await fullShot(page, 'company-changes-requested-1280.png');
    await banner.getByRole('link', { name: 'Proceed to KYC' }).click();
    await expect(page).toHaveURL(/\/kyc\/documents$/);
    const proof = page.getByRole('region', { name: 'Proof of Address' });
    await expect(proof.getByText('Proof of Address: The file is blurry or unreadable.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'MEMART' }).getByText('Accepted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove MEMART' })).toHaveCount(0);
    await fullShot(page, 'company-documents-flagged-1280.png');
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    await proof.getByLabel('Upload Proof of Address').setInputFiles({ name: 'bill-clear.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('bill-clear.pdf uploaded')).toBeVisible();
    await next.click();
    await expect(page.getByText('Documents submitted!')).toBeVisible();
    await expect(page).toHaveURL(/\/kyc\/representative$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/kyc\/bank-details$/);
    await expect(page.getByText('Your bank details were accepted.')).toBeVisible();
    await expect(page.getByLabel('Account Name')).toHaveValue('AKINTOLA CONSULTING LIMITED');
    await page.getByLabel('BVN').fill('22212345678');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('KYB submitted for verification successful!')).toBeVisible();
    await expect(page.getByText('Your account is under verification.')).toBeVisible();

    // Back with the same reviewer, who approves.
    await admin.reload();
    await expect(admin.getByRole('region', { name: 'Review items' }).getByText('Resolved', { exact: true })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Documents' }).getByText(/bill-clear.pdf/)).toBeVisible();
    await admin.getByRole('button', { name: 'Approve' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve this application?' });
    await admin.screenshot({ path: `${shots}/approve-dialog-1280.png` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Application approved.')).toBeVisible();

    await page.reload();
    await expect(page.getByText('Your account has been approved! You can now enjoy full access.')).toBeVisible();
    await page.goto('/dashboard/notifications');
    await expect(page.getByText('Business verification approved').first()).toBeVisible();
    expect(companyProblems).toEqual([]);
    expect(adminProblems).toEqual([]);
  } finally {
    await reviewer.context.close();
  }
});

test("a rejection's reason shows in the company's 'View Reason' dialog", async ({ browser, page, submittedCompany: account, reviewer: desk }) => {
  const reviewer = await reviewerPage(browser);
  const admin = reviewer.page;
  try {
    await signInReviewer(admin, desk, totpNow(desk.secret, 1));
    await openCase(admin, account);
    await admin.getByRole('button', { name: 'Claim' }).click();
    await admin.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this application' });
    await dialog.getByRole('button', { name: 'Reject application' }).click();
    await expect(dialog.getByText('A reason is required.')).toBeVisible();
    await expect(dialog.getByText('Choose whether the company may resubmit.')).toBeVisible();
    await dialog.getByLabel('Reason for the company').fill('The CAC certificate belongs to another company.');
    await dialog.getByRole('radio', { name: /Yes, they may fix it/ }).check();
    await admin.screenshot({ path: `${shots}/reject-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Reject application' }).click();
    await expect(admin.getByText('Application rejected.')).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await companySignIn(page, account);
    await expect(page.getByText('Your KYC was rejected.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start KYC Again' })).toHaveAttribute('href', '/kyc');
    await page.getByRole('button', { name: 'View Reason' }).click();
    const reason = page.getByRole('dialog', { name: 'Rejection Reason' });
    await expect(reason.getByText('The CAC certificate belongs to another company.')).toBeVisible();
    await page.screenshot({ path: `${shots}/company-rejection-reason-1280.png` });
  } finally {
    await reviewer.context.close();
  }
});
