import type { z } from 'zod';
import type { signupRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { hashPassword, isCommonPassword } from '../../lib/passwords';
import { normalizePhone } from '../../lib/phone';
import { enqueueEmail } from '../../mail/outbox';
import { verificationEmail } from '../../mail/templates';
import { accountNotices, notifyUser } from '../notifications/notify';
import { issueEmailToken } from './email-tokens';
import { isUniqueViolation } from '../../lib/db-values';

type SignupInput = z.output<typeof signupRequest>;

/** Creates a company with its first user and queues the verification email, all or nothing. */
export async function createCompanyAccount(ctx: AppContext, input: SignupInput, ip: string): Promise<void> {
  await ctx.limiter.consume('signupPerIp', ip);
  const { company, user } = input;
  if (isCommonPassword(user.password)) {
    throw new AppError('VALIDATION_FAILED', messages.passwordCommon, { errors: { 'user.password': messages.passwordCommon } });
  }
  const country = await ctx.db.query('SELECT 1 FROM countries WHERE id = $1', [company.countryId]);
  if (country.rowCount === 0) {
    throw new AppError('VALIDATION_FAILED', messages.countryUnknown, { errors: { 'company.countryId': messages.countryUnknown } });
  }
  const userPhone = normalizePhone(user.phone);
  const taken = await ctx.db.query<{ email_taken: boolean }>(
    'SELECT email = $1 AS email_taken FROM users WHERE email = $1 OR phone = $2 LIMIT 1',
    [user.email, userPhone],
  );
  if (taken.rows[0]) throwTaken(taken.rows[0].email_taken ? 'users_email_key' : 'users_phone_key');

  const passwordHash = await hashPassword(user.password);
  try {
    await ctx.db.transaction(async (tx) => {
      const created = await tx.query<{ id: string }>(
        `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [company.name, company.email, normalizePhone(company.phone), company.website, company.countryId, company.address, company.registrationNo],
      );
      const companyId = created.rows[0]!.id;
      const newUser = await tx.query<{ id: string }>(
        `INSERT INTO users (company_id, first_name, last_name, email, phone, password_hash)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [companyId, user.firstName, user.lastName, user.email, userPhone, passwordHash],
      );
      await notifyUser(tx, newUser.rows[0]!.id, accountNotices.welcome(user.firstName));
      const token = await issueEmailToken(tx, newUser.rows[0]!.id, 'verify_email');
      const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await enqueueEmail(
        tx,
        'verify_email',
        verificationEmail({ email: user.email, firstName: user.firstName, companyName: company.name }, link),
      );
    });
  } catch (error) {
    // Two sign-ups with the same email can pass the check above together; the index decides.
    if (isUniqueViolation(error)) throwTaken(error.constraint);
    throw error;
  }
}

function throwTaken(constraint: string | undefined): never {
  if (constraint === 'users_phone_key') {
    throw new AppError('CONFLICT', messages.phoneTaken, { errors: { 'user.phone': messages.phoneTaken } });
  }
  throw new AppError('CONFLICT', messages.emailTaken, { errors: { 'user.email': messages.emailTaken } });
}
