import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { liveBlockMessages } from '@fipay/contracts/live-mode';
import { paymentMessages } from '@fipay/contracts/payments';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { approveThroughApi, setUpReviewer, type ReviewerAccount } from './back-office-api';
import { expect, signInReviewer, signInThroughApi, submitKybThroughApi, test } from './fixtures';
import { createVerifiedAccount, shotsAtBothWidths, totpNow, watchConsole, whenDrawn } from './support';

// A server that cannot take live payments: the same production build as the suite's server, started by this spec
// with no PAYSTACK_SECRET_KEY on a data folder and port of its own (E2E_PORT + 60; the replay server has + 50), and
// stopped by its PID after (docs/decisions/0045-one-live-rule-and-provider-readiness.md, 0056).

const port = Number(process.env.E2E_PORT ?? 3100) + 60;
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = '.tmp/e2e-not-ready';
const shots = 'test-results/live-not-ready';
const notice = liveBlockMessages.payments_not_set_up;

let server: ChildProcess | undefined;
let api: APIRequestContext;
let operator: ReviewerAccount;

test.use({ baseURL });

test.beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: baseURL, LOG_LEVEL: 'warn' };
  for (const name of ['PAYSTACK_SECRET_KEY', 'PAYSTACK_BASE_URL', 'BANK_PROVIDER', 'SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'E2E_PAYSTACK_PORT']) delete env[name];
  // The operator, made the way a server's first admin is (the embedded database is free until the server starts).
  const email = 'operator@fipay.ng';
  const made = spawnSync(process.execPath, ['apps/api/dist/create-admin.js', '--email', email, '--name', 'Ifeoma Operator'], { encoding: 'utf8', env });
  expect(made.status, made.stderr).toBe(0);
  const link = new URL(made.stdout.match(/https?:\/\/\S+\/admin\/set-password\?token=\S+/)![0]);

  server = spawn(process.execPath, ['apps/api/dist/server.js'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  api = await apiRequest.newContext({ baseURL });
  await expect
    .poll(async () => (server!.exitCode === null ? (await api.get('/api/v1/ready').catch(() => undefined))?.status() : `exited: ${stderr}`), { timeout: 60_000 })
    .toBe(200);
  operator = await setUpReviewer(api, email, link, 'Ifeoma Operator');
});

test.afterAll(async () => {
  await api?.dispose();
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(server.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('without a payment provider key: the business is told in live mode, its customer cannot pay, and the operator sees why and what to do', async ({ page, browser }) => {
  const problems = watchConsole(page);
  const account = await createVerifiedAccount(api, path.join(dataDir, 'mail'));
  await submitKybThroughApi(api, account);
  const signedIn = await signInThroughApi(page, api, account);
  await approveThroughApi(api, operator, signedIn.companyId);
  const created = await api.post('/api/v1/payment-links', { headers: { ...signedIn.headers, 'FiPay-Mode': 'live' }, data: { name: 'Adire throw', amount: 2_000_000 } });
  expect(created.status()).toBe(201);
  expect((await created.json()).message).toContain(notice);
  const { slug } = (await created.json()).data as { slug: string };

  // The business: switching to live says why customers cannot pay, and the switch is described by it.
  await page.goto('/dashboard');
  await whenDrawn(page);
  const modeSwitch = page.getByRole('switch', { name: 'Live mode' });
  await modeSwitch.click();
  await expect(modeSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('status').filter({ hasText: notice }).first()).toBeVisible();
  await expect(modeSwitch).toHaveAccessibleDescription(notice);
  // Its live payment links carry the strip across the shell.
  await page.goto('/payment-links');
  await expect(page.getByText('Adire throw')).toBeVisible();
  const strip = page.getByRole('status').filter({ hasText: 'Live payments are off.' });
  await expect(strip).toContainText(notice);
  await shotsAtBothWidths(page, shots, 'payment-links-live-not-ready');

  // The customer on the live link: the business cannot take payments now, and there is no form to fill.
  const customer = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  const pay = await customer.newPage();
  await pay.goto(`/pay/${slug}`);
  await expect(pay.getByText(paymentMessages.businessCannotTakePayments)).toBeVisible();
  await expect(pay.getByLabel('Email address')).toHaveCount(0);
  await shotsAtBothWidths(pay, shots, 'pay-page-live-not-ready');
  await customer.close();

  // A webhook reaching the server without a key to check it by is refused; the operator sees that it came.
  expect((await api.post('/api/v1/providers/paystack/webhook', { headers: { 'x-paystack-signature': '0'.repeat(128) }, data: { event: 'charge.success', data: {} } })).status()).toBe(401);

  // The operator: the back office's Live payments page says what fails and what to do, and the URL to register.
  await page.evaluate(() => localStorage.clear());
  await signInReviewer(page, operator, totpNow(operator.secret, 1));
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Live payments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live payments' })).toBeVisible();
  await expect(page.getByText('This server cannot take live payments.')).toBeVisible();
  const key = page.getByRole('listitem', { name: 'Secret key' });
  await expect(key).toContainText('Needs action');
  await expect(key).toContainText('What to do: Set PAYSTACK_SECRET_KEY');
  const webhooks = page.getByRole('listitem', { name: 'Webhooks arrive' });
  await expect(webhooks).toContainText('did not carry a valid signature');
  await expect(webhooks).toContainText('What to do: Set PAYSTACK_SECRET_KEY first');
  await expect(page.getByLabel('Webhook URL to register')).toHaveText(`${baseURL}/api/v1/providers/paystack/webhook`);
  await expect(page.getByText(/signature not valid, refused/)).toBeVisible();
  // Read again from the server (and without the sign-in's toast over the navigation) for the pictures.
  await page.reload();
  await expect(page.getByText('This server cannot take live payments.')).toBeVisible();
  await shotsAtBothWidths(page, shots, 'admin-live-payments');
  expect(problems).toEqual([]);
});
