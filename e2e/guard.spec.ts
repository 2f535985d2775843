import { expect, test } from '@playwright/test';

test('a signed-out visitor opening the dashboard lands on /login, with the dashboard replaced in history', async ({ page }) => {
  await page.goto('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('client-side routes load directly and unknown paths show a not-found page', async ({ page }) => {
  for (const path of ['/signup', '/forgot-password', '/reset-password?token=x', '/verify-email', '/thank-you']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
  }
  await page.goto('/thank-you');
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
