import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createPostgresDb } from '../../db/client';
import { createTestDb } from '../../test/db';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

/** A TCP relay to the database server that the test can cut and restore, as a network outage would. */
function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (listener?.listening) return resolve();
      listener = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      listener.once('error', reject);
      listener.listen(port, '127.0.0.1', () => {
        port = (listener!.address() as { port: number }).port;
        resolve();
      });
    });
  return {
    open,
    url: () => {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!listener?.listening) return resolve();
        listener.close(() => resolve());
      }),
  };
}

let server: TestServer;
let relay: ReturnType<typeof startRelay>;

beforeAll(async () => {
  const direct = await createTestDb();
  relay = startRelay(new URL(direct.url!));
  await relay.open();
  const throughRelay = createPostgresDb(relay.url());
  server = await startTestServer({
    database: {
      db: throughRelay,
      drop: async () => {
        await throughRelay.close().catch(() => undefined);
        await direct.drop();
      },
    },
  });
});
afterAll(async () => {
  await relay.open();
  await server.close();
  await relay.cut();
});

describe('GET /ready through a database outage', () => {
  it('answers 503 while the database is unreachable and 200 once it is back, without a restart', async () => {
    expect((await server.api.get('/ready')).status).toBe(200);

    await relay.cut();
    const started = performance.now();
    const down = await server.api.get('/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ isSuccessful: false, message: messages.databaseUnreachable, data: { code: 'SERVICE_UNAVAILABLE' } });
    // A probe must answer quickly even when the database does not.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await server.api.get('/health')).status).toBe(200);

    await relay.open();
    await expect.poll(async () => (await server.api.get('/ready')).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });
});

describe('data routes through a database outage', () => {
  it('answer 503 with Retry-After in the envelope while the database is unreachable, and work again once it is back', async () => {
    const { accessToken } = await login(server, await createVerifiedUser(server));
    const latest = () => server.api.get('/notification/user/latest', { token: accessToken });
    const readAll = () => server.api.patch('/notification/user/read-all', undefined, { token: accessToken });
    expect((await latest()).status).toBe(200);

    await relay.cut();
    for (const down of [await latest(), await readAll()]) {
      expect(down.status).toBe(503);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(down.body).toEqual({ isSuccessful: false, message: messages.serviceUnavailable, data: { code: 'SERVICE_UNAVAILABLE' } });
    }

    await relay.open();
    await expect.poll(async () => (await latest()).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await readAll()).status).toBe(200);
  });
});
