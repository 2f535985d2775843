import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { rawConnection } from '../test/raw-http';
import { drainConnectionsOnClose } from './drain-connections';

/**
 * A bare app with the plugin: `/slow` answers when `release` is called, `/slower` a moment after; `/streamed` sends its
 * head and a first line at once and its last line when `release` is called.
 */
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
  app.get('/streamed', async (_request, reply) => {
    const body = new PassThrough();
    body.write('first line\n');
    void released.then(() => body.end('last line\n'));
    return reply.type('text/plain').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port, release, started: () => started };
}

/** Whether `closing` settles within two seconds. */
const settles = (closing: Promise<unknown>) =>
  Promise.race([closing.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), 2_000))]);

/**
 * Sends `requests` on a connection whose client keeps its side open after the server's FIN (the server must not wait
 * for the client's either, or closing the app waits with it), closes the app while the first is being answered, then
 * lets the answers go: what the client received once the server ended the connection, and whether the app closed
 * within two seconds while the client still held its side (so it is dropped only after).
 */
async function closeWhileAnswersAreOwed(requests: string) {
  const { app, port, release, started } = await appWithSlowRoute();
  const client = rawConnection(port, { allowHalfOpen: true });
  client.socket.write(requests);
  await expect.poll(started).toBe(1);
  const closing = app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  const raw = await client.ended;
  const closed = await settles(closing);
  client.socket.destroy();
  return { raw, closed };
}

/** The status lines in what a client received: answers follow each other on the connection with nothing between. */
const answersIn = (raw: string) => raw.match(/HTTP\/1\.1 \d{3}/g) ?? [];

describe('closing an app that drains its connections', () => {
  it('answers the requests pipelined on a connection, in order, then closes it although the client keeps its side open', async () => {
    // The second answer is not ready when the first has gone: the connection must wait for it.
    const { raw, closed } = await closeWhileAnswersAreOwed('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /slower HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answersIn(raw)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(raw.indexOf('"slow":true')).toBeLessThan(raw.indexOf('"slower":true'));
    expect(closed).toBe('closed');
  });

  it('tells the client of the last answer it owes that the connection closes, and closes it', async () => {
    const { raw, closed } = await closeWhileAnswersAreOwed('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw.slice(0, raw.indexOf('\r\n\r\n'))).toMatch(/\r\nConnection: close\r\n/i);
    expect(closed).toBe('closed');
  });

  it('ends a kept-alive connection whose answer had begun before the close, once that answer is whole', async () => {
    const { app, port, release } = await appWithSlowRoute();
    const client = rawConnection(port, { allowHalfOpen: true });
    client.socket.write('GET /streamed HTTP/1.1\r\nHost: x\r\n\r\n');
    // Its head went out saying the connection stays open; only the server ending it can let the close finish.
    await expect.poll(() => client.received()).toContain('first line');
    expect(client.received()).not.toMatch(/\r\nConnection: close\r\n/i);
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await client.ended).toMatch(/last line\n\r\n0\r\n\r\n$/);
    expect(await settles(closing)).toBe('closed');
    client.socket.destroy();
  });

  it('drops a connection that has sent nothing, and one whose answers were all sent, so neither holds the close', async () => {
    const { app, port } = await appWithSlowRoute();
    const quiet = rawConnection(port, { allowHalfOpen: true });
    const served = rawConnection(port, { allowHalfOpen: true });
    served.socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await expect.poll(() => answersIn(served.received()).length).toBe(1);
    // Node would keep either for its keep-alive or headers timeout (5 s and more).
    expect(await settles(app.close())).toBe('closed');
    await Promise.all([quiet.ended, served.ended]);
    quiet.socket.destroy();
    served.socket.destroy();
  });
});
