import { expect, test } from './fixtures';
import { watchConsole } from './support';

// Payment methods through the real server: add a UK and a US account, see them cooling off, remove one; the page
// is kept as screenshots at desktop and phone widths.
for (const width of [1280, 375]) {
  test(`payment methods at ${width} px`, async ({ page, company: _ }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard/payment-methods');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
    await expect(page.getByText('No test mode payment methods yet')).toBeVisible();

    const dialog = page.getByRole('dialog', { name: 'Add payment method' });
    await page.getByRole('button', { name: 'Add payment method' }).click();
    await dialog.getByRole('tab', { name: 'Foreign' }).click();
    await dialog.getByLabel('Account type').selectOption('gb_account');
    await dialog.getByLabel('Account holder name').fill('Okafor Logistics UK');
    await dialog.getByLabel('Sort code').fill('08-99-99');
    await dialog.getByLabel('Account number').fill('66374959');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog.getByText('This account number does not belong with this sort code.', { exact: false })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${width}_payment-methods-add.png`, fullPage: true });
    await dialog.getByLabel('Account number').fill('66374958');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add payment method' }).click();
    await dialog.getByRole('tab', { name: 'Foreign' }).click();
    await dialog.getByLabel('Account type').selectOption('us_account');
    await dialog.getByLabel('Account holder name').fill('Okafor Logistics Inc');
    await dialog.getByLabel('Routing number').fill('021000021');
    await dialog.getByLabel('Account number').fill('000123456789');
    await dialog.getByRole('button', { name: 'Add account' }).click();
    await expect(dialog).toBeHidden();

    const list = page.getByRole('region', { name: 'Test mode payment methods' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByText('Needs review')).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${width}_payment-methods.png`, fullPage: true });

    await page.getByRole('button', { name: 'Remove US bank account ••••••••6789' }).click();
    await page.getByRole('dialog', { name: 'Remove payment method' }).getByRole('button', { name: 'Remove' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(problems).toEqual([]);
  });
}
