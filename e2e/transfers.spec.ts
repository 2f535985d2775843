import { approveThroughApi } from './back-office-api';
import { companySession, expect, holdSession, submitKybThroughApi, test } from './fixtures';
import { createVerifiedAccount, shotsAtBothWidths, watchConsole, whenDrawn } from './support';

const shots = 'test-results/screens';
const freshTag = (stem: string) => `${stem}_${Date.now().toString(36).slice(-6)}`;

// Send & Receive through the real server: a business with test funds sends dollars to an approved business by its
// FiPay tag, checks the verified name and the fee before it goes, and sees it on its statement; its Receive page
// shows its own tag with a QR code. Kept as screenshots at desktop and phone widths.
test('send dollars by FiPay tag, confirmed before it goes, and show the tag to receive', async ({ browser, page, request, company, reviewer }) => {
  const problems = watchConsole(page);

  // The recipient, another business: approved, with a tag.
  const other = await createVerifiedAccount(request);
  await submitKybThroughApi(request, other);
  const recipient = await companySession(request, other);
  await approveThroughApi(request, reviewer, recipient.companyId);
  const recipientTag = freshTag('payee');
  expect((await request.put('/api/v1/tag', { headers: recipient.headers, data: { tag: recipientTag } })).status()).toBe(200);

  // The sender (test mode, before its own approval): a tag of its own and 50 dollars of test funds.
  const senderTag = freshTag('sender');
  const sender = { Authorization: `Bearer ${company.session.accessToken}` };
  expect((await request.put('/api/v1/tag', { headers: sender, data: { tag: senderTag } })).status()).toBe(200);
  const funded = await request.post('/api/v1/wallet/USD/test-funds', { headers: sender, data: { amount: '5000' } });
  expect(funded.status(), await funded.text()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/wallet/USD/send');
  await expect(page.getByRole('heading', { level: 1, name: 'Send USD' })).toBeVisible();
  await page.getByLabel('To').fill(`@${recipientTag}`);
  await page.getByLabel('Amount (USD)').fill('12.505');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('USD amounts have at most 2 decimal places.')).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('12.50');
  await page.getByLabel('Note (optional)').fill('Invoice 7');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'transfer-send');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Check and send' })).toBeVisible();
  await expect(page.getByText(`(@${recipientTag})`)).toBeVisible();
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('$12.50', { exact: true })).toBeVisible();
  await shotsAtBothWidths(page, shots, 'transfer-confirm');
  await page.getByRole('button', { name: 'Send 12.50 USD' }).click();
  await expect(page.getByRole('heading', { name: 'Sent' })).toBeVisible();
  await expect(page.getByText('12.50 USD is in', { exact: false })).toBeVisible();
  await shotsAtBothWidths(page, shots, 'transfer-sent');

  // On the sender's statement, with the recipient as the counterparty.
  await page.getByRole('link', { name: 'Back to wallet' }).click();
  const statement = page.getByRole('region', { name: 'USD statement' });
  await expect(statement.getByRole('row').nth(1)).toContainText('-12.50');
  await expect(statement.getByRole('row').nth(1)).toContainText(`@${recipientTag}`);

  // Receive: the sender's own tag, its QR code and the link that opens Send with it filled in.
  await page.goto('/dashboard/wallet/USD/receive');
  const card = page.getByRole('region', { name: 'Your FiPay tag' });
  await expect(card.getByText(`@${senderTag}`)).toBeVisible();
  await expect(card.getByRole('img', { name: 'QR code of the link to send you USD' })).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'transfer-receive');
  expect(problems).toEqual([]);

  // The recipient got it: in its transfers, and on its own statement, in a browser signed in as the recipient.
  const received = await request.get('/api/v1/transfers?direction=received', { headers: recipient.headers });
  expect((await received.json()).data.transfers).toMatchObject([{ amount: '1250', asset: 'USD', note: 'Invoice 7', counterparty: { tag: senderTag } }]);
  const recipientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const recipientPage = await recipientContext.newPage();
    const recipientProblems = watchConsole(recipientPage);
    await holdSession(recipientPage, recipient.session);
    await recipientPage.goto('/dashboard/wallet/USD');
    const credited = recipientPage.getByRole('region', { name: 'USD statement' }).getByRole('row').nth(1);
    await expect(credited).toContainText('+12.50');
    await expect(credited).toContainText(`@${senderTag}`);
    await shotsAtBothWidths(recipientPage, shots, 'transfer-received-statement');
    expect(recipientProblems).toEqual([]);
  } finally {
    await recipientContext.close();
  }
});
