import type { Page } from '@playwright/test';
import { companySession, expect, signInReviewer, test } from './fixtures';
import { totpNow, watchConsole } from './support';

// A company's wallet in the back office (docs/decisions/0074-frozen-wallets.md): a reviewer opens it from the case,
// reads balances and the statement, freezes it with a reason (the company's refund is then refused), an admin
// unfreezes it; and the payment methods waiting for a name review are accepted or rejected. Both pages are kept as
// screenshots at desktop and phone widths.
const shots = 'test-results/back-office-wallet';

async function bothWidths(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(375);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways overflow at 375 px on ${name}`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a reviewer freezes a wallet from the case, refunds are refused, an admin unfreezes it; payment-method names are reviewed', async ({
  page,
  request,
  submittedCompany,
  reviewer,
  fixturesAdmin,
}) => {
  const problems = watchConsole(page);
  const { headers, companyId } = await companySession(request, submittedCompany);
  /** A test card payment of ₦25,000 (₦24,525 after fees, available at once in test mode). */
  const pay = async () => {
    const started = await request.post('/api/v1/transactions/initialize', { headers, data: { amount: 2_500_000, email: 'chidi@customer.ng' } });
    const { reference, accessCode } = (await started.json()).data as { reference: string; accessCode: string };
    const paid = await request.post(`/api/v1/checkout/${accessCode}/card`, { data: { number: '4084084084084081', expiry: '12/39', cvv: '123' } });
    expect((await paid.json()).data.status).toBe('success');
    return reference;
  };
  await pay();
  const method = await request.post('/api/v1/payment-methods', {
    headers,
    data: { kind: 'gb_account', sortCode: '08-99-99', accountNumber: '66374958', accountName: 'Tunde Personal Account' },
  });
  expect(method.status(), await method.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInReviewer(page, reviewer, totpNow(reviewer.secret, 1));
  await page.goto(`/admin/applications/${companyId}`);
  await expect(page.getByRole('heading', { level: 1, name: submittedCompany.company.name })).toBeVisible();
  await page.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${companyId}/wallet$`));
  await expect(page.getByRole('heading', { level: 1, name: submittedCompany.company.name })).toBeVisible();
  await expect(page.getByText('No money in this mode yet.')).toBeVisible();

  await page.getByRole('tab', { name: 'Test' }).click();
  const balances = page.getByRole('region', { name: 'Balances (test)' });
  await expect(balances.getByText('NGN').first()).toBeVisible();
  // ₦25,000 less 1.5% and ₦100 is ₦24,525, available at once in test mode (and paid out by the test-mode run soon after).
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByRole('list', { name: 'Statement lines' }).getByText('+₦24,525.00').first()).toBeVisible();
  await expect(statement.getByText('Balance ₦24,525.00').first()).toBeVisible();
  await bothWidths(page, 'wallet');

  // Freezing asks for a reason and a confirmation.
  const freezePanel = page.getByRole('region', { name: 'Freeze (test)' });
  await freezePanel.getByRole('button', { name: 'Freeze wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Freeze the test wallet?' });
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog.getByText('Give the reason.')).toBeVisible();
  await dialog.getByLabel('Reason (the company sees it)').fill('Unusual refunds after a change of bank details.');
  await page.screenshot({ path: `${shots}/freeze-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog).toBeHidden();
  await expect(freezePanel.getByText('Unusual refunds after a change of bank details.')).toBeVisible();
  await expect(freezePanel.getByText('Only an admin can unfreeze a wallet.')).toBeVisible();
  await bothWidths(page, 'wallet-frozen');

  // Payments still credit a frozen wallet, and nothing leaves it: the company's refund is refused in plain words.
  const reference = await pay();
  await page.reload();
  await page.getByRole('tab', { name: 'Test' }).click();
  await expect(page.getByRole('region', { name: 'Statement' }).getByText('Balance ₦24,525.00').first()).toBeVisible();
  const refund = await request.post('/api/v1/refunds', { headers, data: { reference, amount: 100_000 } });
  expect(refund.status()).toBe(422);
  expect((await refund.json()).message).toBe('This wallet is frozen. Contact support.');

  // A reviewer cannot unfreeze it; an admin can.
  const asReviewer = await request.post(`/api/v1/admin/applications/${companyId}/wallet/unfreeze`, {
    headers: { Authorization: `Bearer ${reviewer.session.token}` },
    data: { mode: 'test', reason: 'Checked.' },
  });
  expect(asReviewer.status()).toBe(403);
  const asAdmin = await request.post(`/api/v1/admin/applications/${companyId}/wallet/unfreeze`, {
    headers: { Authorization: `Bearer ${fixturesAdmin.token}` },
    data: { mode: 'test', reason: 'The owner confirmed the new bank details.' },
  });
  expect(asAdmin.status()).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: 'Test' }).click();
  await expect(page.getByRole('region', { name: 'Freeze (test)' }).getByRole('button', { name: 'Freeze wallet' })).toBeVisible();

  // The payment methods waiting for a name review: the business's legal name beside the holder's.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Payment methods' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods to review' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Tunde Personal Account' });
  await expect(item.getByRole('link', { name: submittedCompany.company.name })).toBeVisible();
  await bothWidths(page, 'payment-method-reviews');
  await item.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this payment method?' });
  await reject.getByLabel('Reason (the business sees it)').fill('The account is not in the business name.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(item).toBeHidden();
  const methods = await request.get('/api/v1/payment-methods', { headers });
  expect((await methods.json()).data.paymentMethods).toEqual([]);
  expect(problems).toEqual([]);
});
