import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalSecret = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().min(32, 'must be at least 32 characters').optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('FiPay <no-reply@fipay.local>'),
  JWT_SECRET: optionalSecret,
  ENCRYPTION_KEY: optionalSecret,
  REDIS_URL: optionalUrl,
  TRUST_PROXY: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  encryptionKey: string;
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads a secret kept in the data folder, creating it on first start. */
function persistedSecret(dataDir: string, file: string): string {
  const target = path.join(dataDir, file);
  if (existsSync(target)) return readFileSync(target, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(target, secret, { mode: 0o600 });
  return secret;
}

// src/config.ts and the bundled dist/server.js sit at the same depth, so the web build is found from either.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The one place that reads the environment; every bad key is named at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
    if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: required when NODE_ENV=production');
  }
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret'),
    encryptionKey: e.ENCRYPTION_KEY ?? persistedSecret(dataDir, 'encryption-key'),
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
  };
}
