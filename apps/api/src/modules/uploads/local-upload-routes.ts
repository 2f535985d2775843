import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localUploadEndpoints as endpoints } from '@fipay/contracts/endpoints/uploads';
import { MAX_DOCUMENT_BYTES } from '@fipay/contracts/kyb-options';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { contentDisposition, detectDocumentType, mediaTypeOf, SNIFF_BYTES } from '../../storage/document-types';
import { discardBody, type LocalStorage } from '../../storage/local-storage';
import { storageMessages } from '../../storage/messages';

/**
 * The local driver's stand-in for S3: the browser PUTs the file to the signed link the API gave
 * out, and reads it back with a signed download link. The signature is the credential, so these
 * routes take no bearer token.
 */
export const localUploadRoutes: FastifyPluginAsyncZod<{ storage: LocalStorage }> = async (app, { storage }) => {
  // The body is the file itself: hand the raw stream to the route, whatever its type, instead of parsing it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  registerRoute(app, endpoints.put, async (request) => {
    const key = (request.params as { '*': string })['*'];
    const body = request.body as Readable | undefined;
    try {
      storage.verifyLink({ method: 'PUT', key, ...request.query });
      if (mediaTypeOf(request.headers['content-type']) !== request.query.contentType) {
        throw new AppError('BAD_REQUEST', storageMessages.contentTypeMismatch, { errors: { contentType: storageMessages.contentTypeMismatch } });
      }
      if (!body) throw new AppError('BAD_REQUEST', storageMessages.fileEmpty, { errors: { body: storageMessages.fileEmpty } });
      // Each link writes once: bytes a company recorded (or a reviewer decided on) cannot be swapped.
      if (await storage.head(key)) throw new AppError('CONFLICT', storageMessages.linkUsed);
    } catch (error) {
      if (body) await discardBody(body);
      throw error;
    }
    await storage.write(key, body, MAX_DOCUMENT_BYTES);
    return ok(storageMessages.uploaded, null);
  }, { bodyLimit: MAX_DOCUMENT_BYTES });

  registerRoute(app, endpoints.get, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    storage.verifyLink({ method: 'GET', key, expires: request.query.expires, fileName: request.query.name, signature: request.query.signature });
    const head = await storage.head(key);
    if (!head) throw new AppError('NOT_FOUND', storageMessages.fileNotFound);
    // What the bytes are decides how the browser treats them, not the name the file was given.
    const contentType = detectDocumentType(await storage.readStart(key, SNIFF_BYTES));
    const fileName = request.query.name || key.split('/').pop() || 'document';
    // Served from the API's own origin: the sandbox keeps anything in a file from acting as the app.
    // Chrome's PDF viewer refuses sandboxed documents, so PDFs (verified by their bytes) go without it.
    if (contentType === 'application/pdf') reply.removeHeader('Content-Security-Policy');
    else reply.header('Content-Security-Policy', 'sandbox');
    return reply
      .header('Content-Type', contentType ?? 'application/octet-stream')
      .header('Content-Length', String(head.size))
      .header('Content-Disposition', contentDisposition(contentType, fileName))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(storage.createReadStream(key));
  }, { exposeHeadRoute: false });
};
