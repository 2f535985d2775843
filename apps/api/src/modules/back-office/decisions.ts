import type { z } from 'zod';
import { backOfficeMessages, type CaseState, type requestChangesRequest } from '@fipay/contracts/back-office';
import { documentSlots, reviewTargetSteps, stepPath, type ApplicationStatus, type ReviewReason, type ReviewTarget } from '@fipay/contracts/kyb-options';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { kybApprovedEmail, kybChangesRequestedEmail, kybRejectedEmail } from '../../mail/templates';
import { appendAudit, reviewerActor } from '../audit/audit-log';
import { currentStates, reviewItemMessage, type FlaggedState } from '../kyb/review-items';
import { tellCompany } from '../notifications/tell-company';
import { loadCaseApplication, loadCaseState } from './case-view';
import type { ReviewerPrincipal } from './sessions';

/** The decision, with the case as it now stands for the reviewer who made it. */
export type DecisionResult = { companyId: string; status: ApplicationStatus; decidedAt: string; case: CaseState };

/** Only the assignee decides, and only a submitted application; the row stays locked until the decision commits. */
async function openForDecision(tx: Queryable, reviewer: ReviewerPrincipal, companyId: string) {
  const application = await loadCaseApplication(tx, companyId, true);
  if (application.assignee_id !== reviewer.id) throw new AppError('FORBIDDEN', backOfficeMessages.assigneeOnly);
  if (application.status !== 'SUBMITTED') throw new AppError('CONFLICT', backOfficeMessages.notSubmitted);
  return application;
}

async function markDecided(tx: Queryable, reviewer: ReviewerPrincipal, companyId: string, set: string, params: unknown[]): Promise<string> {
  const { rows } = await tx.query<{ decided_at: Date | string }>(
    `UPDATE kyb_applications SET ${set}, decided_at = now(), decided_by = $2, updated_at = now() WHERE company_id = $1 RETURNING decided_at`,
    [companyId, reviewer.id, ...params],
  );
  return new Date(rows[0]!.decided_at).toISOString();
}

export async function approveApplication(ctx: AppContext, reviewer: ReviewerPrincipal, companyId: string): Promise<DecisionResult> {
  const result = await ctx.db.transaction(async (tx) => {
    await openForDecision(tx, reviewer, companyId);
    const decidedAt = await markDecided(tx, reviewer, companyId, "status = 'APPROVED', rejection_reason = NULL, rejection_final = false", []);
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'application.approved', companyId, before: { status: 'SUBMITTED' }, after: { status: 'APPROVED' } });
    await tellCompany(
      tx,
      companyId,
      { title: 'Business verification approved', message: 'Your account has been approved! You can now enjoy full access.' },
      { kind: 'kyb_approved', build: (to) => kybApprovedEmail(to, `${ctx.config.appUrl}/dashboard`) },
    );
    return { companyId, status: 'APPROVED' as const, decidedAt, case: await loadCaseState(tx, reviewer, companyId) };
  });
  return result;
}

/**
 * A rejection carries the reason the company reads in 'View Reason'. A final
 * one closes the application; otherwise the company may change anything and
 * submit again, starting from step 1 ('Start KYC Again').
 */
export async function rejectApplication(
  ctx: AppContext,
  reviewer: ReviewerPrincipal,
  companyId: string,
  input: { reason: string; final: boolean },
): Promise<DecisionResult> {
  const result = await ctx.db.transaction(async (tx) => {
    await openForDecision(tx, reviewer, companyId);
    const decidedAt = await markDecided(
      tx,
      reviewer,
      companyId,
      "status = 'REJECTED', rejection_reason = $3, rejection_final = $4, current_step = CASE WHEN $4::boolean THEN current_step ELSE 1 END",
      [input.reason, input.final],
    );
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: 'application.rejected',
      companyId,
      before: { status: 'SUBMITTED' },
      after: { status: 'REJECTED', reason: input.reason, final: input.final },
    });
    await tellCompany(
      tx,
      companyId,
      {
        title: 'Business verification rejected',
        message: input.final
          ? `Your KYC was rejected. Reason: ${input.reason}`
          : `Your KYC was rejected. Reason: ${input.reason} You can update your details and submit again.`,
      },
      { kind: 'kyb_rejected', build: (to) => kybRejectedEmail(to, input.reason, input.final, `${ctx.config.appUrl}/dashboard`) },
    );
    return { companyId, status: 'REJECTED' as const, decidedAt, case: await loadCaseState(tx, reviewer, companyId) };
  });
  return result;
}

type ResolvedItem = {
  target: ReviewTarget;
  key: string;
  label: string;
  reason: ReviewReason;
  note: string | null;
  flaggedRef: string | null;
  /** What the company must change, compared when it saves and resubmits (kyb/review-items). */
  flaggedState: FlaggedState;
};

const docLabel = (docKey: string) => documentSlots.find((slot) => slot.docKey === docKey)?.label ?? docKey;

/** Checks each flagged item against the application and names it in words; representatives may be named by id or email. */
async function resolveItems(tx: Queryable, companyId: string, items: z.output<typeof requestChangesRequest>['items']): Promise<ResolvedItem[]> {
  const current = await currentStates(tx, companyId);
  const bank = current.bank;
  const errors: Record<string, string> = {};
  const resolved: ResolvedItem[] = [];
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const common = { target: item.target, reason: item.reason, note: item.note || null };
    let entry: ResolvedItem | null = null;
    if (item.target === 'document') {
      const doc = current.documents.get(item.key);
      if (doc) entry = { ...common, key: item.key, label: docLabel(item.key), flaggedRef: doc.objectKey, flaggedState: doc };
      else errors[`items.${index}.key`] = backOfficeMessages.itemUnknownDocument;
    } else if (item.target === 'representative') {
      const found = [...current.representatives].find(([id, r]) => id === item.key || r.email === item.key.toLowerCase());
      if (found) {
        const [id, rep] = found;
        entry = { ...common, key: id, label: `${rep.fullName} (${rep.position})`, flaggedRef: rep.email, flaggedState: rep };
      }
      else errors[`items.${index}.key`] = backOfficeMessages.itemUnknownRepresentative;
    } else if (bank) {
      entry = { ...common, key: 'bank', label: 'Bank details', flaggedRef: bank.accountNumber, flaggedState: bank };
    } else {
      errors[`items.${index}.key`] = backOfficeMessages.itemNoBank;
    }
    if (!entry) return;
    const id = `${entry.target}:${entry.key}`;
    if (seen.has(id)) errors[`items.${index}.key`] = backOfficeMessages.itemDuplicate;
    seen.add(id);
    resolved.push(entry);
  });
  if (Object.keys(errors).length > 0) throw new AppError('UNPROCESSABLE', Object.values(errors)[0]!, { errors });
  return resolved;
}

/**
 * Asks the company to fix named items, each with a reason. The company then
 * changes only those (see the kyb module) and resubmits; the items stay as
 * history. The company's next step is the first one with something to fix.
 */
export async function requestChanges(
  ctx: AppContext,
  reviewer: ReviewerPrincipal,
  companyId: string,
  input: z.output<typeof requestChangesRequest>,
): Promise<DecisionResult> {
  const result = await ctx.db.transaction(async (tx) => {
    await openForDecision(tx, reviewer, companyId);
    // The company reads them in the order of its onboarding steps.
    const items = (await resolveItems(tx, companyId, input.items)).sort((a, b) => reviewTargetSteps[a.target] - reviewTargetSteps[b.target]);
    const round = Number(
      (await tx.query<{ n: number | string }>('SELECT COALESCE(max(round), 0) + 1 AS n FROM kyb_review_items WHERE company_id = $1', [companyId])).rows[0]!.n,
    );
    for (const [position, item] of items.entries()) {
      await tx.query(
        `INSERT INTO kyb_review_items (company_id, round, position, target, target_key, label, reason, note, flagged_ref, flagged_state, requested_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [companyId, round, position, item.target, item.key, item.label, item.reason, item.note, item.flaggedRef, JSON.stringify(item.flaggedState), reviewer.id],
      );
    }
    const firstStep = Math.min(...items.map((item) => reviewTargetSteps[item.target]));
    const decidedAt = await markDecided(tx, reviewer, companyId, "status = 'CHANGES_REQUESTED', current_step = $3", [firstStep]);
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: 'application.changes_requested',
      companyId,
      before: { status: 'SUBMITTED' },
      after: { status: 'CHANGES_REQUESTED', round, items: items.map(({ target, key, label, reason, note }) => ({ target, key, label, reason, note })) },
    });
    const lines = items.map(reviewItemMessage);
    await tellCompany(
      tx,
      companyId,
      { title: 'Changes needed on your business verification', message: `Please fix: ${lines.join(' ')} Then submit your verification again.` },
      { kind: 'kyb_changes_requested', build: (to) => kybChangesRequestedEmail(to, lines, `${ctx.config.appUrl}${stepPath(firstStep)}`) },
    );
    return { companyId, status: 'CHANGES_REQUESTED' as const, decidedAt, case: await loadCaseState(tx, reviewer, companyId) };
  });
  return result;
}
