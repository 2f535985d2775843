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
// The back-office admin the browser tests sign in as. The command opens the embedded database,
// which only one process may hold, so it runs to completion before the server starts.
const admin = spawnSync(
  'node',
  ['apps/api/dist/create-admin.js', '--email', 'compliance.admin@fipay.ng', '--name', 'Chioma Admin'],
  { encoding: 'utf8', env: process.env },
);
if (admin.status !== 0) {
  process.stderr.write(admin.stderr);
  process.exit(admin.status ?? 1);
}
mkdirSync(dataDir, { recursive: true });
writeFileSync(path.join(dataDir, 'admin-link.txt'), admin.stdout);
await import('../apps/api/dist/server.js');
