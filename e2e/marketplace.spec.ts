import { companySession, expect, holdSession, sampleFiles, signInReviewer, test } from './fixtures';
import { createVerifiedAccount, shotsAtBothWidths, totpNow, watchConsole, whenDrawn, type Account } from './support';

const shots = 'test-results/screens';

// The marketplace through the real server, in test mode: a vendor posts a sell offer of USDT for naira on My Offers;
// another business finds it on /marketplace and trades twice, once paid from its FiPay balance (complete at once),
// once by bank transfer (escrow, marked paid, released by the seller). Both see the trades in their history. Kept as
// screenshots at desktop and phone widths.
test('a vendor sells USDT for naira: an instant trade by FiPay balance and a bank transfer trade paid and released', async ({ page, browser, request, company, reviewer }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);

  // The seller: 1,000 USDT, and a naira account buyers pay into, its holder name cleared by a reviewer and its
  // cooling-off over (seconds long in the browser tests' server).
  const sellerHeaders = { Authorization: `Bearer ${company.session.accessToken}` };
  const funded = await request.post('/api/v1/wallet/USDT/test-funds', { headers: sellerHeaders, data: { amount: '1000000000' } });
  expect(funded.status(), await funded.text()).toBe(201);
  const saved = await request.post('/api/v1/payment-methods', { headers: sellerHeaders, data: { kind: 'ng_bank_account', bankCode: '011', accountNumber: '0000014579' } });
  expect(saved.status(), await saved.text()).toBe(201);
  const accountId = (await saved.json()).data.id as string;
  const cleared = await request.post(`/api/v1/admin/payment-methods/${accountId}/clear-review`, { headers: { Authorization: `Bearer ${reviewer.session.token}` } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get('/api/v1/payment-methods', { headers: sellerHeaders })).json()).data.paymentMethods as { status: string }[])[0]?.status, { timeout: 20_000 })
    .toBe('usable');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/offers');
  await expect(page.getByRole('heading', { level: 1, name: 'My Offers' })).toBeVisible();
  await expect(page.getByText('No offers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Post an offer' }).click();
  const form = page.getByRole('dialog', { name: 'Post an offer' });
  await form.getByLabel('Price (NGN per 1 USDT)').fill('1,650');
  await form.getByLabel('Amount offered (USDT)').fill('500');
  await form.getByLabel('Least per trade (USDT)').fill('10');
  await form.getByLabel('Most per trade (USDT)').fill('200.5');
  await form.getByLabel('Nigerian bank transfer').check();
  await form.getByLabel('The account buyers pay into').selectOption({ index: 1 });
  await form.getByLabel('Terms (optional)').fill('Pay from your business account only.');
  await shotsAtBothWidths(page, shots, 'offer-form');
  await form.getByRole('button', { name: 'Post offer' }).click();
  await expect(form).toBeHidden();
  const offer = page.getByRole('list', { name: 'Your offers' }).getByRole('listitem').first();
  await expect(offer).toContainText('Selling USDT for NGN');
  await expect(offer).toContainText('1,650.00 NGN per USDT');
  await expect(offer).toContainText('Active');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'offers');

  // The buyer, in a browser of its own: 400,000 naira of test funds.
  const account = await createVerifiedAccount(request);
  const buyer = await companySession(request, account);
  const topUp = await request.post('/api/v1/wallet/NGN/test-funds', { headers: buyer.headers, data: { amount: '40000000' } });
  expect(topUp.status(), await topUp.text()).toBe(201);
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyerContext.newPage();
  const buyerProblems = watchConsole(buyerPage);
  await holdSession(buyerPage, buyer.session);

  await buyerPage.goto('/marketplace');
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  const listing = buyerPage.getByRole('list', { name: 'Offers' }).getByRole('listitem').filter({ hasText: company.company.name });
  await expect(listing).toContainText('1,650.00 NGN per USDT');
  await expect(listing).toContainText('10 USDT – 200.5 USDT');
  await whenDrawn(buyerPage);
  await shotsAtBothWidths(buyerPage, shots, 'marketplace');

  // 1. By FiPay balance: priced first, then complete at once.
  await listing.getByRole('button', { name: 'Buy USDT' }).click();
  const take = buyerPage.getByRole('dialog', { name: `Buy USDT from ${company.company.name}` });
  await take.getByLabel('Amount (USDT)').fill('5');
  await take.getByRole('button', { name: 'Continue' }).click();
  await expect(take.getByRole('alert')).toContainText('The least you can trade on this offer is 10 USDT.');
  await take.getByLabel('Amount (USDT)').fill('20');
  await take.getByRole('button', { name: 'Continue' }).click();
  await expect(take.getByText('33,000.00 NGN')).toBeVisible();
  await shotsAtBothWidths(buyerPage, shots, 'trade-quote');
  await take.getByRole('button', { name: 'Buy 20 USDT' }).click();
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Buying 20 USDT' })).toBeVisible();
  await expect(buyerPage.getByRole('heading', { name: 'Completed' })).toBeVisible();
  await whenDrawn(buyerPage);
  await shotsAtBothWidths(buyerPage, shots, 'trade-instant');

  // The buyer keeps the offer among its favourites, and finds it there.
  await buyerPage.goto('/marketplace');
  await listing.getByRole('button', { name: 'Save to favourite offers' }).click();
  await expect(listing.getByRole('button', { name: 'Remove from favourite offers' })).toHaveAttribute('aria-pressed', 'true');
  await buyerPage.goto('/dashboard/favorites');
  await expect(buyerPage.getByRole('list', { name: 'Favourite offers' }).getByRole('listitem')).toContainText(company.company.name);
  await whenDrawn(buyerPage);
  await shotsAtBothWidths(buyerPage, shots, 'favorites');

  // 2. By bank transfer: the seller's USDT in escrow, the buyer pays outside FiPay and marks it paid.
  await buyerPage.goto('/marketplace');
  await listing.getByRole('button', { name: 'Buy USDT' }).click();
  await take.getByLabel('Amount (USDT)').fill('30');
  await take.getByLabel('Payment method').selectOption('ng_bank_transfer');
  await take.getByRole('button', { name: 'Continue' }).click();
  await take.getByRole('button', { name: 'Buy 30 USDT' }).click();
  await expect(buyerPage.getByRole('heading', { name: /^Pay 49,500\.00 NGN within / })).toBeVisible();
  await expect(buyerPage.getByText('Account number')).toBeVisible();
  await whenDrawn(buyerPage);
  await shotsAtBothWidths(buyerPage, shots, 'trade-awaiting-payment');
  // The buyer sends its transfer receipt in the trade's chat.
  const buyerChat = buyerPage.getByRole('region', { name: 'Trade chat' });
  await expect(buyerChat.getByRole('list', { name: 'Messages' })).toContainText('FiPay ·');
  await buyerChat.getByRole('textbox', { name: 'Message' }).fill('Paid from our GTBank account, receipt attached.');
  await buyerChat.getByLabel('Attach an image or PDF').setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: sampleFiles.pdf });
  await buyerChat.getByRole('button', { name: 'Send' }).click();
  await expect(buyerChat.getByRole('button', { name: /receipt\.pdf/ })).toBeVisible();
  await buyerPage.getByRole('button', { name: 'I have paid' }).click();
  await buyerPage.getByRole('dialog', { name: 'Have you paid?' }).getByRole('button', { name: 'I have paid' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Waiting for the seller to release' })).toBeVisible();
  const tradeUrl = buyerPage.url();

  // The seller finds it in its history and releases.
  await page.goto('/dashboard/trades');
  await expect(page.getByRole('heading', { level: 1, name: 'Trade History' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Trades' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Sold 30 USDT');
  await expect(rows.first()).toContainText('Paid, awaiting release');
  await expect(rows.nth(1)).toContainText('Completed');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'trade-history');
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'The buyer says it paid 49,500.00 NGN' })).toBeVisible();
  // The buyer's message and its receipt are in the seller's chat, with the platform's step after it.
  const sellerChat = page.getByRole('region', { name: 'Trade chat' });
  await expect(sellerChat.getByText('Paid from our GTBank account, receipt attached.')).toBeVisible();
  await expect(sellerChat.getByRole('button', { name: /receipt\.pdf/ })).toBeVisible();
  await sellerChat.getByRole('textbox', { name: 'Message' }).fill('Received, releasing now.');
  await sellerChat.getByRole('button', { name: 'Send' }).click();
  await expect(buyerChat.getByText('Received, releasing now.')).toBeVisible();
  await shotsAtBothWidths(page, shots, 'trade-paid-seller');
  await page.getByRole('button', { name: 'Release USDT' }).click();
  await page.getByRole('dialog', { name: 'Release 30 USDT?' }).getByRole('button', { name: 'Release' }).click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();

  await buyerPage.goto(tradeUrl);
  await expect(buyerPage.getByRole('heading', { name: 'Completed' })).toBeVisible();
  await expect(buyerPage.getByText('The seller released 30 USDT.')).toBeVisible();

  // What is left of the offer: 500 − 20 − 30.
  await page.goto('/dashboard/offers');
  await expect(offer).toContainText('450 USDT');
  await buyerContext.close();
  expect(problems).toEqual([]);
  expect(buyerProblems).toEqual([]);
});

test('a signed-out visitor sees the live marketplace and how to become a vendor', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Marketplace' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  await expect(page.getByText('No one is selling USDT for NGN right now')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Become a vendor' })).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'marketplace-signed-out');
});

// A third trade goes wrong: the buyer says it paid, the seller finds nothing and opens a dispute from the trade page;
// both sides write their statements; a reviewer reads the case in the back office and rules; both pages show it.
test('a disputed trade: statements from both sides, a ruling in the back office, the result on the trade page', async ({ page, browser, request, company, reviewer }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  const sellerHeaders = { Authorization: `Bearer ${company.session.accessToken}` };
  expect((await request.post('/api/v1/wallet/USDT/test-funds', { headers: sellerHeaders, data: { amount: '100000000' } })).status()).toBe(201);
  const saved = await request.post('/api/v1/payment-methods', { headers: sellerHeaders, data: { kind: 'ng_bank_account', bankCode: '011', accountNumber: '0000014579' } });
  const accountId = (await saved.json()).data.id as string;
  expect((await request.post(`/api/v1/admin/payment-methods/${accountId}/clear-review`, { headers: { Authorization: `Bearer ${reviewer.session.token}` } })).status()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get('/api/v1/payment-methods', { headers: sellerHeaders })).json()).data.paymentMethods as { status: string }[])[0]?.status, { timeout: 20_000 })
    .toBe('usable');
  const offer = await request.post('/api/v1/offers', {
    headers: sellerHeaders,
    data: { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '50000000', minTrade: '1000000', maxTrade: '50000000', methods: [{ method: 'ng_bank_transfer', paymentMethodId: accountId }] },
  });
  expect(offer.status(), await offer.text()).toBe(201);

  const buyerAccount: Account = await createVerifiedAccount(request);
  const buyer = await companySession(request, buyerAccount);
  const opened = await request.post('/api/v1/trades', { headers: buyer.headers, data: { offerId: (await offer.json()).data.id, amount: '40000000', method: 'ng_bank_transfer' } });
  expect(opened.status(), await opened.text()).toBe(201);
  const tradeId = (await opened.json()).data.id as string;
  expect((await request.post(`/api/v1/trades/${tradeId}/paid`, { headers: buyer.headers })).status()).toBe(200);

  // The seller disputes from the trade page and writes its statement there.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/trades/${tradeId}`);
  await page.getByRole('button', { name: 'Open dispute' }).click();
  await page.getByRole('dialog', { name: 'Open a dispute?' }).getByRole('button', { name: 'Open dispute' }).click();
  await expect(page.getByRole('heading', { name: 'Dispute open' })).toBeVisible();
  // The side that opened it is told so, not named as if it were the other.
  await expect(page.getByRole('region', { name: 'What happens now' }).getByText('You opened a dispute.', { exact: false })).toBeVisible();
  await page.getByLabel('Your statement').fill('No transfer of 66,000.00 NGN reached our First Bank account; statement for the day attached in the chat.');
  await page.getByRole('button', { name: 'Send statement' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'trade-disputed');
  // The buyer's statement, through the API.
  const statement = await request.post(`/api/v1/trades/${tradeId}/dispute/statement`, { headers: buyer.headers, data: { body: 'Paid at 10:02 from GTBank, reference GTB-4471.' } });
  expect(statement.status(), await statement.text()).toBe(200);

  // A reviewer reads the case and rules: the escrow back to the seller.
  const agentContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const agent = await agentContext.newPage();
  await signInReviewer(agent, reviewer, totpNow(reviewer.secret, 1));
  await agent.goto('/admin/disputes');
  await expect(agent.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await agent.goto(`/admin/disputes/${tradeId}`);
  await expect(agent.getByRole('article', { name: "Seller's statement" })).toContainText('No transfer of 66,000.00 NGN');
  await expect(agent.getByRole('article', { name: "Buyer's statement" })).toContainText('GTB-4471');
  await agent.getByRole('radio', { name: /Return to the seller/ }).check();
  await agent.getByLabel('Reason (both businesses read it)').fill('No payment reached the seller; the buyer’s reference does not match any credit.');
  const early = agent.getByRole('checkbox', { name: /Rule before the deadline/ });
  if (await early.count()) await early.check();
  await shotsAtBothWidths(agent, shots, 'admin-dispute');
  await agent.getByRole('button', { name: 'Record ruling' }).click();
  await expect(agent.getByRole('heading', { name: 'Ruling' })).toHaveCount(0);
  await agentContext.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Resolved by a FiPay agent' })).toBeVisible();
  await expect(page.getByText('The agent returned 40 USDT to the seller.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dispute decided' })).toBeVisible();
  expect(problems).toEqual([]);
});
