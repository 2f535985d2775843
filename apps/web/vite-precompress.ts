import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels:
 * done once here, the server only picks the file the browser accepts. A variant that would not be
 * smaller is left out, and the server then sends the file as it is.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fipay-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!compressible.test(file)) continue;
        jobs.push(
          (async () => {
            const source = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await writeFile(`${file}.br`, br);
            if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
