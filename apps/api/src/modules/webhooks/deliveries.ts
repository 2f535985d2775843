import type { Pagination } from '@fipay/contracts/notifications';
import { deliveryMessages, webhookMessages, type DeliveryListQuery, type WebhookDelivery } from '@fipay/contracts/webhooks';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { recordPing, type Scope } from './events';
import { describeAttemptError } from './attempt-errors';
import { paginationOf } from '../../lib/pagination';

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  livemode: boolean;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  attempt_log: {
    attemptedAt: string;
    url: string;
    requestHeaders: Record<string, string>;
    requestBody: string;
    responseStatus: number | null;
    responseBody: string | null;
    durationMs: number;
    error: string | null;
  }[];
};

const SELECT_DELIVERY = `
  SELECT d.id, d.endpoint_id, d.event_id, e.type AS event_type, d.livemode, d.status, d.attempts, d.next_attempt_at, d.created_at,
         coalesce((SELECT json_agg(json_build_object(
                    'attemptedAt', to_char(a.attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    'url', a.url, 'requestHeaders', a.request_headers, 'requestBody', a.request_body,
                    'responseStatus', a.response_status, 'responseBody', a.response_body,
                    'durationMs', a.duration_ms, 'error', a.error) ORDER BY a.id)
                   FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempt_log
    FROM webhook_deliveries d JOIN events e ON e.id = d.event_id`;

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  livemode: row.livemode,
  status: row.status,
  attempts: row.attempts,
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  createdAt: row.created_at.toISOString(),
  attemptLog: row.attempt_log.map((attempt) => ({ ...attempt, error: attempt.error === null ? null : describeAttemptError(attempt.error) })),
});

async function requireEndpoint(db: Queryable, scope: Scope, endpointId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM webhook_endpoints WHERE id::text = $1 AND company_id = $2 AND livemode = $3 AND deleted_at IS NULL',
    [endpointId, scope.companyId, scope.livemode],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', webhookMessages.notFound);
  return rows[0].id;
}

async function deliveryOf(db: Queryable, scope: Scope, id: string): Promise<WebhookDelivery | undefined> {
  const { rows } = await db.query<DeliveryRow>(`${SELECT_DELIVERY} WHERE d.id::text = $1 AND d.company_id = $2 AND d.livemode = $3`, [id, scope.companyId, scope.livemode]);
  return rows[0] ? toDelivery(rows[0]) : undefined;
}

/** One page of an endpoint's deliveries, newest first, each with its attempts. */
export async function listDeliveries(db: Queryable, scope: Scope, endpointId: string, query: DeliveryListQuery): Promise<{ deliveries: WebhookDelivery[]; pagination: Pagination }> {
  const id = await requireEndpoint(db, scope, endpointId);
  const status = query.status ?? null;
  const [page, count] = await Promise.all([
    db.query<DeliveryRow>(
      `${SELECT_DELIVERY} WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2)
        ORDER BY d.created_at DESC, d.id DESC LIMIT $3 OFFSET $4`,
      [id, status, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ n: string }>('SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2)', [id, status]),
  ]);
  const totalItems = Number(count.rows[0]!.n);
  return {
    deliveries: page.rows.map(toDelivery),
    pagination: paginationOf(query, totalItems),
  };
}

/** Sends a delivery again now (Resend), whatever its status; a later failure goes on with the schedule. */
export async function retryDelivery(ctx: AppContext, scope: Scope, id: string): Promise<WebhookDelivery> {
  const { rowCount } = await ctx.db.query(
    `UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now()
       FROM webhook_endpoints w
      WHERE d.id::text = $1 AND d.company_id = $2 AND d.livemode = $3 AND w.id = d.endpoint_id AND w.deleted_at IS NULL`,
    [id, scope.companyId, scope.livemode],
  );
  if (rowCount !== 1) throw new AppError('NOT_FOUND', deliveryMessages.notFound);
  ctx.db.wake('webhooks');
  return (await deliveryOf(ctx.db, scope, id))!;
}

/** A `ping` event, delivered to this endpoint only. */
export async function sendTestEvent(ctx: AppContext, scope: Scope, endpointId: string): Promise<WebhookDelivery> {
  const deliveryId = await ctx.db.transaction(async (tx) => (await recordPing(tx, scope, await requireEndpoint(tx, scope, endpointId))).deliveryId);
  return (await deliveryOf(ctx.db, scope, deliveryId))!;
}
