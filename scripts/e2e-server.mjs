// Starts the production build for the browser tests: builds, clears the data
// folder, then runs the server exactly as `npm start` does.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const dataDir = process.env.DATA_DIR ?? '.tmp/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;

// Back-office admins, made by the command as a company would make its first one. The command opens
// the embedded database, which only one process may hold, so they are made before the server starts.
// One is for the test of that first sign-in; the other is signed in once by the global setup and
// invites a fresh reviewer for each test that needs one (e2e/fixtures.ts).
const admins = [
  { file: 'admin-link.txt', email: 'compliance.admin@fipay.ng', name: 'Chioma Admin' },
  { file: 'fixtures-admin-link.txt', email: 'fixtures.admin@fipay.ng', name: 'Emeka Fixtures' },
];
mkdirSync(dataDir, { recursive: true });
for (const admin of admins) {
  const made = spawnSync('node', ['apps/api/dist/create-admin.js', '--email', admin.email, '--name', admin.name], { encoding: 'utf8', env: process.env });
  if (made.status !== 0) {
    process.stderr.write(made.stderr);
    process.exit(made.status ?? 1);
  }
  writeFileSync(path.join(dataDir, admin.file), made.stdout);
}
// Live mode's provider: the replay server that answers as Paystack documents (the API suite's), in this process,
// so the browser tests can see a live payment and the live dashboard. Nothing leaves the machine.
if (process.env.E2E_PAYSTACK_PORT) {
  const { tsImport } = await import('tsx/esm/api');
  const { startFakePaystack } = await tsImport('../apps/api/src/test/fake-paystack.ts', import.meta.url);
  const fake = await startFakePaystack(Number(process.env.E2E_PAYSTACK_PORT));
  process.env.PAYSTACK_BASE_URL = fake.url;
  process.env.PAYSTACK_SECRET_KEY = 'sk_test_e2e_replay_server_key_not_a_real_one';
}
await import('../apps/api/dist/server.js');
