import { kybMessages } from '@fipay/contracts/kyb';
import type { Queryable } from '../../db/client';
import type { AccessClaims } from '../auth/tokens';
import { AppError } from '../../lib/errors';

/** SPEC.md's bodies carry userId/companyId; they must name the caller, or nothing happens. */
export function assertOwnIdentity(auth: AccessClaims, body: { userId?: string; companyId?: string }): void {
  if ((body.userId !== undefined && body.userId !== auth.userId) || (body.companyId !== undefined && body.companyId !== auth.companyId)) {
    throw new AppError('FORBIDDEN', kybMessages.identityMismatch);
  }
}

/**
 * Opens the company's application for a change: creates it on first use, locks
 * its row for the rest of the transaction, and refuses once it is submitted.
 */
export async function openApplicationForChange(tx: Queryable, companyId: string) {
  await tx.query('INSERT INTO kyb_applications (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [companyId]);
  const { rows } = await tx.query<{ status: string; business_type: string | null; sub_type: string | null; current_step: number }>(
    'SELECT status, business_type, sub_type, current_step FROM kyb_applications WHERE company_id = $1 FOR UPDATE',
    [companyId],
  );
  const application = rows[0]!;
  if (application.status === 'SUBMITTED' || application.status === 'APPROVED') {
    throw new AppError('CONFLICT', kybMessages.applicationLocked);
  }
  return application;
}

/** Records that the user may move on to `step`; progress never goes backwards. */
export async function advanceTo(tx: Queryable, companyId: string, step: number): Promise<void> {
  await tx.query(
    'UPDATE kyb_applications SET current_step = GREATEST(current_step, $2), updated_at = now() WHERE company_id = $1',
    [companyId, step],
  );
}
