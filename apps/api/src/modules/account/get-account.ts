import type { Account } from '@fipay/contracts/account';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../auth/tokens';

type AccountRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  user_email: string;
  user_phone: string;
  email_verified_at: Date | null;
  user_created_at: Date;
  totp_enabled_at: Date | null;
  email_otp_enabled_at: Date | null;
  password_changed_at: Date | null;
  company_id: string;
  company_name: string;
  company_email: string;
  company_phone: string;
  website: string;
  country_id: number;
  country_name: string;
  address: string;
  registration_no: string;
  company_created_at: Date;
  kyb_status: string | null;
  current_step: number | null;
  submitted_at: Date | null;
  rejection_final: boolean | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The signed-in user and their company as stored, for the Settings page. */
export async function getAccount(ctx: AppContext, auth: AccessClaims): Promise<Account> {
  const { rows } = await ctx.db.query<AccountRow>(
    `SELECT u.id AS user_id, u.first_name, u.last_name, u.email AS user_email, u.phone AS user_phone,
            u.email_verified_at, u.created_at AS user_created_at, u.totp_enabled_at, u.email_otp_enabled_at,
            u.password_changed_at,
            c.id AS company_id, c.name AS company_name, c.email AS company_email, c.phone AS company_phone,
            c.website, c.country_id, n.name AS country_name, c.address, c.registration_no,
            c.created_at AS company_created_at,
            a.status AS kyb_status, a.current_step, a.submitted_at, a.rejection_final
     FROM users u
     JOIN companies c ON c.id = u.company_id
     JOIN countries n ON n.id = c.country_id
     LEFT JOIN kyb_applications a ON a.company_id = c.id
     WHERE u.id = $1 AND u.company_id = $2`,
    [auth.userId, auth.companyId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return {
    user: {
      id: row.user_id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.user_email,
      phone: row.user_phone,
      emailVerifiedAt: iso(row.email_verified_at),
      createdAt: row.user_created_at.toISOString(),
    },
    company: {
      id: row.company_id,
      name: row.company_name,
      email: row.company_email,
      phone: row.company_phone,
      website: row.website,
      country: { id: row.country_id, name: row.country_name },
      address: row.address,
      registrationNo: row.registration_no,
      createdAt: row.company_created_at.toISOString(),
    },
    kyb: {
      status: row.kyb_status,
      currentStep: row.current_step ?? 1,
      submittedAt: iso(row.submitted_at),
      rejectionFinal: row.rejection_final === true,
    },
    security: {
      twoFactorMethod: row.totp_enabled_at ? 'authenticator' : row.email_otp_enabled_at ? 'email' : null,
      passwordChangedAt: iso(row.password_changed_at),
    },
  };
}
