import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { requestInTwoHalves } from './test/raw-http';
import { spawnServer } from './test/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fipay-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('on SIGTERM stops accepting, finishes the request in flight and closes its kept-alive connection, releases the embedded database and exits 0', async () => {
    const server = await spawnServer({ dataDir, env: { LOG_LEVEL: 'debug' } });
    const { child, port } = server;
    try {
      const base = `${server.baseUrl}/api/v1`;
      expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(true);

      const inFlight = requestInTwoHalves(port, '/api/v1/auth/login/initiate', JSON.stringify({ email: 'someone@acme.ng', password: 'Not the password 1!' }));
      await inFlight.started;
      // The request is in flight once the server has taken it in (it logs it at the debug level), not when its bytes have left here:
      // on a busy machine a request the server has not yet read when the signal comes is refused, as it should be.
      const taken = () => server.output.split('\n').some((line) => line.includes('incoming request') && line.includes('/api/v1/auth/login/initiate'));
      await expect.poll(taken, { timeout: 30_000, interval: 50 }).toBe(true);
      child.kill('SIGTERM');
      // New connections are refused once the signal is handled...
      await expect.poll(async () => (await fetch(`${base}/health`).then(() => 'answered', () => 'refused')), { timeout: 30_000, interval: 50 }).toBe('refused');
      // ...while the request already started gets its whole answer, telling the client the connection it kept alive
      // closes: the server ends it then, rather than holding the shutdown until the keep-alive timeout.
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.slice(0, answer.indexOf('\r\n\r\n'))).toMatch(/\r\nConnection: close\r\n/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        isSuccessful: false,
        message: messages.invalidCredentials,
        data: { code: 'INVALID_CREDENTIALS' },
      });

      expect(await server.exited).toBe(0);
      expect(server.output).toContain('Shutting down: finishing requests in flight');
      expect(server.output).toContain('Stopped');
      expect(existsSync(path.join(dataDir, 'pgdata.lock'))).toBe(false);
    } finally {
      await server.kill();
    }
  }, 180_000);

  it('writes the log line of a lone request within a moment although lines are written in batches, and the last ones on exit', async () => {
    const quietDir = mkdtempSync(path.join(tmpdir(), 'fipay-log-batch-'));
    // Closing the embedded database on a loaded two-core machine can take longer than the default 10 s deadline, which
    // exits 1 by design; this test is about the log lines, so it gives the shutdown a minute.
    const server = await spawnServer({ dataDir: quietDir, env: { SHUTDOWN_TIMEOUT_MS: '60000' } });
    try {
      const lineOf = (pathname: string) => server.output.split('\n').find((line) => line.includes('request completed') && line.includes(pathname));
      expect((await fetch(`${server.baseUrl}/api/v1/health`)).status).toBe(200);
      // Far fewer than the batch's 4 KB wait: the periodic flush writes them.
      await expect.poll(() => lineOf('/api/v1/health'), { timeout: 2_000, interval: 20 }).toBeDefined();
      expect(JSON.parse(lineOf('/api/v1/health')!)).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
      expect((await fetch(`${server.baseUrl}/api/v1/countries`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output.slice(-2_000)).toBe(0);
      expect(lineOf('/api/v1/countries')).toBeDefined();
    } finally {
      await server.kill();
      rmSync(quietDir, { recursive: true, force: true });
    }
  }, 180_000);
});
