import { createHmac } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { MAX_DOCUMENT_BYTES } from '@fipay/contracts/kyb-options';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { sampleDocuments } from '../../storage/sample-documents';
import { storageMessages } from '../../storage/messages';

let server: TestServer;
let alice: Awaited<ReturnType<typeof login>>;
let bola: Awaited<ReturnType<typeof login>>;
let uploadsDir: string;

beforeAll(async () => {
  server = await startTestServer();
  uploadsDir = path.join(server.dataDir, 'uploads');
  [alice, bola] = await Promise.all([
    createVerifiedUser(server).then((u) => login(server, u)),
    createVerifiedUser(server).then((u) => login(server, u)),
  ]);
});
afterAll(async () => {
  // A streamed download can still be ending on the server after the client has every byte; such a
  // keep-alive connection is not idle when close() looks, and would hold it for the 72 s keep-alive.
  server?.app.server.closeAllConnections();
  await server?.close();
});

/** The app's links name APP_URL (http://app.test); the test server listens elsewhere. */
const onServer = (link: string) => {
  const url = new URL(link);
  return `${server.baseUrl}${url.pathname}${url.search}`;
};
const keyOf = (link: string) => decodeURIComponent(new URL(link).pathname.slice('/api/v1/uploads/'.length));

async function uploadLink(token: string, fileName: string, contentType: string) {
  const response = await server.api.post<string>('/aws/upload-url', { objectKey: `documents/kyc/${Date.now()}-${fileName}`, expirySeconds: 3600, contentType }, { token });
  expect(response.status).toBe(200);
  return response.body.data;
}

async function put(link: string, body: Uint8Array, contentType: string | null) {
  const response = await fetch(onServer(link), { method: 'PUT', headers: contentType ? { 'content-type': contentType } : {}, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** The files below the uploads folder, relative to it (including unfinished ones). */
function filesOnDisk(dir = uploadsDir, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOnDisk(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** A GET whose body is read to the end: the server finishes a streamed answer only once it is read. */
async function get(url: string) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response;
}

function withParam(link: string, name: string, value: string) {
  const url = new URL(link);
  url.searchParams.set(name, value);
  return url.toString();
}

describe('local storage: PUT /api/v1/uploads/*', () => {
  it.each(Object.entries(sampleDocuments).filter(([name]) => name !== 'exeAsPdf'))('stores a %s and gives it back byte for byte', async (_name, file) => {
    const link = await uploadLink(alice.accessToken, file.name, file.contentType);
    const uploaded = await put(link, file.bytes, file.contentType);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ isSuccessful: true, message: storageMessages.uploaded, data: null });

    const key = keyOf(link);
    expect(filesOnDisk()).toContain(key);
    const download = await server.app.ctx.storage.presignDownload({ key, expiresInSeconds: 300, fileName: file.name });
    const response = await fetch(onServer(download));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(file.bytes);
    expect(response.headers.get('content-type')).toBe(file.contentType);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Chrome's PDF viewer refuses sandboxed documents and any object-src restriction.
    expect(response.headers.get('content-security-policy')).toBe(file.contentType === 'application/pdf' ? null : 'sandbox');
    const disposition = file.contentType.includes('wordprocessingml') ? 'attachment' : 'inline';
    expect(response.headers.get('content-disposition')).toBe(`${disposition}; filename="${file.name}"; filename*=UTF-8''${file.name}`);
  });

  it('writes each link once: a second PUT is 409 and the recorded bytes stay as they were', async () => {
    const link = await uploadLink(alice.accessToken, 'bill.pdf', 'application/pdf');
    expect((await put(link, sampleDocuments.pdf.bytes, 'application/pdf')).status).toBe(200);
    const again = await put(link, Buffer.from('%PDF-1.4 something else entirely'), 'application/pdf');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ isSuccessful: false, message: storageMessages.linkUsed, data: { code: 'CONFLICT' } });
    const download = await server.app.ctx.storage.presignDownload({ key: keyOf(link), expiresInSeconds: 300 });
    const response = await fetch(onServer(download));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(sampleDocuments.pdf.bytes);
  });

  it('lets only one of two simultaneous PUTs to a link land, and leaves no partial file', async () => {
    const link = await uploadLink(alice.accessToken, 'race.pdf', 'application/pdf');
    const first = Buffer.concat([sampleDocuments.pdf.bytes, Buffer.alloc(512 * 1024, 0x20)]);
    const second = Buffer.concat([sampleDocuments.pdf.bytes, Buffer.alloc(512 * 1024, 0x41)]);
    const results = await Promise.all([put(link, first, 'application/pdf'), put(link, second, 'application/pdf')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const download = await server.app.ctx.storage.presignDownload({ key: keyOf(link), expiresInSeconds: 300 });
    const stored = Buffer.from(await (await fetch(onServer(download))).arrayBuffer());
    expect(stored).toEqual(results[0]!.status === 200 ? first : second);
    expect(filesOnDisk().filter((file) => file.startsWith('.incoming/'))).toEqual([]);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const link = await uploadLink(alice.accessToken, 'big.pdf', 'application/pdf');
    const bytes = Buffer.concat([sampleDocuments.pdf.bytes, Buffer.alloc(MAX_DOCUMENT_BYTES - sampleDocuments.pdf.bytes.length, 0x20)]);
    expect((await put(link, bytes, 'application/pdf')).status).toBe(200);
    expect((await server.app.ctx.storage.head(keyOf(link)))?.size).toBe(MAX_DOCUMENT_BYTES);
  });

  it('refuses a 6 MB file with 413 and leaves nothing on disk', async () => {
    const link = await uploadLink(alice.accessToken, 'huge.pdf', 'application/pdf');
    const before = filesOnDisk();
    const response = await put(link, Buffer.alloc(6 * 1024 * 1024, 0x25), 'application/pdf');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ isSuccessful: false, message: kybMessages.fileTooLarge, data: { code: 'PAYLOAD_TOO_LARGE', errors: { file: kybMessages.fileTooLarge } } });
    expect(filesOnDisk()).toEqual(before);
    expect(filesOnDisk().some((file) => file.includes(keyOf(link).split('/').pop()!) || file.startsWith('.incoming/'))).toBe(false);
  });

  it('cuts off a streamed body (no Content-Length) once it passes 5 MB', async () => {
    const link = await uploadLink(alice.accessToken, 'streamed.pdf', 'application/pdf');
    const chunk = new Uint8Array(256 * 1024).fill(0x25);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 6 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(onServer(link), { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: kybMessages.fileTooLarge });
    expect(await server.app.ctx.storage.head(keyOf(link))).toBeNull();
    expect(filesOnDisk().filter((file) => file.startsWith('.incoming/'))).toEqual([]);
  });

  it('refuses an empty body', async () => {
    const link = await uploadLink(alice.accessToken, 'empty.pdf', 'application/pdf');
    const response = await put(link, new Uint8Array(0), 'application/pdf');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(storageMessages.fileEmpty);
    expect(await server.app.ctx.storage.head(keyOf(link))).toBeNull();
  });

  it('refuses an expired link with 403', async () => {
    const key = `companies/${alice.user.companyId}/documents/1-abcdefgh-late.pdf`;
    const link = await server.app.ctx.storage.presignUpload({ key, contentType: 'application/pdf', expiresInSeconds: -1 });
    const response = await put(link, sampleDocuments.pdf.bytes, 'application/pdf');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ isSuccessful: false, message: storageMessages.linkExpired, data: { code: 'FORBIDDEN' } });
    expect(await server.app.ctx.storage.head(key)).toBeNull();
  });

  it('refuses a link whose signature, expiry, content type or key was changed', async () => {
    const link = await uploadLink(alice.accessToken, 'cac.pdf', 'application/pdf');
    const signature = new URL(link).searchParams.get('signature')!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const otherKey = link.replace(/\/documents\/[^?]+/, '/documents/1-aaaaaaaa-other.pdf');
    const bobKey = link.replace(alice.user.companyId, bola.user.companyId);
    const tampered = [
      withParam(link, 'signature', flipped),
      withParam(link, 'signature', ''),
      withParam(link, 'expires', String(Number(new URL(link).searchParams.get('expires')) + 3600)),
      withParam(link, 'contentType', 'image/png'),
      otherKey,
      bobKey,
      link.split('?')[0]!,
    ];
    for (const url of tampered) {
      const contentType = new URL(url).searchParams.get('contentType') ?? 'application/pdf';
      const response = await put(url, sampleDocuments.pdf.bytes, contentType);
      expect(response.status, url).toBe(403);
      expect(response.body).toMatchObject({ isSuccessful: false, message: storageMessages.linkInvalid });
    }
    expect(filesOnDisk().some((file) => file.startsWith(`companies/${bola.user.companyId}/`))).toBe(false);
    expect(await server.app.ctx.storage.head(keyOf(link))).toBeNull();
  });

  it('refuses a body whose Content-Type is not the signed one', async () => {
    const link = await uploadLink(alice.accessToken, 'cac.pdf', 'application/pdf');
    for (const contentType of ['image/png', 'text/html', 'application/json', null]) {
      const response = await put(link, sampleDocuments.pdf.bytes, contentType);
      expect(response.status, String(contentType)).toBe(400);
      expect(response.body).toMatchObject({ isSuccessful: false, message: storageMessages.contentTypeMismatch, data: { errors: { contentType: storageMessages.contentTypeMismatch } } });
    }
    expect(await server.app.ctx.storage.head(keyOf(link))).toBeNull();
  });

  it('refuses keys that would leave the uploads folder', async () => {
    const storage = server.app.ctx.storage;
    for (const key of ['../escape.pdf', 'companies/../../escape.pdf', '/etc/passwd', 'companies//x.pdf', '.incoming/x.pdf', 'companies/%2e%2e/x.pdf']) {
      await expect(storage.presignUpload({ key, contentType: 'application/pdf', expiresInSeconds: 60 }), key).rejects.toThrow(storageMessages.linkInvalid);
      expect(storage.keyFromReference(key), key).toBeNull();
    }
    // Straight to the server, bypassing URL normalisation in the client, and signed as the server would sign them.
    const expires = Math.floor(Date.now() / 1000) + 60;
    const signed = (key: string) => createHmac('sha256', server.app.ctx.keys.uploadUrl).update(JSON.stringify(['PUT', key, expires, 'application/pdf', ''])).digest('hex');
    const attempts: [string, string][] = [
      ['/api/v1/uploads/companies/%2e%2e/%2e%2e/escape.pdf', 'companies/../../escape.pdf'],
      ['/api/v1/uploads/..%2f..%2fescape.pdf', '../../escape.pdf'],
      ['/api/v1/uploads/companies/..%5c..%5cescape.pdf', 'companies/..\\..\\escape.pdf'],
    ];
    for (const [rawPath, key] of attempts) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.baseUrl}${rawPath}?expires=${expires}&contentType=application%2Fpdf&signature=${signed(key)}`, { method: 'PUT', headers: { 'content-type': 'application/pdf' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(sampleDocuments.pdf.bytes);
      });
      expect([403, 404], rawPath).toContain(status);
    }
    expect(existsSync(path.join(server.dataDir, 'escape.pdf'))).toBe(false);
    expect(existsSync(path.join(server.dataDir, '..', 'escape.pdf'))).toBe(false);
  });
});

describe('local storage: GET /api/v1/uploads/*', () => {
  let key: string;

  beforeAll(async () => {
    const link = await uploadLink(alice.accessToken, 'proof.pdf', 'application/pdf');
    expect((await put(link, sampleDocuments.pdf.bytes, 'application/pdf')).status).toBe(200);
    key = keyOf(link);
  });

  it('refuses unsigned, expired and tampered download links with 403', async () => {
    const storage = server.app.ctx.storage;
    const good = await storage.presignDownload({ key, expiresInSeconds: 60 });
    const expired = await storage.presignDownload({ key, expiresInSeconds: -1 });
    const sig = new URL(good).searchParams.get('signature')!;
    const cases: [string, string][] = [
      [good.split('?')[0]!, storageMessages.downloadInvalid],
      [withParam(good, 'signature', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`), storageMessages.downloadInvalid],
      [withParam(good, 'name', 'renamed.html'), storageMessages.downloadInvalid],
      [withParam(good, 'expires', String(Number(new URL(good).searchParams.get('expires')) + 60)), storageMessages.downloadInvalid],
      [expired, storageMessages.downloadExpired],
    ];
    for (const [url, message] of cases) {
      const response = await fetch(onServer(url));
      expect(response.status, url).toBe(403);
      expect(await response.json()).toMatchObject({ isSuccessful: false, message });
    }
  });

  it('does not take an upload link as a download link, or the other way round', async () => {
    const storage = server.app.ctx.storage;
    const uploadOnly = await storage.presignUpload({ key, contentType: 'application/pdf', expiresInSeconds: 60 });
    expect((await get(onServer(uploadOnly))).status).toBe(403);
    const downloadOnly = await storage.presignDownload({ key, expiresInSeconds: 60 });
    expect((await put(downloadOnly, sampleDocuments.png.bytes, 'application/pdf')).status).toBe(403);
  });

  it("answers 404 for a signed link to a file that is not there", async () => {
    const link = await server.app.ctx.storage.presignDownload({ key: `companies/${alice.user.companyId}/documents/1-aaaaaaaa-missing.pdf`, expiresInSeconds: 60 });
    const response = await fetch(onServer(link));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ isSuccessful: false, message: storageMessages.fileNotFound });
  });

  it("lets no other company reach a file: links name one key, and upload-url only names the caller's own", async () => {
    const aliceLink = await server.app.ctx.storage.presignDownload({ key, expiresInSeconds: 60 });
    const bolaLink = await uploadLink(bola.accessToken, 'proof.pdf', 'application/pdf');
    expect(keyOf(bolaLink).startsWith(`companies/${bola.user.companyId}/`)).toBe(true);
    // Bola's own link, pointed at Alice's file, is refused.
    const url = new URL(bolaLink);
    const aimed = `${url.origin}/api/v1/uploads/${key}${url.search}`;
    expect((await put(aimed, sampleDocuments.png.bytes, 'application/pdf')).status).toBe(403);
    const read = await get(onServer(`${url.origin}/api/v1/uploads/${key}?${new URL(aliceLink).search.slice(1).replace(/signature=[^&]+/, `signature=${url.searchParams.get('signature')}`)}`));
    expect(read.status).toBe(403);
    // Even the objectKey of Alice's file gives Bola a key under his own prefix.
    const stolen = await server.api.post<string>('/aws/upload-url', { objectKey: key, expirySeconds: 3600, contentType: 'application/pdf' }, { token: bola.accessToken });
    expect(keyOf(stolen.body.data).startsWith(`companies/${bola.user.companyId}/documents/`)).toBe(true);
    // Alice's file is untouched.
    const response = await fetch(onServer(aliceLink));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(sampleDocuments.pdf.bytes);
  });

  it('serves bytes that are not a permitted type as a download of unknown type', async () => {
    const link = await uploadLink(alice.accessToken, 'page.pdf', 'application/pdf');
    expect((await put(link, Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf')).status).toBe(200);
    const response = await fetch(onServer(await server.app.ctx.storage.presignDownload({ key: keyOf(link), expiresInSeconds: 60 })));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toContain('<script>');
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
  });
});
