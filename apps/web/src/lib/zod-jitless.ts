// Our CSP allows no eval, and zod probes for `new Function` when its first object schema is made,
// so the probe alone reports a violation. zod keeps its settings on globalThis.__zod_globalConfig so
// that every copy of it shares them: set there before zod loads, this is z.config({ jitless: true })
// without bringing zod into the entry chunk. main.tsx imports it first; zod-jitless.test.ts checks
// that zod still reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
