import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@fipay/contracts/kyb';
import { kybMessages } from '@fipay/contracts/kyb';
import { requireAuth } from '../../plugins/auth';
import { ok, responses } from '../../lib/reply';
import { LocalStorage } from '../../storage/local-storage';
import { createUploadUrl } from './create-upload-url';
import { localUploadRoutes } from './local-upload-routes';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.post('/aws/upload-url', {
    preHandler: app.authenticate,
    schema: {
      tags: ['uploads'],
      security: [{ bearerAuth: [] }],
      summary: 'Get a presigned URL to PUT one document to (5 MB at most; PDF, PNG, JPEG or DOCX)',
      description: 'The server chooses the object key under the company\'s prefix; objectKey only gives the file name. The URL accepts a PUT with exactly the requested Content-Type.',
      body: contract.uploadUrlRequest,
      response: responses({ 200: contract.uploadUrlResponse }),
    },
  }, async (request) => {
    const { userId, companyId } = requireAuth(request);
    const url = await createUploadUrl(ctx, { userId, companyId, ...request.body });
    return ok(kybMessages.uploadUrlCreated, url);
  });

  // With S3 the browser talks to the store; only the local driver needs the API to take the file.
  if (ctx.storage instanceof LocalStorage) await app.register(localUploadRoutes, { storage: ctx.storage });
};
