import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb, EMBEDDED_SHARED_BUFFERS } from './client';
import { unpackEmbeddedTemplate } from './embedded-unpack';
import { migrate, migrations } from './migrate';

// The shipped template is the migrated database the build writes with `writeEmbeddedTemplate(file, 'gzip')`;
// the embedded-database test project's global setup (vitest.config.ts runs this file there only) wrote the same database uncompressed, so gzip it here instead of migrating again.
describe('a first start from the shipped embedded database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fipay-unpack-'));
  const template = path.join(dir, 'embedded-template.tar.gz');
  writeFileSync(template, gzipSync(readFileSync(inject('pgliteTemplate')!)));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('unpacks a migrated database into a new data folder, which then opens with nothing left to migrate', async () => {
    const dataDir = path.join(dir, 'fresh', 'pgdata');
    // What a start killed half-way through unpacking leaves: some entries moved, no PG_VERSION.
    mkdirSync(path.join(dataDir, '.unpacking', 'base'), { recursive: true });
    writeFileSync(path.join(dataDir, 'postgresql.conf'), 'half');

    expect(await unpackEmbeddedTemplate(dataDir, pathToFileURL(template))).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, '.unpacking'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'postgresql.conf'), 'utf8')).not.toBe('half');
    // Every file as the template holds it, byte for byte; the WAL segment's trailing zeros are a hole, not written.
    const files = await templateFiles(template);
    expect(files.size).toBeGreaterThan(100);
    for (const [name, bytes] of files) expect(readFileSync(path.join(dataDir, name)).equals(bytes), name).toBe(true);
    const [segment] = [...files.keys()].filter((name) => /^pg_wal\/[0-9A-F]{24}$/.test(name));
    const bytes = files.get(segment!)!;
    let used = bytes.length;
    while (used > 0 && bytes[used - 1] === 0) used -= 1;
    expect(bytes.length - used).toBeGreaterThan(1024 * 1024);
    const written = statSync(path.join(dataDir, segment!));
    expect(written.size).toBe(bytes.length);
    expect(written.blocks * 512).toBeLessThanOrEqual(used + 64 * 1024);

    const db = await createDb({ databaseUrl: undefined, dataDir: path.dirname(dataDir) });
    try {
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id).sort());
      // One database, half the files to write: the templates of CREATE DATABASE are not shipped (embedded-template.ts).
      expect((await db.query<{ datname: string }>('SELECT datname FROM pg_database')).rows).toEqual([{ datname: 'postgres' }]);
      // With the smaller buffer pool a server holds for its whole life (client.ts, EMBEDDED_SHARED_BUFFERS).
      expect((await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]!.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
    } finally {
      await db.close();
    }
  });

  it('leaves a data folder that already holds a database alone', async () => {
    const dataDir = path.join(dir, 'existing', 'pgdata');
    expect(await unpackEmbeddedTemplate(dataDir, pathToFileURL(template))).toBe(true);
    writeFileSync(path.join(dataDir, 'marker'), 'ours');
    expect(await unpackEmbeddedTemplate(dataDir, pathToFileURL(template))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'marker'), 'utf8')).toBe('ours');
  });

  it('does nothing without a shipped template (running from the sources), so initdb runs as before', async () => {
    const dataDir = path.join(dir, 'sources', 'pgdata');
    expect(await unpackEmbeddedTemplate(dataDir, pathToFileURL(path.join(dir, 'missing.tar.gz')))).toBe(false);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });
});

/** The files of a gzipped tar, by their path without a leading slash. */
async function templateFiles(file: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const extract = tar.extract();
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file') files.set(entry.header.name.replace(/^\/+/, ''), Buffer.concat(chunks));
    }
  })();
  extract.end(gunzipSync(readFileSync(file)));
  await done;
  return files;
}
