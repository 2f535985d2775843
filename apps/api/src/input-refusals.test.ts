import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from './test/fixtures';
import { startTestServer, type TestServer } from './test/server';

let server: TestServer;
let token: string;
let logged = '';
beforeAll(async () => {
  const log = new PassThrough();
  log.on('data', (chunk) => (logged += chunk));
  server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: log });
  token = (await login(server, await createVerifiedUser(server))).accessToken;
});
afterAll(() => server.close());

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'ops\u0000@acme.ng'],
    ['an unpaired surrogate', 'ops\ud800@acme.ng'],
  ])('is refused in a public body field with %s, keyed by the field', async (_what, email) => {
    const res = await server.api.post('/admin/auth/login', { email, password: 'Anything 2026!' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      isSuccessful: false,
      message: messages.charactersNotAllowed,
      data: { code: 'VALIDATION_FAILED', errors: { email: messages.charactersNotAllowed } },
    });
  });

  it('is refused in nested fields, path parameters and query strings', async () => {
    const profile = await server.api.post('/auth/signup', { company: { name: 'Okafor\u0000' }, user: {} });
    expect(profile.status).toBe(400);
    expect(profile.body.data.errors['company.name']).toBe(messages.charactersNotAllowed);

    const path = await server.api.request('PATCH', '/api/v1/notification/%00/read', { token });
    expect(path.status).toBe(400);
    expect(path.body.data).toEqual({ code: 'VALIDATION_FAILED', errors: { id: messages.charactersNotAllowed } });

    const query = await server.api.get('/auth/verify-email?token=abc%00');
    expect(query.status).toBe(400);
    expect(query.body.data).toEqual({ code: 'VALIDATION_FAILED', errors: { token: messages.charactersNotAllowed } });
  });
});

describe("the router's refusals", () => {
  it('answer a path that is not valid percent-encoding with a 400 in the envelope, without echoing it', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/notification/%ZZsecret/read`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ isSuccessful: false, message: 'The address of this request is not valid.', data: { code: 'BAD_REQUEST' } });
    expect(text).not.toContain('secret');
  });

  it('answer a path parameter over the length the router reads with a 414 in the envelope', async () => {
    const long = `${'x'.repeat(150)}secret`;
    const res = await fetch(`${server.baseUrl}/api/v1/admin/applications/${long}`);
    expect(res.status).toBe(414);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ isSuccessful: false, message: 'A part of the address of this request is too long.', data: { code: 'URI_TOO_LONG' } });
    expect(text).not.toContain('secret');
  });

  it('answer a request line over the HTTP header limit with a 431 in the envelope', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/notification/${'x'.repeat(20_000)}secret/read`, { method: 'PATCH' });
    expect(res.status).toBe(431);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ isSuccessful: false, message: 'The request headers are too large.', data: { code: 'BAD_REQUEST' } });
    expect(text).not.toContain('secret');
  });

  it('log a refusal as one short line without a stack', async () => {
    await fetch(`${server.baseUrl}/api/v1/notification/%ZZ/read`, { method: 'PATCH' });
    await server.api.request('POST', '/api/v1/auth/login/initiate', { rawBody: '{"email": ' });
    const refusals = () => logged.split('\n').filter((line) => line.includes('Request refused'));
    await expect.poll(() => refusals().length).toBeGreaterThanOrEqual(2);
    for (const line of refusals()) {
      expect(JSON.parse(line)).toMatchObject({ level: 30, statusCode: expect.any(Number), code: expect.stringMatching(/^FST_ERR_/) });
    }
    expect(logged).not.toContain('"stack"');
  });
});
