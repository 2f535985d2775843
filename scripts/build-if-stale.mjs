// Builds the web app and the API when their sources are newer than the last build (or there is
// none). Used by `npm start` and `npm run cluster`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const at = (...parts) => path.join(root, ...parts);

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

const shared = [at('packages/contracts/src'), at('package-lock.json')];
const builds = [
  {
    name: 'web app',
    output: at('apps/web/dist/index.html'),
    sources: [...shared, at('apps/web/src'), at('apps/web/public'), at('apps/web/index.html'), at('apps/web/vite.config.ts')],
    workspace: '@fipay/web',
  },
  {
    name: 'API',
    output: at('apps/api/dist/server.js'),
    sources: [...shared, at('apps/api/src'), at('apps/api/scripts/build.mjs')],
    workspace: '@fipay/api',
  },
];

/** Exits the process with the build's status when a build fails. */
export function buildIfStale() {
  for (const build of builds) {
    const built = newest(build.output);
    if (built && Math.max(...build.sources.map(newest)) <= built) continue;
    console.log(`Building the ${build.name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
