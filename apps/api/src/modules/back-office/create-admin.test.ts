import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { REVIEWER_PASSWORD } from '../../test/back-office-fixtures';
import { createTestDb } from '../../test/db';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./create-admin-cli.ts', import.meta.url));
const postgres = process.env.TEST_DB === 'postgres';

let dataDir: string;
let database: { db: Db; drop: () => Promise<void>; url?: string } | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-admin-cli-'));
  if (postgres) database = await createTestDb();
  env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
});
afterAll(async () => {
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the command as `npm run admin:create` does: tsx on the source, in a process of its own. */
async function adminCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], { env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function startApp(): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web-build') });
  // PGlite: the app opens the data folder the command used; PostgreSQL: the database it used.
  const app = await buildApp({ config, db: database?.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1` };
}

const postJson = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
};

describe('npm run admin:create', () => {
  it('creates an admin and prints a single-use link that sets the password', async () => {
    const created = await adminCreate('--email', 'Ada.Obi@FiPay.ng', '--name', 'Ada Obi');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Admin created: Ada Obi <ada.obi@fipay.ng>.');
    const link = new URL(created.stdout.match(/http:\/\/app\.test\/admin\/set-password\?token=\S+/)![0]);

    const again = await adminCreate('--email', 'ada.obi@fipay.ng', '--name', 'Ada Obi');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const invalid = await adminCreate('--email', 'not-an-email');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Usage: npm run admin:create');

    const { app, url } = await startApp();
    try {
      const token = link.searchParams.get('token');
      expect((await postJson(`${url}/admin/auth/set-password`, { token, password: REVIEWER_PASSWORD })).status).toBe(200);
      expect((await postJson(`${url}/admin/auth/set-password`, { token, password: REVIEWER_PASSWORD })).status).toBe(400);
      const login = await postJson(`${url}/admin/auth/login`, { email: 'ada.obi@fipay.ng', password: REVIEWER_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ stage: 'enrolment', reviewer: { email: 'ada.obi@fipay.ng', name: 'Ada Obi', role: 'admin', twoFactorEnabled: false } });
      if (!postgres) {
        // Two processes must never open the embedded database's files at once.
        const whileRunning = await adminCreate('--email', 'someone@fipay.ng', '--name', 'Someone Else');
        expect(whileRunning.code).toBe(1);
        expect(whileRunning.stderr).toContain(`is in use by process ${process.pid}`);
      }
    } finally {
      await app.close();
    }

    // A locked-out admin gets a new link; the old password stops working.
    const reset = await adminCreate('--email', 'ada.obi@fipay.ng', '--reset');
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/Access reset for Ada Obi/);
    const { app: again2, url: url2 } = await startApp();
    try {
      expect((await postJson(`${url2}/admin/auth/login`, { email: 'ada.obi@fipay.ng', password: REVIEWER_PASSWORD })).status).toBe(401);
      const newToken = new URL(reset.stdout.match(/http:\/\/app\.test\/admin\/set-password\?token=\S+/)![0]).searchParams.get('token');
      expect((await postJson(`${url2}/admin/auth/set-password`, { token: newToken, password: REVIEWER_PASSWORD })).status).toBe(200);
    } finally {
      await again2.close();
    }
  }, 600_000);
});
