import { kybMessages } from '@fipay/contracts/kyb';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '@fipay/contracts/kyb-options';
import { AppError } from '../lib/errors';
import { detectDocumentType, SNIFF_BYTES } from './document-types';
import { companyPrefix } from './object-keys';
import type { ObjectStorage } from './types';

export const inspectReasons = {
  invalidReference: 'the file reference is not valid. Upload it again.',
  otherAccount: 'the file belongs to another account.',
  notFound: 'the file was not found. Upload it again.',
  empty: 'the file is empty. Upload it again.',
  tooLarge: kybMessages.fileTooLarge,
  notADocument: 'the file is not a PDF, PNG, JPG or DOCX file.',
} as const;

export type InspectedDocument = { key: string; size: number; contentType: DocumentContentType };

/**
 * Checks an uploaded document before it is recorded: the reference resolves to a key under the
 * company's prefix, the object exists, is at most 5 MB, and its first bytes really are a PDF, PNG,
 * JPEG or DOCX. The content type returned is what the bytes are, not what the client said.
 * Failures are 422s naming the document, with the reason under `field` (the document's key in the request) in `data.errors`.
 */
export async function inspectDocument(
  storage: ObjectStorage,
  input: { companyId: string; reference: string; label: string; field: string },
): Promise<InspectedDocument> {
  const fail = (reason: string): never => {
    const message = `${input.label}: ${reason}`;
    throw new AppError('UNPROCESSABLE', message, { errors: { [input.field]: message } });
  };

  const key = storage.keyFromReference(input.reference);
  if (!key) return fail(inspectReasons.invalidReference);
  if (!key.startsWith(companyPrefix(input.companyId))) return fail(inspectReasons.otherAccount);

  const head = await storage.head(key);
  if (!head) return fail(inspectReasons.notFound);
  if (head.size > MAX_DOCUMENT_BYTES) return fail(inspectReasons.tooLarge);
  if (head.size === 0) return fail(inspectReasons.empty);

  const contentType = detectDocumentType(await storage.readStart(key, SNIFF_BYTES));
  if (!contentType) return fail(inspectReasons.notADocument);
  return { key, size: head.size, contentType };
}
