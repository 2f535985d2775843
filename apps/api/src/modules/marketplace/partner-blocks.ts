import { reputationMessages as text } from '@fipay/contracts/reputation';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/** Refuses a taker the offer's vendor has blocked in this mode (403), before anything is written. */
export async function refuseIfBlocked(db: Queryable, vendorId: string, taker: { companyId: string; livemode: boolean }): Promise<void> {
  const { rows } = await db.query(
    "SELECT 1 FROM partner_marks WHERE company_id = $1 AND livemode = $2 AND partner_company_id = $3 AND mark = 'blocked'",
    [vendorId, taker.livemode, taker.companyId],
  );
  if (rows.length > 0) throw new AppError('FORBIDDEN', text.blockedByVendor);
}
