import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { COMMUNITY_URL: 'https://forum.example.ng', COMMUNITY_LINKS: JSON.stringify([{ label: 'Telegram', url: 'https://t.me/example' }]) } });
});
afterAll(async () => server.close());

describe('GET /community', () => {
  it('answers the configured community site and links to anyone, signed in or not', async () => {
    const res = await server.api.get('/community');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isSuccessful: true,
      message: 'Community links loaded.',
      data: { url: 'https://forum.example.ng', links: [{ label: 'Telegram', url: 'https://t.me/example' }] },
    });
  });
});

describe('community settings', () => {
  const base = { JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: 'e'.repeat(48), DATA_DIR: '/tmp/fipay-community-config-never-written' };

  it('defaults to the FiPay community site and no further links', () => {
    expect(loadConfig(base).community).toEqual({ url: 'https://community.fipay.ng', links: [] });
  });

  it.each([
    ['not JSON', '[{', 'COMMUNITY_LINKS: not valid JSON'],
    ['a script address', JSON.stringify([{ label: 'X', url: 'javascript:alert(1)' }]), 'COMMUNITY_LINKS.0.url'],
    ['an empty label', JSON.stringify([{ label: ' ', url: 'https://x.example' }]), 'COMMUNITY_LINKS.0.label'],
    ['an unknown key', JSON.stringify([{ label: 'X', url: 'https://x.example', icon: 'x' }]), 'COMMUNITY_LINKS.0'],
  ])('refuses COMMUNITY_LINKS with %s, naming it', (_case, value, named) => {
    expect(() => loadConfig({ ...base, COMMUNITY_LINKS: value })).toThrow(named);
  });

  it('refuses a COMMUNITY_URL that is not a web address', () => {
    expect(() => loadConfig({ ...base, COMMUNITY_URL: 'javascript:alert(1)' })).toThrow('COMMUNITY_URL');
  });
});
