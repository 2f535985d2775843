import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/server';
import { PAYER_SCRIPT_ENTRY } from './web-app';

const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET that sends exactly the Accept-Encoding given (fetch would add its own and decode the answer). */
function rawGet(url: string, acceptEncoding?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

type ManifestEntry = { file: string; css?: string[]; imports?: string[] };

let server: TestServer;
let distDir: string;
let loginAssets: string[];

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fipay-web-build-'));
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir: distDir, emptyOutDir: true, sourcemap: false },
  });
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir } });

  // What a browser fetches for /login: the page's scripts and styles, and the login route's chunk with its imports.
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const routeFiles = new Set<string>();
  const collect = (key: string) => {
    const entry = manifest[key]!;
    if (routeFiles.has(entry.file)) return;
    routeFiles.add(entry.file);
    entry.css?.forEach((css) => routeFiles.add(css));
    entry.imports?.forEach(collect);
  };
  collect('src/features/auth/login-page.tsx');
  loginAssets = [...new Set([...referenced, ...[...routeFiles].map((file) => `/${file}`)])];
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the web app as the server sends it', () => {
  it('sends /login and every script and style it loads compressed, br first, each decoding to the built bytes', async () => {
    expect(loginAssets.some((asset) => asset.endsWith('.css'))).toBe(true);
    expect(loginAssets.filter((asset) => asset.endsWith('.js')).length).toBeGreaterThan(2);

    const page = await rawGet(`${server.baseUrl}/login`, 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString('utf8')).toBe(readFileSync(path.join(distDir, 'index.html'), 'utf8'));

    for (const asset of loginAssets) {
      const original = readFileSync(path.join(distDir, asset));
      const br = await rawGet(`${server.baseUrl}${asset}`, 'gzip, deflate, br');
      expect(br.status, asset).toBe(200);
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(br.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(br.headers['content-type'], asset).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^(?:text|application)\/javascript/);
      expect(brotliDecompressSync(br.body).equals(original), asset).toBe(true);

      const gzip = await rawGet(`${server.baseUrl}${asset}`, 'gzip');
      expect(gzip.headers['content-encoding'], asset).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(original), asset).toBe(true);

      const identity = await rawGet(`${server.baseUrl}${asset}`);
      expect(identity.headers['content-encoding'], asset).toBeUndefined();
      expect(identity.body.equals(original), asset).toBe(true);
    }
  });

  it('caches hashed assets for good and revalidates index.html, also when it answers a client route', async () => {
    for (const url of ['/', '/login', '/dashboard', '/index.html']) {
      const page = await rawGet(`${server.baseUrl}${url}`, 'br');
      expect(page.status, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    for (const asset of loginAssets) {
      const res = await rawGet(`${server.baseUrl}${asset}`, 'br');
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it('compresses JSON answers over 1 KB and leaves small ones as they are', async () => {
    const countries = await rawGet(`${server.baseUrl}/api/v1/countries`, 'gzip, deflate, br');
    expect(countries.status).toBe(200);
    expect(countries.headers['content-encoding']).toBe('br');
    const decoded = JSON.parse(brotliDecompressSync(countries.body).toString('utf8'));
    expect(decoded.isSuccessful).toBe(true);
    expect(JSON.stringify(decoded).length).toBeGreaterThan(1024);

    const gzipped = await rawGet(`${server.baseUrl}/api/v1/countries`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(decoded);

    const plain = await rawGet(`${server.baseUrl}/api/v1/countries`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(decoded);

    const health = await rawGet(`${server.baseUrl}/api/v1/health`, 'gzip, deflate, br');
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ isSuccessful: true });
  });

  it('serves the payer pages with their own script only: under 50 KB gzip before interaction, cached for good', async () => {
    const user = await createVerifiedUser(server);
    const session = await login(server, user);
    const link = await server.api.post('/payment-links', { name: 'Ankara fabric', amount: 2_500_000 }, { token: session.accessToken });
    const page = await rawGet(`${server.baseUrl}/pay/${link.body.data.slug}`, 'gzip');
    expect(page.status).toBe(200);
    const html = gunzipSync(page.body).toString('utf8');
    // Nothing else the page needs to be drawn: no style sheet, no other script, no preloaded chunk of the app.
    expect(html).not.toMatch(/<link[^>]+rel="(?:stylesheet|modulepreload)"/);
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
    expect(scripts).toEqual([`/${manifest[PAYER_SCRIPT_ENTRY]!.file}`]);
    const script = await rawGet(`${server.baseUrl}${scripts[0]}`, 'gzip');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.body.length + page.body.length).toBeLessThan(50 * 1024);
    // The script imports nothing: what the page loads is this one file.
    expect(manifest[PAYER_SCRIPT_ENTRY]!.imports ?? []).toEqual([]);
  });
});
