import { expect, test } from './fixtures';
import { shotsAtBothWidths, watchConsole, whenDrawn } from './support';

const shots = 'test-results/screens';

// The wallet through the real server: the balance card leads to it, test funds are added to one asset in its dialog
// (typed as text, read exactly), the asset's row and statement show them with the balance after, and the statement
// downloads as CSV with the exact decimal amount. Kept as screenshots at desktop and phone widths.
test('add test funds, see the balance and the statement line, download the CSV', async ({ page, company: _ }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Available balance' }).getByRole('link', { name: 'See all balances' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const assets = page.getByRole('region', { name: 'Assets' });
  await expect(assets.getByRole('listitem')).toHaveCount(8);
  const btc = assets.getByRole('listitem', { name: 'BTC Bitcoin' });
  await expect(btc).toContainText('0.00 BTC');

  await btc.getByRole('button', { name: 'Add test funds: BTC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add test funds: BTC' });
  await dialog.getByLabel('Amount (BTC)').fill('0.123456789');
  await dialog.getByRole('button', { name: 'Add test funds' }).click();
  await expect(dialog.getByText('BTC amounts have at most 8 decimal places.')).toBeVisible();
  await dialog.getByLabel('Amount (BTC)').fill('0.12345678');
  await dialog.getByRole('button', { name: 'Add test funds' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('0.12345678 BTC of test funds added.')).toBeVisible();
  await expect(btc.getByText('Available').locator('..')).toContainText('0.12345678 BTC');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'wallet');

  await btc.getByRole('link', { name: 'Statement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin statement' })).toBeVisible();
  const statement = page.getByRole('region', { name: 'BTC statement' });
  const row = statement.getByRole('row').nth(1);
  await expect(row).toContainText('Test funds');
  await expect(row).toContainText('FiPay test funds');
  await expect(row).toContainText('+0.12345678 BTC');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'wallet-statement');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^fipay-test-btc-statement-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('"test_funds","Test funds","FiPay test funds","","BTC","0.12345678","0.12345678"');

  // Money out only: nothing yet.
  await page.getByLabel('Direction').selectOption('out');
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();
  expect(problems).toEqual([]);
});
