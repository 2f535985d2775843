import { backOfficeMessages, REVIEWER_DOCUMENT_LINK_SECONDS, type Case, type CaseReviewItem, type CaseState } from '@fipay/contracts/back-office';
import type { BusinessProfileRecord } from '@fipay/contracts/company';
import { documentSlots, type ApplicationStatus, type BusinessSubType, type BusinessType, type DocKey } from '@fipay/contracts/kyb-options';
import { matchBusinessNames } from '@fipay/contracts/names';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { dispositionOf } from '../../storage/document-types';
import { appendAudit, auditEntriesForCompany, reviewerActor } from '../audit/audit-log';
import { mask } from '../company/application';
import { allReviewItems, isoOrNull, toReviewItem } from '../kyb/review-items';
import type { ReviewerPrincipal } from './sessions';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

type CaseApplicationRow = {
  status: ApplicationStatus;
  business_type: BusinessType | null;
  sub_type: BusinessSubType | null;
  profile: BusinessProfileRecord | null;
  current_step: number;
  submitted_at: Date | string | null;
  decided_at: Date | string | null;
  rejection_reason: string | null;
  rejection_final: boolean;
  assignee_id: string | null;
  assignee_name: string | null;
  created_at: Date | string;
};

/** Statuses in which a case can be taken on: waiting for a reviewer, or for the company's changes. */
export const ASSIGNABLE: readonly ApplicationStatus[] = ['SUBMITTED', 'CHANGES_REQUESTED'];

export async function loadCaseApplication(db: Queryable, companyId: string, lock = false): Promise<CaseApplicationRow> {
  const { rows } = await db.query<CaseApplicationRow>(
    `SELECT a.status, a.business_type, a.sub_type, a.profile, a.current_step, a.submitted_at, a.decided_at, a.rejection_reason,
       a.rejection_final, a.assignee_id, (SELECT r.name FROM reviewers r WHERE r.id = a.assignee_id) AS assignee_name, a.created_at
     FROM kyb_applications a WHERE a.company_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [companyId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', backOfficeMessages.applicationNotFound);
  return row;
}

const labelOf = (docKey: DocKey) => documentSlots.find((slot) => slot.docKey === docKey)?.label ?? docKey;

/**
 * The parts of a case an action changes (status, assignee, review items, notes, history and what
 * the reviewer may do now), read after the action within its transaction. Unlike opening the case,
 * it writes nothing and signs no document links.
 */
export async function loadCaseState(db: Queryable, reviewer: ReviewerPrincipal, companyId: string): Promise<CaseState> {
  const application = await loadCaseApplication(db, companyId);
  const [items, notes, history] = await Promise.all([
    allReviewItems(db, companyId),
    db.query<{ id: string; body: string; author_id: string; author_name: string; created_at: Date | string }>(
      `SELECT n.id, n.body, n.author_id, r.name AS author_name, n.created_at
       FROM kyb_review_notes n JOIN reviewers r ON r.id = n.author_id WHERE n.company_id = $1 ORDER BY n.created_at, n.id`,
      [companyId],
    ),
    auditEntriesForCompany(db, companyId),
  ]);
  const isAssignee = application.assignee_id === reviewer.id;
  const assignable = ASSIGNABLE.includes(application.status);
  return {
    application: {
      status: application.status,
      businessType: application.business_type,
      subType: application.sub_type,
      profile: application.profile,
      currentStep: application.current_step,
      submittedAt: isoOrNull(application.submitted_at),
      decidedAt: isoOrNull(application.decided_at),
      rejectionReason: application.rejection_reason,
      rejectionFinal: application.rejection_final,
      assignee: application.assignee_id && application.assignee_name ? { id: application.assignee_id, name: application.assignee_name } : null,
      createdAt: iso(application.created_at),
    },
    reviewItems: items.map(
      (row): CaseReviewItem => ({
        ...toReviewItem(row),
        round: row.round,
        status: row.resolved_at === null ? 'open' : 'resolved',
        resolvedAt: isoOrNull(row.resolved_at),
        requestedBy: row.requested_by && row.requested_by_name ? { id: row.requested_by, name: row.requested_by_name } : null,
      }),
    ),
    notes: notes.rows.map((note) => ({ id: note.id, text: note.body, author: { id: note.author_id, name: note.author_name }, createdAt: iso(note.created_at) })),
    history,
    permissions: {
      claim: assignable && (application.assignee_id === null || isAssignee),
      assign: assignable && reviewer.role === 'admin',
      decide: isAssignee && application.status === 'SUBMITTED',
      reveal: reviewer.role === 'admin',
      exportAudit: reviewer.role === 'admin',
    },
  };
}

/**
 * Everything a reviewer needs to decide, in one answer. Documents come with
 * short-lived signed links; BVN and ID numbers stay masked (an admin reveals one
 * at a time, audited). Opening a case is itself recorded in the audit trail,
 * since it shows personal data and documents.
 */
export async function getCase(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string): Promise<Case> {
  const db = ctx.db;
  await loadCaseApplication(db, companyId);
  await appendAudit(db, { actor: reviewerActor(reviewer), action: 'application.viewed', companyId });

  const [state, company, firstUser, documents, representatives, bank] = await Promise.all([
    loadCaseState(db, reviewer, companyId),
    db.query<{ id: string; name: string; email: string; phone: string; website: string; country: string; address: string; registration_no: string; created_at: Date | string }>(
      `SELECT c.id, c.name, c.email, c.phone, c.website, k.name AS country, c.address, c.registration_no, c.created_at
       FROM companies c JOIN countries k ON k.id = c.country_id WHERE c.id = $1`,
      [companyId],
    ),
    db.query<{ id: string; first_name: string; last_name: string; email: string; phone: string; email_verified_at: Date | null }>(
      'SELECT id, first_name, last_name, email, phone, email_verified_at FROM users WHERE company_id = $1 ORDER BY created_at, id LIMIT 1',
      [companyId],
    ),
    db.query<{ id: string; doc_key: DocKey; name: string; object_key: string; content_type: string; size_bytes: number; cac_reg_number: string | null; created_at: Date | string }>(
      'SELECT id, doc_key, name, object_key, content_type, size_bytes, cac_reg_number, created_at FROM kyb_documents WHERE company_id = $1',
      [companyId],
    ),
    db.query<{ id: string; position: string; full_name: string; email: string; phone: string; id_type: string; id_number_last4: string; approved_by: string | null; approved_at: Date | string | null }>(
      `SELECT id, position, full_name, email, phone, id_type, id_number_last4, approved_by, approved_at
       FROM kyb_representatives WHERE company_id = $1 ORDER BY created_at, email`,
      [companyId],
    ),
    db.query<{ currency: string; bank_name: string; bank_code: string; account_number: string; account_name: string; bvn_last4: string }>(
      'SELECT currency, bank_name, bank_code, account_number, account_name, bvn_last4 FROM kyb_bank_details WHERE company_id = $1',
      [companyId],
    ),
  ]);
  const companyRow = company.rows[0]!;
  const userRow = firstUser.rows[0];
  const bankRow = bank.rows[0];
  const linkExpiresAt = new Date(Date.now() + REVIEWER_DOCUMENT_LINK_SECONDS * 1000).toISOString();
  const slotOrder = (key: DocKey) => documentSlots.findIndex((slot) => slot.docKey === key);
  const sortedDocuments = [...documents.rows].sort((a, b) => slotOrder(a.doc_key) - slotOrder(b.doc_key));

  return {
    company: {
      id: companyRow.id,
      name: companyRow.name,
      email: companyRow.email,
      phone: companyRow.phone,
      website: companyRow.website,
      country: companyRow.country,
      address: companyRow.address,
      registrationNo: companyRow.registration_no,
      createdAt: iso(companyRow.created_at),
    },
    firstUser: userRow
      ? { id: userRow.id, firstName: userRow.first_name, lastName: userRow.last_name, email: userRow.email, phone: userRow.phone, emailVerified: userRow.email_verified_at !== null }
      : null,
    application: state.application,
    cacNumber: documents.rows.find((doc) => doc.doc_key === 'certificate')?.cac_reg_number ?? null,
    documents: await Promise.all(
      sortedDocuments.map(async (doc) => ({
        id: doc.id,
        docKey: doc.doc_key,
        label: labelOf(doc.doc_key),
        name: doc.name,
        contentType: doc.content_type,
        size: doc.size_bytes,
        uploadedAt: iso(doc.created_at),
        cacRegNumber: doc.cac_reg_number,
        viewUrl: await ctx.storage.presignDownload({ key: doc.object_key, expiresInSeconds: REVIEWER_DOCUMENT_LINK_SECONDS, fileName: doc.name }),
        viewUrlExpiresAt: linkExpiresAt,
        disposition: dispositionOf(doc.content_type),
      })),
    ),
    representatives: representatives.rows.map((rep) => ({
      id: rep.id,
      position: rep.position,
      fullName: rep.full_name,
      email: rep.email,
      phone: rep.phone,
      idType: rep.id_type,
      idNumberMasked: mask(rep.id_number_last4),
      isRepApproved: rep.approved_at !== null,
      consentName: rep.approved_by,
      consentAt: isoOrNull(rep.approved_at),
    })),
    bankDetails: bankRow
      ? {
          currency: bankRow.currency,
          bankName: bankRow.bank_name,
          bankCode: bankRow.bank_code,
          accountNumber: bankRow.account_number,
          accountName: bankRow.account_name,
          bvnMasked: mask(bankRow.bvn_last4),
          nameMatch: matchBusinessNames(companyRow.name, bankRow.account_name),
        }
      : null,
    reviewItems: state.reviewItems,
    notes: state.notes,
    history: state.history,
    permissions: state.permissions,
  };
}
