import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { approveThroughApi } from './back-office-api';
import { expect, signInThroughApi, submitKybThroughApi, test } from './fixtures';
import { shotsAtBothWidths, watchConsole } from './support';

test.describe('developer platform', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('creates test keys, shows the secret once, copies it, and rolls it', async ({ page, request, company: _ }) => {
    const problems = watchConsole(page);
    await page.goto('/api-keys');
    await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Create test keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new secret key' });
    const secret = (await dialog.getByTestId('secret-value').textContent())!;
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    await dialog.getByRole('button', { name: 'Copy secret key' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Listed masked from now on; the key works on the API.
    const keys = page.getByRole('region', { name: 'Test mode keys' });
    await expect(keys.getByText(`sk_test_…${secret.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    expect((await request.get('/api/v1/events', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(200);

    await keys.getByRole('button', { name: 'Roll key' }).click();
    const roll = page.getByRole('dialog', { name: 'Roll secret key' });
    await roll.getByLabel('The current key stops working').selectOption('1h');
    await roll.getByRole('button', { name: 'Roll key' }).click();
    const rolled = (await page.getByRole('dialog', { name: 'Your new secret key' }).getByTestId('secret-value').textContent())!;
    expect(rolled).not.toBe(secret);
    await page.screenshot({ path: 'test-results/developers/1280_api-keys-rolled-secret.png' });
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(keys.getByText(`sk_test_…${rolled.slice(-4)}`)).toBeVisible();
    await expect(keys.getByText(/^Expires /)).toBeVisible();
    // Both work until the hour is up.
    for (const key of [secret, rolled]) expect((await request.get('/api/v1/events', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200);
    await page.screenshot({ path: 'test-results/developers/1280_api-keys.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  test('sends a signed test event to a local receiver, shows its payload, and resends it', async ({ page, company: _ }) => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/fipay`;
    try {
      await page.goto('/dashboard/dev');
      await expect(page.getByRole('heading', { name: 'Developer', level: 1 })).toBeVisible();
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByLabel('Description (optional)').fill('Order system');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.getByRole('dialog', { name: "Your endpoint's signing secret" }).getByTestId('secret-value').textContent())!;
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have copied it' }).click();

      const panel = page.getByRole('region', { name: `Endpoint ${url}` });
      await panel.getByRole('button', { name: 'Send test event' }).click();
      await expect.poll(() => received.length).toBe(1);
      const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { id: string; type: string };
      expect(event.type).toBe('ping');

      const delivery = panel.getByRole('button', { name: /Succeeded\s*ping/ });
      await expect(delivery).toBeVisible();
      await delivery.click();
      await expect(panel.getByLabel('Payload sent')).toContainText(`"id": "${event.id}"`);
      await expect(panel.getByLabel('Answer received')).toHaveText('received');
      await page.screenshot({ path: 'test-results/developers/1280_webhook-delivery.png', fullPage: true });

      await panel.getByRole('button', { name: 'Resend' }).click();
      await expect.poll(() => received.length).toBe(2);
      expect(received[1]!.headers['webhook-id']).toBe(event.id);
      await expect(panel.getByText(/2 attempts/)).toBeVisible();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  test("lists the mode's events newest first, filters them by type and opens each to its JSON payload", async ({ page, request, company }) => {
    const problems = watchConsole(page);
    // Changes through the API, each an event: the test keys (a publishable and a secret one), then a payment link.
    expect((await request.post('/api/v1/api-keys', { headers: company.headers, data: { mode: 'test' } })).status()).toBe(201);
    const link = await request.post('/api/v1/payment-links', { headers: company.headers, data: { name: 'Adire scarf', amount: 850_000 } });
    expect(link.status()).toBe(201);
    const { slug } = (await link.json()).data as { slug: string };

    // Reached from the sidebar's payments group, and from the developer hub.
    await page.goto('/dashboard/dev');
    await expect(page.getByRole('link', { name: 'Events', exact: true }).first()).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await page.goto('/dashboard');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('list', { name: 'Payments' }).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

    const events = page.getByRole('region', { name: 'Events' });
    const rows = events.getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0).getByRole('button')).toContainText('payment_link.created');
    await expect(rows.nth(1).getByRole('button')).toContainText('api_key.created');
    await expect(rows.nth(2).getByRole('button')).toContainText('api_key.created');

    const first = rows.nth(0).getByRole('button');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const payload = rows.nth(0).locator('pre');
    await expect(payload).toBeVisible();
    const shown = JSON.parse((await payload.textContent())!) as { id: string; type: string; livemode: boolean; data: { object: { slug: string } } };
    expect(shown).toMatchObject({ type: 'payment_link.created', livemode: false, data: { object: { slug } } });
    // Pretty-printed, and exactly what the API answers for that event.
    expect(await payload.textContent()).toContain('\n  "type": "payment_link.created",\n');
    const fromApi = await request.get(`/api/v1/events/${shown.id}`, { headers: company.headers });
    expect((await fromApi.json()).data).toEqual(shown);
    await shotsAtBothWidths(page, 'test-results/developers', 'events');

    await page.getByLabel('Type').selectOption('api_key.created');
    await expect(page).toHaveURL(/\/dashboard\/events\?type=api_key\.created$/);
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row.getByRole('button')).toContainText('api_key.created');
    await page.getByLabel('Type').selectOption('refund.processed');
    await expect(page.getByRole('heading', { name: 'No refund.processed events' })).toBeVisible();
    await shotsAtBothWidths(page, 'test-results/developers', 'events-empty');
    expect(problems).toEqual([]);
  });

  test('keeps live mode shut until the business is approved, then switches to it', async ({ page, request, account, reviewer }) => {
    await submitKybThroughApi(request, account);
    const { companyId } = await signInThroughApi(page, request, account);
    await page.goto('/api-keys');
    const strip = page.getByRole('note').filter({ hasText: 'Test mode' });
    await expect(strip).toBeVisible();
    const modeSwitch = page.getByRole('switch', { name: 'Live mode' });
    await modeSwitch.click();
    await expect(page.getByText('Live mode opens once your business verification is approved.')).toBeVisible();
    await expect(modeSwitch).toHaveAttribute('aria-checked', 'false');

    // Approved while the page is open: the switch asks the server again and opens live mode.
    await approveThroughApi(request, reviewer, companyId);
    await page.getByRole('switch', { name: 'Live mode' }).click();
    await expect(page.getByRole('switch', { name: 'Live mode' })).toHaveAttribute('aria-checked', 'true');
    await expect(strip).toHaveCount(0);
    await page.getByRole('button', { name: 'Create live keys' }).click();
    const secret = (await page.getByRole('dialog', { name: 'Your new secret key' }).getByTestId('secret-value').textContent())!;
    expect(secret).toMatch(/^sk_live_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();

    // Back to test mode: the live keys are not shown there.
    await page.getByRole('switch', { name: 'Live mode' }).click();
    await expect(page.getByRole('button', { name: 'Create test keys' })).toBeVisible();
  });
});
