import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import type { RateRules } from '../lib/rate-limit';
import { createTestDb } from './db';
import { startSmtpSink } from './smtp-sink';

export type ApiResponse<T = any> = { status: number; headers: Headers; body: { isSuccessful: boolean; message: string; data: T } };

/** A test server's configuration: its data in `dataDir`, keys of its own, no web build, no log lines; `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
}

/**
 * The real server on a free port with a fresh database and a real SMTP peer.
 * One per test file: databases take seconds to create.
 */
export async function startTestServer(
  options: {
    rateRules?: Partial<RateRules>;
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    /** How long the mail and webhook workers wait between polls when nothing wakes them (200 ms unless given). */
    pollMs?: number;
    /** When the scheduled jobs first run (an hour unless given: tests run the jobs they test themselves). */
    jobsFirstRunAfterMs?: number;
    /** A database of the test's own making instead of a fresh one (dropped by `close` all the same). */
    database?: { db: Db; drop: () => Promise<void> };
  } = {},
) {
  const { db, drop } = options.database ?? (await createTestDb());
  const mail = await startSmtpSink();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-test-'));
  const config = testConfig(dataDir, { SMTP_URL: mail.url, ...options.env });
  const app: FastifyInstance = await buildApp({
    config,
    db,
    rateRules: options.rateRules,
    outboxPollMs: options.pollMs ?? 200,
    webhookPollMs: options.pollMs ?? 200,
    // Tests run the jobs they test themselves (releaseDue, payoutsDue, ...): a payout run a minute in, on a slow
    // machine, would pay out a balance a test is about to pay out itself.
    jobsFirstRunAfterMs: options.jobsFirstRunAfterMs ?? 3_600_000,
    logStream: options.logStream,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function request<T = any>(
    method: string,
    url: string,
    init: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  return {
    app,
    db,
    mail,
    baseUrl,
    dataDir,
    api: {
      get: <T = any>(url: string, init?: Parameters<typeof request>[2]) => request<T>('GET', `/api/v1${url}`, init),
      post: <T = any>(url: string, body?: unknown, init?: Parameters<typeof request>[2]) => request<T>('POST', `/api/v1${url}`, { ...init, body }),
      patch: <T = any>(url: string, body?: unknown, init?: Parameters<typeof request>[2]) => request<T>('PATCH', `/api/v1${url}`, { ...init, body }),
      delete: <T = any>(url: string, init?: Parameters<typeof request>[2]) => request<T>('DELETE', `/api/v1${url}`, init),
      request,
    },
    /**
     * Waits until the provider inbox worker has applied every stored provider webhook (or failed an attempt at it),
     * and answers what applying `payload` did when given: webhooks are stored by the route and applied after.
     */
    async providerInboxSettled(payload?: string, timeoutMs = 15_000): Promise<'applied' | 'ignored' | 'failed' | undefined> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM provider_inbox WHERE processed_at IS NULL AND last_error IS NULL');
        if (rows[0]!.n === 0) break;
        if (Date.now() > until) throw new Error('The provider inbox was not applied in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (payload === undefined) return undefined;
      const digest = createHash('sha256').update(payload).digest('hex');
      const { rows } = await db.query<{ outcome: 'applied' | 'ignored' | null }>('SELECT outcome FROM provider_inbox WHERE payload_sha256 = $1', [digest]);
      return rows[0] ? (rows[0].outcome ?? 'failed') : undefined;
    },
    async close() {
      // A streamed download may still hold its connection; do not wait out keep-alive.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await mail.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
