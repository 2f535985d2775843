import { expect, test } from '@playwright/test';
import { createVerifiedAccount, totpNow, watchConsole } from './support';

test('with an authenticator enabled through the API, sign-in asks for the code and accepts it', async ({ page, request }) => {
  const problems = watchConsole(page);
  const account = await createVerifiedAccount(request);
  const credentials = { email: account.user.email, password: account.user.password };

  const session = await (await request.post('/api/v1/auth/login/verify-otp', { data: { ...credentials, otp: '' } })).json();
  const auth = { Authorization: `Bearer ${session.data.accessToken}` };
  const setup = await (await request.post('/api/v1/auth/2fa/setup', { headers: auth })).json();
  const secret: string = setup.data.secret;
  // Confirm with the previous step's code so the current one is still fresh for the browser.
  const enable = await request.post('/api/v1/auth/2fa/enable', { headers: auth, data: { otp: totpNow(secret, -1) } });
  expect(enable.status()).toBe(200);

  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(credentials.email);
  await page.getByPlaceholder('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await expect(page.getByText('Check your authenticator app for the 6-digit code')).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify & Sign In' });
  await expect(verify).toBeDisabled();

  // A wrong code is refused with the server's message and the user stays on the stage.
  const wrong = totpNow(secret) === '000000' ? '111111' : '000000';
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(wrong);
  await verify.click();
  await expect(page.getByText('Invalid or expired code.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Backspace clears boxes one by one; then the right code signs in.
  await page.getByLabel('Digit 6 of 6').focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 1 of 6')).toHaveValue('');
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(totpNow(secret));
  await verify.click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  expect(problems).toEqual([]);
});
