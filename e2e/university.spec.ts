import { inviteReviewer } from './back-office-api';
import { expect, signInReviewer, test } from './fixtures';
import { totpNow, watchConsole, whenDrawn } from './support';

// The University and Community in a real browser at desktop and phone widths: the guides for signed-out visitors
// and in the dashboard, search, and the community site from the server's setting. Nothing overflows sideways,
// nothing breaks the Content-Security-Policy, and a screenshot is kept to look at.
for (const width of [1280, 375]) {
  test(`the University's guides for visitors at ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    if (width < 1024) {
      // On a phone the header's links are in the menu.
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Learn' }).click();
    } else {
      // The header's menus arrive with the first interaction. Held back until the button is down, they arrive in the
      // middle of the click: the link pressed must still be the one released, or the click is lost.
      let pressed!: () => void;
      const down = new Promise<void>((resolve) => (pressed = resolve));
      const desktopNav = /\/assets\/desktop-nav-[\w-]+\.js$/;
      await page.route(desktopNav, async (route) => {
        await down;
        await route.continue();
      });
      const arrived = page.waitForResponse(desktopNav);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Learn' }).hover();
      await page.mouse.down();
      pressed();
      await arrived;
      // Frames enough for the arrived code to have replaced the header, had it not waited for the release.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
      await page.mouse.up();
    }
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

// The operator's announcements (docs/decisions/0091-announcements-from-the-back-office.md): an admin writes one in the
// back office and publishes it; a signed-in business reads it on the Community page, rendered safely.
test('an admin publishes an announcement that a business then reads on the Community page', async ({ browser, page, request, fixturesAdmin, company: _ }) => {
  const admin = await inviteReviewer(request, fixturesAdmin.token, 'admin');
  const desk = await browser.newPage();
  const problems = watchConsole(page);
  const deskProblems = watchConsole(desk);
  await desk.setViewportSize({ width: 1280, height: 900 });
  await signInReviewer(desk, admin, totpNow(admin.secret, 1));
  await desk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Announcements' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  await desk.getByRole('link', { name: /New announcement/ }).click();

  const title = `Payouts on public holidays ${Date.now().toString(36)}`;
  await desk.getByRole('textbox', { name: 'Title' }).fill(title);
  await desk.getByRole('textbox', { name: 'Text' }).fill('Payouts requested on a **public holiday** are paid the next working day.\n\n- Plan ahead\n- Read [limits and tiers](/dashboard/university/limits-and-tiers)\n\n<script>document.title = "pwned"</script>');
  await desk.getByRole('textbox', { name: 'Link (optional)' }).fill('/dashboard/transactions?tab=payouts');
  await desk.getByRole('textbox', { name: 'Link label' }).fill('See your payouts');
  await expect(desk.getByRole('region', { name: 'Preview' }).getByText('public holiday', { exact: true })).toBeVisible();
  await desk.getByRole('button', { name: 'Save draft' }).click();
  await expect(desk.getByRole('region', { name: 'Status' }).getByText('Draft', { exact: true })).toBeVisible();
  await whenDrawn(desk);
  await desk.screenshot({ path: 'test-results/screens/1280_admin_announcement.png', fullPage: true });
  await desk.setViewportSize({ width: 375, height: 800 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await desk.screenshot({ path: 'test-results/screens/375_admin_announcement.png', fullPage: true });
  await desk.setViewportSize({ width: 1280, height: 900 });

  // Not shown to businesses as a draft.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/community');
  await expect(page.getByRole('article', { name: 'Guides in the University' })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  await desk.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Publish' }).click();
  await expect(desk.getByRole('region', { name: 'Status' }).getByText('Published', { exact: true })).toBeVisible();
  await desk.getByRole('link', { name: 'All announcements' }).click();
  await desk.getByRole('navigation', { name: 'Status' }).getByRole('button', { name: /Published/ }).click();
  await expect(desk.getByRole('link', { name: title })).toBeVisible();
  await whenDrawn(desk);
  await desk.screenshot({ path: 'test-results/screens/1280_admin_announcements.png', fullPage: true });
  await desk.setViewportSize({ width: 375, height: 800 });
  expect(await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await desk.screenshot({ path: 'test-results/screens/375_admin_announcements.png', fullPage: true });

  await page.reload();
  const article = page.getByRole('article', { name: title });
  await expect(article).toBeVisible();
  await expect(page.getByRole('article').first()).toHaveAccessibleName(title);
  await expect(article.locator('strong')).toHaveText('public holiday');
  await expect(article.locator('script')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');
  await whenDrawn(page);
  await page.screenshot({ path: 'test-results/screens/1280_community_announcement.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/screens/375_community_announcement.png', fullPage: true });
  await article.getByRole('link', { name: 'See your payouts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/transactions\?tab=payouts$/);
  await desk.close();
  expect([...problems, ...deskProblems]).toEqual([]);
});
