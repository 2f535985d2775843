import { validate as isValidRoutingNumber } from 'abavalidator';
import { electronicFormatIBAN, extractBIC, isValidBIC, isValidIBAN } from 'ibantools';
import { validateAccountDetails as isValidUkAccount } from 'uk-modulus-check';
import { matchBusinessNames } from '@fipay/contracts/names';
import { messages } from '@fipay/contracts/messages';
import type { z } from 'zod';
import { paymentMethodMessages as text, type addPaymentMethodRequest, type PaymentMethod, type PaymentMethodKind } from '@fipay/contracts/payment-methods';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, isUuid } from '../../lib/db-values';
import { appendAudit, userActor, reviewerActor } from '../audit/audit-log';
import { consumeEmailCode, sendEmailCode } from '../auth/email-otp';
import { checkSecondFactor } from '../auth/two-factor';
import { findUserById, twoFactorMethodOf } from '../auth/users';
import { notifyCompany } from '../notifications/notify';
import type { Scope } from '../webhooks/events';

/** Payment methods: docs/decisions/0067-payment-methods.md. */

type Row = {
  id: string;
  company_id: string;
  livemode: boolean;
  kind: PaymentMethodKind;
  currency: PaymentMethod['currency'];
  country: string;
  account_name: string;
  bank_name: string | null;
  bank_code: string;
  account_number: string;
  name_review: PaymentMethod['nameReview'];
  created_at: Date;
  usable_from: Date;
};
const COLUMNS = 'id, company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, name_review, created_at, usable_from';

/** Who changes a company's methods: a signed-in user of it, in one mode. */
export type MethodEditor = Scope & { userId: string };

const masked = (accountNumber: string) => `${'•'.repeat(Math.min(Math.max(accountNumber.length - 4, 2), 8))}${accountNumber.slice(-4)}`;

export function toPaymentMethod(row: Row, now = new Date()): PaymentMethod {
  const status = row.name_review === 'needs_review' ? 'needs_review' : row.usable_from > now ? 'cooling_off' : 'usable';
  return {
    id: row.id,
    livemode: row.livemode,
    kind: row.kind,
    currency: row.currency,
    country: row.country,
    accountName: row.account_name,
    bankName: row.bank_name,
    bankCode: row.bank_code,
    accountNumber: masked(row.account_number),
    status,
    nameReview: row.name_review,
    usableFrom: row.usable_from.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

export async function listPaymentMethods(db: Queryable, scope: Scope): Promise<PaymentMethod[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE company_id = $1 AND livemode = $2 AND removed_at IS NULL ORDER BY created_at DESC, id`,
    [scope.companyId, scope.livemode],
  );
  return rows.map((row) => toPaymentMethod(row));
}

/** Whether a method may receive a withdrawal now: not removed, past its cooling-off, and its holder name not waiting for review. */
export async function usablePaymentMethod(db: Queryable, scope: Scope, id: string): Promise<PaymentMethod | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM payment_methods WHERE id = $1 AND company_id = $2 AND livemode = $3 AND removed_at IS NULL`,
    [id, scope.companyId, scope.livemode],
  );
  const method = rows[0] ? toPaymentMethod(rows[0]) : undefined;
  return method?.status === 'usable' ? method : undefined;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { errors: { [field]: message } });

/** The account as it is stored, after the checks of its kind: a name enquiry at home, a check digit abroad. */
type Account = Pick<Row, 'kind' | 'currency' | 'country' | 'account_name' | 'bank_name' | 'bank_code' | 'account_number'>;

async function checkedAccount(ctx: AppContext, input: z.output<typeof addPaymentMethodRequest>): Promise<Account> {
  switch (input.kind) {
    case 'ng_bank_account': {
      // The bank directory the settlement account uses: its own errors (422 keyed by field, 502) pass through.
      const resolved = await ctx.banks.resolveAccount({ bankCode: input.bankCode, accountNumber: input.accountNumber });
      return {
        kind: input.kind,
        currency: 'NGN',
        country: 'NG',
        account_name: resolved.account_name,
        bank_name: resolved.bank_name,
        bank_code: resolved.bank_code,
        account_number: resolved.account_number,
      };
    }
    case 'iban': {
      const iban = electronicFormatIBAN(input.iban) ?? '';
      if (!isValidIBAN(iban)) throw invalid('iban', text.ibanInvalid);
      if (!isValidBIC(input.bic)) throw invalid('bic', text.bicInvalid);
      if (extractBIC(input.bic).countryCode !== iban.slice(0, 2)) throw invalid('bic', text.bicCountry);
      return { kind: input.kind, currency: input.currency, country: iban.slice(0, 2), account_name: input.accountName, bank_name: null, bank_code: input.bic, account_number: iban };
    }
    case 'gb_account':
      if (!isValidUkAccount(input.sortCode, input.accountNumber)) throw invalid('accountNumber', text.ukAccountInvalid);
      return { kind: input.kind, currency: 'GBP', country: 'GB', account_name: input.accountName, bank_name: null, bank_code: input.sortCode, account_number: input.accountNumber };
    case 'us_account':
      if (!isValidRoutingNumber(input.routingNumber)) throw invalid('routingNumber', text.routingInvalid);
      return { kind: input.kind, currency: 'USD', country: 'US', account_name: input.accountName, bank_name: null, bank_code: input.routingNumber, account_number: input.accountNumber };
  }
}

/**
 * With two-factor sign-in on, a change to where money can go needs that factor's code: the authenticator's (or a
 * recovery code), or one emailed for this purpose. Without it, the signed-in session is enough.
 */
async function requireSecondFactor(ctx: AppContext, userId: string, code: string | undefined) {
  const account = await findUserById(ctx.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  const method = twoFactorMethodOf(account);
  if (method === null) return;
  if (!code) throw invalid('code', method === 'email' ? text.emailCodeRequired : text.codeRequired);
  const passed = method === 'email' ? await consumeEmailCode(ctx, account.id, 'payment_method', code) : await checkSecondFactor(ctx, account, code);
  if (!passed) throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { code: messages.otpInvalid } });
}

/** Emails the code that confirms a change of payment methods, to a user whose second factor is email codes. */
export async function sendPaymentMethodCode(ctx: AppContext, userId: string) {
  const account = await findUserById(ctx.db, userId);
  if (!account) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  if (twoFactorMethodOf(account) !== 'email') throw new AppError('CONFLICT', text.codeNotNeeded);
  return sendEmailCode(ctx, account, 'payment_method');
}

const accountKey = (account: Account) => `${account.kind}:${account.bank_code}:${account.account_number}`;
const auditView = (method: PaymentMethod) => ({
  paymentMethodId: method.id,
  livemode: method.livemode,
  kind: method.kind,
  bankCode: method.bankCode,
  accountNumber: method.accountNumber,
  accountName: method.accountName,
  nameReview: method.nameReview,
});

/**
 * Saves an account of the company in the editor's mode. It can receive withdrawals from `usableFrom`, the
 * configured cooling-off period after now; a holder name that is not the company's name waits for a reviewer.
 */
export async function addPaymentMethod(ctx: AppContext, editor: MethodEditor, input: z.output<typeof addPaymentMethodRequest>): Promise<PaymentMethod> {
  await ctx.limiter.consume('paymentMethodChangesPerUser', editor.userId);
  await requireSecondFactor(ctx, editor.userId, input.code);
  if (input.kind === 'ng_bank_account') await ctx.limiter.consume('resolveAccountPerUser', editor.userId);
  const account = await checkedAccount(ctx, input);
  try {
    return await ctx.db.transaction(async (tx) => {
      const company = await tx.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [editor.companyId]);
      const sameHolder = matchBusinessNames(company.rows[0]?.name ?? '', account.account_name).result === 'exact';
      const { rows } = await tx.query<Row>(
        `INSERT INTO payment_methods (company_id, livemode, kind, currency, country, account_name, bank_name, bank_code, account_number, account_key,
                                      name_review, created_by, usable_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now() + make_interval(secs => $13))
         RETURNING ${COLUMNS}`,
        [
          editor.companyId,
          editor.livemode,
          account.kind,
          account.currency,
          account.country,
          account.account_name,
          account.bank_name,
          account.bank_code,
          account.account_number,
          accountKey(account),
          sameHolder ? 'not_needed' : 'needs_review',
          editor.userId,
          ctx.config.paymentMethodCoolingOffSeconds,
        ],
      );
      const method = toPaymentMethod(rows[0]!);
      await appendAudit(tx, { actor: userActor(editor.userId), action: 'payment_method.added', companyId: editor.companyId, after: auditView(method) });
      return method;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', text.duplicate);
    throw error;
  }
}

/** Removes one of the company's methods in the editor's mode; another company's, another mode's or a removed one is not found. */
export async function removePaymentMethod(ctx: AppContext, editor: MethodEditor, id: string, code: string | undefined): Promise<PaymentMethod> {
  await ctx.limiter.consume('paymentMethodChangesPerUser', editor.userId);
  const owned = isUuid(id)
    ? await ctx.db.query<{ id: string }>('SELECT id FROM payment_methods WHERE id = $1 AND company_id = $2 AND livemode = $3 AND removed_at IS NULL', [
        id,
        editor.companyId,
        editor.livemode,
      ])
    : { rows: [] };
  if (!owned.rows[0]) throw new AppError('NOT_FOUND', text.notFound);
  await requireSecondFactor(ctx, editor.userId, code);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `UPDATE payment_methods SET removed_at = now() WHERE id = $1 AND company_id = $2 AND livemode = $3 AND removed_at IS NULL RETURNING ${COLUMNS}`,
      [id, editor.companyId, editor.livemode],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', text.notFound);
    const method = toPaymentMethod(rows[0]);
    await appendAudit(tx, { actor: userActor(editor.userId), action: 'payment_method.removed', companyId: editor.companyId, before: auditView(method) });
    return method;
  });
}

/** A reviewer accepts a holder name that is not the company's name. */
export async function clearPaymentMethodReview(ctx: AppContext, reviewer: { id: string; name: string }, id: string): Promise<PaymentMethod> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', text.notFound);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `UPDATE payment_methods SET name_review = 'cleared', reviewed_by = $2, reviewed_at = now()
        WHERE id = $1 AND removed_at IS NULL AND name_review = 'needs_review' RETURNING ${COLUMNS}`,
      [id, reviewer.id],
    );
    if (!rows[0]) {
      const exists = await tx.query('SELECT 1 FROM payment_methods WHERE id = $1 AND removed_at IS NULL', [id]);
      throw exists.rows[0] ? new AppError('CONFLICT', text.notAwaitingReview) : new AppError('NOT_FOUND', text.notFound);
    }
    const method = toPaymentMethod(rows[0]);
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: 'payment_method.name_cleared',
      companyId: rows[0].company_id,
      before: { ...auditView(method), nameReview: 'needs_review' },
      after: auditView(method),
    });
    return method;
  });
}

/** Methods waiting for a name review, newest first, with the business's name, a page after `before` (keyset). */
export async function paymentMethodsNeedingReview(
  db: Queryable,
  query: { before?: string | undefined; limit: number },
): Promise<{ paymentMethods: (PaymentMethod & { company: { id: string; name: string } })[]; nextBefore: string | null }> {
  const { rows } = await db.query<Row & { company_name: string }>(
    `SELECT ${COLUMNS.split(', ').map((column) => `m.${column}`).join(', ')}, c.name AS company_name
       FROM payment_methods m JOIN companies c ON c.id = m.company_id
      WHERE m.name_review = 'needs_review' AND m.removed_at IS NULL
        AND ($1::uuid IS NULL OR (m.created_at, m.id) < (SELECT created_at, id FROM payment_methods WHERE id = $1::uuid))
      ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    [query.before ?? null, query.limit],
  );
  return {
    paymentMethods: rows.map((row) => ({ ...toPaymentMethod(row), company: { id: row.company_id, name: row.company_name } })),
    nextBefore: rows.length === query.limit ? rows.at(-1)!.id : null,
  };
}

/** A reviewer refuses a holder name that is not the company's: the method is removed and the company told why. */
export async function rejectPaymentMethod(ctx: AppContext, reviewer: { id: string; name: string }, id: string, reason: string): Promise<PaymentMethod> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', text.notFound);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<Row>(
      `UPDATE payment_methods SET removed_at = now(), rejected_by = $2, rejection_reason = $3
        WHERE id = $1 AND removed_at IS NULL AND name_review = 'needs_review' RETURNING ${COLUMNS}`,
      [id, reviewer.id, reason],
    );
    if (!rows[0]) {
      const exists = await tx.query('SELECT 1 FROM payment_methods WHERE id = $1 AND removed_at IS NULL', [id]);
      throw exists.rows[0] ? new AppError('CONFLICT', text.notAwaitingReview) : new AppError('NOT_FOUND', text.notFound);
    }
    const method = toPaymentMethod(rows[0]);
    await appendAudit(tx, {
      actor: reviewerActor(reviewer),
      action: 'payment_method.rejected',
      companyId: rows[0].company_id,
      before: auditView(method),
      after: { ...auditView(method), removed: true, reason },
    });
    await notifyCompany(tx, rows[0].company_id, {
      title: 'Payment method not accepted',
      message: `We could not accept the ${rows[0].livemode ? '' : 'test-mode '}account ${method.accountNumber} in the name of ${method.accountName}, so it was removed from your payment methods: ${reason}`,
    });
    return method;
  });
}
