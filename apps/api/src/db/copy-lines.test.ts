import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { describe, expect, inject, it } from 'vitest';
import { CopyBinaryText, inlineParameters } from './copy-lines';

const texts = ['"a","b"\r\n', '', 'Ọlá "Ẹ̀kọ́"\r\n', 'x'.repeat(70_000), 'tab\there\r\n', "it's \\ fine\n"];

/** What `COPY (SELECT the texts) TO STDOUT (FORMAT binary)` sends, from the project's own database. */
async function binaryCopy(select: string): Promise<Buffer> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`))) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } finally {
      await client.end();
    }
  }
  const template = inject('pgliteTemplate');
  const lite = new PGlite({ loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
  try {
    const result = await lite.query(`COPY (${select}) TO '/dev/blob' (FORMAT binary)`);
    return Buffer.from(await result.blob!.arrayBuffer());
  } finally {
    await lite.close();
  }
}

async function through(bytes: Buffer, size: number): Promise<string> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new CopyBinaryText())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

describe('reading COPY in binary', () => {
  it("gives each row's text as it is, back to back, however its bytes are cut", async () => {
    const select = `SELECT t FROM unnest(${inlineParameters('$1::text[]', [`{${texts.map((t) => `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`])}) WITH ORDINALITY AS u(t, n) ORDER BY n`;
    const bytes = await binaryCopy(select);
    for (const size of [1, 2, 3, 5, 6, 7, 19, 20, 64, 65_536, bytes.length]) expect(await through(bytes, size), `chunks of ${size}`).toBe(texts.join(''));
  });

  it('refuses what is not one column of binary COPY', async () => {
    await expect(through(Buffer.from('"reference","amount","fee"\r\n'), 64)).rejects.toThrow('COPY did not send its binary signature');
    const bytes = await binaryCopy("SELECT 'a line'");
    await expect(through(bytes.subarray(0, bytes.length - 2), 64)).rejects.toThrow('COPY stopped before its end');
    await expect(through(await binaryCopy('SELECT 1, 2'), 64)).rejects.toThrow('COPY sent 2 columns where one was asked for');
  });

  it('writes parameters as literals, quotes and backslashes included', () => {
    expect(inlineParameters('SELECT $1, $2, $3, $10', [`O'Brien \\ "x"`, true, 42, 'ten', 5, 6, 7, 8, 9, null])).toBe(
      `SELECT  E'O''Brien \\\\ "x"', TRUE, 42, NULL`,
    );
    expect(() => inlineParameters('SELECT $2', ['one'])).toThrow('No parameter $2');
    expect(() => inlineParameters('SELECT $1', [{}])).toThrow('No SQL literal for a object');
  });
});
