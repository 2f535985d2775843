import type { ReviewItem } from '@fipay/contracts/company';
import { reviewReasonLabels, reviewTargetSteps, type ReviewReason, type ReviewTarget } from '@fipay/contracts/kyb-options';
import { sameName } from '@fipay/contracts/names';
import type { Queryable } from '../../db/client';
import { decrypt } from '../../lib/crypto';

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
  flagged_state: FlaggedState | null;
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

const SELECT_ITEMS = `SELECT i.id, i.company_id, i.round, i.target, i.target_key, i.label, i.reason, i.note, i.flagged_ref, i.flagged_state,
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

/** A flagged item as it was when flagged (0005): what the company must change. */
export type DocumentState = { objectKey: string; cacRegNumber: string | null };
export type RepresentativeState = { email: string; position: string; fullName: string; phone: string; idType: string; idNumberEncrypted: string };
export type BankState = { accountNumber: string; bankCode: string; bvnEncrypted: string };
export type FlaggedState = DocumentState | RepresentativeState | BankState;

type DocumentRow = { doc_key: string; object_key: string; cac_reg_number: string | null };
type RepresentativeRow = { id: string; email: string; position: string; full_name: string; phone: string; id_type: string; id_number_encrypted: string };
type BankRow = { account_number: string; bank_code: string; bvn_encrypted: string };

const documentState = (row: DocumentRow): DocumentState => ({ objectKey: row.object_key, cacRegNumber: row.cac_reg_number });
const representativeState = (row: RepresentativeRow): RepresentativeState => ({
  email: row.email,
  position: row.position,
  fullName: row.full_name,
  phone: row.phone,
  idType: row.id_type,
  idNumberEncrypted: row.id_number_encrypted,
});
export const bankState = (row: BankRow): BankState => ({ accountNumber: row.account_number, bankCode: row.bank_code, bvnEncrypted: row.bvn_encrypted });

/** Everything a flag can point at, as the company's rows hold it now. */
export async function currentStates(tx: Queryable, companyId: string) {
  // One after another: a transaction is one connection.
  const documents = await tx.query<DocumentRow>('SELECT doc_key, object_key, cac_reg_number FROM kyb_documents WHERE company_id = $1', [companyId]);
  const representatives = await tx.query<RepresentativeRow>(
    'SELECT id, email, position, full_name, phone, id_type, id_number_encrypted FROM kyb_representatives WHERE company_id = $1',
    [companyId],
  );
  const bank = await tx.query<BankRow>('SELECT account_number, bank_code, bvn_encrypted FROM kyb_bank_details WHERE company_id = $1', [companyId]);
  return {
    documents: new Map(documents.rows.map((row) => [row.doc_key, documentState(row)])),
    representatives: new Map(representatives.rows.map((row) => [row.id, representativeState(row)])),
    bank: bank.rows[0] ? bankState(bank.rows[0]) : undefined,
  };
}
type CurrentStates = Awaited<ReturnType<typeof currentStates>>;


/** The same person (name and identity document), whatever their row or contact details. */
const samePerson = (key: Buffer, a: RepresentativeState, b: RepresentativeState) =>
  sameName(a.fullName, b.fullName) && a.idType === b.idType && decrypt(key, a.idNumberEncrypted) === decrypt(key, b.idNumberEncrypted);

const sameRepresentative = (key: Buffer, a: RepresentativeState, b: RepresentativeState) =>
  a.position === b.position && a.fullName === b.fullName && a.phone === b.phone && samePerson(key, a, b);

export const sameBank = (key: Buffer, a: BankState, b: BankState) =>
  a.accountNumber === b.accountNumber && a.bankCode === b.bankCode && decrypt(key, a.bvnEncrypted) === decrypt(key, b.bvnEncrypted);

/**
 * Whether a document (saved or sent) is the one that was flagged: same file and CAC number.
 * Items from before 0005 that were already touched know only the file (null: nothing known).
 */
export function documentAsFlagged(item: ReviewItemRow, doc: DocumentState): boolean | null {
  if (item.flagged_state) {
    const flagged = item.flagged_state as DocumentState;
    return flagged.objectKey === doc.objectKey && (flagged.cacRegNumber ?? null) === (doc.cacRegNumber ?? null);
  }
  return item.flagged_ref ? item.flagged_ref === doc.objectKey : null;
}

/**
 * Whether an open item is still as it was flagged (null: not known, for items from before 0005).
 * A removed representative counts as changed unless the same person was added again.
 */
function stillAsFlagged(key: Buffer, item: ReviewItemRow, current: CurrentStates): boolean | null {
  if (item.target === 'document') {
    const now = current.documents.get(item.target_key);
    return now ? documentAsFlagged(item, now) : null;
  }
  if (!item.flagged_state) return null;
  if (item.target === 'representative') {
    const flagged = item.flagged_state as RepresentativeState;
    const now = current.representatives.get(item.target_key);
    if (now) return sameRepresentative(key, flagged, now);
    return [...current.representatives.values()].some((rep) => samePerson(key, flagged, rep));
  }
  return current.bank ? sameBank(key, item.flagged_state as BankState, current.bank) : false;
}

/**
 * Recomputes which open items the company has addressed from what its rows hold now, so an item
 * changed and then changed back counts as open again. Returns the open items as refreshed.
 */
export async function refreshAddressed(tx: Queryable, key: Buffer, companyId: string): Promise<ReviewItemRow[]> {
  const items = await openReviewItems(tx, companyId);
  const current = await currentStates(tx, companyId);
  let changed = false;
  for (const item of items) {
    const still = stillAsFlagged(key, item, current);
    if (still === null || still === (item.addressed_at === null)) continue;
    await tx.query(`UPDATE kyb_review_items SET addressed_at = ${still ? 'NULL' : 'now()'} WHERE id = $1`, [item.id]);
    changed = true;
  }
  return changed ? openReviewItems(tx, companyId) : items;
}
