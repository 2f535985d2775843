import { messages } from '@fipay/contracts/messages';
import { paymentMessages, SANDBOX_OTP } from '@fipay/contracts/payments';
import type { Browser, Page } from '@playwright/test';
import { e2ePaystackPort } from '../playwright.config';
import { approveThroughApi } from './back-office-api';
import { companySession, expect, signInReviewer, signInThroughApi, submitKybThroughApi, test } from './fixtures';
import { shotsAtBothWidths, totpNow, watchConsole, whenDrawn } from './support';

const shots = 'test-results/payments';

/** A customer on a phone: a fresh browser context that knows nothing of the business's session. */
async function customerPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

test.describe('collecting payments in test mode', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a business creates a payment link, a customer pays it by card on a phone, and the business sees it collected', async ({ page, browser, company: _ }) => {
    const problems = watchConsole(page);
    await page.goto('/payment-links');
    await whenDrawn(page);
    await expect(page.getByRole('heading', { name: 'No test mode links yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Create link' }).click();
    const form = page.getByRole('dialog', { name: 'Create a payment link' });
    await form.getByLabel('Name').fill('Ankara fabric, 6 yards');
    await form.getByLabel('Description (optional)').fill('Hand-picked wax print, delivered in Lagos.');
    await form.getByLabel('Amount (₦)').fill('25,000');
    await shotsAtBothWidths(page, shots, 'create-link');
    await form.getByRole('button', { name: 'Create link' }).click();
    await expect(form).toBeHidden();

    const links = page.getByRole('region', { name: 'Payment links' });
    await expect(links.getByText('Ankara fabric, 6 yards')).toBeVisible();
    await expect(links.getByText('₦25,000.00')).toBeVisible();
    await links.getByRole('button', { name: 'Copy link of Ankara fabric, 6 yards' }).click();
    const url = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(url.pathname).toMatch(/^\/pay\/[a-z0-9]{10}$/);
    await links.getByRole('button', { name: 'QR code of Ankara fabric, 6 yards' }).click();
    const qr = page.getByRole('dialog', { name: 'QR code: Ankara fabric, 6 yards' });
    await expect(qr.getByRole('img', { name: `QR code of ${url.toString()}` })).toBeVisible();
    await shotsAtBothWidths(page, shots, 'link-qr');
    await qr.getByRole('button', { name: 'Done' }).click();
    await shotsAtBothWidths(page, shots, 'payment-links');

    const customer = await customerPhone(browser);
    const customerProblems = watchConsole(customer);
    await customer.goto(url.pathname);
    await expect(customer.getByRole('heading', { name: 'Ankara fabric, 6 yards' })).toBeVisible();
    await expect(customer.getByText('Test mode: no real money moves')).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'pay-page');
    await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
    await expect(customer.getByText(messages.emailInvalid)).toBeVisible();
    await customer.getByLabel('Email address').fill('ada.obi@customer.ng');
    await customer.getByLabel('Full name').fill('Ada Obi');
    await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();

    await expect(customer).toHaveURL(/\/checkout\/ck-[0-9a-f]{40}$/);
    await expect(customer.getByRole('heading', { name: 'Test cards' })).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'checkout-card');
    await customer.getByRole('listitem').filter({ hasText: 'Payment succeeds.' }).getByRole('button', { name: 'Use' }).click();
    await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
    await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    // The checkout is public to whoever has its access code: the address is shown masked.
    await expect(customer.getByText('ad...@customer.ng')).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'receipt');
    // The receipt stays at its address.
    await customer.reload();
    await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    expect(customerProblems).toEqual([]);
    await customer.context().close();

    await page.reload();
    await expect(links.getByText('Collected ₦25,000.00 from 1 payment, before refunds')).toBeVisible();

    // Editing keeps the shared address and what was collected.
    await links.getByRole('button', { name: 'Edit Ankara fabric, 6 yards' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit payment link' });
    await expect(edit.getByLabel('Custom link (optional)')).toBeDisabled();
    await expect(edit.getByLabel('Amount (₦)')).toHaveValue('25,000');
    await edit.getByLabel('Name').fill('Ankara fabric, 12 yards');
    await edit.getByLabel('Amount (₦)').fill('48,000');
    await shotsAtBothWidths(page, shots, 'edit-link');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(links.getByText('Ankara fabric, 12 yards')).toBeVisible();
    await expect(links.getByText('₦48,000.00')).toBeVisible();
    await expect(links.getByText('Collected ₦25,000.00 from 1 payment, before refunds')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a declined card says why and moves no money; the OTP card and a bank transfer pay', async ({ page, browser, request, company }) => {
    const created = await request.post('/api/v1/payment-links', { headers: company.headers, data: { name: 'Donation', amount: null } });
    expect(created.status()).toBe(201);
    const { slug } = (await created.json()).data as { slug: string };
    const balance = async () => ((await (await request.get('/api/v1/balance', { headers: company.headers })).json()).data.balances[0] as { available: number }).available;

    const customer = await customerPhone(browser);
    const problems = watchConsole(customer);
    const start = async (naira: string) => {
      await customer.goto(`/pay/${slug}`);
      await customer.getByLabel('Amount (₦)').fill(naira);
      await customer.getByLabel('Email address').fill('tunde@customer.ng');
      await customer.getByLabel('Full name').fill('Tunde Bello');
      await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    };

    // Under ₦100 is refused on the page.
    await start('50');
    await expect(customer.getByText(/^Enter an amount from ₦100 to/)).toBeVisible();
    await expect(customer).toHaveURL(new RegExp(`/pay/${slug}$`));
    await customer.getByLabel('Amount (₦)').fill('5,000');
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer.getByRole('heading', { name: 'Test cards' })).toBeVisible();

    await customer.getByRole('listitem').filter({ hasText: 'Declined by the bank.' }).getByRole('button', { name: 'Use' }).click();
    await customer.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
    await expect(customer.getByRole('alert').filter({ hasText: paymentMessages.cardDeclined })).toBeVisible();
    await expect(customer.getByText('2 tries left')).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'checkout-declined');
    expect(await balance()).toBe(0);

    await customer.getByRole('listitem').filter({ hasText: 'Asks for an OTP' }).getByRole('button', { name: 'Use' }).click();
    await customer.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
    await expect(customer.getByLabel('OTP')).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'checkout-otp');
    await customer.getByLabel('OTP').fill('000000');
    await customer.getByRole('button', { name: 'Complete payment' }).click();
    await expect(customer.getByText(paymentMessages.otpInvalid)).toBeVisible();
    await customer.getByLabel('OTP').fill(SANDBOX_OTP);
    await customer.getByRole('button', { name: 'Complete payment' }).click();
    await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    // ₦5,000 less 1.5% and ₦100.
    expect(await balance()).toBe(500_000 - 7_500 - 10_000);

    await start('1,200.50');
    await expect(customer.getByRole('heading', { name: 'Test cards' })).toBeVisible();
    await customer.getByRole('tab', { name: 'Bank transfer' }).click();
    await customer.getByRole('button', { name: 'Get account details' }).click();
    await expect(customer.getByText('FiPay Sandbox Bank')).toBeVisible();
    // The account number copies with one tap, and the page says until when the account takes the payment.
    await customer.getByRole('button', { name: 'Copy account number' }).click();
    await expect(customer.getByRole('button', { name: 'Copied account number' })).toHaveText('Copied');
    const copied = await customer.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^\d{10}$/);
    await expect(customer.getByText(copied, { exact: true })).toBeVisible();
    const code = new URL(customer.url()).pathname.split('/').pop()!;
    const { expiresAt } = (await (await request.get(`/api/v1/checkout/${code}`)).json()).data.bankTransfer as { expiresAt: string };
    const lagos = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(new Date(expiresAt));
    await expect(customer.getByText('Valid until').locator('..')).toContainText(`${lagos} (Lagos time)`);
    await shotsAtBothWidths(customer, shots, 'checkout-transfer');
    await customer.getByRole('button', { name: 'Simulate the transfer arriving' }).click();
    await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(customer.getByText('Bank transfer')).toBeVisible();
    expect(await balance()).toBe(482_500 + 120_050 - 1_801);

    // Three declines close the payment; the customer is led back to the link's page to start again.
    await start('2,000');
    for (const tries of ['2 tries left', '1 try left']) {
      await customer.getByRole('listitem').filter({ hasText: 'Declined by the bank.' }).getByRole('button', { name: 'Use' }).click();
      await customer.getByRole('button', { name: 'Pay ₦2,000.00' }).click();
      await expect(customer.getByText(tries)).toBeVisible();
    }
    await customer.getByRole('listitem').filter({ hasText: 'Declined by the bank.' }).getByRole('button', { name: 'Use' }).click();
    await customer.getByRole('button', { name: 'Pay ₦2,000.00' }).click();
    await expect(customer.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await shotsAtBothWidths(customer, shots, 'checkout-failed');
    await customer.getByRole('link', { name: 'Start a new payment' }).click();
    await expect(customer).toHaveURL(new RegExp(`/pay/${slug}$`));
    await expect(customer.getByLabel('Amount (₦)')).toBeVisible();
    expect(problems).toEqual([]);
    await customer.context().close();

    await page.goto('/pay/no-such-link');
    await expect(page.getByRole('heading', { name: 'Payment link not found' })).toBeVisible();
    await shotsAtBothWidths(page, shots, 'pay-unknown');
  });
});

test('a customer pays without JavaScript: the link page, the checkout and the receipt are plain forms', async ({ browser, request, company }) => {
  const created = await request.post('/api/v1/payment-links', { headers: company.headers, data: { name: 'Ankara fabric', amount: 2_500_000 } });
  const { slug } = (await created.json()).data as { slug: string };
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 }, isMobile: true });
  const customer = await context.newPage();
  await customer.goto(`/pay/${slug}`);
  await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
  await expect(customer.getByText(messages.emailInvalid)).toBeVisible();
  await customer.getByLabel('Email address').fill('ada.obi@customer.ng');
  await customer.getByLabel('Full name').fill('Ada Obi');
  await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
  await expect(customer).toHaveURL(/\/checkout\/ck-[0-9a-f]{40}$/);
  // The method tabs are links, Use asks for the page with the card filled in.
  await customer.getByRole('tab', { name: 'Bank transfer' }).click();
  await expect(customer.getByRole('button', { name: 'Get account details' })).toBeVisible();
  await customer.getByRole('tab', { name: 'Card' }).click();
  await customer.getByRole('listitem').filter({ hasText: 'Declined by the bank.' }).getByRole('button', { name: 'Use' }).click();
  await expect(customer.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
  await expect(customer.getByRole('alert').filter({ hasText: paymentMessages.cardDeclined })).toBeVisible();
  await customer.getByRole('listitem').filter({ hasText: 'Payment succeeds.' }).getByRole('button', { name: 'Use' }).click();
  await customer.getByRole('button', { name: 'Pay ₦25,000.00' }).click();
  await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await shotsAtBothWidths(customer, shots, 'receipt-no-script');
  await context.close();
});

test.describe('money after a payment', () => {
  test('the business sees the balance, refunds part of a payment, exports it, and is paid the rest', async ({ page, request, submittedCompany }) => {
    const problems = watchConsole(page);
    const { headers } = await signInThroughApi(page, request, submittedCompany);
    const balanceNow = async () => ((await (await request.get('/api/v1/balance', { headers })).json()).data.balances[0] as { available: number }).available;
    const started = await request.post('/api/v1/transactions/initialize', { headers, data: { amount: 2_500_000, email: 'chidi@customer.ng' } });
    const { reference, accessCode } = (await started.json()).data as { reference: string; accessCode: string };
    const paid = await request.post(`/api/v1/checkout/${accessCode}/card`, { data: { number: '4084084084084081', expiry: '12/39', cvv: '123' } });
    expect((await paid.json()).data.status).toBe('success');

    // ₦25,000 less 1.5% and ₦100 is ₦24,525, available at once in test mode.
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Available balance' });
    await expect(card.getByText('₦24,525.00').first()).toBeVisible();
    await expect(card.getByText('Total received').locator('..')).toContainText('₦25,000.00');
    await expect(card.getByText('Total sent').locator('..')).toContainText('₦0.00');
    // The top bar shows the whole wallet's worth in the display currency (USD unless chosen otherwise).
    await expect(page.getByRole('banner').getByText(/^\d[\d,]*\.\d{2} USD$/).first()).toBeVisible();
    await shotsAtBothWidths(page, shots, 'dashboard-balance');

    await page.goto('/dashboard/transactions');
    await whenDrawn(page);
    const list = page.getByRole('region', { name: 'Transactions' });
    await expect(list.getByText('chidi@customer.ng')).toBeVisible();
    await shotsAtBothWidths(page, shots, 'transactions');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fipay-test-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString('utf8')).toContain(`"${reference}"`);

    await list.getByRole('button', { name: `Open ${reference}` }).click();
    const detail = page.getByRole('dialog', { name: '₦25,000.00 from chidi@customer.ng' });
    await expect(detail.getByText('₦24,525.00 added to the available balance.')).toBeVisible();
    await detail.getByLabel('Amount to refund (₦)').fill('5,000');
    await detail.getByLabel('Reason (optional)').fill('One yard short');
    // A refund is asked for first, naming how much, to whom and for which payment; Cancel sends nothing.
    await detail.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund ₦5,000.00?' });
    await expect(confirm).toContainText('₦5,000.00 goes back to chidi@customer.ng');
    await expect(confirm.getByText(reference)).toBeVisible();
    await shotsAtBothWidths(page, shots, 'refund-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(detail.getByText('Refunded', { exact: true }).locator('..')).toContainText('₦0.00');
    expect(await balanceNow()).toBe(2_452_500);
    await detail.getByRole('button', { name: 'Refund', exact: true }).click();
    await confirm.getByRole('button', { name: 'Refund ₦5,000.00' }).click();
    await expect(page.getByText('₦5,000.00 refunded.')).toBeVisible();
    await expect(detail.getByText('₦5,000.00 refunded to the customer.')).toBeVisible();
    await shotsAtBothWidths(page, shots, 'transaction-detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(list.getByText('Part refunded')).toBeVisible();

    await page.getByRole('tab', { name: 'Payouts' }).click();
    await expect(page.getByRole('heading', { name: 'No payouts yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay out now' }).click();
    await expect(page.getByText('₦19,525.00 paid out.')).toBeVisible();
    const payouts = page.getByRole('region', { name: 'Payouts' });
    await expect(payouts.getByText('Paid')).toBeVisible();
    await shotsAtBothWidths(page, shots, 'payouts');
    await payouts.getByRole('button', { name: /₦19,525\.00/ }).click();
    const payout = page.getByRole('dialog', { name: 'Payout of ₦19,525.00' });
    // Its lines add up to what was paid: the payment at its net, the refund taken from it.
    const lines = payout.getByRole('table', { name: 'What makes up this payout' });
    await expect(lines.getByRole('row', { name: /Payment/ })).toContainText(reference);
    await expect(lines.getByRole('row', { name: /Payment/ })).toContainText('₦25,000.00 less ₦475.00 fee');
    await expect(lines.getByRole('row', { name: /Payment/ })).toContainText('₦24,525.00');
    await expect(lines.getByRole('row', { name: /Refund/ })).toContainText('-₦5,000.00');
    await expect(lines.getByRole('row', { name: /Total paid out/ })).toContainText('₦19,525.00');
    await shotsAtBothWidths(page, shots, 'payout-detail');
    const [payoutCsv] = await Promise.all([page.waitForEvent('download'), payout.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(payoutCsv.suggestedFilename()).toMatch(/^fipay-test-payout-[0-9a-f-]{36}\.csv$/);
    const payoutRows = Buffer.concat(await (await payoutCsv.createReadStream()).toArray()).toString('utf8').trimEnd().split('\r\n');
    expect(payoutRows.slice(1).map((row) => row.split(',')[0])).toEqual(['"payment"', '"refund"', '"total"']);
    expect(payoutRows.at(-1)).toContain('"19525.00"');
    await payout.getByRole('button', { name: 'Close' }).click();

    await page.goto('/dashboard');
    // Sent is what reached the bank, the refund not counted; received stays what the customer paid, before refunds,
    // with the refund on its own line.
    await expect(card.getByText('Total sent').locator('..')).toHaveText('Total sent₦19,525.00Paid out to your bank');
    await expect(card.getByText('Total received').locator('..')).toHaveText('Total received₦25,000.00Before refunds');
    await expect(card.getByText('Refunded to customers').locator('..')).toHaveText('Refunded to customers₦5,000.00₦20,000.00 received after refunds');
    await shotsAtBothWidths(page, shots, 'dashboard-after-payout');
    await expect(card.getByText('₦0.00').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('a reviewer holds a company\'s live payouts with a reason the company sees, then releases them', async ({ page, request, submittedCompany, reviewer }) => {
  const problems = watchConsole(page);
  const { headers, companyId } = await companySession(request, submittedCompany);
  await signInReviewer(page, reviewer, totpNow(reviewer.secret, 1));
  await page.goto(`/admin/applications/${companyId}`);
  const panel = page.getByRole('region', { name: 'Live payouts' });
  await panel.getByLabel('Reason for a hold').fill('Chargebacks above our threshold; we are reviewing recent payments.');
  await panel.getByRole('button', { name: 'Hold live payouts' }).click();
  await expect(panel.getByText(/^On hold since .*: Chargebacks above our threshold/)).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, shots, 'admin-payout-hold');
  const seen = (await (await request.get('/api/v1/payouts', { headers })).json()).data.hold;
  expect(seen.reason).toBe('Chargebacks above our threshold; we are reviewing recent payments.');

  await panel.getByRole('button', { name: 'Release payouts' }).click();
  await expect(panel.getByRole('button', { name: 'Hold live payouts' })).toBeVisible();
  expect((await (await request.get('/api/v1/payouts', { headers })).json()).data.hold).toBeNull();
  expect(problems).toEqual([]);
});

test('the public documentation explains taking payments, with the test cards and every payment call', async ({ page }) => {
  await page.goto('/docs#payments');
  await expect(page.getByRole('heading', { name: 'Taking payments' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: '4084 0840 8408 4081' })).toBeVisible();
  for (const group of ['Transactions', 'Refunds', 'Balance', 'Payouts', 'Payment links']) {
    await expect(page.getByRole('heading', { level: 3, name: group, exact: true })).toBeVisible();
  }
  await expect(page.getByText('POST /transactions/initialize', { exact: false }).first()).toBeVisible();
  await page.getByRole('heading', { name: 'Taking payments' }).scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, shots, 'docs-payments');
});

test('an approved business is paid through Paystack in live mode and sees it on its live dashboard', async ({ page, browser, request, account, reviewer }) => {
  await submitKybThroughApi(request, account);
  const signedIn = await signInThroughApi(page, request, account);
  await approveThroughApi(request, reviewer, signedIn.companyId);
  const live = { ...signedIn.headers, 'FiPay-Mode': 'live' };
  const created = await request.post('/api/v1/payment-links', { headers: live, data: { name: 'Aso-oke set', amount: 1_500_000 } });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()).data as { slug: string };

  const customer = await customerPhone(browser);
  const problems = watchConsole(customer);
  // Paystack's page is on the internet; here it is a stand-in, and the replay server is told what the customer did there.
  await customer.context().route('https://checkout.paystack.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Paystack</title><h1>Paystack checkout (stand-in)</h1>' }),
  );
  await customer.goto(`/pay/${slug}`);
  await expect(customer.getByRole('heading', { name: 'Aso-oke set' })).toBeVisible();
  await expect(customer.getByText('Test mode: no real money moves')).toHaveCount(0);
  await shotsAtBothWidths(customer, shots, 'pay-page-live');
  await customer.getByLabel('Email address').fill('bisi@customer.ng');
  await customer.getByLabel('Full name').fill('Bisi Adeyemi');
  await customer.getByRole('button', { name: 'Pay ₦15,000.00' }).click();
  await expect(customer).toHaveURL(/^https:\/\/checkout\.paystack\.com\/[a-z0-9]+$/);

  const pending = await request.get('/api/v1/transactions?status=pending', { headers: live });
  const [transaction] = (await pending.json()).data.transactions as { reference: string }[];
  // Back on our checkout page before Paystack has the money: it says so and looks again every few seconds.
  const back = await request.post(`http://127.0.0.1:${e2ePaystackPort}/__replay/return`, { data: { reference: transaction!.reference } });
  const returnUrl = new URL(((await back.json()) as { data: { url: string } }).data.url);
  expect(returnUrl.pathname).toMatch(/^\/checkout\/ck-[0-9a-f]{40}$/);
  await customer.goto(`${returnUrl.pathname}${returnUrl.search}`);
  await expect(customer.getByText(paymentMessages.confirming)).toBeVisible();
  await shotsAtBothWidths(customer, shots, 'checkout-confirming');
  const settled = await request.post(`http://127.0.0.1:${e2ePaystackPort}/__replay/settle`, { data: { reference: transaction!.reference, status: 'success' } });
  expect(settled.status()).toBe(200);
  // The page looks again every 3 s, and the server asks Paystack about a pending checkout at most once in 10 s
  // (ADR 0043): the answer can take up to about 13 s to show.
  await expect(customer.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 20_000 });
  await expect(customer.getByText('bi...@customer.ng')).toBeVisible();
  await shotsAtBothWidths(customer, shots, 'receipt-live');
  expect(problems).toEqual([]);
  await customer.context().close();

  await page.goto('/dashboard');
  await whenDrawn(page);
  await page.getByRole('switch', { name: 'Live mode' }).click();
  await expect(page.getByRole('switch', { name: 'Live mode' })).toHaveAttribute('aria-checked', 'true');
  const overview = page.getByRole('region', { name: 'Transaction Overview' });
  // In the wallet the day it was paid, net of the fee (₦325), while still pending (ADR 0076).
  await expect(overview.locator('p', { hasText: 'in the last 30 days' })).toContainText('₦14,675.00');
  await expect(overview.getByRole('table', { name: 'NGN in and out per day, last 30 days' }).getByRole('cell')).toHaveText(['₦14,675.00', '₦0.00']);
  await shotsAtBothWidths(page, shots, 'dashboard-live');
  // Live money waits for the next business day: pending, not yet available.
  const balance = (await (await request.get('/api/v1/balance', { headers: live })).json()).data.balances[0];
  expect(balance).toMatchObject({ available: 0, received: 1_500_000 });
});
