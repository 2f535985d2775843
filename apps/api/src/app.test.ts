import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { startTestServer, type TestServer } from './test/server';

let server: TestServer;
let logged = '';
beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk) => (logged += chunk));
  server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: log });
});
afterAll(() => server.close());

describe('the HTTP surface', () => {
  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await server.api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isSuccessful: true, message: 'OK', data: { status: 'ok' } });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('answers unknown API paths, bad JSON and wrong media types with the envelope', async () => {
    const missing = await server.api.get('/does-not-exist');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ isSuccessful: false, message: messages.notFound, data: { code: 'NOT_FOUND' } });

    const badJson = await server.api.request('POST', '/api/v1/auth/login/initiate', { rawBody: '{"email": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ isSuccessful: false, data: { code: 'BAD_REQUEST' } });

    const text = await server.api.request('POST', '/api/v1/auth/login/initiate', { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body.isSuccessful).toBe(false);

    const huge = await server.api.request('POST', '/api/v1/auth/login/initiate', { rawBody: JSON.stringify({ email: 'x'.repeat(2_000_000), password: 'y' }) });
    expect(huge.status).toBe(413);
    expect(huge.body.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides the cause of a 500', async () => {
    const { buildApp } = await import('./app');
    const app = await buildApp({ config: server.app.ctx.config, db: server.db, logStream: new PassThrough() });
    app.get('/api/v1/boom', async () => {
      throw new Error('database password is hunter2');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ isSuccessful: false, message: messages.genericError, data: { code: 'INTERNAL' } });
      expect(res.body).not.toContain('hunter2');
    } finally {
      await app.close();
    }
  });

  it('publishes OpenAPI generated from the contracts, and a docs page', async () => {
    const res = await server.api.get('/openapi.json');
    expect(res.status).toBe(200);
    const spec = res.body as unknown as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/auth/signup', '/api/v1/auth/login/initiate', '/api/v1/auth/login/verify-otp', '/api/v1/auth/refresh', '/api/v1/auth/logout', '/api/v1/auth/forgot-password', '/api/v1/auth/reset-password', '/api/v1/auth/verify-email', '/api/v1/auth/resend-verification', '/api/v1/auth/2fa/setup', '/api/v1/auth/2fa/enable', '/api/v1/auth/2fa/disable', '/api/v1/countries']) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
    expect(JSON.stringify(spec.paths['/api/v1/auth/signup']!.post!.requestBody)).toContain('registrationNo');

    const docs = await fetch(`${server.baseUrl}/api/v1/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
    expect(docs.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('keeps tokens and passwords out of the logs', async () => {
    await server.api.get('/auth/verify-email?token=SuperSecretToken123');
    await server.api.post('/auth/login/initiate', { email: 'someone@acme.ng', password: 'MyPassword-Is-Secret' }, { token: 'Bearer-Secret-Value' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).toContain('token=[redacted]');
    expect(logged).not.toContain('SuperSecretToken123');
    expect(logged).not.toContain('MyPassword-Is-Secret');
    expect(logged).not.toContain('Bearer-Secret-Value');
  });

  it('logs one structured line per request, once its answer has gone, with what an operator needs and no more', async () => {
    const before = logged.length;
    const res = await server.api.get('/countries?probe=one-line');
    expect(res.status).toBe(200);
    await expect.poll(() => logged.slice(before).includes('probe=one-line'), { timeout: 5_000 }).toBe(true);
    const lines = logged
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('probe=one-line'))
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/countries?probe=one-line' },
      res: { statusCode: 200 },
      reqId: expect.any(String),
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
    expect(logged.slice(before)).not.toContain('incoming request');
  });
});
