import { expect, test } from './fixtures';
import { newAccount, readMail, watchConsole } from './support';

test('a company signs up, verifies its email, signs in and reaches the dashboard', async ({ page }) => {
  const problems = watchConsole(page);
  const account = newAccount();

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  // Step 1 refuses to move on while a company field is blank.
  await page.getByLabel('Company Name').fill(account.company.name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill out all company fields before proceeding.' })).toBeVisible();

  await page.getByLabel('Company Email').fill(account.company.email);
  await page.getByLabel('Company Phone').fill(account.company.phone);
  await page.getByLabel('Website').fill(account.company.website);
  await page.getByLabel('Country').selectOption({ label: '🇳🇬 Nigeria' }).catch(() => page.getByLabel('Country').selectOption({ label: 'Nigeria' }));
  await page.getByLabel('Address').fill(account.company.address);
  await page.getByLabel('Registration Number').fill(account.company.registrationNo);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('First Name').fill(account.user.firstName);
  await page.getByLabel('Last Name').fill(account.user.lastName);
  await page.getByLabel('Email', { exact: true }).fill(account.user.email);
  await page.getByLabel('Phone Number').fill(account.user.phone);
  // A weak password is refused once, under the field.
  await page.getByLabel('Password', { exact: true }).fill('Ab1!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters.')).toHaveCount(1);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.getByLabel('Password', { exact: true }).fill(account.user.password);
  await expect(page.getByText('Very Strong')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Account created! Check your email to verify.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Signing in before verifying explains what to do.
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByPlaceholder('Password').fill(account.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/Please verify your email before signing in/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  const { link } = await readMail(account.user.email, 'Verify your email address');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByText('You can now log in to your account.')).toBeVisible();
  await expect(page.getByText('Email verified successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).or(page.getByRole('button', { name: 'Go to Login' })).click();
  await expect(page).toHaveURL(/\/login$/);

  // The phone number works as the login too.
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.phone);
  await page.getByPlaceholder('Password').fill(account.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The toast lasts 2 s from the moment the page moves on: looked for first (as in two-factor.spec.ts).
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Tolu/ })).toBeVisible();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}'));
  expect(stored.state.user.firstName).toBe('Tolu');
  expect(stored.state.accessToken).toBeTruthy();
  expect(stored.state.refreshToken).toBeTruthy();
  expect(stored.state.showBalance).toBe(true);

  // The session survives a reload, and the link cannot verify twice.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Tolu/ })).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const afterLogout = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}'));
  expect(afterLogout.state.user).toBeNull();
  expect(afterLogout.state.company).toBeTruthy();

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  // On the screen, and as the failure toast with the server's message (SPEC section 8).
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired token.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Invalid or expired token.' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a wrong password gets the server message', async ({ page, account }) => {
  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByPlaceholder('Password').fill('Not my password 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect email/phone or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor who only looks at sign-up sees the country list', async ({ page }) => {
  await page.goto('/signup');
  // Nothing touches the page: no pointer, key or focus. The list comes by itself.
  await expect(page.getByLabel('Country')).toBeEnabled();
  await expect(page.getByLabel('Country').getByRole('option', { name: '🇳🇬 Nigeria' })).toBeAttached();
  await expect(page.locator('form[data-stand-in]')).toHaveCount(1);
});

test("the first click on 'Show password' counts, though the real form replaces the first one", async ({ page }) => {
  // A slow phone network: the real form arrives well after the click.
  await page.route(/login-credentials-live-form-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.locator('form[data-stand-in]')).toHaveCount(1);
  await page.getByPlaceholder('Password').fill('Plantain & Pepper 9');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByPlaceholder('Password')).toHaveAttribute('type', 'text');
  await expect(page.locator('form[data-stand-in]')).toHaveCount(0);
  await expect(page.getByPlaceholder('Password')).toHaveAttribute('type', 'text');
  await expect(page.getByPlaceholder('Password')).toHaveValue('Plantain & Pepper 9');
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
});
