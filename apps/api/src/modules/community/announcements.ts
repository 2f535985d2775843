import type { z } from 'zod';
import {
  announcementMessages as say,
  announcementStatuses,
  type AdminAnnouncement,
  type adminAnnouncementListQuery,
  type Announcement,
  type announcementListQuery,
  type AnnouncementStatus,
  type createAnnouncementRequest,
  type updateAnnouncementRequest,
} from '@fipay/contracts/announcements';
import type { Db, Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { appendAudit, reviewerActor } from '../audit/audit-log';

/**
 * The operator's announcements (docs/decisions/0091-announcements-from-the-back-office.md): admins write drafts, publish
 * and archive them in the back office, each change in the audit log; every signed-in business reads the published ones
 * that have not expired on the Community page, newest first.
 */

type Row = {
  id: string;
  status: AnnouncementStatus;
  title: string;
  body: string;
  link_url: string | null;
  link_label: string | null;
  published_at: Date | null;
  expires_at: Date | null;
  archived_at: Date | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
  expired: boolean;
};

type Reviewer = { id: string; name: string };

const COLUMNS = `a.id, a.status, a.title, a.body, a.link_url, a.link_label, a.published_at, a.expires_at, a.archived_at,
  a.created_by, r.name AS created_by_name, a.created_at, a.updated_at, coalesce(a.expires_at <= now(), false) AS expired`;
const FROM = 'announcements a LEFT JOIN reviewers r ON r.id = a.created_by';
/** What businesses see: published, and not past its expiry. */
const VISIBLE = "a.status = 'published' AND a.published_at <= now() AND (a.expires_at IS NULL OR a.expires_at > now())";

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const linkOf = (row: Pick<Row, 'link_url' | 'link_label'>) => (row.link_url && row.link_label ? { url: row.link_url, label: row.link_label } : null);

const forBusinesses = (row: Row): Announcement => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: linkOf(row),
  publishedAt: row.published_at!.toISOString(),
  expiresAt: iso(row.expires_at),
});

const forAdmins = (row: Row): AdminAnnouncement => ({
  id: row.id,
  status: row.status,
  title: row.title,
  body: row.body,
  link: linkOf(row),
  publishedAt: iso(row.published_at),
  expiresAt: iso(row.expires_at),
  expired: row.status === 'published' && row.expired,
  archivedAt: iso(row.archived_at),
  createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The page of published, unexpired announcements a business reads. */
export async function listPublishedAnnouncements(db: Queryable, query: z.output<typeof announcementListQuery>) {
  const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM announcements a WHERE ${VISIBLE}`);
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${VISIBLE} ORDER BY a.published_at DESC, a.id DESC LIMIT $1 OFFSET $2`, [
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  return { announcements: rows.map(forBusinesses), pagination: paginationOf(query, counted.rows[0]!.n) };
}

// Drafts by their last change, published ones by their day, archived ones by when they were taken down: newest first.
const ADMIN_ORDER: Record<AnnouncementStatus, string> = {
  draft: 'a.updated_at DESC, a.id DESC',
  published: 'a.published_at DESC, a.id DESC',
  archived: 'a.archived_at DESC, a.id DESC',
};

/** One status's announcements for the back office, with the count of each status for its tabs. */
export async function listAnnouncementsForAdmins(db: Queryable, query: z.output<typeof adminAnnouncementListQuery>) {
  const counted = await db.query<{ status: AnnouncementStatus; n: number }>('SELECT status, count(*)::int AS n FROM announcements GROUP BY status');
  const counts = Object.fromEntries(announcementStatuses.map((status) => [status, 0])) as Record<AnnouncementStatus, number>;
  for (const row of counted.rows) counts[row.status] = row.n;
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.status = $1 ORDER BY ${ADMIN_ORDER[query.status]} LIMIT $2 OFFSET $3`, [
    query.status,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  return { announcements: rows.map(forAdmins), pagination: paginationOf(query, counts[query.status]), counts };
}

/** A row as `findRow` reads it: with the database's clock, which decides what businesses see. */
type RowWithClock = Row & { db_now: Date };

async function findRow(db: Queryable, id: string, lock = false): Promise<RowWithClock | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<Row & { db_now: Date }>(
    `SELECT ${COLUMNS}, now() AS db_now FROM ${FROM} WHERE a.id = $1${lock ? ' FOR UPDATE OF a' : ''}`,
    [id],
  );
  return rows[0];
}

export async function getAnnouncement(db: Queryable, id: string): Promise<AdminAnnouncement> {
  const row = await findRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', say.notFound);
  return forAdmins(row);
}

const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { errors: { [field]: message } });

/** A link and its label come together; clearing the link clears its label. */
function resolveLink(url: string | null, label: string | null, labelSent: boolean) {
  if (url === null) {
    if (label !== null && labelSent) throw refuse('linkLabel', say.linkLabelWithoutUrl);
    return { url: null, label: null };
  }
  if (label === null) throw refuse('linkLabel', say.linkLabelRequired);
  return { url, label };
}

/** An expiry the admin sets must be ahead of the database's clock (the clock that decides what businesses see). */
function checkExpiry(expiresAt: string | null | undefined, now: Date, unchanged?: Date | null): Date | null | undefined {
  if (expiresAt === undefined || expiresAt === null) return expiresAt;
  const at = new Date(expiresAt);
  if (unchanged && unchanged.getTime() === at.getTime()) return at;
  if (at.getTime() <= now.getTime()) throw refuse('expiresAt', say.expiresAtPast);
  return at;
}

const auditView = (row: Pick<Row, 'title' | 'body' | 'link_url' | 'link_label' | 'expires_at' | 'status'>) => ({
  status: row.status,
  title: row.title,
  body: row.body,
  linkUrl: row.link_url,
  linkLabel: row.link_label,
  expiresAt: iso(row.expires_at),
});

/** A new draft, in the author's audit trail. */
export async function createAnnouncement(db: Db, reviewer: Reviewer, input: z.output<typeof createAnnouncementRequest>): Promise<AdminAnnouncement> {
  const link = resolveLink(input.linkUrl ?? null, input.linkLabel ?? null, input.linkLabel !== undefined);
  return db.transaction(async (tx) => {
    const { rows: clock } = await tx.query<{ now: Date }>('SELECT now() AS now');
    const expiresAt = checkExpiry(input.expiresAt, clock[0]!.now) ?? null;
    const { rows } = await tx.query<{ id: string }>(
      'INSERT INTO announcements (title, body, link_url, link_label, expires_at, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [input.title, input.body, link.url, link.label, expiresAt, reviewer.id],
    );
    const row = (await findRow(tx, rows[0]!.id))!;
    await appendAudit(tx, { actor: reviewerActor(reviewer), action: 'announcement.created', after: { announcementId: row.id, ...auditView(row) } });
    return forAdmins(row);
  });
}

/**
 * One change to an announcement, in a transaction: its row locked and read (404 when there is none), `change` checking
 * it and writing, the row read again as it now is, the audit entry `audit` makes of the two, and the admins' view.
 */
async function changeAnnouncement(
  db: Db,
  reviewer: Reviewer,
  id: string,
  action: string,
  change: (tx: Queryable, before: RowWithClock) => Promise<void>,
  audit: (before: RowWithClock, after: RowWithClock) => { before: Record<string, unknown>; after: Record<string, unknown> },
): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const before = await findRow(tx, id, true);
    if (!before) throw new AppError('NOT_FOUND', say.notFound);
    await change(tx, before);
    const after = (await findRow(tx, before.id))!;
    await appendAudit(tx, { actor: reviewerActor(reviewer), action, ...audit(before, after) });
    return forAdmins(after);
  });
}

/** Changes the fields given, in any status; the audit entry holds the fields before and after. */
export async function updateAnnouncement(db: Db, reviewer: Reviewer, id: string, input: z.output<typeof updateAnnouncementRequest>): Promise<AdminAnnouncement> {
  return changeAnnouncement(
    db,
    reviewer,
    id,
    'announcement.edited',
    async (tx, before) => {
      const link = resolveLink(
        input.linkUrl !== undefined ? input.linkUrl : before.link_url,
        input.linkLabel !== undefined ? input.linkLabel : before.link_label,
        input.linkLabel !== undefined,
      );
      const expiresAt = input.expiresAt === undefined ? before.expires_at : checkExpiry(input.expiresAt, before.db_now, before.expires_at)!;
      await tx.query(
        `UPDATE announcements SET title = $2, body = $3, link_url = $4, link_label = $5, expires_at = $6, updated_at = now() WHERE id = $1`,
        [before.id, input.title ?? before.title, input.body ?? before.body, link.url, link.label, expiresAt],
      );
    },
    (before, after) => ({ before: { announcementId: before.id, ...auditView(before) }, after: { announcementId: after.id, ...auditView(after) } }),
  );
}

/**
 * Publishes a draft, or an archived announcement again (it keeps the time it was first published, so it returns to its
 * place in the list). One already published, or past its expiry, is refused and nothing changes.
 */
export async function publishAnnouncement(db: Db, reviewer: Reviewer, id: string): Promise<AdminAnnouncement> {
  return changeAnnouncement(
    db,
    reviewer,
    id,
    'announcement.published',
    async (tx, before) => {
      if (before.status === 'published') throw new AppError('CONFLICT', say.alreadyPublished);
      if (before.expired) throw new AppError('CONFLICT', say.expiredCannotPublish);
      await tx.query(
        `UPDATE announcements SET status = 'published', published_at = coalesce(published_at, now()), archived_at = NULL, updated_at = now()
          WHERE id = $1 AND status IN ('draft', 'archived')`,
        [before.id],
      );
    },
    (before, after) => ({
      before: { announcementId: before.id, status: before.status },
      after: { announcementId: after.id, status: after.status, publishedAt: iso(after.published_at), title: after.title },
    }),
  );
}

/** Takes an announcement down (or puts a draft away); businesses no longer see it. */
export async function archiveAnnouncement(db: Db, reviewer: Reviewer, id: string): Promise<AdminAnnouncement> {
  return changeAnnouncement(
    db,
    reviewer,
    id,
    'announcement.archived',
    async (tx, before) => {
      if (before.status === 'archived') throw new AppError('CONFLICT', say.alreadyArchived);
      await tx.query(`UPDATE announcements SET status = 'archived', archived_at = now(), updated_at = now() WHERE id = $1 AND status IN ('draft', 'published')`, [before.id]);
    },
    (before, after) => ({
      before: { announcementId: before.id, status: before.status },
      after: { announcementId: after.id, status: after.status, title: after.title },
    }),
  );
}
