import { expect, test } from './fixtures';
import { shotsAtBothWidths, watchConsole, whenDrawn } from './support';

const shots = 'test-results/screens';

// A test-mode top-up through the real server and the real checkout: Receive NGN takes the amount (read exactly, a
// third decimal refused), the hosted checkout is paid with a test card, the business returns to its NGN statement
// where the net of the fee has landed as a top-up, and the dashboard's overview charts it from the ledger.
test('top up the NGN wallet with a test card and see it land in the wallet and the overview', async ({ page, company: _ }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/wallet/NGN');
  await page.getByRole('link', { name: 'Top up' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet\/NGN\/receive#top-up$/);
  const card = page.getByRole('region', { name: 'Top up with card or bank transfer' });
  await expect(card).toBeVisible();
  await card.getByLabel('Amount (NGN)').fill('50,000.005');
  await card.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(card.getByText(/NGN amounts have at most 2 decimal places/)).toBeVisible();
  await card.getByLabel('Amount (NGN)').fill('50');
  await card.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(card.getByText('Enter an amount from ₦100 to ₦10,000,000.')).toBeVisible();
  await card.getByLabel('Amount (NGN)').fill('50,000');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'receive-ngn');

  await card.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/ck-[0-9a-f]{40}$/);
  await expect(page.getByRole('heading', { name: 'Test cards' })).toBeVisible();
  await shotsAtBothWidths(page, shots, 'checkout-top-up');
  await page.getByRole('listitem').filter({ hasText: 'Payment succeeds.' }).getByRole('button', { name: 'Use' }).click();
  await page.getByRole('button', { name: 'Pay ₦50,000.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: /^Return to / }).click();

  // Back on the NGN statement: ₦50,000 less the default fee (1.5% + ₦100 = ₦850), available at once in test mode.
  await expect(page).toHaveURL(/\/dashboard\/wallet\/NGN\?/);
  const statement = page.getByRole('region', { name: 'NGN statement' });
  const row = statement.getByRole('row').nth(1);
  await expect(row).toContainText('Top-up');
  await expect(row).toContainText('+49,150.00 NGN');
  await expect(row).toContainText('Your top-up by card');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'wallet-ngn-after-top-up');

  await page.goto('/dashboard');
  const overview = page.getByRole('region', { name: 'Transaction Overview' });
  await expect(overview.getByText('Switch to Live Mode to see analytics')).toBeVisible();
  await expect(overview.getByRole('table', { name: 'Test NGN in and out per day, last 30 days' }).getByRole('cell', { name: '₦49,150.00' })).toHaveCount(1);
  await expect(overview.getByText('₦49,150.00', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Available balance' })).toContainText('₦49,150.00');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'dashboard-overview');
  await overview.getByRole('button', { name: 'GHS' }).click();
  await expect(overview.getByText('FiPay does not hold GHS.')).toBeVisible();
  expect(problems).toEqual([]);
});
