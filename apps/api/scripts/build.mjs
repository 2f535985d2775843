import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// The shared contracts are TypeScript sources: bundle them; everything else stays in node_modules.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@fipay/contracts');

await build({
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: { server: 'src/server.ts', migrate: 'src/db/migrate-cli.ts', 'create-admin': 'src/modules/back-office/create-admin-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('API built to apps/api/dist');
