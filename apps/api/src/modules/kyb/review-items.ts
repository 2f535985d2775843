import type { ReviewItem } from '@fipay/contracts/company';
import { reviewReasonLabels, reviewTargetSteps, type ReviewReason, type ReviewTarget } from '@fipay/contracts/kyb-options';
import type { Queryable } from '../../db/client';

export type ReviewItemRow = {
  id: string;
  company_id: string;
  round: number;
  target: ReviewTarget;
  target_key: string;
  label: string;
  reason: ReviewReason;
  note: string | null;
  flagged_ref: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  created_at: Date | string;
  addressed_at: Date | string | null;
  resolved_at: Date | string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** One line for the company: what, why, and the reviewer's words. 'Other' is only the note. */
export function reviewItemMessage(item: { label: string; reason: ReviewReason; note: string | null }): string {
  if (item.reason === 'other') return `${item.label}: ${item.note ?? ''}`.trim();
  return item.note ? `${item.label}: ${reviewReasonLabels[item.reason]} ${item.note}` : `${item.label}: ${reviewReasonLabels[item.reason]}`;
}

const SELECT_ITEMS = `SELECT i.id, i.company_id, i.round, i.target, i.target_key, i.label, i.reason, i.note, i.flagged_ref,
    i.requested_by, r.name AS requested_by_name, i.created_at, i.addressed_at, i.resolved_at
  FROM kyb_review_items i LEFT JOIN reviewers r ON r.id = i.requested_by`;

/** The items of the current request for changes (resolved ones belong to history). */
export async function openReviewItems(db: Queryable, companyId: string): Promise<ReviewItemRow[]> {
  const { rows } = await db.query<ReviewItemRow>(`${SELECT_ITEMS} WHERE i.company_id = $1 AND i.resolved_at IS NULL ORDER BY i.round, i.position, i.id`, [companyId]);
  return rows;
}

export async function allReviewItems(db: Queryable, companyId: string): Promise<ReviewItemRow[]> {
  const { rows } = await db.query<ReviewItemRow>(`${SELECT_ITEMS} WHERE i.company_id = $1 ORDER BY i.round, i.position, i.id`, [companyId]);
  return rows;
}

export function toReviewItem(row: ReviewItemRow): ReviewItem {
  return {
    id: row.id,
    target: row.target,
    key: row.target_key,
    label: row.label,
    reason: row.reason,
    reasonLabel: reviewReasonLabels[row.reason],
    note: row.note,
    message: reviewItemMessage(row),
    step: reviewTargetSteps[row.target],
    addressed: row.addressed_at !== null,
    requestedAt: iso(row.created_at),
  };
}

/** The first onboarding step that still has something to fix; the bank step (where the company resubmits) when none has. */
export function firstStepToFix(items: { target: ReviewTarget; addressed_at: Date | string | null }[]): number {
  const steps = items.filter((item) => item.addressed_at === null).map((item) => reviewTargetSteps[item.target]);
  return steps.length > 0 ? Math.min(...steps) : reviewTargetSteps.bank;
}

export async function markAddressed(tx: Queryable, itemId: string): Promise<void> {
  await tx.query('UPDATE kyb_review_items SET addressed_at = COALESCE(addressed_at, now()) WHERE id = $1', [itemId]);
}
