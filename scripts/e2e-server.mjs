// Starts the production build for the browser tests: builds, clears the data
// folder, then runs the server exactly as `npm start` does.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
delete process.env.SMTP_URL;
delete process.env.DATABASE_URL;
await import('../apps/api/dist/server.js');
