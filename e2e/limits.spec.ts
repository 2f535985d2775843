import { approveThroughApi } from './back-office-api';
import { expect, sampleFiles, signInReviewer, signInThroughApi, test } from './fixtures';
import { totpNow, watchConsole } from './support';

// 'Your Crypto Limits' through the real server: the menu shows what is left today, 'Increase Limits' sends a
// request (with a document), a reviewer grants Tier 2 in the back office, and the menu shows the new figure.
// The menu, the form and the back-office pages are kept as screenshots at desktop and phone widths.
for (const width of [1280, 375]) {
  test(`limits: request, grant and the new figure at ${width} px`, async ({ page, browser, request, submittedCompany, reviewer }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    const { companyId } = await signInThroughApi(page, request, submittedCompany);
    await approveThroughApi(request, reviewer, companyId);

    await page.goto('/dashboard');
    const profileButton = page.getByRole('button', { name: 'Profile menu' });
    await profileButton.click();
    const limits = page.getByRole('region', { name: 'Your Crypto Limits' });
    await expect(limits.getByText('1000 USD left')).toHaveCount(2);
    await page.screenshot({ path: `test-results/screens/${width}_limits-menu.png` });

    await limits.getByRole('menuitem', { name: 'Increase Limits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Increase Limits' });
    await expect(dialog.getByText('Your tier: Approved. Daily limits: Buy/Sell 1000 USD and Send 1000 USD.')).toBeVisible();
    await dialog.getByLabel('Expected monthly volume (USD)').fill('25,000.505');
    await dialog.getByLabel('Purpose').fill('Paying our cocoa suppliers in Ghana every week.');
    await dialog.getByLabel('Source of funds').fill('Business revenue');
    await dialog.getByLabel('Supporting document (optional)').setInputFiles({ name: 'bank-statement.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('USD amounts have at most 2 decimal places.')).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${width}_limits-request-form.png`, fullPage: true });
    await dialog.getByLabel('Expected monthly volume (USD)').fill('25,000.50');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("We've received your request.", { exact: false })).toBeVisible();

    // Opened again, the dialog shows the request waiting.
    await profileButton.click();
    await limits.getByRole('menuitem', { name: 'Increase Limits' }).click();
    await expect(dialog.getByText('Your request is waiting for review.', { exact: false })).toBeVisible();
    await expect(dialog.getByText('25000.50 USD')).toBeVisible();
    await expect(dialog.getByText('bank-statement.pdf')).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${width}_limits-request-waiting.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The reviewer grants Tier 2 in the back office.
    const desk = await browser.newPage({ viewport: { width, height: 800 } });
    await signInReviewer(desk, reviewer, totpNow(reviewer.secret, 1));
    await desk.getByRole('link', { name: 'Limit requests' }).click();
    await expect(desk.getByRole('heading', { name: 'Limit requests' })).toBeVisible();
    await desk.screenshot({ path: `test-results/screens/${width}_admin-limit-requests.png`, fullPage: true });
    await desk.getByRole('link', { name: submittedCompany.company.name }).click();
    await expect(desk.getByRole('heading', { name: submittedCompany.company.name })).toBeVisible();
    await expect(desk.getByRole('link', { name: 'bank-statement.pdf' })).toBeVisible();
    await desk.getByLabel('Grant Tier 2').check();
    await desk.getByLabel('Reason (the business reads it)').fill('The bank statement shows this volume.');
    await desk.screenshot({ path: `test-results/screens/${width}_admin-limit-request.png`, fullPage: true });
    await desk.getByRole('button', { name: 'Grant limits' }).click();
    await expect(desk.getByText('Granted Tier 2', { exact: false })).toBeVisible();
    await desk.close();

    // The menu shows the new figure.
    await page.reload();
    await profileButton.click();
    await expect(limits.getByText('10000 USD left')).toHaveCount(2);
    await page.screenshot({ path: `test-results/screens/${width}_limits-menu-raised.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
}
