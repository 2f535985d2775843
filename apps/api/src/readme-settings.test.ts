import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const variable = /^[A-Z][A-Z0-9_]*$/;

/**
 * The variables the README's "Settings" section has a row for: each name in backticks in a table row's first
 * cell, between "## Settings" and the next "## " heading. A name mentioned only in passing does not count.
 */
function settingsRows(): Set<string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Settings\n');
  if (start === -1) return new Set();
  const rest = readme.slice(start + 1);
  const end = rest.indexOf('\n## ');
  const section = end === -1 ? rest : rest.slice(0, end);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const [, name] of firstCell.matchAll(/`([^`]+)`/g)) if (name && variable.test(name)) names.add(name);
  }
  return names;
}

/** Every variable `loadConfig` looks at, seen through an environment that records each name it is asked for. */
function variablesLoadConfigReads(): string[] {
  // Both secrets given, so nothing is generated into the (never created) data folder.
  const given: NodeJS.ProcessEnv = {
    DATA_DIR: path.join(tmpdir(), 'fipay-readme-settings-never-written'),
    JWT_SECRET: 'j'.repeat(48),
    ENCRYPTION_KEY: 'e'.repeat(48),
  };
  const asked = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && variable.test(key)) asked.add(key);
  };
  const env = new Proxy(given, {
    get: (target, key) => (note(key), Reflect.get(target, key)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
  });
  loadConfig(env);
  return [...asked].sort();
}

/** Source files of the server, its scripts, benchmarks and tests (node_modules and builds left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\](node_modules|dist)[/\\]/.test(file));
}

/** Names read from `process.env` by property (dotted or quoted), or from `env` where a script names it so (scripts/cluster.mjs). */
function variablesReadIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const reads = text.matchAll(/\bprocess\.env\.([A-Z][A-Z0-9_]*)|\bprocess\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]|\benv\.([A-Z][A-Z0-9_]*)/g);
  return [...reads].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

// The operating system's own, not a setting of ours.
const systemVariables = new Set(['PATH']);

describe("README's Settings section", () => {
  const listed = settingsRows();

  it('has a row for every variable the server reads at start (apps/api/src/config.ts)', () => {
    const read = variablesLoadConfigReads();
    // The recording environment sees the reads: the server's port and the Paystack key among them.
    expect(read).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'PAYSTACK_SECRET_KEY', 'FEES']));
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('has a row for every variable read anywhere else in the API, the scripts, the benchmarks and the tests', () => {
    const files = [
      ...sourceFiles('apps/api/src'),
      ...sourceFiles('apps/api/bench'),
      ...sourceFiles('scripts'),
      ...sourceFiles('e2e'),
      ...['vitest.config.ts', 'playwright.config.ts', 'apps/web/vite.config.ts'].map((file) => path.join(root, file)),
    ];
    const unlisted = new Map<string, string>();
    for (const file of files) {
      for (const name of variablesReadIn(file)) {
        if (!systemVariables.has(name) && !listed.has(name) && !unlisted.has(name)) unlisted.set(name, path.relative(root, file));
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(Object.fromEntries(unlisted)).toEqual({});
  });
});
