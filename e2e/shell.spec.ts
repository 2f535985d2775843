import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { watchConsole, type Account } from './support';

/** The signed-in company's dashboard home. */
async function openDashboard(page: Page, account: Account) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.user.firstName}` })).toBeVisible();
}

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
/** The panel the profile menu button controls. */
async function profilePanel(page: Page) {
  const id = await page.getByRole('button', { name: 'Profile menu' }).getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
}
const widthOf = async (page: Page) => (await sidebarOf(page).boundingBox())?.width;

/** The page shows `title` inside the shell: the sidebar (or its menu button) and the top bar are there, no 404. */
async function expectInShell(page: Page, path: string, title: string) {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar collapses from 256 px to a 64 px icon strip and back, and stays as it was left', async ({ page, company: account }) => {
    const problems = watchConsole(page);
    await openDashboard(page, account);
    const sidebar = sidebarOf(page);
    await expect.poll(() => widthOf(page)).toBe(256);
    await expect(sidebar).toHaveClass(/\bmd:w-64\b/);
    await expect(sidebar.getByText('Account Settings')).toBeVisible();

    const collapse = sidebar.getByRole('button', { name: 'Collapse sidebar' });
    await expect(collapse).toHaveAttribute('aria-expanded', 'true');
    await collapse.click();
    await expect.poll(() => widthOf(page)).toBe(64);
    await expect(sidebar).toHaveClass(/\bmd:w-16\b/);
    const expand = sidebar.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    // Icons only, each still named, with its name as a tooltip on hover.
    const settings = sidebar.getByRole('link', { name: 'Account Settings' });
    const tooltip = settings.getByText('Account Settings');
    await expect(tooltip).toHaveCSS('opacity', '0');
    await settings.hover();
    await expect(tooltip).toHaveCSS('opacity', '1');
    const box = (await settings.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(48);
    // The payments group below SPEC's entries is in the strip too. On this 800 px screen the strip scrolls to reach
    // it, and its tooltips still show beside their entries, not clipped by the scrolling strip.
    const payments = sidebar.getByRole('list', { name: 'Payments' });
    const docs = payments.getByRole('link', { name: 'Docs' });
    await docs.scrollIntoViewIfNeeded();
    await docs.hover();
    const docsTip = docs.getByText('Docs');
    await expect(docsTip).toHaveCSS('opacity', '1');
    const [docsBox, tipBox] = [(await docs.boundingBox())!, (await docsTip.boundingBox())!];
    expect(tipBox.x).toBeGreaterThanOrEqual(64);
    expect(Math.abs(tipBox.y + tipBox.height / 2 - (docsBox.y + docsBox.height / 2))).toBeLessThanOrEqual(1);
    // Not clipped by the strip: hit-testing its middle finds it (pointer events on for the look, as a click would not reach it).
    const hit = await docsTip.evaluate((tip, [x, y]) => {
      tip.style.pointerEvents = 'auto';
      const found = document.elementFromPoint(x!, y!) === tip;
      tip.style.pointerEvents = '';
      return found;
    }, [tipBox.x + tipBox.width / 2, tipBox.y + tipBox.height / 2]);
    expect(hit).toBe(true);
    await page.screenshot({ path: 'test-results/shell/1280_collapsed-payments-tooltip.png' });
    await settings.scrollIntoViewIfNeeded();
    await settings.hover();
    await page.screenshot({ path: 'test-results/shell/1280_home-collapsed.png', fullPage: true });

    // The page beside it takes the room back.
    const main = page.getByRole('main');
    expect((await main.boundingBox())!.x).toBe(64);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.user.firstName}` })).toBeVisible();
    await expect.poll(() => widthOf(page)).toBe(64);

    await sidebar.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(() => widthOf(page)).toBe(256);
    await expect(sidebar).toHaveClass(/\bmd:w-64\b/);
    await expect(sidebar.getByText('Account Settings')).toBeVisible();
    expect((await main.boundingBox())!.x).toBe(256);
    expect(problems).toEqual([]);
  });

  test('the balance hides and shows, and the choice survives a reload', async ({ page, company: account }) => {
    await openDashboard(page, account);
    const topBar = page.getByRole('banner');
    // A new company's wallet total in test mode, in the display currency (USD unless chosen otherwise).
    await expect(topBar.getByText('0.00 USD')).toBeVisible();
    await expect(topBar.getByText(`Signed in as ${account.user.email.slice(0, 2)}...@adebayofoods.ng`)).toBeVisible();
    await expect(topBar.getByText(account.user.email)).toHaveCount(0);

    await topBar.getByRole('button', { name: 'Hide balance' }).click();
    await expect(topBar.getByText('0.00 USD')).toHaveCount(0);
    await expect(topBar.getByText('••••••')).toBeVisible();
    // The home's balance card follows the same choice.
    await expect(page.getByRole('region', { name: 'Available balance' }).getByText('₦0.00')).toHaveCount(0);

    await page.reload();
    await expect(topBar.getByRole('button', { name: 'Show balance' })).toBeVisible();
    await expect(topBar.getByText('••••••')).toBeVisible();
    await expect(topBar.getByText('0.00 USD')).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}'));
    expect(stored.state.showBalance).toBe(false);

    await topBar.getByRole('button', { name: 'Show balance' }).click();
    await expect(topBar.getByText('0.00 USD')).toBeVisible();
    await page.reload();
    await expect(topBar.getByText('0.00 USD')).toBeVisible();
  });

  test('every sidebar entry, profile-menu entry and quick link opens its page inside the shell', async ({ page, request, company: account }) => {
    const problems = watchConsole(page);
    await openDashboard(page, account);

    const sidebarEntries = [
      ['Trade History', '/dashboard/trades', 'Trade History'],
      ['Recent Trade Partners', '/dashboard/partners', 'Recent Trade Partners'],
      ['My Offers', '/dashboard/offers', 'My Offers'],
      ['Favorite Offers', '/dashboard/favorites', 'Favorite Offers'],
      ['Trade Statistics', '/dashboard/statistics', 'Trade Statistics'],
      ['Trader Program Badges', '/dashboard/badges', 'Trader Program Badges'],
      ['Account Settings', '/dashboard/settings', 'Account Settings'],
      ['University', '/dashboard/university', 'University'],
      ['Community', '/dashboard/community', 'Community'],
      ['Developer', '/dashboard/dev', 'Developer'],
    ] as const;
    for (const [label, path, title] of sidebarEntries) {
      const link = sidebarOf(page).getByRole('link', { name: label, exact: true });
      await link.click();
      await expectInShell(page, path, title);
      await expect(link).toHaveAttribute('aria-current', 'page');
      // Every page the menus name is built: none says it is not available yet.
      await expect(page.getByText('This feature is not available yet.')).toHaveCount(0);
    }

    // The payments group below them: each entry opens its page in the shell and is marked as the page showing;
    // Payouts opens the transactions page on its payouts tab.
    const payments = sidebarOf(page).getByRole('list', { name: 'Payments' });
    for (const [label, path, title, ready] of [
      ['Transactions', '/dashboard/transactions', 'My Transactions', page.getByRole('heading', { name: 'No transactions yet' })],
      ['Payment Links', '/payment-links', 'Payment Links', page.getByRole('button', { name: 'Create link' })],
      ['Payouts', '/dashboard/transactions\\?tab=payouts', 'My Transactions', page.getByRole('heading', { name: 'No payouts yet' })],
      ['API keys', '/api-keys', 'API Keys', page.getByRole('button', { name: 'Create test keys' })],
      ['Events', '/dashboard/events', 'Events', page.getByRole('heading', { name: 'No events yet' })],
    ] as const) {
      const link = payments.getByRole('link', { name: label, exact: true });
      await link.click();
      await expectInShell(page, path, title);
      await expect(ready).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(sidebarOf(page).locator('[aria-current="page"]')).toHaveCount(1);
    }
    await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveCount(0);
    await payments.getByRole('link', { name: 'Payouts', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    await payments.getByRole('link', { name: 'Docs', exact: true }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/dev$/);
    await page.getByRole('link', { name: 'FiPay home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const profileButton = page.getByRole('button', { name: 'Profile menu' });
    const profileEntries = [
      ['Payment Methods', '/dashboard/payment-methods', 'Payment Methods'],
      ['Settings', '/dashboard/settings', 'Account Settings'],
      ['Trade History', '/dashboard/trade-history', 'Trade History'],
      ['Trade Partners', '/dashboard/trade-partners', 'Trade Partners'],
      ['My Transactions', '/dashboard/transactions', 'My Transactions'],
    ] as const;
    for (const [label, path, title] of profileEntries) {
      await profileButton.click();
      await expect(profileButton).toHaveAttribute('aria-expanded', 'true');
      await (await profilePanel(page)).getByRole('menuitem', { name: label, exact: true }).click();
      await expectInShell(page, path, title);
      await expect(profileButton).toHaveAttribute('aria-expanded', 'false');
    }

    await profileButton.click();
    const community = page.getByRole('menuitem', { name: /Join Community/ });
    await expect(community).toHaveAttribute('href', /^https:\/\//);
    await expect(community).toHaveAttribute('target', '_blank');
    await expect(community).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByText('Your Crypto Limits')).toBeVisible();
    await expect(page.getByText('1000 USD left')).toHaveCount(2);
    await page.screenshot({ path: 'test-results/shell/1280_profile-menu.png' });
    // Escape closes the menu and puts focus back on its button.
    await page.keyboard.press('Escape');
    await expect(profileButton).toHaveAttribute('aria-expanded', 'false');
    await expect(profileButton).toBeFocused();

    for (const [label, path, title] of [
      ['Share a payment link', '/payment-links', 'Payment Links'],
      ['Get API keys', '/api-keys', 'API Keys'],
    ] as const) {
      await page.getByRole('link', { name: 'FiPay home' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: new RegExp(label) }).click();
      await expectInShell(page, path, title);
    }

    // The documentation is public, outside the shell, with a way back to the dashboard.
    await page.getByRole('link', { name: 'FiPay home' }).click();
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: /See documentation/ }).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();

    // The documentation page points to the reference the server really serves.
    const reference = page.getByRole('link', { name: /API reference/ });
    await expect(reference).toHaveAttribute('href', '/api/v1/docs');
    expect((await request.get('/api/v1/docs')).status()).toBe(200);
    await expect(page.getByRole('link', { name: /OpenAPI specification/ })).toHaveAttribute('href', '/api/v1/openapi.json');
    const spec = await request.get('/api/v1/openapi.json');
    expect(spec.status()).toBe(200);
    expect((await spec.json()).openapi).toMatch(/^3\./);

    // Security and notifications live in the shell too.
    for (const [path, title] of [
      ['/dashboard/security', /Security/],
      ['/dashboard/notifications', 'All Notifications'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test("Account Settings shows the account's details as the server holds them", async ({ page, company: account }) => {
    await openDashboard(page, account);
    await sidebarOf(page).getByRole('link', { name: 'Account Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    const you = page.getByRole('region', { name: 'Your details' });
    await expect(you.getByText(`${account.user.firstName} ${account.user.lastName}`)).toBeVisible();
    await expect(you.getByText(account.user.email)).toBeVisible();
    await expect(you.getByText(/^Verified on /)).toBeVisible();

    const company = page.getByRole('region', { name: 'Company' });
    await expect(company.getByText(account.company.name)).toBeVisible();
    await expect(company.getByText(account.company.email)).toBeVisible();
    await expect(company.getByText('Nigeria')).toBeVisible();
    await expect(company.getByText(account.company.address)).toBeVisible();
    await expect(company.getByText(account.company.registrationNo)).toBeVisible();
    await expect(company.getByRole('link', { name: account.company.website })).toBeVisible();

    const kyb = page.getByRole('region', { name: 'Business verification (KYC)' });
    await expect(kyb.getByText('Not started')).toBeVisible();
    await kyb.getByRole('link', { name: 'Start KYC' }).click();
    await expect(page).toHaveURL(/\/kyc$/);
    await page.goBack();

    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByText('Off')).toBeVisible();
    await security.getByRole('link', { name: 'Manage security' }).click();
    await expect(page).toHaveURL(/\/dashboard\/security$/);
    await page.goto('/dashboard/settings');
    await page.screenshot({ path: 'test-results/shell/1280_settings.png', fullPage: true });
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu button opens the sidebar as a drawer, and it closes on the backdrop, Escape, the close button and navigation', async ({ page, company: account }) => {
    const problems = watchConsole(page);
    await openDashboard(page, account);
    const sidebar = sidebarOf(page);
    await expect(sidebar).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Sidebar' });
    await expect(drawer).toBeVisible();
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(256);
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    // The drawer is modal: the page behind, menu button included, leaves the accessibility tree.
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('main')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/shell/375_drawer.png' });
    await page.mouse.click(340, 400);
    await expect(drawer).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Focus is back on the menu button, without a ring after a pointer click.
    await expect(menu).toBeFocused();
    expect(await menu.evaluate((button) => button.matches(':focus-visible'))).toBe(false);

    await menu.click();
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      await expect(drawer.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    // Back by keyboard, it shows where focus is.
    expect(await menu.evaluate((button) => button.matches(':focus-visible'))).toBe(true);

    await menu.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    // The payments group is in the drawer too.
    await menu.click();
    await drawer.getByRole('list', { name: 'Payments' }).getByRole('link', { name: 'Payouts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/transactions\?tab=payouts$/);
    await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    await expect(drawer).toBeHidden();
    await menu.click();
    await expect(drawer.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    await drawer.getByRole('link', { name: 'Events' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/shell/375_drawer-payments.png' });
    await drawer.getByRole('button', { name: 'Close menu' }).click();

    await menu.click();
    await drawer.getByRole('link', { name: 'Trader Program Badges' }).click();
    await expect(page).toHaveURL(/\/dashboard\/badges$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trader Program Badges' })).toBeVisible();
    await expect(drawer).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  test('the live-mode switch shows a label that fits the phone', async ({ page, company: account }) => {
    await openDashboard(page, account);
    const bar = page.getByRole('banner');
    const modeSwitch = bar.getByRole('switch', { name: 'Live mode' });
    await expect(modeSwitch.getByText('Live', { exact: true })).toBeVisible();
    await expect(modeSwitch.getByText('Live mode', { exact: true })).toBeHidden();
    // The label takes no room from the balance beside it: the amount shows whole, not cut short.
    const amount = bar.getByText('0.00 USD', { exact: true });
    await expect(amount).toBeVisible();
    expect(await amount.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // Every control of the top bar stays on the screen beside it.
    for (const control of await bar.locator('button, a').all()) {
      if (!(await control.isVisible())) continue;
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: 'test-results/shell/375_top-bar.png' });
  });

  test('the profile menu fits the phone and shows the masked email', async ({ page, company: account }) => {
    await openDashboard(page, account);
    const profileButton = page.getByRole('button', { name: 'Profile menu' });
    await profileButton.click();
    const panel = await profilePanel(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByText(`${account.user.email.slice(0, 2)}...@adebayofoods.ng`)).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/shell/375_profile-menu.png' });
    await page.mouse.click(20, 700);
    await expect(panel).toBeHidden();
  });
});
