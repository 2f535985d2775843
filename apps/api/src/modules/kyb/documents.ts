import type { z } from 'zod';
import type { DocumentRecord } from '@fipay/contracts/company';
import { type documentsRequest, kybMessages } from '@fipay/contracts/kyb';
import { documentSlots, requiredDocKeys } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { inspectDocument } from '../../storage/inspect';
import { documentRecords } from '../company/application';
import { appendAudit, userActor } from '../audit/audit-log';
import { advanceTo, type CompanyActor, openApplicationForChange } from './guards';
import { documentAsFlagged, openReviewItems, refreshAddressed } from './review-items';

type DocumentsInput = z.output<typeof documentsRequest>;

const labelOf = (docKey: string) => documentSlots.find((slot) => slot.docKey === docKey)?.label ?? docKey;

/**
 * Saves the documents step. Each file is checked where it is stored (exists,
 * belongs to this company, at most 5 MB, really a PDF/PNG/JPEG/DOCX) before
 * anything is written; a document replaces the one in the same slot; the step
 * is complete only with the four required documents, otherwise nothing changes.
 */
export async function saveDocuments(ctx: AppContext, auth: CompanyActor, input: DocumentsInput): Promise<DocumentRecord[]> {
  const slots = new Set<string>();
  for (const doc of input) {
    if (slots.has(doc.docKey)) {
      throw new AppError('VALIDATION_FAILED', `${labelOf(doc.docKey)} appears twice.`, { errors: { [doc.docKey]: `${labelOf(doc.docKey)} appears twice.` } });
    }
    slots.add(doc.docKey);
  }
  const checked: { doc: DocumentsInput[number]; file: Awaited<ReturnType<typeof inspectDocument>> }[] = [];
  for (const doc of input) {
    const file = await inspectDocument(ctx.storage, { companyId: auth.companyId, reference: doc.objectKey || doc.fileUrl, label: labelOf(doc.docKey), field: doc.docKey });
    // The stored link is shown back to the company: it must be the file that was checked.
    if (ctx.storage.keyFromReference(doc.fileUrl.split('?')[0]!) !== file.key) {
      const message = `${labelOf(doc.docKey)}: the file link does not match the uploaded file.`;
      throw new AppError('UNPROCESSABLE', message, { errors: { [doc.docKey]: message } });
    }
    checked.push({ doc, file });
  }

  await ctx.db.transaction(async (tx) => {
    const application = await openApplicationForChange(tx, auth);
    const existing = await tx.query<{ doc_key: string; name: string; object_key: string; cac_reg_number: string | null }>(
      'SELECT doc_key, name, object_key, cac_reg_number FROM kyb_documents WHERE company_id = $1',
      [auth.companyId],
    );
    const present = new Set([...existing.rows.map((r) => r.doc_key), ...slots]);
    const missing = requiredDocKeys.filter((key) => !present.has(key));
    if (missing.length > 0) {
      const errors = Object.fromEntries(missing.map((key) => [key, `${labelOf(key)} is required.`]));
      throw new AppError('UNPROCESSABLE', kybMessages.documentsMissing, { errors });
    }
    const current = new Map(existing.rows.map((row) => [row.doc_key, row]));
    const isUnchanged = ({ doc, file }: (typeof checked)[number]) => {
      const saved = current.get(doc.docKey);
      const cac = doc.docKey === 'certificate' ? (doc.cacRegNumber ?? null) : null;
      return saved !== undefined && saved.object_key === file.key && saved.cac_reg_number === cac;
    };
    let toWrite = checked;
    const changesRequested = application.status === 'CHANGES_REQUESTED';
    if (changesRequested) {
      toWrite = await changesForFlaggedDocuments(tx, auth, checked, isUnchanged, current);
    }
    for (const { doc, file } of toWrite) {
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
    if (changesRequested) await refreshAddressed(tx, ctx.keys.personalData, auth.companyId);
    await advanceTo(tx, auth.companyId, 4);
  });
  return documentRecords(ctx, ctx.db, auth.companyId);
}

type Checked = { doc: DocumentsInput[number]; file: { key: string; contentType: string; size: number } };

/**
 * While changes are requested only the flagged documents may be replaced: an
 * unflagged one sent again unchanged is fine (the web app sends every slot), a
 * changed one is refused, and a flagged one must differ from what was flagged
 * (a new file or, for the certificate, a new CAC number), also when sent after
 * a replacement. Nothing is written unless all of it holds.
 */
async function changesForFlaggedDocuments<T extends Checked>(
  tx: Queryable,
  auth: CompanyActor,
  checked: T[],
  isUnchanged: (entry: T) => boolean,
  current: Map<string, { name: string; object_key: string; cac_reg_number: string | null }>,
): Promise<T[]> {
  const flagged = new Map(
    (await openReviewItems(tx, auth.companyId)).filter((item) => item.target === 'document').map((item) => [item.target_key, item]),
  );
  const notFlagged: Record<string, string> = {};
  const needsNewFile: Record<string, string> = {};
  for (const entry of checked) {
    const key = entry.doc.docKey;
    const item = flagged.get(key);
    if (!item) {
      if (!isUnchanged(entry)) notFlagged[key] = kybMessages.documentNotFlagged(labelOf(key));
    } else {
      const sent = { objectKey: entry.file.key, cacRegNumber: key === 'certificate' ? (entry.doc.cacRegNumber ?? null) : null };
      if (documentAsFlagged(item, sent)) needsNewFile[key] = kybMessages.documentNeedsNewFile(labelOf(key));
    }
  }
  if (Object.keys(notFlagged).length > 0) throw new AppError('CONFLICT', Object.values(notFlagged)[0]!, { errors: notFlagged });
  if (Object.keys(needsNewFile).length > 0) throw new AppError('UNPROCESSABLE', Object.values(needsNewFile)[0]!, { errors: needsNewFile });

  const replaced = checked.filter((entry) => !isUnchanged(entry));
  for (const entry of replaced) {
    const item = flagged.get(entry.doc.docKey)!;
    const before = current.get(entry.doc.docKey);
    await appendAudit(tx, {
      actor: userActor(auth.userId),
      action: 'document.replaced',
      companyId: auth.companyId,
      before: before ? { docKey: entry.doc.docKey, name: before.name, objectKey: before.object_key, cacRegNumber: before.cac_reg_number } : null,
      after: { docKey: entry.doc.docKey, name: entry.doc.name, objectKey: entry.file.key, cacRegNumber: entry.doc.docKey === 'certificate' ? (entry.doc.cacRegNumber ?? null) : null, reviewItemId: item.id },
    });
  }
  return replaced;
}
