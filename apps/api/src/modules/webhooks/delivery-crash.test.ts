import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { signupBody } from '../../test/fixtures';
import { freePort, spawnServer } from '../../test/server-process';
import { linkIn, startSmtpSink } from '../../test/smtp-sink';
import { DELIVERY_TIMEOUT_MS, leaseSeconds } from './delivery';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-webhook-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function call(baseUrl: string, method: string, pathname: string, init: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseUrl}/api/v1${pathname}`, {
    method,
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // The answers are checked by the assertions.
  return { status: response.status, body: (await response.json()) as any };
}

describe('webhook delivery across a crash', () => {
  it('delivers an event recorded before the server was killed (SIGKILL) once it runs again', async () => {
    const mail = await startSmtpSink();
    // Retries half a second apart; the receiver is down until after the crash.
    const env = { SMTP_URL: mail.url, WEBHOOK_RETRY_SCHEDULE: Array(20).fill('0.5').join(',') };
    const receiverPort = await freePort();
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    let first = await spawnServer({ dataDir, env });
    try {
      const body = signupBody();
      expect((await call(first.baseUrl, 'POST', '/auth/signup', { body })).status).toBe(201);
      const token = linkIn(await mail.waitFor(body.user.email)).searchParams.get('token');
      expect((await call(first.baseUrl, 'GET', `/auth/verify-email?token=${token}`)).status).toBe(200);
      const session = (await call(first.baseUrl, 'POST', '/auth/login/verify-otp', { body: { email: body.user.email, password: body.user.password, otp: '' } })).body.data;
      const key = (await call(first.baseUrl, 'POST', '/api-keys', { body: {}, token: session.accessToken })).body.data.secretKey as string;
      const endpoint = (await call(first.baseUrl, 'POST', '/webhook-endpoints', { body: { url: `http://127.0.0.1:${receiverPort}/hook` }, token: key })).body.data;
      const ping = (await call(first.baseUrl, 'POST', `/webhook-endpoints/${endpoint.id}/test`, { body: {}, token: key })).body.data;
      expect(ping.status).toBe('pending');

      await first.kill();
      await new Promise<void>((resolve) => receiver.listen(receiverPort, '127.0.0.1', resolve));
      first = await spawnServer({ dataDir, env });

      // Killed between claiming the delivery and recording its attempt, the first server leaves it claimed for the
      // lease (30 s with the default 15 s attempt bound) before the second takes it.
      await expect.poll(() => received.length, { timeout: (leaseSeconds(DELIVERY_TIMEOUT_MS) + 20) * 1000 }).toBeGreaterThanOrEqual(1);
      const event = new Webhook(endpoint.secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
      expect(event).toMatchObject({ id: ping.eventId, type: 'ping' });
      const log = (await call(first.baseUrl, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`, { token: key })).body.data.deliveries[0];
      expect(log.status).toBe('succeeded');
      expect(log.attemptLog.at(-1)).toMatchObject({ responseStatus: 204, error: null });
    } finally {
      await first.kill();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      await mail.close();
    }
  }, 240_000);
});
