import { EVENT_RETENTION_DAYS, PING_EVENT, type Event, type EventListQuery, type EventType } from '@fipay/contracts/developers';
import type { Pagination } from '@fipay/contracts/notifications';
import type { Queryable } from '../../db/client';
import { randomBase62 } from '../../lib/crypto';
import { paginationOf } from '../../lib/pagination';

/** Where a company's object lives: which company and which mode. */
export type Scope = { companyId: string; livemode: boolean };

type EventRow = { id: string; type: Event['type']; livemode: boolean; data: Event['data']; created_at: Date };

const toEvent = (row: EventRow): Event => ({ id: row.id, type: row.type, createdAt: row.created_at.toISOString(), livemode: row.livemode, data: row.data });

async function insertEvent(tx: Queryable, scope: Scope, type: Event['type'], data: Event['data']): Promise<Event> {
  const { rows } = await tx.query<EventRow>(
    `INSERT INTO events (id, company_id, livemode, type, data) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, type, livemode, data, created_at`,
    [`evt_${randomBase62(24)}`, scope.companyId, scope.livemode, type, JSON.stringify(data)],
  );
  return toEvent(rows[0]!);
}

/**
 * Writes an event and a delivery of it to each of the scope's endpoints that takes its type; call it in the
 * transaction that makes the change, so the change, its event and its deliveries are written or none is.
 * `previousAttributes` holds the changed fields' values before the change (null for a new object); a new
 * endpoint is not sent the event of its own creation (`exceptEndpointId`). The webhook worker wakes once the
 * transaction commits.
 */
export async function recordEvent(
  tx: Queryable,
  scope: Scope,
  type: EventType,
  object: Record<string, unknown>,
  previousAttributes: Record<string, unknown> | null = null,
  exceptEndpointId: string | null = null,
): Promise<Event> {
  // One statement: the event, then a delivery to each endpoint that takes its type.
  const clause = eventClause(scope, type, object, { previousAttributes, exceptEndpointId, next: 1 });
  const { rows } = await tx.query<EventRow>(`WITH ${clause.sql.slice(2)} SELECT * FROM e`, clause.params);
  tx.wake('webhooks');
  return toEvent(rows[0]!);
}

/**
 * `recordEvent` as clauses of a bigger statement's WITH list (`, e AS (…), d AS (…)`, parameters numbered from
 * `next`), for a path that writes its event in the statement that makes its change: the same event and deliveries,
 * one round trip fewer. The caller wakes the webhook worker (`tx.wake('webhooks')`) once the statement has run.
 * `name` prefixes the CTEs (`name_e`, `name_d`), so that one statement can write several events.
 */
export function eventClause(
  scope: Scope,
  type: EventType,
  object: Record<string, unknown>,
  options: {
    previousAttributes?: Record<string, unknown> | null;
    exceptEndpointId?: string | null;
    /** Where its values go: from `$next` on (answered in `params`), or placed by the caller's `param` (`params` is then empty). */
    next?: number;
    param?: (value: unknown) => string;
    /** Fields of the object (`createdAt`, …) set by the database from its clock (now(), as a column's default has it) instead of the object's. */
    atNow?: readonly string[];
  },
  name?: string,
): { sql: string; params: unknown[] } {
  const values = [
    `evt_${randomBase62(24)}`,
    scope.companyId,
    scope.livemode,
    type,
    JSON.stringify({ object, previousAttributes: options.previousAttributes ?? null }),
    options.exceptEndpointId ?? null,
  ];
  const placed = options.param ? values.map(options.param) : values.map((_, i) => `$${options.next! + i}`);
  const n = (i: number) => placed[i]!;
  // As toISOString writes a time, so that the event and the answer written from the row's time say the same.
  const data = (options.atNow ?? []).reduce(
    (json, field) => `jsonb_set(${json}, '{object,${field}}', to_jsonb(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`,
    `${n(4)}::jsonb`,
  );
  const [e, d] = name ? [`${name}_e`, `${name}_d`] : ['e', 'd'];
  return {
    sql: `, ${e} AS (
       INSERT INTO events (id, company_id, livemode, type, data) VALUES (${n(0)}, ${n(1)}, ${n(2)}, ${n(3)}, ${data}) RETURNING id, type, livemode, data, created_at
     ), ${d} AS (
       INSERT INTO webhook_deliveries (event_id, endpoint_id, company_id, livemode)
       SELECT ${e}.id, w.id, w.company_id, w.livemode FROM ${e}, webhook_endpoints w
        WHERE w.company_id = ${n(1)} AND w.livemode = ${n(2)} AND w.deleted_at IS NULL AND NOT w.disabled
          AND ('*' = ANY (w.enabled_events) OR ${n(3)} = ANY (w.enabled_events)) AND w.id IS DISTINCT FROM ${n(5)}
       RETURNING 1
     )`,
    params: options.param ? [] : values,
  };
}

/** A `ping` event for one endpoint, delivered to it alone (even when it is disabled: it is a test). */
export async function recordPing(tx: Queryable, scope: Scope, endpointId: string): Promise<{ event: Event; deliveryId: string }> {
  const event = await insertEvent(tx, scope, PING_EVENT, { object: { endpointId, message: 'A test event from FiPay.' }, previousAttributes: null });
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO webhook_deliveries (event_id, endpoint_id, company_id, livemode) VALUES ($1, $2, $3, $4) RETURNING id',
    [event.id, endpointId, scope.companyId, scope.livemode],
  );
  tx.wake('webhooks');
  return { event, deliveryId: rows[0]!.id };
}

const kept = `created_at > now() - interval '${EVENT_RETENTION_DAYS} days'`;

/** One page of the scope's events, newest first, optionally of one type. */
export async function listEvents(db: Queryable, scope: Scope, query: EventListQuery): Promise<{ events: Event[]; pagination: Pagination }> {
  const type = query.type ?? null;
  const filter = `company_id = $1 AND livemode = $2 AND ($3::text IS NULL OR type = $3) AND ${kept}`;
  const [page, count] = await Promise.all([
    db.query<EventRow>(
      `SELECT id, type, livemode, data, created_at FROM events WHERE ${filter}
       ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [scope.companyId, scope.livemode, type, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE ${filter}`, [scope.companyId, scope.livemode, type]),
  ]);
  const totalItems = Number(count.rows[0]!.n);
  return {
    events: page.rows.map(toEvent),
    pagination: paginationOf(query, totalItems),
  };
}

/** One of the scope's events; undefined for a missing one and for another company's or mode's alike. */
export async function findEvent(db: Queryable, scope: Scope, id: string): Promise<Event | undefined> {
  const { rows } = await db.query<EventRow>(
    `SELECT id, type, livemode, data, created_at FROM events WHERE id = $1 AND company_id = $2 AND livemode = $3 AND ${kept}`,
    [id, scope.companyId, scope.livemode],
  );
  return rows[0] ? toEvent(rows[0]) : undefined;
}
