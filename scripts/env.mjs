import { existsSync } from 'node:fs';

/** Reads ./.env when there is one; variables already set in the environment win. */
export function loadDotEnv(file = '.env') {
  if (existsSync(file)) process.loadEnvFile(file);
}
