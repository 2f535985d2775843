import { companySession, expect, test } from './fixtures';
import { createVerifiedAccount, shotsAtBothWidths, watchConsole, whenDrawn } from './support';

const shots = 'test-results/screens';

// Reputation through the real server: a vendor sells USDT for naira, the signed-in business buys twice by FiPay
// balance, the vendor leaves feedback; the business sees its partner, blocks it, and sees its statistics and badges.
test('trade partners, statistics and badges after two trades', async ({ page, request, company }) => {
  const problems = watchConsole(page);
  const vendor = await companySession(request, await createVerifiedAccount(request));
  expect((await request.post('/api/v1/wallet/USDT/test-funds', { headers: vendor.headers, data: { amount: '100000000' } })).status()).toBe(201);
  const offer = await request.post('/api/v1/offers', {
    headers: vendor.headers,
    data: { side: 'sell', asset: 'USDT', fiat: 'NGN', price: '165000', total: '50000000', minTrade: '1000000', maxTrade: '20000000', methods: [{ method: 'fipay_balance' }] },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const offerId = (await offer.json()).data.id as string;

  const buyer = { Authorization: `Bearer ${company.session.accessToken}` };
  expect((await request.post('/api/v1/wallet/NGN/test-funds', { headers: buyer, data: { amount: '5000000' } })).status()).toBe(201);
  const trades: string[] = [];
  for (const amount of ['10000000', '12500000']) {
    const opened = await request.post('/api/v1/trades', { headers: buyer, data: { offerId, amount, method: 'fipay_balance' } });
    expect(opened.status(), await opened.text()).toBe(201);
    trades.push((await opened.json()).data.id as string);
  }
  const feedback = await request.post(`/api/v1/trades/${trades[0]}/feedback`, { headers: vendor.headers, data: { rating: 'positive', comment: 'Quick and easy.' } });
  expect(feedback.status(), await feedback.text()).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/partners');
  const row = page.getByRole('listitem').filter({ hasText: '2 trades, 2 completed' });
  await expect(row).toContainText('Volume: 22.50 USDT');
  await expect(row).toContainText('1 positive, 0 negative');
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'trade-partners');
  await row.getByRole('button', { name: /^Block / }).click();
  await expect(row.getByText('blocked', { exact: true })).toBeVisible();
  // The vendor blocks the business in turn: its next trade on the vendor's offer is refused and nothing moves.
  expect((await request.put(`/api/v1/partners/${company.session.user.companyId}`, { headers: vendor.headers, data: { mark: 'blocked' } })).status()).toBe(200);
  const refused = await request.post('/api/v1/trades', { headers: buyer, data: { offerId, amount: '1000000', method: 'fipay_balance' } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('This business does not take trades from you.');

  await page.goto('/dashboard/trade-partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Trade Partners' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '2 trades, 2 completed' })).toContainText('blocked');

  await page.goto('/dashboard/statistics');
  await expect(page.getByText('2 completed, 0 cancelled')).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'trade-statistics');

  await page.goto('/dashboard/badges');
  await expect(page.getByRole('listitem', { name: 'Power Trader' })).toBeVisible();
  await whenDrawn(page);
  await shotsAtBothWidths(page, shots, 'trader-badges');
  expect(problems).toEqual([]);
});
