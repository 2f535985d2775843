import { expect, test } from './fixtures';
import { watchConsole, whenDrawn } from './support';

// The University and Community in a real browser at desktop and phone widths: the guides for signed-out visitors
// and in the dashboard, search, and the community site from the server's setting. Nothing overflows sideways,
// nothing breaks the Content-Security-Policy, and a screenshot is kept to look at.
for (const width of [1280, 375]) {
  test(`the University's guides for visitors at ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    // On a phone the header's links are in the menu.
    if (width < 1024) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: width < 1024 ? 'Mobile' : 'Main' }).getByRole('link', { name: 'Learn' }).click();
    await expect(page).toHaveURL(/\/learn$/);
    await whenDrawn(page);
    await page.screenshot({ path: `test-results/screens/${width}_learn.png`, fullPage: true });

    await page.getByRole('link', { name: /Staying safe from P2P fraud/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staying safe from P2P fraud' })).toBeVisible();
    await expect(page).toHaveURL(/\/learn\/staying-safe-p2p$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${width}_learn_guide.png`, fullPage: true });
    expect(problems).toEqual([]);
  });

  test(`University and Community in the dashboard at ${width} px`, async ({ page, company: _ }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard/university');
    await whenDrawn(page);
    await page.getByRole('searchbox', { name: 'Search the guides' }).fill('chargeback');
    await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link', { name: /Staying safe from P2P fraud/ })).toBeVisible();
    await page.screenshot({ path: `test-results/screens/${width}_university_search.png`, fullPage: true });
    await page.getByRole('searchbox', { name: 'Search the guides' }).fill('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${width}_university.png`, fullPage: true });

    await page.goto('/dashboard/university/limits-and-tiers');
    await expect(page.getByRole('heading', { level: 1, name: 'Limits and tiers' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${width}_university_guide.png`, fullPage: true });

    await page.goto('/dashboard/community');
    await whenDrawn(page);
    const join = page.getByRole('link', { name: /Join Community/ });
    await expect(join).toHaveAttribute('href', 'https://community.fipay.ng');
    await expect(page.getByRole('article', { name: 'The marketplace is open' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/${width}_community.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}
