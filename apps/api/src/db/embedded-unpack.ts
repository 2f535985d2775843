import { createReadStream, existsSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
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
  // Each file is gathered whole and written in one synchronous call (open, write, close on this thread): the template
  // holds some 800 files, most of a few kilobytes, and a write stream per file waited on the thread pool four or five
  // times each, its main thread mostly idle. Nothing else runs before the database is open. The largest file is a
  // 16 MB WAL segment, held once. A first start on a fresh data folder: 2.47–2.61 s before, 2.10–2.38 s after.
  const made = new Set<string>();
  const folder = (dir: string) => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  const done = (async () => {
    for await (const entry of extract) {
      const target = path.join(staging, path.normalize(`/${entry.header.name}`));
      if (entry.header.type === 'directory') {
        folder(target);
        entry.resume();
      } else if (entry.header.type === 'file') {
        folder(path.dirname(target));
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        writeSparse(target, Buffer.concat(chunks), entry.header.mode ?? 0o600);
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

/** Trailing zeros worth leaving as a hole rather than writing. */
const HOLE = 64 * 1024;
/** A page of zeros, to find a file's trailing zeros a page at a time. */
const ZEROS = Buffer.alloc(8192);

/**
 * Writes `data` to a new file at `target`, its trailing zeros (past HOLE of them) left as a hole of the file's length,
 * which reads back as the same zeros: the WAL segment is 16 MB, almost all of it the zeros PostgreSQL fills a new
 * segment with (writing them cost 50 ms of a first start).
 */
function writeSparse(target: string, data: Buffer, mode: number): void {
  let end = data.length;
  while (end >= ZEROS.length && data.subarray(end - ZEROS.length, end).equals(ZEROS)) end -= ZEROS.length;
  while (end > 0 && data[end - 1] === 0) end -= 1;
  if (data.length - end < HOLE) {
    writeFileSync(target, data, { mode });
    return;
  }
  writeFileSync(target, data.subarray(0, end), { mode });
  truncateSync(target, data.length);
}
