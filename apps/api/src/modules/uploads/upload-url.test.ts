import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { messages } from '@fipay/contracts/messages';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let session: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  server = await startTestServer({ rateRules: { uploadUrlPerUser: { limit: 20, windowSeconds: 60 } } });
  session = await login(server, await createVerifiedUser(server));
});
afterAll(() => server?.close());

/** data is the URL on success and { code, errors } on failure. */
const uploadUrl = (body: unknown, token: string | null = session.accessToken) =>
  server.api.post<any>('/aws/upload-url', body, token ? { token } : {});

/** The key and query of a local upload link. */
function parseLink(link: string) {
  const url = new URL(link);
  expect(url.origin).toBe('http://app.test');
  expect(url.pathname.startsWith('/api/v1/uploads/')).toBe(true);
  return { key: decodeURIComponent(url.pathname.slice('/api/v1/uploads/'.length)), query: url.searchParams };
}

describe('POST /api/v1/aws/upload-url', () => {
  it.each([
    ['application/pdf', 'Certificate of Incorporation.pdf', 'Certificate-of-Incorporation.pdf'],
    ['image/png', 'utility bill (Jan).PNG', 'utility-bill-Jan.png'],
    ['image/jpeg', 'memart.jpeg', 'memart.jpeg'],
    ['image/jpeg', 'scan.jpg', 'scan.jpg'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'Due diligence.docx', 'Due-diligence.docx'],
  ])('answers a link for %s under the company prefix with a clean name (%s)', async (contentType, fileName, cleanName) => {
    const before = Date.now();
    const response = await uploadUrl({ objectKey: `documents/kyc/1732000000000-${fileName}`, expirySeconds: 3600, contentType });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ isSuccessful: true, message: kybMessages.uploadUrlCreated });
    const { key, query } = parseLink(response.body.data);
    const match = key.match(/^companies\/([^/]+)\/documents\/(\d+)-([a-z0-9]{8})-(.+)$/);
    expect(match).not.toBeNull();
    expect(match![1]).toBe(session.user.companyId);
    expect(Number(match![2])).toBeGreaterThanOrEqual(before);
    expect(match![4]).toBe(cleanName);
    expect(query.get('contentType')).toBe(contentType);
    expect(query.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(query.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(Math.floor(before / 1000) + 3600);
    expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
  });

  it('keeps the client out of the key: paths, odd characters and wrong extensions are cleaned', async () => {
    const cases: [string, string, string][] = [
      ['../../../etc/passwd', 'application/pdf', 'passwd.pdf'],
      ['documents/kyc/..\\..\\windows\\evil.exe', 'application/pdf', 'evil-exe.pdf'],
      ['documents/kyc/1732000000000-Ọ̀kàfọ̀ & Sons <script>.pdf', 'application/pdf', 'Okafo-Sons-script.pdf'],
      ['documents/kyc/1732000000000-....pdf', 'application/pdf', 'document.pdf'],
      ['documents/kyc/1732000000000-photo.pdf', 'image/png', 'photo-pdf.png'],
      [`documents/kyc/${'a'.repeat(300)}.pdf`, 'application/pdf', `${'a'.repeat(96)}.pdf`],
    ];
    for (const [objectKey, contentType, cleanName] of cases) {
      const response = await uploadUrl({ objectKey, expirySeconds: 3600, contentType });
      expect(response.status).toBe(200);
      const { key } = parseLink(response.body.data);
      expect(key.startsWith(`companies/${session.user.companyId}/documents/`)).toBe(true);
      expect(key.split('/').pop()!.replace(/^\d+-[a-z0-9]{8}-/, '')).toBe(cleanName);
    }
  });

  it('gives every request its own key, even for the same file name', async () => {
    const body = { objectKey: 'documents/kyc/1-cac.pdf', expirySeconds: 3600, contentType: 'application/pdf' };
    const [a, b] = await Promise.all([uploadUrl(body), uploadUrl(body)]);
    expect(parseLink(a.body.data).key).not.toBe(parseLink(b.body.data).key);
  });

  it('signs a shorter expiry when asked, and refuses one past 3600 seconds', async () => {
    const short = await uploadUrl({ objectKey: 'documents/kyc/1-cac.pdf', expirySeconds: 60, contentType: 'application/pdf' });
    expect(Number(parseLink(short.body.data).query.get('expires'))).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 60);

    const long = await uploadUrl({ objectKey: 'documents/kyc/1-cac.pdf', expirySeconds: 7200, contentType: 'application/pdf' });
    expect(long.status).toBe(400);
    expect(long.body.data.errors.expirySeconds).toBeDefined();
  });

  it.each(['application/x-msdownload', 'text/plain', 'text/html', 'image/svg+xml', 'application/zip'])('refuses %s with the SPEC message', async (contentType) => {
    const response = await uploadUrl({ objectKey: 'documents/kyc/1-file.pdf', expirySeconds: 3600, contentType });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      isSuccessful: false,
      message: kybMessages.fileTypeNotAllowed,
      data: { code: 'BAD_REQUEST', errors: { contentType: kybMessages.fileTypeNotAllowed } },
    });
  });

  it('refuses a request without a bearer token', async () => {
    const response = await uploadUrl({ objectKey: 'documents/kyc/1-cac.pdf', expirySeconds: 3600, contentType: 'application/pdf' }, null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ isSuccessful: false, message: messages.unauthorized });
  });

  it('refuses a body without objectKey or contentType', async () => {
    const response = await uploadUrl({ expirySeconds: 3600 });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.data.errors)).toEqual(expect.arrayContaining(['objectKey', 'contentType']));
  });

  it('limits how many links one user can ask for', async () => {
    const [other, third] = await Promise.all([login(server, await createVerifiedUser(server)), login(server, await createVerifiedUser(server))]);
    const body = { objectKey: 'documents/kyc/1-cac.pdf', expirySeconds: 3600, contentType: 'application/pdf' };
    for (let i = 0; i < 20; i += 1) expect((await uploadUrl(body, other.accessToken)).status).toBe(200);
    const limited = await uploadUrl(body, other.accessToken);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another user is not affected.
    expect((await uploadUrl(body, third.accessToken)).status).toBe(200);
  });
});
