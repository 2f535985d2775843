import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { createPostgresDb } from '../src/db/client';
import { startSmtpSink } from '../src/test/smtp-sink';
import type { FromServer, ServerWorkerData, ToServer } from './protocol';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The server URL without its password, for printing. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * A uniquely named database on the PostgreSQL server of `serverUrl`, dropped
 * by `drop()`. Only a server on this machine is accepted: the bench creates and
 * drops databases.
 */
async function createBenchDatabase(serverUrl: string) {
  const server = new URL(serverUrl);
  if (!LOOPBACK.has(server.hostname)) {
    throw new Error(`BENCH_DATABASE_URL must point at 127.0.0.1 or localhost, not ${server.hostname}`);
  }
  const name = `fipay_bench_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(serverUrl);
  try {
    const version = await admin.query<{ server_version: string }>('SHOW server_version');
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      name,
      url: url.toString(),
      serverVersion: version.rows[0]?.server_version ?? 'unknown',
      async drop() {
        try {
          await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await admin.close();
        }
      },
    };
  } catch (error) {
    await admin.close();
    throw error;
  }
}

/** Starts the app in a worker thread; TypeScript there goes through tsx like here. */
function spawnServerWorker(data: ServerWorkerData): Worker {
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

function nextMessage(worker: Worker, timeoutMs: number): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`server worker did not answer within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: FromServer) => done(undefined, message);
    const onError = (error: Error) => done(error);
    const onExit = (code: number) => done(new Error(`server worker exited with code ${code}`));
    function done(error: Error | undefined, message?: FromServer) {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/**
 * The real server on 127.0.0.1 (free port) with a fresh database and a local
 * SMTP sink. Whatever was started is stopped by close(), also after a failure
 * half-way through starting.
 */
export async function startBenchServer(options: { databaseUrl: string | undefined; logLevel: string }) {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    cleanups.length = 0;
  };
  try {
    const mail = await startSmtpSink();
    cleanups.push(() => mail.close());

    const database = options.databaseUrl ? await createBenchDatabase(options.databaseUrl) : undefined;
    if (database) cleanups.push(() => database.drop());

    const worker = spawnServerWorker({ databaseUrl: database?.url, smtpUrl: mail.url, logLevel: options.logLevel });
    worker.on('error', (error) => console.error('server worker error:', error));
    let logLines = 0;
    cleanups.push(async () => {
      try {
        worker.postMessage({ type: 'close' } satisfies ToServer);
        const answer = await nextMessage(worker, 15_000);
        if (answer.type === 'closed') logLines = answer.logLines;
      } finally {
        await worker.terminate();
      }
    });

    const ready = await nextMessage(worker, 60_000);
    if (ready.type === 'failed') throw new Error(`server failed to start:\n${ready.message}`);
    if (ready.type !== 'ready') throw new Error(`unexpected message from server worker: ${ready.type}`);
    if (new URL(ready.baseUrl).hostname !== '127.0.0.1') throw new Error(`refusing to target ${ready.baseUrl}`);

    let sqlSeq = 0;
    return {
      baseUrl: ready.baseUrl,
      /** Runs a statement on the server's own database (seeding). */
      async sql<T>(sql: string, params: unknown[] = []): Promise<T[]> {
        const id = ++sqlSeq;
        worker.postMessage({ type: 'sql', id, sql, params } satisfies ToServer);
        for (;;) {
          const answer = await nextMessage(worker, 600_000);
          if (answer.type === 'sql-done' && answer.id === id) {
            if (answer.error) throw new Error(answer.error);
            return answer.rows as T[];
          }
        }
      },
      dbKind: ready.dbKind,
      database: database ? { name: database.name, serverVersion: database.serverVersion } : undefined,
      mail,
      /** The server thread's event-loop utilisation (cumulative; diff two readings). */
      eventLoopUtilization: (previous?: ReturnType<Worker['performance']['eventLoopUtilization']>) =>
        worker.performance.eventLoopUtilization(previous),
      logLines: () => logLines,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
