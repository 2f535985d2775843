import { expect, submitKybThroughApi, test } from './fixtures';
import { shotsAtBothWidths, watchConsole, whenDrawn } from './support';

const shots = 'test-results/screens';

// Send to a bank account through the real server, in test mode: a business with naira test funds sends some to its
// verified settlement bank account; a Nigerian account it has just saved is shown but cannot be chosen while it waits
// (its holder name for review, or its cooling-off). The confirmation shows the masked account, the fee and the daily Send limit left; the sandbox pays it, and the
// withdrawal shows as paid in the list and on the statement. Kept as screenshots at desktop and phone widths.
test('send naira to the settlement bank account, checked before it goes, and see it paid', async ({ page, request, company }) => {
  const problems = watchConsole(page);
  await submitKybThroughApi(request, company);
  const headers = { Authorization: `Bearer ${company.session.accessToken}` };
  const funded = await request.post('/api/v1/wallet/NGN/test-funds', { headers, data: { amount: '500000' } });
  expect(funded.status(), await funded.text()).toBe(201);
  const saved = await request.post('/api/v1/payment-methods', { headers, data: { kind: 'ng_bank_account', bankCode: '011', accountNumber: '0000014579' } });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/wallet/NGN/send');
  await page.getByRole('link', { name: 'Send to a bank account instead →' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Send NGN to a bank account' })).toBeVisible();
  // Its holder name is not the business's: shown, with why, but not selectable until a reviewer clears it.
  const waiting = page.getByRole('radio', { name: /being reviewed|added recently/ });
  await expect(waiting).toBeDisabled();
  await page.getByRole('radio', { name: /settlement bank account/ }).check();
  await page.getByLabel('Amount (NGN)').fill('1,250.505');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('NGN amounts have at most 2 decimal places.')).toBeVisible();
  await page.getByLabel('Amount (NGN)').fill('1,250.50');
  await expect(page.getByText('No NGN withdrawals yet.')).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'withdrawal-form');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check and send' })).toBeVisible();
  await expect(page.getByText(/••••••4579/)).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('Daily Send limit left')).toBeVisible();
  await shotsAtBothWidths(page, shots, 'withdrawal-confirm');
  await page.getByRole('button', { name: 'Send 1,250.50 NGN' }).click();
  await expect(page.getByRole('heading', { name: 'On its way' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent withdrawals' });
  await expect(recent.getByText('Paid')).toBeVisible({ timeout: 20_000 });
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'withdrawal-made');

  // On the statement, out of available.
  await page.getByRole('link', { name: 'Back to wallet' }).click();
  const statement = page.getByRole('region', { name: 'NGN statement' });
  await expect(statement.getByRole('row').nth(1)).toContainText('-1,250.50');
  expect(problems).toEqual([]);
  const listed = await request.get('/api/v1/withdrawals?asset=NGN', { headers });
  expect((await listed.json()).data.withdrawals).toMatchObject([{ amount: '125050', status: 'paid', destination: { kind: 'settlement_account' } }]);
});
