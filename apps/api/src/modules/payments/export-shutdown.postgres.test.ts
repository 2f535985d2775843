import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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
/** The secret key of a company with ROWS transactions. */
let key: string;

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

beforeAll(async () => {
  mail = await startSmtpSink();
  shared = await createTestDb();
  // A company with a secret key, made through the API.
  const server = await start();
  const body = signupBody();
  try {
    expect((await call(server.baseUrl, 'POST', '/auth/signup', body)).status).toBe(201);
    const token = linkIn(await mail.waitFor(body.user.email, 30_000)).searchParams.get('token');
    expect((await call(server.baseUrl, 'GET', `/auth/verify-email?token=${token}`)).status).toBe(200);
    const session = await call(server.baseUrl, 'POST', '/auth/login/verify-otp', { email: body.user.email, password: body.user.password, otp: '' });
    key = (await call(server.baseUrl, 'POST', '/api-keys', {}, session.body.data.accessToken)).body.data.secretKey as string;
  } finally {
    expect((await stop(server)).code).toBe(0);
  }
  // More lines than the sockets between the database, the server and the client hold.
  await shared.db.query(
    `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name, created_at)
     SELECT u.company_id, false, 'left_' || lpad(g::text, 6, '0'), 10000 + g, 'sandbox', 'buyer@shop.ng', 'A buyer with a long enough name', now() - make_interval(secs => g)
       FROM generate_series(1, $2::int) g, users u WHERE u.email = $1`,
    [body.user.email, ROWS],
  );
}, 120_000);
afterAll(async () => {
  await mail.close();
  await shared.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

// On PostgreSQL only: the shutdown it guards does not depend on the database, and there the export's COPY must stop
// on the server as well. (Spawning the server on a fresh embedded database, twice, took three times as long.)
describe('a client that leaves in the middle of an export', () => {
  it('leaves nothing behind: SIGTERM then stops the server at once, with exit code 0', async () => {
    const server = await start();
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

describe('a client that downloads an export across a SIGTERM on a connection it keeps alive', () => {
  it('gets the whole file, then the server ends the connection and exits 0 without waiting out keep-alive', async () => {
    const server = await start();
    try {
      // A raw socket that never closes on its own: only the server ending the connection ends `answer`.
      const socket = connect(server.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      let received = 0;
      const answer = new Promise<string>((resolve, reject) => {
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
        });
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      socket.write(
        `GET /api/v1/transactions/export HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nAccept-Encoding: identity\r\nConnection: keep-alive\r\n\r\n`,
      );
      // The answer has begun (its head is out) when the signal comes, and the client then stops reading for a while.
      await expect.poll(() => received, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
      socket.pause();
      server.child.kill('SIGTERM');
      await expect.poll(() => server.output.includes('Shutting down: finishing requests in flight'), { timeout: 10_000, interval: 20 }).toBe(true);
      socket.resume();
      const raw = await answer;
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      // Sent before the signal, so it could not say the connection would close.
      expect(head).not.toMatch(/\r\nConnection: close\r\n/i);
      // The file is whole: its last line is the oldest transaction, and the chunked body is terminated.
      expect(raw).toContain('left_060000');
      expect(raw.endsWith('\r\n0\r\n\r\n')).toBe(true);
      expect(await server.exited).toBe(0);
      expect(server.output).not.toContain('Shutdown took longer');
      socket.destroy();
    } finally {
      await server.kill();
    }
  }, 240_000);
});
