import {
  NOTIFICATION_LATEST_COUNT,
  notificationMessages,
  type Notification,
  type NotificationListQuery,
  type Pagination,
} from '@fipay/contracts/notifications';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

type NotificationRow = { id: string; title: string; message: string; created_at: Date | string; read_at: Date | string | null };

const COLUMNS = 'id, title, message, created_at, read_at';
// Newest first; the id breaks ties between rows created in one transaction, so pages never overlap.
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toNotification(row: NotificationRow): Notification {
  return { id: row.id, title: row.title, message: row.message, createdAt: iso(row.created_at), readAt: row.read_at === null ? null : iso(row.read_at) };
}

/** Served by the partial index on unread rows. */
export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(rows[0]?.n ?? 0);
}

export async function latestNotifications(db: Queryable, userId: string) {
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ${NEWEST_FIRST} LIMIT $2`,
    [userId, NOTIFICATION_LATEST_COUNT],
  );
  return { notifications: rows.map(toNotification), unreadCount: await unreadCount(db, userId) };
}

export async function listNotifications(db: Queryable, userId: string, query: NotificationListQuery) {
  const { page, pageSize } = query;
  const total = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM notifications WHERE user_id = $1', [userId]);
  const totalItems = Number(total.rows[0]?.n ?? 0);
  const { rows } = await db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE user_id = $1 ${NEWEST_FIRST} LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const pagination: Pagination = { currentPage: page, totalPages: Math.ceil(totalItems / pageSize), pageSize, totalItems };
  return { notifications: rows.map(toNotification), pagination };
}

/** Sets readAt the first time only; another user's notification, or no such id, is 404 and changes nothing. */
export async function markRead(db: Queryable, userId: string, id: string) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', notificationMessages.notFound);
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

export async function markAllRead(db: Queryable, userId: string) {
  const { rowCount } = await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return { markedCount: rowCount, unreadCount: await unreadCount(db, userId) };
}
