import { kybMessages } from '@fipay/contracts/kyb';
import { UPLOAD_URL_EXPIRY_SECONDS } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { isDocumentContentType, mediaTypeOf } from '../../storage/document-types';
import { documentKey } from '../../storage/object-keys';

/**
 * A presigned URL for one document of the caller's company. The client's objectKey only
 * contributes a file name: the server puts the object under the company's prefix, so nobody can
 * obtain a link that writes into another company's files.
 */
export async function createUploadUrl(
  ctx: AppContext,
  input: { userId: string; companyId: string; objectKey: string; contentType: string; expirySeconds: number },
): Promise<string> {
  await ctx.limiter.consume('uploadUrlPerUser', input.userId);
  const contentType = mediaTypeOf(input.contentType);
  if (!isDocumentContentType(contentType)) {
    throw new AppError('BAD_REQUEST', kybMessages.fileTypeNotAllowed, { errors: { contentType: kybMessages.fileTypeNotAllowed } });
  }
  const key = documentKey({ companyId: input.companyId, clientKey: input.objectKey, contentType });
  return ctx.storage.presignUpload({
    key,
    contentType,
    expiresInSeconds: Math.min(input.expirySeconds, UPLOAD_URL_EXPIRY_SECONDS),
  });
}
