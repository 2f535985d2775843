import type { EmailTopic } from '@fipay/contracts/account';
import type { Queryable } from '../../db/client';
import { enqueueEmail, type EmailKind } from '../../mail/outbox';
import type { OutgoingEmail } from '../../mail/transport';
import { notifyCompany, type NewNotification } from './notify';

type CompanyUser = { email: string; first_name: string; company_name: string };

const topicColumn: Record<EmailTopic, string> = { payments: 'payments', refunds: 'refunds', payouts: 'payouts' };

export type CompanyEmail = { kind: EmailKind; topic?: EmailTopic; build: (to: { email: string; firstName: string; companyName: string }) => OutgoingEmail };

/**
 * Tells every user of a company, in the transaction of what it is about: a notification each, and an email each;
 * for a money email (`topic`), only to the users who keep that topic on (email_preferences, migration 0018).
 */
export async function tellCompany(tx: Queryable, companyId: string, notification: NewNotification, email: CompanyEmail): Promise<void> {
  await notifyCompany(tx, companyId, notification);
  await emailCompany(tx, companyId, email);
}

/**
 * The email half of `tellCompany`: rows of the outbox only, which no other transaction waits for, so a money path
 * writes them before it takes its ledger locks (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 */
export async function emailCompany(tx: Queryable, companyId: string, email: CompanyEmail): Promise<void> {
  const wanted = email.topic ? `AND coalesce(p.${topicColumn[email.topic]}, true)` : '';
  const { rows } = await tx.query<CompanyUser>(
    `SELECT u.email, u.first_name, c.name AS company_name FROM users u JOIN companies c ON c.id = u.company_id
       LEFT JOIN email_preferences p ON p.user_id = u.id
      WHERE u.company_id = $1 ${wanted} ORDER BY u.created_at`,
    [companyId],
  );
  for (const user of rows) {
    await enqueueEmail(tx, email.kind, email.build({ email: user.email, firstName: user.first_name, companyName: user.company_name }));
  }
}
