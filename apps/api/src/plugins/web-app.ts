import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { messages } from '@fipay/contracts/messages';

/** The web build's entry for the payer pages' script (apps/web/vite.config.ts), as Vite's manifest names it. */
export const PAYER_SCRIPT_ENTRY = 'src/payer/main.ts';

/**
 * Where the built payer script is served (`/assets/payer-<hash>.js`), from the build's manifest; null when there is
 * no build or it has no such entry (the payer pages then work as plain forms).
 */
export function payerScriptSrc(root: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file?: string }>;
    const file = manifest[PAYER_SCRIPT_ENTRY]?.file;
    return file ? `/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built web app. Any unknown path outside the API answers with the
 * app's index.html so client-side routes (/login, /dashboard…) load directly.
 *
 * The build writes a .br and a .gz beside every text asset (apps/web/vite-precompress.ts); the
 * static plugin picks the one the browser accepts, so assets are never compressed per request.
 * Hashed files never change under their name; index.html names the current ones, so it is
 * revalidated on every load.
 */
export const webAppPlugin = fp<{ root: string }>(async (app, { root }) => {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ root }, 'Web app build not found; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ isSuccessful: false, message: messages.notFound, data: { code: 'NOT_FOUND' } });
  });
});
