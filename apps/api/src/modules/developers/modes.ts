import { developerMessages } from '@fipay/contracts/developers';
import { liveBlockMessages, type LiveBlock, type LiveMode } from '@fipay/contracts/live-mode';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * Going live, in one place (docs/decisions/0045-one-live-rule-and-provider-readiness.md). Two questions, kept apart
 * because the business is told different things:
 * - may this company go live? Its business verification is approved (companyMayGoLive). Live mode, live keys and
 *   live links open then, and close again at once if that changes; a verified mark on its live pay pages too.
 * - can it take live payments now? It may go live, and this server's payment provider is set up and answering
 *   (liveStanding, through ctx.liveReadiness). Live charges, refunds and payouts need both.
 */

/** The one rule of who may go live: a company whose business verification is approved. */
export async function companyMayGoLive(db: Queryable, companyId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM kyb_applications WHERE company_id = $1', [companyId]);
  return rows[0]?.status === 'APPROVED';
}

export async function requireLiveModeOpen(db: Queryable, companyId: string): Promise<void> {
  if (!(await companyMayGoLive(db, companyId))) throw new AppError('FORBIDDEN', developerMessages.liveModeLocked);
}

const blocked = (open: boolean, block: LiveBlock): LiveMode => ({ open, ready: false, blocked: block, message: liveBlockMessages[block] });

/** Whether `companyId` can take live payments now and, when not, why: its own verification first, then the server's provider. */
export async function liveStanding(ctx: Pick<AppContext, 'db' | 'liveReadiness'>, companyId: string, db: Queryable = ctx.db): Promise<LiveMode> {
  if (!(await companyMayGoLive(db, companyId))) return blocked(false, 'business_not_approved');
  const provider = await ctx.liveReadiness.current();
  if (provider === 'ready') return { open: true, ready: true, blocked: null, message: null };
  return blocked(true, provider === 'not_set_up' ? 'payments_not_set_up' : 'payments_unavailable');
}

/**
 * Refuses a live money movement that cannot happen now: 403 while the business is not approved, 503 (with
 * Retry-After) while the provider is not set up or not answering, with `message` for the business in place of the
 * reason's own sentence when given (a refund says what happened to the refund).
 */
export async function requireLivePayments(ctx: Pick<AppContext, 'db' | 'liveReadiness'>, companyId: string, message?: string): Promise<void> {
  const standing = await liveStanding(ctx, companyId);
  if (standing.ready) return;
  if (!standing.open) throw new AppError('FORBIDDEN', developerMessages.liveModeLocked);
  throw new AppError('SERVICE_UNAVAILABLE', message ?? standing.message!, { retryAfterSeconds: 60 });
}

/**
 * `done` with, for a live object made while live payments cannot be taken, the sentence that says so: keys and links
 * may be prepared ahead, but the answer must not let the business believe customers can pay yet.
 */
export async function withLiveNotice(ctx: Pick<AppContext, 'db' | 'liveReadiness'>, scope: { companyId: string; livemode: boolean }, done: string): Promise<string> {
  if (!scope.livemode) return done;
  const standing = await liveStanding(ctx, scope.companyId);
  return standing.ready || !standing.message ? done : `${done} ${standing.message}`;
}
