import { backOfficeMessages, type CaseNote, type CaseState } from '@fipay/contracts/back-office';
import type { AppContext } from '../../context';
import { decrypt } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { appendAudit, auditCsv, auditEntriesForCompany, reviewerActor } from '../audit/audit-log';
import { ASSIGNABLE, loadCaseApplication, loadCaseState } from './case-view';
import { findReviewerById } from './reviewers';
import type { ReviewerPrincipal } from './sessions';

type Assignee = { id: string; name: string };

/** Any reviewer takes an unassigned case, or keeps their own; someone else's is theirs until an admin reassigns it. */
export async function claimApplication(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string): Promise<{ assignee: Assignee; case: CaseState }> {
  return ctx.db.transaction(async (tx) => {
    const application = await loadCaseApplication(tx, companyId, true);
    if (!ASSIGNABLE.includes(application.status)) throw new AppError('CONFLICT', backOfficeMessages.notClaimable);
    const me = { id: reviewer.id, name: reviewer.name };
    if (application.assignee_id === reviewer.id) return { assignee: me, case: await loadCaseState(tx, reviewer, companyId) };
    if (application.assignee_id) throw new AppError('CONFLICT', backOfficeMessages.claimedByOther(application.assignee_name ?? 'Another reviewer'));
    await tx.query('UPDATE kyb_applications SET assignee_id = $2, assigned_at = now() WHERE company_id = $1', [companyId, reviewer.id]);
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'application.claimed', companyId, before: { assignee: null }, after: { assignee: me } });
    return { assignee: me, case: await loadCaseState(tx, reviewer, companyId) };
  });
}

/** Admins hand a case to any enabled reviewer (themselves included), or take it off everyone with null. */
export async function assignApplication(
  ctx: AppContext,
  admin: ReviewerPrincipal,
  companyId: string,
  reviewerId: string | null,
): Promise<{ assignee: Assignee | null; case: CaseState }> {
  return ctx.db.transaction(async (tx) => {
    const application = await loadCaseApplication(tx, companyId, true);
    if (!ASSIGNABLE.includes(application.status)) throw new AppError('CONFLICT', backOfficeMessages.notClaimable);
    let assignee: Assignee | null = null;
    if (reviewerId) {
      const target = await findReviewerById(tx, reviewerId);
      if (!target) throw new AppError('NOT_FOUND', backOfficeMessages.reviewerNotFound, { errors: { reviewerId: backOfficeMessages.reviewerNotFound } });
      if (target.disabled_at) throw new AppError('CONFLICT', backOfficeMessages.reviewerDisabled, { errors: { reviewerId: backOfficeMessages.reviewerDisabled } });
      assignee = { id: target.id, name: target.name };
    }
    const before = application.assignee_id ? { id: application.assignee_id, name: application.assignee_name } : null;
    if (application.assignee_id === (assignee?.id ?? null)) return { assignee, case: await loadCaseState(tx, admin, companyId) };
    await tx.query('UPDATE kyb_applications SET assignee_id = $2, assigned_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END WHERE company_id = $1', [
      companyId,
      assignee?.id ?? null,
    ]);
    await appendAudit(tx, { actor: reviewerActor(admin), action: 'application.assigned', companyId, before: { assignee: before }, after: { assignee } });
    return { assignee, case: await loadCaseState(tx, admin, companyId) };
  });
}

/** Internal notes: any reviewer may add one; companies never see them. */
export async function addNote(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string, text: string): Promise<CaseNote & { case: CaseState }> {
  return ctx.db.transaction(async (tx) => {
    await loadCaseApplication(tx, companyId);
    const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
      'INSERT INTO kyb_review_notes (company_id, author_id, body) VALUES ($1, $2, $3) RETURNING id, created_at',
      [companyId, reviewer.id, text],
    );
    const note = rows[0]!;
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'note.added', companyId, after: { noteId: note.id, text } });
    return {
      id: note.id,
      text,
      author: { id: reviewer.id, name: reviewer.name },
      createdAt: new Date(note.created_at).toISOString(),
      case: await loadCaseState(tx, reviewer, companyId),
    };
  });
}

/**
 * One BVN or ID number in clear, for an admin. The act is written to the audit
 * trail in the same transaction as the read (the value itself never is).
 */
export async function revealSensitiveValue(
  ctx: AppContext,
  admin: ReviewerPrincipal,
  companyId: string,
  input: { field: 'bvn' | 'idNumber'; representativeId?: string },
): Promise<{ field: 'bvn' | 'idNumber'; representativeId: string | null; value: string; case: CaseState }> {
  await ctx.limiter.consume('revealPerReviewer', admin.id);
  return ctx.db.transaction(async (tx) => {
    await loadCaseApplication(tx, companyId);
    let encrypted: string | undefined;
    let subject: Record<string, unknown>;
    if (input.field === 'bvn') {
      encrypted = (await tx.query<{ bvn_encrypted: string }>('SELECT bvn_encrypted FROM kyb_bank_details WHERE company_id = $1', [companyId])).rows[0]?.bvn_encrypted;
      subject = { field: 'bvn' };
    } else {
      const rep = (
        await tx.query<{ id_number_encrypted: string; full_name: string }>(
          'SELECT id_number_encrypted, full_name FROM kyb_representatives WHERE id = $1 AND company_id = $2',
          [input.representativeId, companyId],
        )
      ).rows[0];
      encrypted = rep?.id_number_encrypted;
      subject = { field: 'idNumber', representativeId: input.representativeId, representativeName: rep?.full_name ?? null };
    }
    if (!encrypted) throw new AppError('NOT_FOUND', backOfficeMessages.revealNothing);
    await appendAudit(tx, { actor: reviewerActor(admin), action: 'sensitive.revealed', companyId, after: subject });
    return {
      field: input.field,
      representativeId: input.representativeId ?? null,
      value: decrypt(ctx.keys.personalData, encrypted),
      case: await loadCaseState(tx, admin, companyId),
    };
  });
}

/** A case's history as CSV; the export is itself recorded (and so appears as its last line). */
export async function exportCaseAudit(ctx: AppContext, admin: ReviewerPrincipal, companyId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    await loadCaseApplication(tx, companyId);
    await appendAudit(tx, { actor: reviewerActor(admin), action: 'audit.exported', companyId });
    return auditCsv(await auditEntriesForCompany(tx, companyId));
  });
}
