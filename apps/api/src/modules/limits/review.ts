import type { z } from 'zod';
import { REVIEWER_DOCUMENT_LINK_SECONDS } from '@fipay/contracts/back-office';
import {
  configuredTiers,
  formatUsdLimit,
  limitKindLabels,
  limitKinds,
  limitMessages,
  limitRequestStatuses,
  limitTierLabels,
  MAX_LIMIT_CENTS,
  type LimitCase,
  type limitDecisionBody,
  type LimitKind,
  type LimitRequest,
  type LimitRequestStatus,
  type limitQueueQuery,
  type LimitTier,
  type TierLimits,
} from '@fipay/contracts/daily-limits';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { limitDecisionEmail } from '../../mail/templates';
import { appendAudit, reviewerActor } from '../audit/audit-log';
import { tellCompany } from '../notifications/tell-company';
import { companyLimits, limitsLeft } from './limits';
import { REQUEST_COLUMNS, toLimitRequest, type RequestRow } from './requests';

/** The back office's side of 'Increase Limits': the queue, a request's detail and the decision. */

type Reviewer = { id: string; name: string; role: 'reviewer' | 'admin' };

const iso = (value: Date | string) => new Date(value).toISOString();

export async function limitRequestQueue(ctx: AppContext, query: z.output<typeof limitQueueQuery>) {
  const counted = await ctx.db.query<{ status: LimitRequestStatus; n: string }>('SELECT status, count(*)::text AS n FROM limit_requests GROUP BY status');
  const counts = Object.fromEntries(limitRequestStatuses.map((status) => [status, 0])) as Record<LimitRequestStatus, number>;
  for (const row of counted.rows) counts[row.status] = Number(row.n);
  // Waiting requests oldest first (the longest wait on top); decided ones newest decision first.
  const order = query.status === 'pending' ? 'r.created_at ASC, r.id' : 'r.decided_at DESC, r.id';
  const { rows } = await ctx.db.query<{ id: string; company_id: string; company_name: string; status: LimitRequestStatus; volume: string; created_at: Date; decided_at: Date | null }>(
    `SELECT r.id, r.company_id, c.name AS company_name, r.status, r.expected_monthly_volume_cents::text AS volume, r.created_at, r.decided_at
       FROM limit_requests r JOIN companies c ON c.id = r.company_id
      WHERE r.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [query.status, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const requests = [];
  for (const row of rows) {
    const { tier } = await companyLimits(ctx.db, ctx.config, row.company_id);
    requests.push({
      id: row.id,
      companyId: row.company_id,
      companyName: row.company_name,
      status: row.status,
      tier,
      expectedMonthlyVolume: formatUsdLimit(BigInt(row.volume)),
      createdAt: iso(row.created_at),
      decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    });
  }
  return { requests, pagination: paginationOf(query, counts[query.status]), counts };
}

async function requestRow(db: Queryable, requestId: string, lock = false): Promise<RequestRow> {
  const { rows } = isUuid(requestId)
    ? await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM limit_requests WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [requestId])
    : { rows: [] };
  if (!rows[0]) throw new AppError('NOT_FOUND', limitMessages.requestNotFound);
  return rows[0];
}

const tierFigures = (ctx: AppContext) =>
  configuredTiers.map((tier) => ({
    tier,
    label: limitTierLabels[tier],
    tradeCents: String(ctx.config.dailyLimits[tier].trade),
    sendCents: String(ctx.config.dailyLimits[tier].send),
  }));

export async function limitRequestCase(ctx: AppContext, requestId: string): Promise<LimitCase> {
  const row = await requestRow(ctx.db, requestId);
  const { rows } = await ctx.db.query<{ name: string; kyb_status: string | null; reviewer_name: string | null }>(
    `SELECT c.name, (SELECT a.status FROM kyb_applications a WHERE a.company_id = c.id) AS kyb_status,
            (SELECT r.name FROM reviewers r WHERE r.id = $2) AS reviewer_name
       FROM companies c WHERE c.id = $1`,
    [row.company_id, row.decided_by],
  );
  const company = rows[0]!;
  const today = await limitsLeft(ctx.db, ctx.config, row.company_id, true);
  return {
    request: toLimitRequest(row),
    company: { id: row.company_id, name: company.name, kybStatus: company.kyb_status },
    tier: today.tier,
    limits: today.limits,
    documentUrl:
      row.document_key && row.document_name
        ? await ctx.storage.presignDownload({ key: row.document_key, expiresInSeconds: REVIEWER_DOCUMENT_LINK_SECONDS, fileName: row.document_name })
        : null,
    tiers: tierFigures(ctx),
    decidedBy: row.decided_by && company.reviewer_name ? { id: row.decided_by, name: company.reviewer_name } : null,
  };
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { errors: { [field]: message } });
const figuresText = (limits: TierLimits) => limitKinds.map((kind) => `${limitKindLabels[kind]} ${formatUsdLimit(limits[kind])} a day`).join(', ');

/** What a grant gives, checked against the company's limits now: never lower, above the top tier only for an admin. */
function grantOf(ctx: AppContext, reviewer: Reviewer, current: TierLimits, input: z.output<typeof limitDecisionBody>): { tier: Exclude<LimitTier, 'unapproved' | 'approved'>; limits: TierLimits } {
  if (input.decision === 'grant_tier') {
    const limits = ctx.config.dailyLimits[input.tier];
    if (limitKinds.some((kind) => limits[kind] < current[kind])) throw invalid('tier', limitMessages.tierNotHigher(figuresText(current)));
    return { tier: input.tier, limits };
  }
  if (input.decision !== 'grant_custom') throw new Error('not a grant');
  const limits: TierLimits = { trade: input.tradeCents, send: input.sendCents };
  const top = ctx.config.dailyLimits.tier_3;
  for (const kind of limitKinds) {
    const field = `${kind}Cents`;
    if (limits[kind] > MAX_LIMIT_CENTS) throw invalid(field, limitMessages.customTooLarge);
    if (limits[kind] < current[kind]) throw invalid(field, limitMessages.customBelowCurrent(limitKindLabels[kind], formatUsdLimit(current[kind])));
  }
  if (reviewer.role !== 'admin' && limitKinds.some((kind: LimitKind) => limits[kind] > top[kind])) throw new AppError('FORBIDDEN', limitMessages.customAboveTopTier);
  return { tier: 'custom', limits };
}

/**
 * Grants a tier or custom figures, or declines, with the reason the company reads. The request moves from
 * pending once (the status guard of migration 0023 holds the same table); a second decision is 409.
 */
export async function decideLimitRequest(ctx: AppContext, reviewer: Reviewer, requestId: string, input: z.output<typeof limitDecisionBody>): Promise<LimitRequest> {
  return ctx.db.transaction(async (tx) => {
    const row = await requestRow(tx, requestId, true);
    if (row.status !== 'pending') throw new AppError('CONFLICT', limitMessages.notPending);
    const before = await companyLimits(tx, ctx.config, row.company_id);
    const grant = input.decision === 'decline' ? null : grantOf(ctx, reviewer, before.limits, input);
    if (grant && !before.approved) throw new AppError('CONFLICT', limitMessages.companyNotApproved);
    const { rows } = await tx.query<RequestRow>(
      `UPDATE limit_requests SET status = $2, decided_at = now(), decided_by = $3, decision_tier = $4, decision_trade_cents = $5, decision_send_cents = $6,
              decision_reason = $7
        WHERE id = $1 AND status = 'pending' RETURNING ${REQUEST_COLUMNS}`,
      [
        row.id,
        grant ? 'granted' : 'declined',
        reviewer.id,
        grant?.tier ?? null,
        grant ? String(grant.limits.trade) : null,
        grant ? String(grant.limits.send) : null,
        input.reason,
      ],
    );
    if (!rows[0]) throw new AppError('CONFLICT', limitMessages.notPending);
    if (grant) {
      const custom = grant.tier === 'custom';
      await tx.query(
        `INSERT INTO limit_grants (company_id, tier, trade_cents, send_cents, request_id, granted_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (company_id) DO UPDATE SET tier = excluded.tier, trade_cents = excluded.trade_cents, send_cents = excluded.send_cents,
           request_id = excluded.request_id, granted_by = excluded.granted_by, granted_at = now()`,
        [row.company_id, grant.tier, custom ? String(grant.limits.trade) : null, custom ? String(grant.limits.send) : null, row.id, reviewer.id],
      );
    }
    const view = (tier: LimitTier, limits: TierLimits) => ({ tier, tradeCents: String(limits.trade), sendCents: String(limits.send) });
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: grant ? 'limit_request.granted' : 'limit_request.declined',
      companyId: row.company_id,
      before: { requestId: row.id, status: 'pending', ...view(before.tier, before.limits) },
      after: { requestId: row.id, status: grant ? 'granted' : 'declined', reason: input.reason, ...(grant ? view(grant.tier, grant.limits) : {}) },
    });
    const lines = grant ? [`Your daily limits are now: ${figuresText(grant.limits)}.`] : [`Your daily limits stay: ${figuresText(before.limits)}.`];
    await tellCompany(
      tx,
      row.company_id,
      {
        title: grant ? 'Your limits were raised' : 'Your request for higher limits was declined',
        message: `${lines[0]} Reason: ${input.reason}`,
      },
      { kind: 'limit_request_decided', build: (to) => limitDecisionEmail(to, { granted: Boolean(grant), lines, reason: input.reason }, `${ctx.config.appUrl}/dashboard`) },
    );
    return toLimitRequest(rows[0]);
  });
}
