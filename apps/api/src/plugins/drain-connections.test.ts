import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainConnectionsOnClose } from './drain-connections';

/** A bare app with the plugin: `/slow` answers when `release` is called, `/slower` a moment after. */
async function appWithSlowRoute() {
  const app = Fastify();
  drainConnectionsOnClose(app);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = 0;
  app.get('/slow', async () => {
    started += 1;
    await released;
    return { slow: true };
  });
  app.get('/slower', async () => {
    await released;
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { slower: true };
  });
  app.get('/fast', async () => ({ fast: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port, release, started: () => started };
}

/**
 * A raw client that keeps its side of the connection open after the server's FIN, as one busy with something else
 * may: `closed` resolves with what it received once the server has ended the connection. The server must not wait
 * for the client's FIN either, or closing the app waits with it.
 */
function halfOpenClient(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  return { socket, closed, received: () => received };
}

/** Whether `closing` settles within two seconds. */
const settles = (closing: Promise<unknown>) =>
  Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000))]);

/** The status lines in what a client received: answers follow each other on the connection with nothing between. */
const answersIn = (raw: string) => raw.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('closing an app that drains its connections', () => {
  it('answers the requests pipelined on a connection, in order, then closes it although the client keeps its side open', async () => {
    const { app, port, release, started } = await appWithSlowRoute();
    const client = halfOpenClient(port);
    // The second answer is not ready when the first has gone: the connection must wait for it.
    client.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /slower HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(started).toBe(1);
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const raw = await client.closed;
    expect(answersIn(raw)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(raw.indexOf('"slow":true')).toBeLessThan(raw.indexOf('"slower":true'));
    expect(await settles(closing)).toBe('closed');
    client.socket.destroy();
  });

  it('tells the client of the last answer it owes that the connection closes, and closes it', async () => {
    const { app, port, release, started } = await appWithSlowRoute();
    const client = halfOpenClient(port);
    client.socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(started).toBe(1);
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    const raw = await client.closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.slice(0, raw.indexOf('\r\n\r\n'))).toMatch(/\r\nConnection: close\r\n/i);
    expect(await settles(closing)).toBe('closed');
    client.socket.destroy();
  });

  it('drops a connection that has sent nothing, and one whose answers were all sent, so neither holds the close', async () => {
    const { app, port } = await appWithSlowRoute();
    const quiet = halfOpenClient(port);
    const served = halfOpenClient(port);
    served.socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => answersIn(served.received()).length).toBe(1);
    // Node would keep either for its keep-alive or headers timeout (5 s and more).
    expect(await settles(app.close())).toBe('closed');
    await Promise.all([quiet.closed, served.closed]);
    quiet.socket.destroy();
    served.socket.destroy();
  });
});
