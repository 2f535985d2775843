import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadEndpoints } from '@fipay/contracts/endpoints/uploads';
import { kybMessages } from '@fipay/contracts/kyb';
import { requireAuth } from '../../plugins/auth';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';
import { LocalStorage } from '../../storage/local-storage';
import { createUploadUrl } from './create-upload-url';
import { localUploadRoutes } from './local-upload-routes';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  registerRoute(app, uploadEndpoints.createUploadUrl, async (request) => {
    const { userId, companyId } = requireAuth(request);
    const url = await createUploadUrl(ctx, { userId, companyId, ...request.body });
    return ok(kybMessages.uploadUrlCreated, url);
  });

  // With S3 the browser talks to the store; only the local driver needs the API to take the file.
  if (ctx.storage instanceof LocalStorage) await app.register(localUploadRoutes, { storage: ctx.storage });
};
