import { companySession, expect, test } from './fixtures';
import { createVerifiedAccount, watchConsole } from './support';

const shots = 'test-results/fipay-tag';

test('claim a FiPay tag in Settings with live availability, copy it, and see another business told it is taken', async ({ page, request, company: _ }) => {
  const problems = watchConsole(page);
  const tag = `acme_${Date.now().toString(36).slice(-6)}`;
  await page.goto('/dashboard/settings');
  const card = page.getByRole('region', { name: 'FiPay tag' });
  const field = card.getByRole('textbox', { name: 'Choose your tag' });
  await expect(field).toBeVisible();

  await field.fill('admin');
  await expect(card.getByRole('status')).toHaveText('This tag is reserved. Try another.');
  await field.fill(`@${tag.toUpperCase()}`);
  await expect(card.getByText(`@${tag} is available.`)).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${shots}/claim-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('button', { name: 'Claim tag' }).click();
  await expect(card.getByTestId('fipay-tag')).toHaveText(`@${tag}`);
  await expect(page.getByText(`Your FiPay tag is now @${tag}.`)).toBeVisible();
  await expect(card.getByText(/You can change your tag again from/)).toBeVisible();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Tag copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`@${tag}`);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(card.getByTestId('fipay-tag')).toHaveText(`@${tag}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${shots}/settings-${width}.png`, fullPage: true });
  }

  // Another business asks for the same tag in any case: the server says it is taken, and a claim is refused.
  const other = await companySession(request, await createVerifiedAccount(request));
  const asked = await request.get(`/api/v1/tag/availability?tag=${tag.toUpperCase()}`, { headers: other.headers });
  expect((await asked.json()).data).toMatchObject({ available: false, status: 'taken' });
  const claimed = await request.put('/api/v1/tag', { headers: other.headers, data: { tag } });
  expect(claimed.status()).toBe(409);
  expect(problems).toEqual([]);
});
