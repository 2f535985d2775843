import type { z } from 'zod';
import { formatUsdLimit, limitMessages, type createLimitRequestBody, type LimitRequest, type LimitRequestStatus, type LimitTier } from '@fipay/contracts/daily-limits';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { isUniqueViolation, isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { inspectDocument } from '../../storage/inspect';
import { appendAudit, userActor } from '../audit/audit-log';
import { companyLimits } from './limits';

/** 'Increase Limits' from the company's side (docs/decisions/0070-daily-limits-and-limit-requests.md). */

export type RequestRow = {
  id: string;
  company_id: string;
  status: LimitRequestStatus;
  volume: string;
  purpose: string;
  source_of_funds: string;
  document_name: string | null;
  document_key: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  decision_tier: Exclude<LimitTier, 'unapproved' | 'approved'> | null;
  decision_trade: string | null;
  decision_send: string | null;
  decision_reason: string | null;
};

export const REQUEST_COLUMNS = `id, company_id, status, expected_monthly_volume_cents::text AS volume, purpose, source_of_funds, document_name,
  document_key, created_at, decided_at, decided_by, decision_tier, decision_trade_cents::text AS decision_trade,
  decision_send_cents::text AS decision_send, decision_reason`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toLimitRequest(row: RequestRow): LimitRequest {
  return {
    id: row.id,
    status: row.status,
    expectedMonthlyVolumeCents: row.volume,
    expectedMonthlyVolume: formatUsdLimit(BigInt(row.volume)),
    purpose: row.purpose,
    sourceOfFunds: row.source_of_funds,
    document: row.document_name ? { name: row.document_name } : null,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    decision:
      row.status === 'pending'
        ? null
        : { tier: row.decision_tier, tradeCents: row.decision_trade, sendCents: row.decision_send, reason: row.decision_reason ?? '' },
  };
}

export type RequestEditor = { companyId: string; userId: string };

export async function createLimitRequest(ctx: AppContext, editor: RequestEditor, input: z.output<typeof createLimitRequestBody>): Promise<LimitRequest> {
  await ctx.limiter.consume('limitRequestsPerCompany', editor.companyId);
  const { approved } = await companyLimits(ctx.db, ctx.config, editor.companyId);
  if (!approved) throw new AppError('CONFLICT', limitMessages.notApproved);
  const file = input.document
    ? await inspectDocument(ctx.storage, { companyId: editor.companyId, reference: input.document.objectKey, label: 'Document', field: 'document.objectKey' })
    : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<RequestRow>(
        `INSERT INTO limit_requests (company_id, expected_monthly_volume_cents, purpose, source_of_funds, document_name, document_key, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${REQUEST_COLUMNS}`,
        [editor.companyId, String(input.expectedMonthlyVolume), input.purpose, input.sourceOfFunds, input.document?.name ?? null, file?.key ?? null, editor.userId],
      );
      const request = toLimitRequest(rows[0]!);
      await appendAudit(tx, {
        actor: userActor(editor.userId),
        action: 'limit_request.created',
        companyId: editor.companyId,
        after: { requestId: request.id, expectedMonthlyVolumeCents: request.expectedMonthlyVolumeCents, purpose: request.purpose, sourceOfFunds: request.sourceOfFunds, document: request.document?.name ?? null },
      });
      return request;
    });
  } catch (error) {
    // limit_requests_one_pending: a second request while one waits, including one sent at the same moment.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', limitMessages.requestOpen);
    throw error;
  }
}

export async function listLimitRequests(db: Queryable, companyId: string): Promise<LimitRequest[]> {
  const { rows } = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM limit_requests WHERE company_id = $1 ORDER BY created_at DESC, id LIMIT 100`, [companyId]);
  return rows.map(toLimitRequest);
}

export async function openLimitRequest(db: Queryable, companyId: string): Promise<LimitRequest | null> {
  const { rows } = await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM limit_requests WHERE company_id = $1 AND status = 'pending'`, [companyId]);
  return rows[0] ? toLimitRequest(rows[0]) : null;
}

/** One of the company's own requests; another company's is not found. */
export async function getLimitRequest(db: Queryable, companyId: string, requestId: string): Promise<LimitRequest> {
  const { rows } = isUuid(requestId)
    ? await db.query<RequestRow>(`SELECT ${REQUEST_COLUMNS} FROM limit_requests WHERE id = $1 AND company_id = $2`, [requestId, companyId])
    : { rows: [] };
  if (!rows[0]) throw new AppError('NOT_FOUND', limitMessages.requestNotFound);
  return toLimitRequest(rows[0]);
}
