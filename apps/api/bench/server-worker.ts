/**
 * Runs inside a worker thread: the real app on 127.0.0.1 with its own event
 * loop, so the load generator in the main thread does not queue in front of it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPgliteDb, createPostgresDb, type Db } from '../src/db/client';
import { defaultRateRules, type RateRules } from '../src/lib/rate-limit';
import type { FromServer, ServerWorkerData, ToServer } from './protocol';

const data = workerData as ServerWorkerData;
const port = parentPort!;
const send = (message: FromServer) => port.postMessage(message);

/** Limits so high that the bench measures the server, not the limiter (which still counts every hit). */
const benchRateRules = Object.fromEntries(
  Object.entries(defaultRateRules).map(([name, rule]) => [name, { ...rule, limit: 1_000_000_000 }]),
) as RateRules;

/** Log lines are produced and serialised as in production, then thrown away. */
let logLines = 0;
const logSink = new Writable({
  write(_chunk, _encoding, callback) {
    logLines += 1;
    callback();
  },
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-bench-'));
let db: Db | undefined;
let app: FastifyInstance | undefined;
let closing: Promise<void> | undefined;

function close(): Promise<void> {
  closing ??= (async () => {
    await app?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return closing;
}

port.on('message', (message: ToServer) => {
  if (message.type === 'close') void close().then(() => send({ type: 'closed', logLines }));
  if (message.type === 'sql') {
    db!.query(message.sql, message.params).then(
      ({ rows }) => send({ type: 'sql-done', id: message.id, rows }),
      (error: unknown) => send({ type: 'sql-done', id: message.id, rows: [], error: String(error) }),
    );
  }
});

async function main() {
  db = data.databaseUrl ? createPostgresDb(data.databaseUrl) : createPgliteDb();
  const jwtSecret = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    APP_URL: 'http://app.bench',
    JWT_SECRET: jwtSecret,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: data.smtpUrl,
    LOG_LEVEL: data.logLevel,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // The payments bench's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  app = await buildApp({ config, db, rateRules: benchRateRules, logStream: logSink });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  send({ type: 'ready', baseUrl: `http://127.0.0.1:${address.port}`, dbKind: db.kind });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
});
