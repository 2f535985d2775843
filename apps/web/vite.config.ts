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
    // Each file in a fresh VM context on a reused worker, not a fresh process: the same isolation between files
    // for about half the suite's time (docs/decisions/0098-web-tests-in-vm-contexts.md).
    pool: 'vmThreads',
    // VM contexts leak memory into their worker (vitest's docs); a worker past this is replaced. The default, the
    // machine's memory shared among the workers, would let three grow to 8 GB each here.
    vmMemoryLimit: '1.5GB',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Tests that fill whole forms by user events take 3 to 5 s each while the API suite shares the two cores.
    testTimeout: 15_000,
  },
});
