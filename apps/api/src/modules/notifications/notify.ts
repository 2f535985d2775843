import type { Queryable } from '../../db/client';

export type NewNotification = { title: string; message: string };

/** Notifications belong to users; a company event notifies every user of the company. */
export async function notifyCompany(tx: Queryable, companyId: string, notification: NewNotification): Promise<void> {
  await tx.query(
    'INSERT INTO notifications (user_id, title, message) SELECT id, $2, $3 FROM users WHERE company_id = $1 ORDER BY id',
    [companyId, notification.title, notification.message],
  );
}

/**
 * The statement that notifies every user of a company, for a caller that writes it as the last part of a statement
 * of its own (a money path's counters: docs/decisions/0063-money-paths-lock-the-ledger-last.md): the
 * users of the company `companyId` (an SQL expression over `from`) where `where` holds, with `title` and `message`
 * (SQL expressions, parameters). Its users in id order: each notification takes its user's counter row, and every
 * path that takes several users' counters takes them in that one order (`notifyCompaniesSql`, `markTopicRead`).
 */
export function notifyCompanySql(parts: { from: string; companyId: string; title: string; message: string; where: string }): string {
  return `INSERT INTO notifications (user_id, title, message)
     SELECT u.id, ${parts.title}, ${parts.message} FROM ${parts.from} JOIN users u ON u.company_id = ${parts.companyId} WHERE ${parts.where}
      ORDER BY u.id`;
}

/**
 * A part of a statement (a CTE named `name`) that notifies every user of several companies, their users in id order,
 * once the rows of `after` exist (a posting statement's entries). Each notification takes its user's counter row
 * (notification_counts), so a transaction that notifies two companies (a transfer between them) takes those rows in
 * one global order, after the ledger's like every money path's counters (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 * `param` adds a value and answers its placeholder.
 */
export function notifyCompaniesSql(
  name: string,
  notices: { companyId: string; notification: NewNotification }[],
  param: (value: unknown) => string,
  after: string,
): string {
  return `${name} AS (
       INSERT INTO notifications (user_id, title, message)
       SELECT u.id, n.title, n.message
         FROM unnest(${param(notices.map((n) => n.companyId))}::uuid[], ${param(notices.map((n) => n.notification.title))}::text[], ${param(notices.map((n) => n.notification.message))}::text[])
              AS n(company_id, title, message)
         JOIN users u ON u.company_id = n.company_id
        WHERE (SELECT count(*) FROM ${after}) > 0
        ORDER BY u.id
       RETURNING 1
     )`;
}

/**
 * Notifies every user of a company about `topic` (a trade's chat, its feedback) with at most one unread notification
 * per user and topic (migration 0057): a user who has not read the last one is not told again. `refresh` writes the
 * newest wording into the unread one instead (feedback changed since), so what it says stays true; otherwise the unread
 * one stands. `companyId`, `title`, `message` and `topic` are SQL expressions (parameters); `after`, when given, a CTE
 * whose rows must exist (a message just written), for a caller that makes this a part of its own statement.
 */
export function notifyOnceSql(parts: { name: string; companyId: string; title: string; message: string; topic: string; refresh?: boolean; after?: string }): string {
  const when = parts.after ? `AND EXISTS (SELECT 1 FROM ${parts.after})` : '';
  const refreshed = parts.refresh
    ? `${parts.name}_refreshed AS (
         UPDATE notifications SET title = ${parts.title}, message = ${parts.message}
          WHERE user_id IN (SELECT id FROM users WHERE company_id = ${parts.companyId}) AND topic = ${parts.topic} AND read_at IS NULL ${when}
          RETURNING 1
       ), `
    : '';
  return `${refreshed}${parts.name} AS (
       INSERT INTO notifications (user_id, title, message, topic)
       SELECT u.id, ${parts.title}, ${parts.message}, ${parts.topic} FROM users u
        WHERE u.company_id = ${parts.companyId} ${when}
          AND NOT EXISTS (SELECT 1 FROM notifications o WHERE o.user_id = u.id AND o.topic = ${parts.topic} AND o.read_at IS NULL)
        ORDER BY u.id
       RETURNING 1
     )`;
}

export async function notifyUser(tx: Queryable, userId: string, notification: NewNotification): Promise<void> {
  await tx.query('INSERT INTO notifications (user_id, title, message) VALUES ($1, $2, $3)', [userId, notification.title, notification.message]);
}

/** The wording of account events, in one place; each is created in the transaction of its event. */
export const accountNotices = {
  welcome: (firstName: string): NewNotification => ({
    title: 'Welcome to FiPay',
    message: `Hi ${firstName}, your account is ready. Complete your business verification to go live.`,
  }),
  emailVerified: {
    title: 'Email verified',
    message: 'Thanks for confirming your email address.',
  },
  twoFactorOn: {
    title: 'Two-factor authentication is on',
    message: 'Signing in now also asks for a code from your authenticator app.',
  },
  twoFactorOff: {
    title: 'Two-factor authentication is off',
    message: "Signing in no longer asks for an authenticator code. If this wasn't you, reset your password now.",
  },
  emailTwoFactorOn: {
    title: 'Email codes are on',
    message: 'Signing in now also asks for a 6-digit code we send to your email.',
  },
  emailTwoFactorOff: {
    title: 'Email codes are off',
    message: "Signing in no longer asks for an emailed code. If this wasn't you, reset your password now.",
  },
  passwordReset: {
    title: 'Your password was reset',
    message: "Every session was signed out. If this wasn't you, reset your password again right away.",
  },
  passwordChanged: {
    title: 'Your password was changed',
    message: "Every other session was signed out. If this wasn't you, reset your password right away.",
  },
} as const satisfies Record<string, NewNotification | ((...args: string[]) => NewNotification)>;
