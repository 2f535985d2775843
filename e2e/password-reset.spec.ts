import { expect, test } from './fixtures';
import { readMail } from './support';

test('a user who forgot the password resets it from the emailed link and signs in with the new one', async ({ page, account }) => {
  const newPassword = 'Egusi soup on Sunday 7';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByRole('button', { name: 'Send recovery code' }).click();
  await expect(page.getByText("We've just sent you an email to reset your password.")).toBeVisible();
  await expect(page.getByText('Recovery code sent successfully')).toBeVisible();

  const { link } = await readMail(account.user.email, 'Reset your password');
  expect(link.pathname).toBe('/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await expect(submit).toBeDisabled();

  // A weak password is refused by the server, said once, under the field, and the link survives.
  await page.getByLabel('New Password').fill('Ab1!');
  await submit.click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters.')).toHaveCount(1);
  await expect(page.getByLabel('New Password')).toBeFocused();
  await page.getByLabel('New Password').fill('password123');
  await submit.click();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await expect(page.getByText('This password is too common. Choose one that is harder to guess.')).toHaveCount(1);

  await page.getByLabel('New Password').fill(newPassword);
  await submit.click();
  await expect(page.getByText('Your password has been reset successfully.').first()).toBeVisible();

  await page.goto('/login');
  await page.getByPlaceholder('Email / Phone Number').fill(account.user.email);
  await page.getByPlaceholder('Password').fill(account.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect email/phone or password.')).toBeVisible();

  await page.getByPlaceholder('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
