import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { companySession, expect, signInThroughApi, test } from './fixtures';
import { mails, watchConsole, type Account } from './support';

// The notifications of a real account, made by real product events (sign-up, email verified,
// representatives approving their role). These pages live inside the dashboard shell, which
// routes /dashboard/notifications to the page and puts the bell in its top bar.

const pageRequest = /\/api\/v1\/notification\/user\?/;

/** Every consent link the outbox wrote for these representatives, by email (readMail finds only one). */
async function consentLinks(emails: string[], subject: string): Promise<Map<string, URL>> {
  const links = new Map<string, URL>();
  await expect
    .poll(
      async () => {
        for (const mail of await mails()) {
          if (mail.subject !== subject) continue;
          const to = emails.find((email) => mail.to.includes(email));
          const href = mail.text.match(/https?:\/\/\S+/)?.[0];
          if (to && href) links.set(to, new URL(href));
        }
        return links.size;
      },
      { timeout: 20_000, message: `${emails.length} consent emails` },
    )
    .toBe(emails.length);
  return links;
}

/**
 * Names `count` representatives in one save (the server emails each a consent link) and returns
 * a function that has the next one approve, as they would by opening their link: each approval
 * notifies the company's users.
 */
async function nameRepresentatives(request: APIRequestContext, account: Account, count: number) {
  const { headers: auth } = await companySession(request, account);
  const tag = account.user.email.split('@')[0];
  const reps = Array.from({ length: count }, (_, i) => ({
    position: 'Director',
    fullName: `Director ${String(i + 1).padStart(2, '0')}`,
    email: `rep-${i + 1}-${tag}@adebayofoods.ng`,
    phone: '08034567890',
    idType: 'NIN',
    idNumber: '12345678901',
  }));
  const saved = await request.post('/api/v1/company/representatives', { headers: auth, data: reps });
  expect(saved.status()).toBe(200);
  const links = await consentLinks(
    reps.map((r) => r.email),
    `Confirm your role at ${account.company.name}`,
  );
  let next = 0;
  return async function approveNext() {
    const rep = reps[next++]!;
    const link = links.get(rep.email)!;
    const res = await request.put('/api/v1/company/approve-representative', {
      data: {
        companyId: link.searchParams.get('companyId'),
        repId: link.searchParams.get('repId'),
        token: link.searchParams.get('token'),
        fullName: rep.fullName,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return rep;
  };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });
const list = (page: Page) => page.getByRole('list', { name: 'Notifications', exact: true });

/** Within the viewport's width: nothing of the page or the dropdown runs off either side. */
async function fitsWidth(locator: Locator, width: number) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('the bell shows the welcome and email-verified notifications; marking one read drops the count', async ({ page, company: account }) => {
  const problems = watchConsole(page);
  await page.goto('/dashboard');

  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(page).click();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  const panel = dropdown(page);
  const latest = panel.getByRole('list', { name: 'Latest notifications' });
  await expect(latest.getByRole('listitem')).toHaveCount(2);
  await expect(latest.getByRole('listitem').nth(0)).toContainText('Email verified');
  await expect(latest.getByRole('listitem').nth(0)).toContainText('Thanks for confirming your email address.');
  await expect(latest.getByRole('listitem').nth(1)).toContainText('Welcome to FiPay');
  await expect(latest.getByRole('listitem').nth(1)).toContainText(`Hi ${account.user.firstName}`);
  await expect(latest.getByText('Just now').first()).toBeVisible();
  expect(await latest.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');

  // Escape closes and gives focus back to the bell; a click elsewhere closes too.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(panel).toBeHidden();

  await bell(page).click();
  await panel.getByRole('link', { name: 'View all notifications' }).click();
  await expect(page).toHaveURL(/\/dashboard\/notifications$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'All Notifications' })).toBeVisible();

  const verified = list(page).getByRole('listitem').filter({ hasText: 'Email verified' });
  await expect(verified.getByRole('button', { name: 'Mark as read' })).toBeVisible();
  await verified.getByRole('button', { name: 'Mark as read' }).click();
  await expect(verified.getByRole('img', { name: 'Read' })).toBeVisible();
  await expect(verified.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

  // The server holds it: after a reload it is still read.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(list(page).getByRole('listitem').filter({ hasText: 'Email verified' }).getByRole('img', { name: 'Read' })).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await fitsWidth(list(page), width);
    await fitsWidth(page.getByRole('heading', { level: 1 }), width);
    await page.screenshot({ path: `test-results/screens/${width}_notifications-page.png`, fullPage: true });
    await bell(page).click();
    await expect(panel).toBeVisible();
    await fitsWidth(panel, width);
    await page.screenshot({ path: `test-results/screens/${width}_notifications-dropdown.png` });
    await page.keyboard.press('Escape');
  }

  // 'Mark all as read' in the dropdown clears the badge.
  await bell(page).click();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  expect(problems).toEqual([]);
});

test('the notifications page scrolls through three pages of server data', async ({ page, request, account }) => {
  test.slow();
  const problems = watchConsole(page);
  // Welcome + email verified + 19 approvals = 21 notifications: pages of 10, 10 and 1.
  const approvals = 19;
  const approveNext = await nameRepresentatives(request, account, approvals);
  for (let i = 0; i < approvals; i++) await approveNext();

  const pagesAsked: string[] = [];
  page.on('request', (req) => {
    if (pageRequest.test(req.url())) pagesAsked.push(new URL(req.url()).search);
  });
  await signInThroughApi(page, request, account);
  await page.goto('/dashboard');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 21 unread');
  await expect(page.getByTestId('notification-badge')).toHaveText('9+');
  await page.goto('/dashboard/notifications');

  const items = list(page).getByRole('listitem');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Director 19 confirmed their role as Director.');
  expect(pagesAsked).toEqual(['?page=1&pageSize=10']);

  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, 10_000);
  await expect(items).toHaveCount(20);
  await page.mouse.wheel(0, 10_000);
  await expect(items).toHaveCount(21);
  await expect(items.last()).toContainText('Welcome to FiPay');
  await expect(items.last()).toBeInViewport();
  await expect(page.getByText("You've reached the end of your notifications.")).toBeVisible();
  expect(pagesAsked).toEqual([1, 2, 3].map((n) => `?page=${n}&pageSize=10`));

  const texts = await items.allInnerTexts();
  expect(new Set(texts).size).toBe(21);
  const approvalsShown = texts.filter((t) => t.includes('Representative approved')).map((t) => t.match(/Director (\d\d) confirmed/)?.[1]);
  expect(approvalsShown).toEqual(Array.from({ length: approvals }, (_, i) => String(approvals - i).padStart(2, '0')));

  // Nothing more is asked for after the last page, however far one scrolls: nothing is left to
  // observe, and two rendered frames later (when an observer would have reported) no page was asked.
  await page.mouse.wheel(0, -3000);
  await page.mouse.wheel(0, 10_000);
  await expect(page.getByText("You've reached the end of your notifications.")).toBeInViewport();
  await expect(page.getByTestId('notifications-sentinel')).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(pagesAsked).toHaveLength(3);
  await expect(items).toHaveCount(21);
  await page.screenshot({ path: 'test-results/screens/1280_notifications-page-end.png' });
  expect(problems).toEqual([]);
});

test('a new notification reaches an open dashboard without a reload', async ({ page, request, account }) => {
  const problems = watchConsole(page);
  const approveNext = await nameRepresentatives(request, account, 1);

  await page.clock.install();
  await signInThroughApi(page, request, account);
  await page.goto('/dashboard');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });

  // The representative approves from elsewhere; the open dashboard learns of it at its next poll.
  const rep = await approveNext();
  await page.clock.fastForward('00:31');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
  await bell(page).click();
  const first = dropdown(page).getByRole('listitem').first();
  await expect(first).toContainText('Representative approved');
  await expect(first).toContainText(`${rep.fullName} confirmed their role as Director.`);
  expect(navigations).toBe(0);
  expect(problems).toEqual([]);
});

test('empty notifications at 1280 and 375 px', async ({ page, company: _ }) => {
  // Every real account has at least its welcome, so the empty answers are stubbed here, for the screenshots only.
  await page.route('**/api/v1/notification/user/latest', (route) =>
    route.fulfill({ json: { isSuccessful: true, message: 'OK', data: { notifications: [], unreadCount: 0 } } }),
  );
  await page.route(pageRequest, (route) =>
    route.fulfill({
      json: { isSuccessful: true, message: 'OK', data: { notifications: [], pagination: { currentPage: 1, totalPages: 0, pageSize: 10, totalItems: 0 } } },
    }),
  );
  await page.goto('/dashboard/notifications');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByText('No notifications found.')).toBeVisible();
    await fitsWidth(page.getByText('No notifications found.'), width);
    await page.screenshot({ path: `test-results/screens/${width}_notifications-empty.png`, fullPage: true });
    await bell(page).click();
    await expect(dropdown(page).getByText('No notifications found.')).toBeVisible();
    await fitsWidth(dropdown(page), width);
    await page.screenshot({ path: `test-results/screens/${width}_notifications-dropdown-empty.png` });
    await page.keyboard.press('Escape');
  }
});
