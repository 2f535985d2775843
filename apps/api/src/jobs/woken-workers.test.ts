import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/server';

// Workers that poll only every ten minutes: whatever reaches a person or a receiver within seconds here was
// woken by the commit that queued it (Queryable.wake), not found by a poll.
let server: TestServer;
let receiver: Server;
const received: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ pollMs: 600_000 });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await server.close();
});

describe('workers woken by a commit', () => {
  it('send an email, a webhook event and a resent delivery within seconds of the change, with polls ten minutes apart', async () => {
    // The verification email (createVerifiedUser waits 5 s for it) and the sign-in.
    const session = await login(server, await createVerifiedUser(server));
    const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
    const { port } = receiver.address() as { port: number };
    const endpoint = (await server.api.post('/webhook-endpoints', { url: `http://127.0.0.1:${port}/hook` }, { token: key })).body.data;

    const ping = (await server.api.post(`/webhook-endpoints/${endpoint.id}/test`, {}, { token: key })).body.data;
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(received[0]!)).toMatchObject({ id: ping.eventId, type: 'ping' });

    expect((await server.api.post(`/webhook-deliveries/${ping.id}/retry`, {}, { token: key })).status).toBe(200);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
    expect(received[1]).toBe(received[0]);
  });
});
