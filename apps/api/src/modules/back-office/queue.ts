import type { z } from 'zod';
import type { QueueData, QueueItem, queueQuery } from '@fipay/contracts/back-office';
import { applicationStatuses, type ApplicationStatus, type BusinessSubType, type BusinessType } from '@fipay/contracts/kyb-options';
import type { Queryable } from '../../db/client';
import { paginationOf } from '../../lib/pagination';

type QueueRow = {
  company_id: string;
  company_name: string;
  user_email: string | null;
  business_type: BusinessType | null;
  sub_type: BusinessSubType | null;
  cac_number: string | null;
  status: ApplicationStatus;
  submitted_at: Date | string | null;
  waiting_seconds: number | string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  updated_at: Date | string;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

// A company matches by its name or registration number, any of its users' emails, or the CAC number on its certificate.
const FILTERS = `
  FROM kyb_applications a
  JOIN companies c ON c.id = a.company_id
  WHERE a.status = $1
    AND ($2::text IS NULL OR a.business_type = $2::text)
    AND ($3::text IS NULL
      OR c.name ILIKE $3::text
      OR c.registration_no ILIKE $3::text
      OR EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id AND u.email ILIKE $3::text)
      OR EXISTS (SELECT 1 FROM kyb_documents d WHERE d.company_id = c.id AND d.cac_reg_number ILIKE $3::text))`;

/**
 * One page of the queue: oldest submission first (the longest wait on top),
 * then by when the application was started. Pages never overlap: the company id
 * breaks ties.
 */
export async function listApplications(db: Queryable, query: z.output<typeof queueQuery>): Promise<QueueData> {
  const { status, businessType, q, page, pageSize } = query;
  const params = [status, businessType ?? null, q ? likePattern(q) : null];
  const counted = await db.query<{ status: ApplicationStatus; n: number }>('SELECT status, n FROM kyb_status_counts');
  const counts = Object.fromEntries(applicationStatuses.map((s) => [s, 0])) as Record<ApplicationStatus, number>;
  for (const row of counted.rows) counts[row.status] = row.n;
  // Unfiltered, a tab's total is its kept count; a search or type filter has to count its matches.
  const filtered = params[1] !== null || params[2] !== null;
  const totalItems = filtered ? Number((await db.query<{ n: string | number }>(`SELECT count(*) AS n ${FILTERS}`, params)).rows[0]?.n ?? 0) : counts[status];
  const { rows } = await db.query<QueueRow>(
    `SELECT a.company_id, c.name AS company_name,
       (SELECT u.email FROM users u WHERE u.company_id = c.id ORDER BY u.created_at, u.id LIMIT 1) AS user_email,
       a.business_type, a.sub_type,
       (SELECT d.cac_reg_number FROM kyb_documents d WHERE d.company_id = c.id AND d.doc_key = 'certificate') AS cac_number,
       a.status, a.submitted_at,
       CASE WHEN a.status = 'SUBMITTED' THEN floor(extract(epoch FROM now() - a.submitted_at))::integer END AS waiting_seconds,
       a.assignee_id, (SELECT r.name FROM reviewers r WHERE r.id = a.assignee_id) AS assignee_name,
       a.updated_at
     ${FILTERS}
     ORDER BY a.submitted_at ASC NULLS LAST, a.created_at ASC, a.company_id ASC
     LIMIT $4 OFFSET $5`,
    [...params, pageSize, (page - 1) * pageSize],
  );
  return {
    applications: rows.map(toQueueItem),
    pagination: paginationOf({ page, pageSize }, totalItems),
    counts,
  };
}

function toQueueItem(row: QueueRow): QueueItem {
  return {
    companyId: row.company_id,
    companyName: row.company_name,
    userEmail: row.user_email,
    businessType: row.business_type,
    subType: row.sub_type,
    cacNumber: row.cac_number,
    status: row.status,
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
    waitingSeconds: row.waiting_seconds === null ? null : Math.max(0, Number(row.waiting_seconds)),
    assignee: row.assignee_id && row.assignee_name ? { id: row.assignee_id, name: row.assignee_name } : null,
    updatedAt: iso(row.updated_at),
  };
}
