import {
  NOTIFICATION_LATEST_COUNT,
  notificationMessages,
  type Notification,
  type NotificationListQuery,
} from '@fipay/contracts/notifications';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import { isUuid } from '../../lib/db-values';

type NotificationRow = { id: string; title: string; message: string; created_at: Date | string; read_at: Date | string | null };

const COLUMNS = 'id, title, message, created_at, read_at';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toNotification(row: NotificationRow): Notification {
  return { id: row.id, title: row.title, message: row.message, createdAt: iso(row.created_at), readAt: row.read_at === null ? null : iso(row.read_at) };
}

type CountedRow = { counted: number } & { [K in keyof NotificationRow]: NotificationRow[K] | null };

/**
 * One round trip: the counts kept by the database (migration 0007) and one page of rows. Each row
 * carries its position in the user's list (migration 0011), so the page at offset $3 is the $2 rows
 * at or below position total - $3, newest first: one short range of the (user, position) index at
 * any depth, where an OFFSET would read every newer row first. The count comes on every row, and on
 * a row of its own when the page is empty.
 */
export const countedPageSql = (count: 'unread' | 'total') =>
  `SELECT c.${count} AS counted, n.id, n.title, n.message, n.created_at, n.read_at
     FROM (SELECT coalesce(max(total), 0) AS total, coalesce(max(unread), 0) AS unread FROM notification_counts WHERE user_id = $1) c
     LEFT JOIN LATERAL (
       SELECT ${COLUMNS}, seq FROM notifications WHERE user_id = $1 AND seq <= c.total - $3 ORDER BY seq DESC LIMIT $2
     ) n ON true
     ORDER BY n.seq DESC`;

async function countedPage(db: Queryable, userId: string, count: 'unread' | 'total', limit: number, offset: number) {
  const { rows } = await db.query<CountedRow>(countedPageSql(count), [userId, limit, offset]);
  const notifications = rows.filter((row): row is CountedRow & NotificationRow => row.id !== null).map(toNotification);
  return { counted: Number(rows[0]?.counted ?? 0), notifications };
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ unread: number }>('SELECT unread FROM notification_counts WHERE user_id = $1', [userId]);
  return rows[0]?.unread ?? 0;
}

export async function latestNotifications(db: Queryable, userId: string) {
  const { counted, notifications } = await countedPage(db, userId, 'unread', NOTIFICATION_LATEST_COUNT, 0);
  return { notifications, unreadCount: counted };
}

export async function listNotifications(db: Queryable, userId: string, query: NotificationListQuery) {
  const { page, pageSize } = query;
  const { counted: totalItems, notifications } = await countedPage(db, userId, 'total', pageSize, (page - 1) * pageSize);
  const pagination = paginationOf({ page, pageSize }, totalItems);
  return { notifications, pagination };
}

/** Sets readAt the first time only; another user's notification, or no such id, is 404 and changes nothing. */
export async function markRead(db: Queryable, userId: string, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notificationMessages.notFound);
  const updated = await db.query<NotificationRow>(
    `UPDATE notifications SET read_at = now() WHERE id = $1 AND user_id = $2 AND read_at IS NULL RETURNING ${COLUMNS}`,
    [id, userId],
  );
  const row =
    updated.rows[0] ??
    (await db.query<NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE id = $1 AND user_id = $2`, [id, userId])).rows[0];
  if (!row) throw new AppError('NOT_FOUND', notificationMessages.notFound);
  return { notification: toNotification(row), unreadCount: await unreadCount(db, userId) };
}

/**
 * Marks read every unread notification about `topic` of each user of the company (what a topic's source read for them).
 * The users' counter rows are locked first, in user id order, the one order in which every path that notifies several
 * users takes them (notify.ts); the update's own trigger would take them in whatever order its plan gives, and a money
 * path notifying the same users while it holds the ledger's accounts could then wait on this in a circle.
 */
export async function markTopicRead(db: Queryable, companyId: string, topic: string): Promise<void> {
  await db.query(
    `WITH counters AS MATERIALIZED (
       SELECT c.user_id FROM notification_counts c
        WHERE c.user_id IN (SELECT n.user_id FROM notifications n JOIN users u ON u.id = n.user_id
                             WHERE u.company_id = $2 AND n.topic = $1 AND n.read_at IS NULL)
        ORDER BY c.user_id FOR UPDATE OF c
     )
     UPDATE notifications SET read_at = now() WHERE topic = $1 AND read_at IS NULL AND user_id IN (SELECT user_id FROM counters)`,
    [topic, companyId],
  );
}

export async function markAllRead(db: Queryable, userId: string) {
  const { rowCount } = await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return { markedCount: rowCount, unreadCount: await unreadCount(db, userId) };
}
