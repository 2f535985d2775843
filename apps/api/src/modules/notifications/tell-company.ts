import type { Queryable } from '../../db/client';
import { enqueueEmail, type EmailKind } from '../../mail/outbox';
import type { OutgoingEmail } from '../../mail/transport';
import { notifyCompany, type NewNotification } from './notify';

type CompanyUser = { email: string; first_name: string; company_name: string };

/** Tells every user of a company, in the transaction of what it is about: a notification each, and an email each. */
export async function tellCompany(
  tx: Queryable,
  companyId: string,
  notification: NewNotification,
  email: { kind: EmailKind; build: (to: { email: string; firstName: string; companyName: string }) => OutgoingEmail },
): Promise<void> {
  await notifyCompany(tx, companyId, notification);
  const { rows } = await tx.query<CompanyUser>(
    'SELECT u.email, u.first_name, c.name AS company_name FROM users u JOIN companies c ON c.id = u.company_id WHERE u.company_id = $1 ORDER BY u.created_at',
    [companyId],
  );
  for (const user of rows) {
    await enqueueEmail(tx, email.kind, email.build({ email: user.email, firstName: user.first_name, companyName: user.company_name }));
  }
}

