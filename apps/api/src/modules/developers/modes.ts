import { developerMessages } from '@fipay/contracts/developers';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/** Live mode is open to a company whose business verification is approved, and closes again if that changes. */
export async function liveModeOpen(db: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM kyb_applications WHERE company_id = $1', [companyId]);
  return rows[0]?.status === 'APPROVED';
}

export async function requireLiveModeOpen(db: Queryable, companyId: string): Promise<void> {
  if (!(await liveModeOpen(db, companyId))) throw new AppError('FORBIDDEN', developerMessages.liveModeLocked);
}
