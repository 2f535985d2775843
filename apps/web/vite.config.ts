import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // The payer pages are the API's own HTML (docs/decisions/0058-payer-pages-as-server-html.md).
  server: { port: 5173, proxy: { '/api': apiTarget, '/pay/': apiTarget, '/checkout/': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest tells the API the hashed name of the payer pages' script, an entry of its own beside the app.
    manifest: true,
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        payer: fileURLToPath(new URL('src/payer/main.ts', import.meta.url)),
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Tests that fill whole forms by user events take 3 to 5 s each while the API suite shares the two cores.
    testTimeout: 15_000,
  },
});
