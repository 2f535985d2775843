import { kybMessages } from '@fipay/contracts/kyb';
import type { ApplicationStatus } from '@fipay/contracts/kyb-options';
import type { Queryable } from '../../db/client';
import type { AccessClaims } from '../auth/tokens';
import { AppError } from '../../lib/errors';
import { appendAudit, userActor } from '../audit/audit-log';

/** SPEC.md's bodies carry userId/companyId; they must name the caller, or nothing happens. */
export function assertOwnIdentity(auth: AccessClaims, body: { userId?: string; companyId?: string }): void {
  if ((body.userId !== undefined && body.userId !== auth.userId) || (body.companyId !== undefined && body.companyId !== auth.companyId)) {
    throw new AppError('FORBIDDEN', kybMessages.identityMismatch);
  }
}

export type CompanyActor = { userId: string; companyId: string };

export type OpenApplication = {
  status: ApplicationStatus;
  business_type: string | null;
  sub_type: string | null;
  current_step: number;
  rejection_final: boolean;
};

/** Refuses a change the application's state does not allow: submitted, approved, or rejected for good. */
export function assertChangeable(application: Pick<OpenApplication, 'status' | 'rejection_final'>): void {
  if (application.status === 'SUBMITTED' || application.status === 'APPROVED') {
    throw new AppError('CONFLICT', kybMessages.applicationLocked);
  }
  if (application.status === 'REJECTED' && application.rejection_final) {
    throw new AppError('CONFLICT', kybMessages.applicationRejectedFinal);
  }
}

/**
 * Opens the company's application for a change: creates it on first use, locks
 * its row for the rest of the transaction, and refuses once it is submitted,
 * approved or finally rejected. While changes are requested the caller decides
 * what may change (only the flagged items).
 */
export async function openApplicationForChange(tx: Queryable, actor: CompanyActor): Promise<OpenApplication> {
  const created = await tx.query(
    'INSERT INTO kyb_applications (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING RETURNING company_id',
    [actor.companyId],
  );
  if (created.rows.length === 1) {
    await appendAudit(tx, { actor: userActor(actor.userId), action: 'application.started', companyId: actor.companyId, after: { status: 'IN_PROGRESS' } });
  }
  const { rows } = await tx.query<OpenApplication>(
    'SELECT status, business_type, sub_type, current_step, rejection_final FROM kyb_applications WHERE company_id = $1 FOR UPDATE',
    [actor.companyId],
  );
  const application = rows[0]!;
  assertChangeable(application);
  return application;
}

/** Records that the user may move on to `step`; progress never goes backwards. */
export async function advanceTo(tx: Queryable, companyId: string, step: number): Promise<void> {
  await tx.query(
    'UPDATE kyb_applications SET current_step = GREATEST(current_step, $2), updated_at = now() WHERE company_id = $1',
    [companyId, step],
  );
}
