import type { Queryable } from '../../db/client';

export type NewNotification = { title: string; message: string };

/** Notifications belong to users; a company event notifies every user of the company. */
export async function notifyCompany(tx: Queryable, companyId: string, notification: NewNotification): Promise<void> {
  await tx.query(
    'INSERT INTO notifications (user_id, title, message) SELECT id, $2, $3 FROM users WHERE company_id = $1',
    [companyId, notification.title, notification.message],
  );
}

export async function notifyUser(tx: Queryable, userId: string, notification: NewNotification): Promise<void> {
  await tx.query('INSERT INTO notifications (user_id, title, message) VALUES ($1, $2, $3)', [userId, notification.title, notification.message]);
}
