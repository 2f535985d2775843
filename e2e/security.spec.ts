import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { expect, signInThroughApi, test } from './fixtures';
import { emailedCode, readMail, totpNow, watchConsole, type Account } from './support';

async function submitCredentials(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await submitCredentials(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Log Out from the shell's sidebar, opened from the menu button on phones (below the md breakpoint). */
async function signOut(page: Page) {
  await page.goto('/dashboard');
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

async function typeCode(page: Page, code: string, scope: Page | Locator = page) {
  await scope.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

function option(page: Page, name: 'Authenticator App' | 'Email Code') {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
}

async function openSecurity(page: Page) {
  await page.goto('/dashboard/security');
  await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
  // The buttons wait for the account's settings from the server.
  await expect(page.getByRole('list').filter({ has: page.getByRole('heading', { name: 'Email Code' }) })).toHaveAttribute(
    'aria-busy',
    'false',
  );
}

test('enrol an authenticator on the Security page, sign in with a generated code and with a recovery code, then turn it off', async ({
  page,
  request,
  account,
}) => {
  const problems = watchConsole(page);
  const { email, password } = account.user;
  await signInThroughApi(page, request, account);
  await openSecurity(page);

  await option(page, 'Authenticator App').getByRole('button', { name: 'Activate now' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
  const qr = setup.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await setup.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await typeCode(page, totpNow(secret), setup);
  await setup.getByRole('button', { name: 'Verify & Activate' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const listed = saved.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allTextContents();
  const [download] = await Promise.all([page.waitForEvent('download'), saved.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('fipay-recovery-codes.txt');
  const file = readFileSync((await download.path())!, 'utf8');
  for (const code of codes) expect(file).toContain(code);
  await saved.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(saved).toBeHidden();
  await expect(option(page, 'Authenticator App').getByText('Active')).toBeVisible();
  await expect(option(page, 'Email Code').getByRole('button', { name: 'Activate now' })).toBeDisabled();

  // The page reads the state back from the server.
  await page.reload();
  await expect(option(page, 'Authenticator App').getByText('Active')).toBeVisible();

  // Sign in with a generated code: the next step's, since enrolment spent this step's.
  await signOut(page);
  await submitCredentials(page, email, password);
  await expect(page.getByText('Check your authenticator app for the 6-digit code')).toBeVisible();
  await typeCode(page, totpNow(secret, 1));
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign in with a recovery code saved from the page.
  await signOut(page);
  await submitCredentials(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code works once.
  await signOut(page);
  await submitCredentials(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(page.getByText('Invalid or expired code.')).toBeVisible();
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Turn it off: a wrong password is refused on the field, then password and a recovery code work.
  await openSecurity(page);
  await option(page, 'Authenticator App').getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off the authenticator app' });
  await off.getByLabel('Password', { exact: true }).fill('not the password');
  await off.getByLabel('Authenticator or recovery code').fill(codes[2]!);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('Incorrect password.')).toBeVisible();
  await off.getByLabel('Password', { exact: true }).fill(password);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toBeHidden();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(option(page, 'Authenticator App').getByRole('button', { name: 'Activate now' })).toBeEnabled();

  // Signing in asks for no code any more.
  await signOut(page);
  await signIn(page, email, password);
  expect(problems).toEqual([]);
});

test('turn on email codes with an emailed code, sign in with the code from the email, then turn them off', async ({
  page,
  request,
  account,
}) => {
  const problems = watchConsole(page);
  const { email, password } = account.user;
  await signInThroughApi(page, request, account);
  await openSecurity(page);

  let since = Date.now();
  await option(page, 'Email Code').getByRole('button', { name: 'Activate now' }).click();
  const setup = page.getByRole('dialog', { name: 'Turn on email codes' });
  await expect(setup.getByText(`We sent a 6-digit code to ${email}. It expires in 10 minutes.`)).toBeVisible();
  await expect(setup.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  const enableCode = await emailedCode(email, since);
  // A wrong code is refused and the boxes are cleared for another try.
  await typeCode(page, enableCode === '000000' ? '111111' : '000000', setup);
  await setup.getByRole('button', { name: 'Verify & Activate' }).click();
  await expect(setup.getByRole('alert')).toHaveText('Invalid or expired code.');
  await typeCode(page, enableCode, setup);
  await setup.getByRole('button', { name: 'Verify & Activate' }).click();
  await expect(setup).toBeHidden();
  await expect(option(page, 'Email Code').getByText('Active')).toBeVisible();
  await expect(option(page, 'Authenticator App').getByRole('button', { name: 'Activate now' })).toBeDisabled();
  await expect(option(page, 'Authenticator App').getByText('Turn off Email Code first')).toBeVisible();

  await signOut(page);
  since = Date.now();
  await submitCredentials(page, email, password);
  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByText('Check your email for the 6-digit code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();
  await typeCode(page, await emailedCode(email, since));
  await page.getByRole('button', { name: 'Verify & Sign In' }).click();
  // The toast lasts 2 s from the moment the page moves on: looked for first (as in two-factor.spec.ts).
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSecurity(page);
  since = Date.now();
  await option(page, 'Email Code').getByRole('button', { name: 'Turn off' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off email codes' });
  await off.getByLabel('Password', { exact: true }).fill(password);
  await off.getByLabel('Code from your email').fill(await emailedCode(email, since));
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off).toBeHidden();
  await expect(page.getByText('Email codes are off.')).toBeVisible();
  await expect(option(page, 'Email Code').getByRole('button', { name: 'Activate now' })).toBeEnabled();

  await signOut(page);
  await signIn(page, email, password);
  expect(problems).toEqual([]);
});

async function signedInContext(browser: Browser, request: APIRequestContext, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughApi(page, request, account);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.user.firstName}` })).toBeVisible();
  return { context, page };
}

test('changing the password signs out the other browser, keeps this one, and only the new password works', async ({
  page,
  browser,
  request,
  account,
}) => {
  const problems = watchConsole(page);
  const { email, password } = account.user;
  const newPassword = 'Suya & Zobo at 7pm';
  const other = await signedInContext(browser, request, account);
  await signInThroughApi(page, request, account);
  await openSecurity(page);

  const current = page.getByLabel('Current Password');
  const next = page.getByLabel('New Password');
  const update = page.getByRole('button', { name: 'Update Password' });

  // The server's refusals show on their fields.
  await current.fill('not my password');
  await next.fill(newPassword);
  await update.click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();
  await expect(page.getByText('Current password is incorrect.')).toHaveCount(1);
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(password);
  await next.fill('password1');
  await update.click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toHaveCount(1);
  await expect(next).toHaveAttribute('aria-invalid', 'true');

  await next.fill(newPassword);
  await expect(page.getByText(/Password strength:/)).toHaveText('Password strength: Very Strong');
  await update.click();
  await expect(page.getByText('Your password has been changed. Your other sessions were signed out.')).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await readMail(email, 'Your password was changed');

  // The other browser's session has ended: its next call is refused and it lands on sign-in.
  await other.page.goto('/dashboard/security');
  await expect(other.page).toHaveURL(/\/login$/);
  await other.page.goto('/dashboard');
  await expect(other.page).toHaveURL(/\/login$/);
  await other.context.close();

  // This browser stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await expect(option(page, 'Email Code').getByRole('button', { name: 'Activate now' })).toBeEnabled();

  await signOut(page);
  await submitCredentials(page, email, password);
  await expect(page.getByText('Incorrect email/phone or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, newPassword);
  expect(problems).toEqual([]);
});

// The Security page, its dialogs and the sign-in email-code stage at desktop and phone widths.
for (const width of [1280, 375]) {
  test(`security screens at ${width} px`, async ({ page, request, account }) => {
    const problems = watchConsole(page);
    // Dialogs are fixed to the viewport, so their shots are of the viewport.
    const shot = async (name: string, fullPage = true) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${width}_security-${name}.png`, fullPage });
    };
    const { email, password } = account.user;
    await page.setViewportSize({ width, height: 800 });
    await signInThroughApi(page, request, account);
    await openSecurity(page);
    await shot('page');

    await page.getByLabel('Current Password').fill('wrong password');
    await page.getByLabel('New Password').fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await shot('change-password-errors');
    await page.reload();
    await openSecurity(page);

    await option(page, 'Authenticator App').getByRole('button', { name: 'Activate now' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up your authenticator app' });
    await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
    await shot('authenticator-setup', false);
    const secret = (await setup.getByLabel('Setup key').textContent())!.replace(/\s/g, '');
    await typeCode(page, totpNow(secret), setup);
    await setup.getByRole('button', { name: 'Verify & Activate' }).click();
    await expect(page.getByRole('dialog', { name: 'Save your recovery codes' })).toBeVisible();
    await shot('recovery-codes', false);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(option(page, 'Authenticator App').getByText('Active')).toBeVisible();
    await shot('authenticator-active');

    await option(page, 'Authenticator App').getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off the authenticator app' });
    await expect(off).toBeVisible();
    await shot('authenticator-turn-off', false);
    await off.getByLabel('Password', { exact: true }).fill(password);
    await off.getByLabel('Authenticator or recovery code').fill(totpNow(secret, 1));
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(option(page, 'Email Code').getByRole('button', { name: 'Activate now' })).toBeEnabled();

    let since = Date.now();
    await option(page, 'Email Code').getByRole('button', { name: 'Activate now' }).click();
    const emailSetup = page.getByRole('dialog', { name: 'Turn on email codes' });
    await expect(emailSetup).toBeVisible();
    await shot('email-setup', false);
    await typeCode(page, await emailedCode(email, since), emailSetup);
    await emailSetup.getByRole('button', { name: 'Verify & Activate' }).click();
    await expect(option(page, 'Email Code').getByText('Active')).toBeVisible();

    await signOut(page);
    since = Date.now();
    await submitCredentials(page, email, password);
    await expect(page.getByText('Check your email for the 6-digit code')).toBeVisible();
    await emailedCode(email, since);
    await shot('login-email-code');
    expect(problems).toEqual([]);
  });
}
