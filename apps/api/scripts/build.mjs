import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// The shared contracts are TypeScript sources: bundle them; everything else stays in node_modules.
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@fipay/contracts');

await build({
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: { server: 'src/server.ts', migrate: 'src/db/migrate-cli.ts', 'migrate-worker': 'src/db/migrate-worker.ts', 'create-admin': 'src/modules/back-office/create-admin-cli.ts',
    'embedded-template': 'src/db/embedded-template-cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// An embedded database with every migration applied, which a first `npm start` loads instead of running initdb
// (apps/api/src/db/client.ts, createDb). Without it the server would still start, slower and larger: so a failure
// here fails the build and removes server.js, and the next `npm start` builds again.
const dist = new URL('../dist/', import.meta.url);
const made = spawnSync(process.execPath, [new URL('embedded-template.js', dist).pathname, new URL('embedded-template.tar.gz', dist).pathname], {
  stdio: 'inherit',
});
if (made.status !== 0) {
  rmSync(new URL('server.js', dist), { force: true });
  console.error('Could not make the embedded database template.');
  process.exit(made.status ?? 1);
}
console.log('API built to apps/api/dist');
