import type { z } from 'zod';
import type { DocumentRecord } from '@fipay/contracts/company';
import { type documentsRequest, kybMessages } from '@fipay/contracts/kyb';
import { documentSlots, requiredDocKeys } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { inspectDocument } from '../../storage/inspect';
import { documentRecords } from '../company/application';
import { advanceTo, openApplicationForChange } from './guards';

type DocumentsInput = z.output<typeof documentsRequest>;

const labelOf = (docKey: string) => documentSlots.find((slot) => slot.docKey === docKey)?.label ?? docKey;

/**
 * Saves the documents step. Each file is checked where it is stored (exists,
 * belongs to this company, at most 5 MB, really a PDF/PNG/JPEG/DOCX) before
 * anything is written; a document replaces the one in the same slot; the step
 * is complete only with the four required documents, otherwise nothing changes.
 */
export async function saveDocuments(ctx: AppContext, auth: { userId: string; companyId: string }, input: DocumentsInput): Promise<DocumentRecord[]> {
  const slots = new Set<string>();
  for (const doc of input) {
    if (slots.has(doc.docKey)) {
      throw new AppError('VALIDATION_FAILED', `${labelOf(doc.docKey)} appears twice.`, { errors: { [doc.docKey]: `${labelOf(doc.docKey)} appears twice.` } });
    }
    slots.add(doc.docKey);
  }
  const checked: { doc: DocumentsInput[number]; file: Awaited<ReturnType<typeof inspectDocument>> }[] = [];
  for (const doc of input) {
    const file = await inspectDocument(ctx.storage, { companyId: auth.companyId, reference: doc.objectKey || doc.fileUrl, label: labelOf(doc.docKey) });
    // The stored link is shown back to the company: it must be the file that was checked.
    if (ctx.storage.keyFromReference(doc.fileUrl.split('?')[0]!) !== file.key) {
      const message = `${labelOf(doc.docKey)}: the file link does not match the uploaded file.`;
      throw new AppError('UNPROCESSABLE', message, { errors: { [doc.docKey]: message } });
    }
    checked.push({ doc, file });
  }

  await ctx.db.transaction(async (tx) => {
    await openApplicationForChange(tx, auth.companyId);
    const existing = await tx.query<{ doc_key: string }>('SELECT doc_key FROM kyb_documents WHERE company_id = $1', [auth.companyId]);
    const present = new Set([...existing.rows.map((r) => r.doc_key), ...slots]);
    const missing = requiredDocKeys.filter((key) => !present.has(key));
    if (missing.length > 0) {
      const errors = Object.fromEntries(missing.map((key) => [key, `${labelOf(key)} is required.`]));
      throw new AppError('UNPROCESSABLE', kybMessages.documentsMissing, { errors });
    }
    for (const { doc, file } of checked) {
      await tx.query(
        `INSERT INTO kyb_documents (company_id, user_id, doc_key, name, file_url, object_key, content_type, size_bytes, is_cac, cac_reg_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (company_id, doc_key) DO UPDATE SET
           user_id = EXCLUDED.user_id, name = EXCLUDED.name, file_url = EXCLUDED.file_url, object_key = EXCLUDED.object_key,
           content_type = EXCLUDED.content_type, size_bytes = EXCLUDED.size_bytes, is_cac = EXCLUDED.is_cac,
           cac_reg_number = EXCLUDED.cac_reg_number, created_at = now()`,
        [
          auth.companyId,
          auth.userId,
          doc.docKey,
          doc.name,
          doc.fileUrl.split('?')[0],
          file.key,
          file.contentType,
          file.size,
          doc.docKey === 'certificate',
          doc.docKey === 'certificate' ? (doc.cacRegNumber ?? null) : null,
        ],
      );
    }
    await advanceTo(tx, auth.companyId, 4);
  });
  return documentRecords(ctx, ctx.db, auth.companyId);
}
