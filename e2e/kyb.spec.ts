import { type Page } from '@playwright/test';
import { approveThroughApi } from './back-office-api';
import { companySession, expect, sampleFiles, signInThroughApi, submitKybThroughApi, test } from './fixtures';
import { readMail, shotsAtBothWidths, watchConsole } from './support';

const shots = 'test-results/kyb';

const { pdf, png } = sampleFiles;
/** First Bank of Nigeria: an account number whose NUBAN check digit passes in the sandbox directory. */
const ACCOUNT = { bankSearch: 'first bank', bank: 'First Bank of Nigeria', number: '0000014579', name: 'AKINTOLA CONSULTING LIMITED' };

async function signIn(page: Page, account: { user: { email: string; password: string } }) {
  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByPlaceholder('Password').fill(account.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function chooseType(page: Page, type: 'Individual' | 'Non-Governmental Organisation (NGO)' | 'Registered Business', subType?: string, firstVisit = true) {
  await expect(page.getByRole('heading', { name: 'Which best describes your business?' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  if (firstVisit) await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: type }).check();
  if (subType) {
    await expect(next).toBeDisabled();
    await page.getByRole('radio', { name: subType }).check();
  }
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/\/kyc\/business-profile$/);
}

async function fillCommonProfile(page: Page) {
  await page.getByLabel('Business description').fill('Cold-chain logistics for food distributors in Lagos.');
  await page.getByLabel('Industry').selectOption('Ecommerce');
  await page.getByLabel('Website (optional)').fill('https://adebayofoods.ng');
  await page.getByLabel('State').selectOption('Lagos');
  await page.getByLabel('LGA').selectOption('Ikeja');
  await page.getByLabel('Business address').fill('3 Broad Street, Lagos Island');
  await page.getByLabel('Landmark').fill('Opposite the old secretariat');
}

test('a Registered Business (SME) goes from sign-in through all five steps to the blue SUBMITTED banner, and its representative consents', async ({ page, browser, account }) => {
  test.slow();
  const problems = watchConsole(page);
  await signIn(page, account);

  await expect(page.getByText('Complete your KYC process to Go Live!')).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to KYC' }).click();
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByText('Set up your business account').first()).toBeVisible();

  await chooseType(page, 'Registered Business', 'Registered SME');

  // Step 2: the SME fields, validation in red, income with separators.
  await expect(page.getByRole('textbox', { name: 'Country' })).toHaveValue('Nigeria');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Description is required')).toBeVisible();
  await expect(page.getByText('SME Category is required')).toBeVisible();
  await fillCommonProfile(page);
  await page.getByLabel('SME category').selectOption('Limited Liability');
  await page.getByLabel('Source of fund').selectOption('Investment');
  const income = page.getByLabel('Expected monthly income');
  await income.fill('2500000');
  await expect(income).toHaveValue('2,500,000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Business profile submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/kyc\/documents$/);

  // Step 3: real uploads to the server's storage.
  await expect(page.getByRole('heading', { name: 'Upload verification documents' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Upload Certificate of Incorporation').setInputFiles({ name: 'cac-certificate.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('cac-certificate.pdf uploaded')).toBeVisible();
  await page.getByLabel('CAC Registration Number').fill('RC11111010');
  await page.getByLabel('Upload Proof of Address').setInputFiles({ name: 'utility-bill.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Upload MEMART').setInputFiles({ name: 'memart.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(next).toBeDisabled();
  await page.getByLabel('Upload Due Diligence Questionnaire').setInputFiles({ name: 'due-diligence.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText('Documents submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/kyc\/representative$/);

  // Step 4: one representative, saved, and emailed a consent link.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  const repEmail = `director-${Date.now()}@adebayofoods.ng`;
  await page.getByLabel('Role').selectOption('Director');
  await page.getByLabel('Full Name').fill('Ngozi Eze');
  await page.getByLabel('Email Address').fill(repEmail);
  await page.getByLabel('Phone Number').fill('08034567890');
  await page.getByLabel('ID Type').selectOption('NIN');
  await page.getByLabel('ID Number').fill('12345678901');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Representatives submitted!')).toBeVisible();
  await expect(page).toHaveURL(/\/kyc\/bank-details$/);

  // Step 5: bank picker, lookup on blur, submission.
  await expect(page.getByRole('heading', { name: 'Add your bank to receive settlements' })).toBeVisible();
  const bank = page.getByRole('combobox', { name: 'Bank' });
  await bank.fill('no such bank');
  await expect(page.getByText('No bank found.')).toBeVisible();
  await bank.fill(ACCOUNT.bankSearch);
  await page.getByRole('option', { name: ACCOUNT.bank }).click();
  await page.getByLabel('Account Number').fill(ACCOUNT.number);
  await page.getByLabel('Account Number').blur();
  await expect(page.getByLabel('Account Name')).toHaveValue(ACCOUNT.name);
  await page.getByLabel('BVN').fill('22212345678');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('KYB submitted for verification successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your account is under verification.')).toBeVisible();
  await expect(page.getByText('Please wait while we review your KYC submission.')).toBeVisible();
  const onboarding = await page.evaluate(() => localStorage.getItem('kyc-storage'));
  expect(onboarding === null || !onboarding.includes('Cold-chain')).toBe(true);

  // The representative has no account: a fresh browser with no session opens the emailed link.
  const { link } = await readMail(repEmail, `Confirm your role at ${account.company.name}`);
  const stranger = await browser.newContext();
  try {
    const repPage = await stranger.newPage();
    await repPage.goto(`${link.pathname}${link.search}`);
    await repPage.getByRole('button', { name: 'I Approve and Consent' }).click();
    await expect(repPage.getByText('Full name is required')).toBeVisible();
    await repPage.getByLabel('Full Name (for legal consent)').fill('Ngozi Adaeze Eze');
    await repPage.getByRole('button', { name: 'I Approve and Consent' }).click();
    await expect(repPage).toHaveURL(/\/thank-you$/);
    await expect(repPage.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    // The link works once.
    await repPage.goto(`${link.pathname}${link.search}`);
    await repPage.getByLabel('Full Name (for legal consent)').fill('Ngozi Adaeze Eze');
    await repPage.getByRole('button', { name: 'I Approve and Consent' }).click();
    await expect(repPage.getByText('Invalid approval link.').first()).toBeVisible();
  } finally {
    await stranger.close();
  }
  expect(problems).toEqual([]);
});

test('an Individual is asked for a date of birth, an NGO for its trustee category', async ({ page, company: _ }) => {
  await page.goto('/kyc');
  await chooseType(page, 'Individual');
  await expect(page.getByLabel('Date of birth')).toBeVisible();
  await expect(page.getByLabel('SME category')).toHaveCount(0);
  await fillCommonProfile(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Date of Birth is required')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/kyc\/documents$/);

  // Back at step 1 the saved type is selected; changing it changes the profile's fields.
  await page.goto('/kyc');
  await expect(page.getByRole('radio', { name: 'Individual' })).toBeChecked();
  await chooseType(page, 'Non-Governmental Organisation (NGO)', undefined, false);
  await expect(page.getByLabel('Incorporated trustee category')).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Category is required')).toBeVisible();
  await page.getByLabel('Incorporated trustee category').selectOption('Education');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/kyc\/documents$/);
});

test('a reload in the middle of step 2 keeps the draft', async ({ page, company: _ }) => {
  await page.goto('/kyc');
  await chooseType(page, 'Registered Business', 'Registered Non-SME');
  await page.getByLabel('Business description').fill('Wholesale textiles from Kano to Lagos markets.');
  await page.getByLabel('Landmark').fill('Behind Balogun market');
  // The draft is in the browser's storage before the reload, as it would be when the user leaves.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('kyc-storage') ?? ''))
    .toMatch(/Wholesale textiles from Kano to Lagos markets\.[\s\S]*Behind Balogun market|Behind Balogun market[\s\S]*Wholesale textiles/);
  await page.reload();
  await expect(page.getByLabel('Business description')).toHaveValue('Wholesale textiles from Kano to Lagos markets.');
  await expect(page.getByLabel('Landmark')).toHaveValue('Behind Balogun market');
});

test('a company signing in on a new browser resumes at its saved step', async ({ browser, request, account }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInThroughApi(page, request, account);
  await page.goto('/kyc');
  await chooseType(page, 'Registered Business', 'Registered Non-SME');
  await fillCommonProfile(page);
  await page.getByLabel('Source of fund').selectOption('Salary');
  await page.getByLabel('Expected monthly income').fill('900000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/kyc\/documents$/);
  await first.close();

  const second = await browser.newContext();
  try {
    const other = await second.newPage();
    await signIn(other, account);
    await expect(other.getByRole('link', { name: 'Proceed to KYC' })).toHaveAttribute('href', '/kyc/documents');
    await other.getByRole('link', { name: 'Proceed to KYC' }).click();
    await expect(other.getByRole('heading', { name: 'Upload verification documents' })).toBeVisible();
  } finally {
    await second.close();
  }
});

test('an approved application opens read-only: what was sent, why it cannot change, nothing to edit', async ({ page, request, account, reviewer }) => {
  const problems = watchConsole(page);
  await submitKybThroughApi(request, account);
  const { companyId } = await companySession(request, account);
  await approveThroughApi(request, reviewer, companyId);
  await signInThroughApi(page, request, account);

  await page.goto('/kyc');
  await expect(page.getByText('Your business verification is approved.')).toBeVisible();
  await expect(page.getByText('Your application can no longer be changed. This is what you submitted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Business Type' })).toBeVisible();
  await expect(page.getByText('Registered SME')).toBeVisible();
  await expect(page.locator('main').locator('input, select, textarea, form')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await shotsAtBothWidths(page, shots, 'kyc-approved');

  await page.getByRole('navigation', { name: 'Application steps' }).getByRole('link', { name: 'Business Profile' }).click();
  await expect(page.getByText('Cold-chain logistics for food distributors in Lagos.')).toBeVisible();
  await expect(page.locator('main').locator('input, select, textarea, form')).toHaveCount(0);
  await page.goto('/kyc/representative');
  await expect(page.getByRole('heading', { name: /Ngozi Eze/ })).toBeVisible();
  await shotsAtBothWidths(page, shots, 'kyc-approved-representative');
  await page.goto('/kyc/bank-details');
  await expect(page.getByText('0000014579')).toBeVisible();
  await expect(page.locator('main').locator('input, select, textarea, form')).toHaveCount(0);
  await shotsAtBothWidths(page, shots, 'kyc-approved-bank');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(problems).toEqual([]);
});
