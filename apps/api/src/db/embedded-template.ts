import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDb } from './client';
import { migrate } from './migrate';

/**
 * Writes an embedded database with every migration applied, as a data-folder tarball, to `file`: the tests' files
 * each start from one (uncompressed: loaded in memory), and the build ships one (gzip) that a first `npm start`
 * unpacks instead of running initdb (embedded-unpack.ts).
 */
export async function writeEmbeddedTemplate(file: string, compression: 'none' | 'gzip' = 'none'): Promise<void> {
  const lite = new PGlite();
  try {
    await migrate(pgliteDb(lite));
    // The server uses the `postgres` database only; initdb's template0 and template1 (for CREATE DATABASE, which
    // the embedded server never runs) were half the files a first start writes to disk.
    for (const template of ['template0', 'template1']) {
      await lite.exec(`ALTER DATABASE ${template} IS_TEMPLATE false`);
      await lite.exec(`DROP DATABASE ${template}`);
    }
    writeFileSync(file, Buffer.from(await (await lite.dumpDataDir(compression)).arrayBuffer()));
  } finally {
    await lite.close();
  }
}
