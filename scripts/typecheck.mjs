// Type-checks every TypeScript project with TypeScript 7's native compiler (the `typescript-native` package, an alias
// of typescript@7), one project after another: the compiler already checks on both cores. The `typescript` package
// (5.9) stays for ESLint's parser, which needs its JavaScript API (docs/decisions/0100-native-type-checks.md).
// Both packages install a `tsc` command, so which one `npx tsc` runs is left to npm: this script names its compiler.
//   node scripts/typecheck.mjs [project ...]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['packages/contracts', 'apps/api', 'apps/web', 'e2e'];

const require = createRequire(import.meta.url);
const compiler = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
const projects = process.argv.slice(2).length > 0 ? process.argv.slice(2) : PROJECTS;

let failed = false;
for (const project of projects) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [compiler, '-p', project, '--pretty'], { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (run.status === 0) {
    console.log(`tsc -p ${project}: ok, ${seconds} s`);
  } else {
    console.log(`tsc -p ${project}: failed (${run.signal ?? `exit ${run.status}`}), ${seconds} s`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
