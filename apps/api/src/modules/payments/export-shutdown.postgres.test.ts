import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { signupBody } from '../../test/fixtures';
import { spawnServer } from '../../test/server-process';
import { linkIn, startSmtpSink } from '../../test/smtp-sink';

const ROWS = 60_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-export-shutdown-'));
let mail: Awaited<ReturnType<typeof startSmtpSink>>;
/** The test's database, which the server process shares. */
let shared: Awaited<ReturnType<typeof createTestDb>>;

beforeAll(async () => {
  mail = await startSmtpSink();
  shared = await createTestDb();
});
afterAll(async () => {
  await mail.close();
  await shared.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => spawnServer({ dataDir, env: { SMTP_URL: mail.url, APP_URL: 'http://app.test', DATABASE_URL: shared.url! } });

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, any> } };
}

/** SIGTERM, then how long the process took to exit and with what code. */
async function stop(server: Awaited<ReturnType<typeof spawnServer>>) {
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, seconds: (performance.now() - sent) / 1000 };
}

// On PostgreSQL only: the shutdown it guards does not depend on the database, and there the export's COPY must stop
// on the server as well. (Spawning the server on a fresh embedded database, twice, took three times as long.)
describe('a client that leaves in the middle of an export', () => {
  it('leaves nothing behind: SIGTERM then stops the server at once, with exit code 0', async () => {
    // A company with a secret key, made through the API.
    let server = await start();
    const body = signupBody();
    const key = await (async () => {
      try {
        expect((await call(server.baseUrl, 'POST', '/auth/signup', body)).status).toBe(201);
        const token = linkIn(await mail.waitFor(body.user.email, 30_000)).searchParams.get('token');
        expect((await call(server.baseUrl, 'GET', `/auth/verify-email?token=${token}`)).status).toBe(200);
        const session = await call(server.baseUrl, 'POST', '/auth/login/verify-otp', { email: body.user.email, password: body.user.password, otp: '' });
        return (await call(server.baseUrl, 'POST', '/api-keys', {}, session.body.data.accessToken)).body.data.secretKey as string;
      } finally {
        expect((await stop(server)).code).toBe(0);
      }
    })();

    // More lines than the sockets between the database, the server and the client hold.
    await shared.db.query(
      `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name, created_at)
       SELECT u.company_id, false, 'left_' || lpad(g::text, 6, '0'), 10000 + g, 'sandbox', 'buyer@shop.ng', 'A buyer with a long enough name', now() - make_interval(secs => g)
         FROM generate_series(1, $2::int) g, users u WHERE u.email = $1`,
      [body.user.email, ROWS],
    );

    server = await start();
    try {
      const controller = new AbortController();
      const res = await fetch(`${server.baseUrl}/api/v1/transactions/export`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' }, signal: controller.signal });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value!.subarray(3, 30))).toBe('"reference","created_at","p');
      controller.abort();
      await reader.cancel().catch(() => undefined);
      // The server still answers, and its database too (the export's connection was given back or closed).
      expect((await call(server.baseUrl, 'GET', '/transactions?pageSize=1', undefined, key)).status).toBe(200);
      await expect
        .poll(async () => (await shared.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT%'`)).rows[0], {
          timeout: 15_000,
        })
        .toEqual({ n: 0 });
    } finally {
      const stopped = await stop(server);
      expect(stopped.code).toBe(0);
      // Well within the shutdown timeout (10 s), which a connection held by the export would have run into.
      expect(stopped.seconds).toBeLessThan(5);
      expect(server.output).not.toContain('Shutdown took longer');
    }
  }, 240_000);
});
