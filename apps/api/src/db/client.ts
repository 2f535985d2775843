import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { copyLines } from './copy-lines';
import { unpackEmbeddedTemplate } from './embedded-unpack';

export type QueryResult<T> = { rows: T[]; rowCount: number };

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` once what was written here is visible to everyone: at once outside a transaction, after COMMIT
   * inside one, never after a ROLLBACK. `fn` must not throw (it runs after the answer is decided).
   */
  afterCommit(fn: () => void): void;
  /**
   * Wakes whoever waits on `topic` (`Db.onWake`) once what was written here commits: the code that queues work
   * in rows (an email, a webhook delivery) says so in the same transaction, and the worker that does it runs now
   * instead of at its next poll.
   */
  wake(topic: WakeTopic): void;
  /**
   * Values read from rows that never change once committed (a ledger account's id), kept for the life of the
   * database handle and shared by all its transactions. Remember only what has committed (`afterCommit`).
   */
  readonly memo: Map<string, string>;
}

/** Work kept in rows that a worker of this process does. */
export type WakeTopic = 'outbox' | 'webhooks' | 'provider-inbox' | 'withdrawals';

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls `fn` whenever a committed change wakes `topic`; answers the function that stops it. */
  onWake(topic: WakeTopic, fn: () => void): () => void;
  /**
   * PostgreSQL only: the one text column of `select`'s rows, back to back, streamed by `COPY … TO STDOUT` at the
   * pace they are read, on a connection of its own until the end (db/copy-lines.ts). `$1`… in `select` become
   * literals of `params`.
   */
  copyLines?(select: string, params: unknown[]): Readable;
  /**
   * Calls `fn` with the payload of each `NOTIFY` on `channel` (`pg_notify` in a transaction: sent at its COMMIT), from
   * any process on the database; answers the function that stops it. PostgreSQL listens on one connection of its own,
   * opened again after it is lost (`fn` is then called with null: notices may have been missed meanwhile).
   */
  listen(channel: string, fn: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * What every Db shares: the listeners of wake-ups, and a transaction's list of what to run after its COMMIT.
 * `run` calls `fn` with a Queryable made by `wrap` whose afterCommit queues; the queue runs only when `fn`'s
 * transaction committed (the caller's COMMIT returned).
 */
function commitHooks() {
  const listeners = new Map<WakeTopic, Set<() => void>>();
  const emit = (topic: WakeTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener();
  };
  return {
    onWake(topic: WakeTopic, fn: () => void) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(fn);
      return () => void set.delete(fn);
    },
    /** For the connection outside any transaction: each statement has committed when it returns. */
    immediate: { afterCommit: (fn: () => void) => fn(), wake: emit },
    /** For one transaction: hooks queued until `flush` (after COMMIT). */
    deferred() {
      const queued: (() => void)[] = [];
      const topics = new Set<WakeTopic>();
      return {
        hooks: { afterCommit: (fn: () => void) => void queued.push(fn), wake: (topic: WakeTopic) => void topics.add(topic) },
        flush() {
          for (const fn of queued) fn();
          for (const topic of topics) emit(topic);
        },
      };
    },
  };
}

export class DatabaseInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's files: a second process opening
 * them (the admin command while the server runs, two servers on one DATA_DIR)
 * would corrupt them. A lock file with the owner's PID refuses that; a lock
 * left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dataDir} is in use by process ${owner} (a running server?). ` +
            `Stop that process first, or point both at PostgreSQL with DATABASE_URL. If nothing is running, delete ${lockFile}.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * The embedded database, in `dataDir` or in memory. `from` starts an in-memory one from a data folder saved
 * with `dumpDataDir` instead of running initdb (the tests' migrated template: a fifth of the start time).
 */
export function createPgliteDb(dataDir?: string, from?: Blob): Db {
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  return pgliteDb(new PGlite({ dataDir, loadDataDir: from, startParams: EMBEDDED_START_PARAMS }), unlock);
}

/**
 * The embedded engine's shared buffers: 32 MB instead of initdb's 128 MB. The engine's memory is WebAssembly memory,
 * which is never given back, and the buffer pool was most of it: opened and asked one query, the engine alone held
 * 303 MB resident with 128 MB, 193 MB with 32 MB (docs/decisions/0064). A page it does not hold is one read of the
 * data folder away, which the operating system caches.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];

/** Our database interface over a PGlite instance; `close` closes it, then runs `onClosed`. */
export function pgliteDb(lite: PGlite, onClosed: () => void = () => undefined): Db {
  const hooks = commitHooks();
  const memo = new Map<string, string>();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, after: Pick<Queryable, 'afterCommit' | 'wake'>): Queryable => ({
    memo,
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      // PGlite counts rows changed in affectedRows and rows read in rows; pg gives either as rowCount.
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    ...after,
  });
  return {
    kind: 'pglite',
    ...wrap(lite, hooks.immediate),
    onWake: hooks.onWake,
    async listen(channel, fn) {
      const stop = await lite.listen(channel, (payload) => fn(payload));
      return () => stop().catch(() => undefined);
    },
    async transaction(fn) {
      const deferred = hooks.deferred();
      const result = await lite.transaction((tx) => fn(wrap(tx, deferred.hooks)));
      deferred.flush();
      return result;
    },
    close: async () => {
      try {
        await lite.close();
      } finally {
        onClosed();
      }
    },
  };
}

/**
 * Runs `fn` on one pooled connection between BEGIN and COMMIT (ROLLBACK when it throws), its statements and those
 * one after another (oneAtATime): a `fn` that fails while a statement of its own still runs ends after it.
 */
async function inTransaction<T>(pool: pg.Pool, fn: (send: Send) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const send = oneAtATime(client);
  // A connection lost between two statements (no query running) is an 'error' event on the client, which the pool
  // listens for only while the client is idle; unheard, it would end the process. The next statement fails with it.
  let lost: Error | undefined;
  const onLost = (error: Error) => void (lost = error);
  client.on('error', onLost);
  try {
    await send({ text: 'BEGIN' });
    const result = await fn(send);
    await send({ text: 'COMMIT' });
    return result;
  } catch (error) {
    await send({ text: 'ROLLBACK' }).catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', onLost);
    // A lost connection is closed, not handed to the next caller.
    client.release(lost);
  }
}

/** Sends one statement on a connection (or a pool's next free one) and answers its result. */
type Send = (config: pg.QueryConfig) => Promise<pg.QueryResult>;

/**
 * A transaction's statements go to its connection one after another: a statement asked for while another runs (a
 * `Promise.all` of reads in one transaction) waits for it here. pg queued such statements itself, which pg 8.23 reports
 * as deprecated and to be removed in pg 9 ("Calling client.query() when the client is already executing a query").
 */
function oneAtATime(client: pg.PoolClient): Send {
  let last: Promise<unknown> = Promise.resolve();
  return (config) => {
    const result = last.then(() => client.query(config));
    last = result.catch(() => undefined);
    return result;
  };
}

/**
 * Statements with parameters run as named prepared statements (docs/decisions/0078-prepared-statements.md): each
 * connection parses, analyses and plans a text once and keeps it, where an unnamed statement does all that again on
 * every call. A name is the text's digest, so one text has one name on every connection of the pool. Only the first
 * `preparedTexts` texts are prepared (each connection keeps what it prepared until it closes, so this bounds the
 * server's memory for them); later texts run unnamed, as every statement without parameters does.
 */
/**
 * A text with an optional filter (`$5::bigint IS NULL OR l.id < $5`) has no one good plan: after five runs PostgreSQL
 * may keep a generic plan made for whichever shape came first, and a statement's page 1 ran 13 times slower than its
 * page 1,000 (`npm run bench`, case `statement`). Such texts run unnamed and are planned for their values each time.
 */
const OPTIONAL_FILTER = /\$\d+(::[a-z_ ]+)?\s+IS\s+NULL\s+OR\b/i;

function statementNamer(preparedTexts: number): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    const known = names.get(sql);
    if (known !== undefined || names.size >= preparedTexts || OPTIONAL_FILTER.test(sql)) return known;
    const name = `s${createHash('sha256').update(sql).digest('base64url').slice(0, 22)}`;
    names.set(sql, name);
    return name;
  };
}

export function createPostgresDb(connectionString: string, options: { preparedTexts?: number } = {}): Db {
  // A database that does not answer fails a request in seconds instead of holding it until TCP gives up.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const hooks = commitHooks();
  const memo = new Map<string, string>();
  const statementName = statementNamer(options.preparedTexts ?? 400);
  const wrap = (send: Send, after: Pick<Queryable, 'afterCommit' | 'wake'>): Queryable => ({
    memo,
    async query<T>(sql: string, params: unknown[] = []) {
      const name = params.length > 0 ? statementName(sql) : undefined;
      const r = await send(name ? { name, text: sql, values: params } : { text: sql, values: params });
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await send({ text: sql });
    },
    ...after,
  });
  const listener = notificationListener(connectionString);
  return {
    kind: 'postgres',
    ...wrap((config) => pool.query(config), hooks.immediate),
    onWake: hooks.onWake,
    listen: listener.listen,
    async transaction(fn) {
      const deferred = hooks.deferred();
      const result = await inTransaction(pool, (send) => fn(wrap(send, deferred.hooks)));
      deferred.flush();
      return result;
    },
    copyLines: (select, params) => copyLines(pool, select, params),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * `LISTEN` on one connection of its own, opened on the first `listen` and closed with the database handle. A lost
 * connection is opened again a second later, listening on the same channels; each listener is then told (null) that
 * notices may have been missed, so it can read what it follows again.
 */
function notificationListener(connectionString: string) {
  const channels = new Map<string, Set<(payload: string | null) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
      next.on('notification', (message) => {
        for (const fn of channels.get(message.channel) ?? []) fn(message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        client = null;
        connecting = null;
        next.end().catch(() => undefined);
        if (!closed) setTimeout(() => void reopen(), 1_000).unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        connecting = null;
        await next.end().catch(() => undefined);
        throw error;
      }
      client = next;
      return next;
    })();
    return connecting;
  };

  async function reopen() {
    if (closed || channels.size === 0) return;
    try {
      await connect();
      for (const set of channels.values()) for (const fn of set) fn(null);
    } catch {
      if (!closed) setTimeout(() => void reopen(), 1_000).unref();
    }
  }

  return {
    async listen(channel: string, fn: (payload: string | null) => void) {
      let set = channels.get(channel);
      const first = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(fn);
      const connection = await connect();
      if (first) await connection.query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(fn);
        if (set.size > 0 || channels.get(channel) !== set) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * The configured database: PostgreSQL at `databaseUrl`, or the embedded one in `dataDir`, which a first start
 * unpacks from the migrated template the build ships (embedded-unpack.ts) while holding the folder's lock.
 */
export async function createDb(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return createPostgresDb(options.databaseUrl);
  const dataDir = `${options.dataDir.replace(/\/+$/, '')}/pgdata`;
  const unlock = lockDataDir(dataDir);
  try {
    await unpackEmbeddedTemplate(dataDir);
    return pgliteDb(new PGlite({ dataDir, startParams: EMBEDDED_START_PARAMS }), unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * For one-off commands (migrations, admin:create): opens the configured database, creating the
 * data folder when needed; when the embedded database is held by a running server, says so and
 * exits instead of throwing a stack trace at the operator.
 */
export async function openDbForCommand(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Db> {
  mkdirSync(options.dataDir, { recursive: true });
  try {
    return await createDb(options);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
