// `npm start`: builds the web app and the API when their sources are newer than
// the last build (or there is none), then runs the production server.
import { pathToFileURL } from 'node:url';
import { at, buildIfStale } from './build-if-stale.mjs';
import { loadDotEnv } from './env.mjs';

buildIfStale();
loadDotEnv(at('.env'));
await import(pathToFileURL(at('apps/api/dist/server.js')).href);
