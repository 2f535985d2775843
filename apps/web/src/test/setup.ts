import '@testing-library/jest-dom/vitest';
import * as webStreams from 'node:stream/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../lib/query-client';

// A failed call answers at once in tests; the retry rule itself is tested in lib/query-client.test.ts.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, retry: false },
});

// findBy… and waitFor give up after 1 s by default; with the API suite and the browser tests on the same two
// cores, a validation that React Hook Form runs asynchronously can take longer than that to show.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  queryClient.clear();
});

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no layout, so scrolling is a logged no-op; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// Each file runs in a context of its own (the vmThreads pool), which gets jsdom's globals and Node's fetch, Response and
// TextEncoder but not the web streams: the ones the trade chat reads its events with are Node's, as fetch's are.
for (const name of ['ReadableStream', 'WritableStream', 'TransformStream', 'TextDecoderStream', 'TextEncoderStream'] as const) {
  (globalThis as Record<string, unknown>)[name] ??= webStreams[name];
}
