import { expect, test } from './fixtures';
import { watchConsole, whenDrawn } from './support';

// Every public screen at desktop and phone widths: nothing overflows sideways,
// nothing breaks the Content-Security-Policy, and a screenshot is kept to look at.
const screens = ['/', '/login', '/signup', '/forgot-password', '/reset-password?token=example', '/verify-email?token=invalid', '/thank-you'];
const widths = [1280, 375];

for (const width of widths) {
  for (const path of screens) {
    test(`${path} at ${width} px`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await whenDrawn(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${width}${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  }

  // The signed-in screens inside the dashboard shell: home, Account Settings, My Offers, Documentation,
  // API keys and the developer hub.
  test(`dashboard screens at ${width} px`, async ({ page, company: _ }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    for (const [name, path, ready] of [
      ['dashboard', '/dashboard', page.getByRole('region', { name: 'KYC status' })],
      ['settings', '/dashboard/settings', page.getByRole('region', { name: 'Your details' })],
      ['offers', '/dashboard/offers', page.getByRole('button', { name: 'Post an offer' })],
      ['docs', '/docs', page.getByRole('link', { name: /API reference/ })],
      ['api-keys', '/api-keys', page.getByRole('button', { name: 'Create test keys' })],
      ['developer', '/dashboard/dev', page.getByRole('button', { name: 'Add endpoint' })],
    ] as const) {
      await page.goto(path);
      // Not 'networkidle': the shell keeps a channel open for new notifications.
      await expect(ready).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${width}_${name}.png`, fullPage: true });
    }
    expect(problems).toEqual([]);
  });
}

// The onboarding steps, for a company that has chosen its type (so step 2 has its fields).
for (const width of widths) {
  test(`onboarding steps at ${width} px`, async ({ page, company: _ }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'KYC status' })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${width}_dashboard-banner.png`, fullPage: true });
    await page.goto('/kyc');
    await page.getByRole('radio', { name: 'Registered Business' }).check();
    await page.getByRole('radio', { name: 'Registered SME' }).check();
    await page.screenshot({ path: `test-results/screens/${width}_kyc-1-business-type.png`, fullPage: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/kyc\/business-profile$/);
    for (const [name, path] of [
      ['2-business-profile', '/kyc/business-profile'],
      ['3-documents', '/kyc/documents'],
      ['4-representative', '/kyc/representative'],
      ['5-bank-details', '/kyc/bank-details'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await whenDrawn(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screens/${width}_kyc-${name}.png`, fullPage: true });
    }
    await page.goto('/approve-rep?companyId=x&repId=y&token=z');
    await whenDrawn(page);
    await page.screenshot({ path: `test-results/screens/${width}_approve-rep.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}
