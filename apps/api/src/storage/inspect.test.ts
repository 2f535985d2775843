import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { MAX_DOCUMENT_BYTES } from '@fipay/contracts/kyb-options';
import { AppError } from '../lib/errors';
import { createVerifiedUser, login } from '../test/fixtures';
import { startTestServer, type TestServer } from '../test/server';
import { inspectDocument, inspectReasons } from './inspect';
import { sampleDocuments } from './sample-documents';

let server: TestServer;
let alice: Awaited<ReturnType<typeof login>>;
let bola: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bola] = await Promise.all([
    createVerifiedUser(server).then((u) => login(server, u)),
    createVerifiedUser(server).then((u) => login(server, u)),
  ]);
});
afterAll(() => server?.close());

/** Uploads through the API as the web app does and returns what the web app keeps: fileUrl and objectKey. */
async function upload(token: string, file: { name: string; contentType: string; bytes: Buffer }) {
  const link = await server.api.post<string>('/aws/upload-url', { objectKey: `documents/kyc/${Date.now()}-${file.name}`, expirySeconds: 3600, contentType: file.contentType }, { token });
  expect(link.status).toBe(200);
  const url = new URL(link.body.data);
  const put = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { method: 'PUT', headers: { 'content-type': file.contentType }, body: file.bytes });
  expect(put.status).toBe(200);
  await put.arrayBuffer();
  const fileUrl = link.body.data.split('?')[0]!;
  return { fileUrl, objectKey: url.pathname, key: decodeURIComponent(url.pathname.slice('/api/v1/uploads/'.length)) };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const inspect = (companyId: string, reference: string) =>
  inspectDocument(server.app.ctx.storage, { companyId, reference, label: 'Proof of Address', field: 'proofOfAddress' });

describe('inspectDocument', () => {
  it.each([
    ['pdf', 'application/pdf'],
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const)('accepts a real %s, by fileUrl, objectKey path or key', async (name, contentType) => {
    const file = sampleDocuments[name];
    const stored = await upload(alice.accessToken, file);
    for (const reference of [stored.fileUrl, stored.objectKey, stored.key]) {
      await expect(inspect(alice.user.companyId, reference)).resolves.toEqual({ key: stored.key, size: file.bytes.length, contentType });
    }
  });

  it('takes the type from the bytes, not from the name or the declared type', async () => {
    // A PNG sent with a PDF content type and a .pdf name is still a PNG.
    const stored = await upload(alice.accessToken, { ...sampleDocuments.png, name: 'scan.pdf', contentType: 'application/pdf' });
    expect(stored.key.endsWith('.pdf')).toBe(true);
    await expect(inspect(alice.user.companyId, stored.fileUrl)).resolves.toMatchObject({ contentType: 'image/png' });
  });

  it('refuses a program renamed to .pdf', async () => {
    const stored = await upload(alice.accessToken, sampleDocuments.exeAsPdf);
    const error = await refusal(inspectDocument(server.app.ctx.storage, { companyId: alice.user.companyId, reference: stored.fileUrl, label: 'Certificate of Incorporation', field: 'certificate' }));
    expect(error.status).toBe(422);
    expect(error.message).toBe(`Certificate of Incorporation: ${inspectReasons.notADocument}`);
    expect(error.options.errors).toEqual({ certificate: error.message });
  });

  it("refuses another company's file, naming the document", async () => {
    const stored = await upload(alice.accessToken, sampleDocuments.pdf);
    for (const reference of [stored.fileUrl, stored.objectKey, stored.key]) {
      const error = await refusal(inspectDocument(server.app.ctx.storage, { companyId: bola.user.companyId, reference, label: 'MEMART', field: 'memart' }));
      expect(error.status).toBe(422);
      expect(error.message).toBe(`MEMART: ${inspectReasons.otherAccount}`);
      expect(error.options.errors).toEqual({ memart: error.message });
    }
  });

  it('refuses keys outside the company prefix even when they mention the company', async () => {
    const companyId = alice.user.companyId;
    for (const reference of [`documents/kyc/1-${companyId}.pdf`, `other/companies/${companyId}/documents/x.pdf`, `companies/${companyId}x/documents/x.pdf`]) {
      expect((await refusal(inspect(companyId, reference))).message).toBe(`Proof of Address: ${inspectReasons.otherAccount}`);
    }
  });

  it('refuses a file that was never uploaded', async () => {
    const error = await refusal(inspect(alice.user.companyId, `companies/${alice.user.companyId}/documents/1-abcdefgh-missing.pdf`));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Proof of Address: the file was not found. Upload it again.');
  });

  it('refuses references that are not a stored key', async () => {
    for (const reference of ['https://evil.example/api/v1/uploads/companies/x/a.pdf', '/somewhere/else.pdf', '../../etc/passwd', '', 'javascript:alert(1)']) {
      const error = await refusal(inspect(alice.user.companyId, reference));
      expect(error.message, reference).toBe(`Proof of Address: ${inspectReasons.invalidReference}`);
    }
  });

  it('refuses a stored file larger than 5 MB', async () => {
    // Only a store that was written to some other way can hold one: the upload route cuts off at 5 MB.
    const key = `companies/${alice.user.companyId}/documents/1-abcdefgh-large.pdf`;
    const file = path.join(server.dataDir, 'uploads', ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat([sampleDocuments.pdf.bytes, Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)]));
    expect((await refusal(inspect(alice.user.companyId, key))).message).toBe(`Proof of Address: ${kybMessages.fileTooLarge}`);
  });
});
