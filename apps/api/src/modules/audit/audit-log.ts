import type { AuditEntry } from '@fipay/contracts/back-office';
import type { Queryable } from '../../db/client';
import { CSV_BOM, csvRow } from '../../lib/csv';

/**
 * Who did something. The name is resolved from the actor's table when not
 * given, and kept as it was at that moment: a later rename does not rewrite history.
 */
export type AuditActor =
  | { type: 'reviewer'; id: string; name?: string }
  | { type: 'user'; id: string; name?: string }
  | { type: 'system'; id?: null; name: string };

export const userActor = (userId: string): AuditActor => ({ type: 'user', id: userId });
export const reviewerActor = (reviewer: { id: string; name: string }): AuditActor => ({ type: 'reviewer', id: reviewer.id, name: reviewer.name });

export type AuditRecord = {
  actor: AuditActor;
  action: string;
  companyId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Appends one entry, in the caller's transaction so the entry exists exactly
 * when the change does. The table refuses UPDATE, DELETE and TRUNCATE (0004).
 */
export async function appendAudit(tx: Queryable, record: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_type, actor_id, actor_name, action, company_id, before, after)
     VALUES ($1, $2::uuid,
       COALESCE($3::text, CASE $1::text
         WHEN 'user' THEN (SELECT email FROM users WHERE id = $2::uuid)
         WHEN 'reviewer' THEN (SELECT name FROM reviewers WHERE id = $2::uuid) END),
       $4, $5::uuid, $6::jsonb, $7::jsonb)`,
    [
      record.actor.type,
      record.actor.id ?? null,
      record.actor.name ?? null,
      record.action,
      record.companyId ?? null,
      record.before ? JSON.stringify(record.before) : null,
      record.after ? JSON.stringify(record.after) : null,
    ],
  );
}

type AuditRow = {
  id: string | number;
  occurred_at: Date | string;
  actor_type: AuditEntry['actorType'];
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  company_id: string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const json = (value: AuditRow['before']) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value);

/** A case's history, oldest first. */
export async function auditEntriesForCompany(db: Queryable, companyId: string): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT id, occurred_at, actor_type, actor_id, actor_name, action, company_id, before, after
     FROM audit_log WHERE company_id = $1 ORDER BY id`,
    [companyId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    occurredAt: iso(row.occurred_at),
    actorType: row.actor_type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    companyId: row.company_id,
    before: json(row.before),
    after: json(row.after),
  }));
}

export const AUDIT_CSV_COLUMNS = ['id', 'occurred_at', 'actor_type', 'actor_id', 'actor_name', 'action', 'company_id', 'before', 'after'] as const;

/** RFC 4180: CRLF line ends; a byte-order mark so spreadsheet programs read UTF-8 names correctly. */
export function auditCsv(entries: AuditEntry[]): string {
  let csv = CSV_BOM + csvRow([...AUDIT_CSV_COLUMNS]);
  for (const entry of entries) {
    csv += csvRow([
        entry.id,
        entry.occurredAt,
        entry.actorType,
        entry.actorId,
        entry.actorName,
        entry.action,
        entry.companyId,
        entry.before ? JSON.stringify(entry.before) : '',
        entry.after ? JSON.stringify(entry.after) : '',
    ]);
  }
  return csv;
}
