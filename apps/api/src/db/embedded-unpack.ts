import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * The production build ships an embedded database with every migration applied (`dist/embedded-template.tar.gz`,
 * made by apps/api/scripts/build.mjs). A server whose data folder is new unpacks it to disk before opening the
 * database, instead of running initdb and every migration: a first start then takes as long, and holds as little
 * memory, as a restart (initdb leaves the embedded engine's memory at its peak, about 500 MB more). From the sources
 * (tests, `npm run dev`) there is no such file, and initdb runs as before.
 */
export const embeddedTemplateFile = new URL('./embedded-template.tar.gz', import.meta.url);

/** Unpacks the shipped template into `dataDir` when `dataDir` holds no database yet; says whether it did. */
export async function unpackEmbeddedTemplate(dataDir: string, template: URL = embeddedTemplateFile): Promise<boolean> {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(template)) return false;
  // A folder without PG_VERSION holds no database, only what a start killed half-way through this left: clear it.
  // The template is unpacked in a folder inside it and moved up entry by entry (a rename within one file system,
  // even when the data folder is a mount point), PG_VERSION last, so the folder counts as a database only when whole.
  await mkdir(dataDir, { recursive: true });
  for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  const staging = path.join(dataDir, '.unpacking');
  await mkdir(staging);
  const extract = tar.extract();
  const done = (async () => {
    for await (const entry of extract) {
      const target = path.join(staging, path.normalize(`/${entry.header.name}`));
      if (entry.header.type === 'directory') {
        await mkdir(target, { recursive: true });
        entry.resume();
      } else if (entry.header.type === 'file') {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { mode: entry.header.mode ?? 0o600 }));
      } else {
        throw new Error(`Unexpected ${entry.header.type} entry ${entry.header.name} in the embedded database template.`);
      }
    }
  })();
  await Promise.all([pipeline(createReadStream(template), createGunzip(), extract), done]);
  const names = (await readdir(staging)).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
  for (const name of names) await rename(path.join(staging, name), path.join(dataDir, name));
  await rm(staging, { recursive: true });
  return true;
}
