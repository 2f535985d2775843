import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { isDatabaseUnavailable } from './unavailable';

/** The error a promise fails with. */
async function failure(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** A TCP server that accepts connections and does `onConnection` with each; closed after the file. */
const peers: { server: Server; sockets: Set<Socket> }[] = [];
async function peer(onConnection: (socket: Socket) => void) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  peers.push({ server, sockets });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

let database: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(async () => {
  for (const { server, sockets } of peers) {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
  await Promise.all(pools.map((pool) => pool.end()));
  await database.drop();
});

/** A pool, as the server keeps one, of connections to a port on this machine. */
const pools: pg.Pool[] = [];
function through(port: number) {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', connectionTimeoutMillis: 300 });
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
}

describe('a database that cannot be reached', () => {
  it('is told apart from other errors, in each form pg reports it', async () => {
    // Nothing listens: ECONNREFUSED.
    const closed = await peer((socket) => socket.destroy());
    peers.at(-1)!.server.close();
    const refused = await failure(through(closed).query('SELECT 1'));
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });

    // A server that accepts and never answers: the connect time-out.
    const timedOut = await failure(through(await peer(() => undefined)).query('SELECT 1'));
    expect(timedOut.message).toBe('Connection terminated due to connection timeout');

    // A connection cut as soon as it is made.
    const terminated = await failure(through(await peer((socket) => socket.destroy())).query('SELECT 1'));
    expect(terminated.message).toBe('Connection terminated unexpectedly');

    // A full pool whose connections are all taken: waiting for one times out.
    const pool = new pg.Pool({ connectionString: database.url, max: 1, connectionTimeoutMillis: 300 });
    const held = await pool.connect();
    held.on('error', () => undefined);
    const poolTimeout = await failure(pool.query('SELECT 1'));
    expect(poolTimeout.message).toBe('timeout exceeded when trying to connect');

    // The server ends the session (pg_terminate_backend: 57P01, as a shutdown does).
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const pid = (await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const killed = failure(held.query('SELECT pg_sleep(30)'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const adminShutdown = await killed;
    expect(adminShutdown).toMatchObject({ code: '57P01' });
    held.release(true);

    // Errors a server in trouble answers with, as pg gives them.
    const answered = (code: string, message: string) => Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });
    const forms = [
      refused,
      timedOut,
      terminated,
      poolTimeout,
      adminShutdown,
      answered('57P02', 'terminating connection due to crash of another server process'),
      answered('57P03', 'the database system is starting up'),
      answered('08006', 'connection failure'),
      answered('08001', 'could not connect'),
      answered('53300', 'sorry, too many clients already'),
    ];
    for (const error of forms) expect(isDatabaseUnavailable(error), `${(error as { code?: string }).code} ${error.message}`).toBe(true);

    // Errors of the request or the code are not an outage.
    const divisionByZero = await failure(admin.query('SELECT 1/0'));
    const syntax = await failure(admin.query('SELEKT 1'));
    for (const error of [divisionByZero, syntax, new Error('boom'), new TypeError('x is undefined'), 'text']) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    await admin.end();
    await pool.end();
  });
});
