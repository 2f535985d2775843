import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = '.tmp/e2e-data';
/** Where the server's Paystack replay server listens (scripts/e2e-server.mjs); tests play the customer on Paystack's page through it. */
export const e2ePaystackPort = port + 50;

export default defineConfig({
  testDir: 'e2e',
  // Scale-out through nginx needs a PostgreSQL server the two instances share (e2e/cluster.spec.ts).
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ['cluster.spec.ts'],
  // Hang guards, not speed checks (speed is `npm run bench`'s job). The machine that runs CI is shared: one run
  // found every browser test four times slower than on the idle machine (the longest, 20 s idle, needs 80 s there).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // Every test makes its own accounts through the API (e2e/fixtures.ts), so tests run in any order, two at a time.
  fullyParallel: true,
  workers: 2,
  globalSetup: './e2e/global-setup.ts',
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: each action's DOM snapshot, the network and the console. Not the screencast: it
    // has Chromium encode every frame it paints, a third of the browser suite's time (four specs: 166 s with it, 107 s
    // without). The failure's own screenshot is kept above.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  // The production build, served the way `npm start` serves it, on a fresh embedded database.
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/v1/ready`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // No scheduled payout a minute in takes the naira a spec is sending or paying out by hand.
      PAYOUTS_SCHEDULE: 'off',
      // A saved account's cooling-off in seconds, not a day, so the marketplace spec's vendor can be paid into one.
      PAYMENT_METHOD_COOLING_OFF_SECONDS: '8',
      E2E_PAYSTACK_PORT: String(port + 50),
      HOST: '127.0.0.1',
      // Every spec signs up its own companies from 127.0.0.1; the product's per-address limits are tested in the API suite.
      RATE_LIMITS: JSON.stringify({
        signupPerIp: { limit: 500, windowSeconds: 3600 },
        verifyEmailPerIp: { limit: 500, windowSeconds: 900 },
        loginPerIp: { limit: 500, windowSeconds: 900 },
        otpPerIp: { limit: 500, windowSeconds: 900 },
        approvalPerIp: { limit: 200, windowSeconds: 900 },
      }),
    },
  },
});
