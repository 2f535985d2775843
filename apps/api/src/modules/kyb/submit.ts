import type { z } from 'zod';
import type { BusinessProfileRecord } from '@fipay/contracts/company';
import { kybMessages, profileErrorsForType, type submitKybRequest } from '@fipay/contracts/kyb';
import { type ApplicationStatus, type BusinessSubType, type BusinessType, requiredDocKeys } from '@fipay/contracts/kyb-options';
import { sameName } from '@fipay/contracts/names';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { encrypt } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { enqueueEmail } from '../../mail/outbox';
import { kybSubmittedEmail } from '../../mail/templates';
import { appendAudit, userActor } from '../audit/audit-log';
import { notifyCompany } from '../notifications/notify';
import { assertChangeable } from './guards';
import { bankState, refreshAddressed, reviewItemMessage, sameBank, type ReviewItemRow } from './review-items';

type SubmitInput = z.output<typeof submitKybRequest>;

const stepLabels = {
  businessType: 'business type',
  businessProfile: 'business profile',
  documents: 'documents',
  representatives: 'representatives',
} as const;
type Step = keyof typeof stepLabels;

/** What is still due before the application can be submitted (like Stripe's currently_due). */
async function missingSteps(tx: Queryable, companyId: string): Promise<Partial<Record<Step, string>>> {
  const { rows } = await tx.query<{ business_type: BusinessType | null; sub_type: BusinessSubType | null; profile: BusinessProfileRecord | null }>(
    'SELECT business_type, sub_type, profile FROM kyb_applications WHERE company_id = $1',
    [companyId],
  );
  const app = rows[0];
  const missing: Partial<Record<Step, string>> = {};
  if (!app?.business_type) missing.businessType = kybMessages.businessTypeFirst;
  if (!app?.profile || (app.business_type && Object.keys(profileErrorsForType(app.profile, app.business_type, app.sub_type)).length > 0)) {
    missing.businessProfile = 'Complete your business profile.';
  }
  const docs = await tx.query<{ doc_key: string }>('SELECT doc_key FROM kyb_documents WHERE company_id = $1', [companyId]);
  const present = new Set(docs.rows.map((r) => r.doc_key));
  if (requiredDocKeys.some((key) => !present.has(key))) missing.documents = kybMessages.documentsMissing;
  const reps = await tx.query('SELECT 1 FROM kyb_representatives WHERE company_id = $1 LIMIT 1', [companyId]);
  if (reps.rowCount === 0) missing.representatives = kybMessages.representativeRequired;
  return missing;
}

/**
 * Submits the application for review with its settlement bank. The account is
 * resolved again here: the name the browser shows is never trusted.
 */
export async function submitKyb(ctx: AppContext, auth: { userId: string; companyId: string }, input: SubmitInput): Promise<void> {
  await ctx.limiter.consume('submitKybPerUser', auth.userId);
  const banks = await ctx.banks.listBanks();
  const bank = banks.find((b) => b.code === input.bankCode);
  if (!bank) throw new AppError('UNPROCESSABLE', kybMessages.bankInvalid, { errors: { bankName: kybMessages.bankInvalid } });
  const resolved = await ctx.banks.resolveAccount({ bankCode: input.bankCode, accountNumber: input.accountNumber });
  if (!sameName(resolved.account_name, input.accountName)) {
    throw new AppError('UNPROCESSABLE', kybMessages.accountNameMismatch, { errors: { accountName: kybMessages.accountNameMismatch } });
  }

  await ctx.db.transaction(async (tx) => {
    await tx.query('INSERT INTO kyb_applications (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING', [auth.companyId]);
    const { rows } = await tx.query<{ status: ApplicationStatus; rejection_final: boolean }>(
      'SELECT status, rejection_final FROM kyb_applications WHERE company_id = $1 FOR UPDATE',
      [auth.companyId],
    );
    const before = rows[0]!;
    // The row lock makes a second, simultaneous submission wait and then see SUBMITTED.
    assertChangeable(before);
    const missing = await missingSteps(tx, auth.companyId);
    const due = Object.keys(missing) as Step[];
    if (due.length > 0) {
      throw new AppError('UNPROCESSABLE', `${kybMessages.stepsMissing} Still to do: ${due.map((s) => stepLabels[s]).join(', ')}.`, { errors: missing });
    }
    const bvnEncrypted = encrypt(ctx.keys.personalData, input.bvn);
    let resolvedItems: ReviewItemRow[] = [];
    let writeBank = true;
    if (before.status === 'CHANGES_REQUESTED') {
      // Judged on what the rows hold now, not on what was touched along the way.
      resolvedItems = await refreshAddressed(tx, ctx.keys.personalData, auth.companyId);
      const unaddressed = resolvedItems.filter((item) => item.target !== 'bank' && item.addressed_at === null);
      if (unaddressed.length > 0) {
        const errors: Record<string, string> = {};
        for (const item of unaddressed) {
          const step = item.target === 'document' ? 'documents' : 'representatives';
          errors[step] = errors[step] ? `${errors[step]} ${reviewItemMessage(item)}` : reviewItemMessage(item);
        }
        throw new AppError('UNPROCESSABLE', `${kybMessages.flaggedItemsOpen} ${unaddressed.map((item) => item.label).join(', ')}.`, { errors });
      }
      const bankFlagged = resolvedItems.some((item) => item.target === 'bank');
      const saved = await savedBank(tx, auth.companyId);
      const unchanged = saved !== undefined && sameBank(ctx.keys.personalData, bankState(saved), { accountNumber: input.accountNumber, bankCode: bank.code, bvnEncrypted });
      if (!bankFlagged && !unchanged) {
        throw new AppError('CONFLICT', kybMessages.bankNotFlagged, { errors: { accountNumber: kybMessages.bankNotFlagged } });
      }
      if (bankFlagged && unchanged) {
        throw new AppError('UNPROCESSABLE', kybMessages.bankUnchanged, { errors: { accountNumber: kybMessages.bankUnchanged } });
      }
      writeBank = bankFlagged;
      if (bankFlagged) {
        await appendAudit(tx, {
          actor: userActor(auth.userId),
          action: 'bank.updated',
          companyId: auth.companyId,
          before: saved ? { accountNumber: saved.account_number, bankCode: saved.bank_code, accountName: saved.account_name, bvnLast4: saved.bvn_last4 } : null,
          after: { accountNumber: input.accountNumber, bankCode: bank.code, accountName: resolved.account_name, bvnLast4: input.bvn.slice(-4) },
        });
      }
      await tx.query('UPDATE kyb_review_items SET resolved_at = now(), addressed_at = COALESCE(addressed_at, now()) WHERE company_id = $1 AND resolved_at IS NULL', [auth.companyId]);
    }
    if (writeBank) {
      await tx.query(
        `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (company_id) DO UPDATE SET currency = EXCLUDED.currency, account_number = EXCLUDED.account_number,
           account_name = EXCLUDED.account_name, bank_name = EXCLUDED.bank_name, bank_code = EXCLUDED.bank_code,
           bvn_encrypted = EXCLUDED.bvn_encrypted, bvn_last4 = EXCLUDED.bvn_last4, updated_at = now()`,
        [auth.companyId, input.currency, input.accountNumber, resolved.account_name, bank.bank_name, bank.code, bvnEncrypted, input.bvn.slice(-4)],
      );
    }
    await tx.query(
      `UPDATE kyb_applications SET status = 'SUBMITTED', submitted_at = now(), rejection_reason = NULL, rejection_final = false,
         current_step = 5, updated_at = now()
       WHERE company_id = $1`,
      [auth.companyId],
    );
    const resubmission = before.status === 'CHANGES_REQUESTED' || before.status === 'REJECTED';
    await appendAudit(tx, {
      actor: userActor(auth.userId),
      action: resubmission ? 'application.resubmitted' : 'application.submitted',
      companyId: auth.companyId,
      before: { status: before.status },
      after: {
        status: 'SUBMITTED',
        ...(resolvedItems.length > 0 ? { resolvedItems: resolvedItems.map((item) => ({ id: item.id, target: item.target, key: item.target_key, label: item.label })) } : {}),
      },
    });
    await notifyCompany(tx, auth.companyId, {
      title: resubmission ? 'Business verification resubmitted' : 'Business verification submitted',
      message: resubmission
        ? 'We have received your updated KYB submission and will review it shortly.'
        : 'We have received your KYB submission and will review it shortly.',
    });
    const user = (
      await tx.query<{ email: string; first_name: string; company_name: string }>(
        'SELECT u.email, u.first_name, c.name AS company_name FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
        [auth.userId],
      )
    ).rows[0]!;
    await enqueueEmail(tx, 'kyb_submitted', kybSubmittedEmail({ email: user.email, firstName: user.first_name, companyName: user.company_name }, `${ctx.config.appUrl}/dashboard`));
  });
}

async function savedBank(tx: Queryable, companyId: string) {
  const { rows } = await tx.query<{ account_number: string; bank_code: string; account_name: string; bvn_encrypted: string; bvn_last4: string }>(
    'SELECT account_number, bank_code, account_name, bvn_encrypted, bvn_last4 FROM kyb_bank_details WHERE company_id = $1',
    [companyId],
  );
  return rows[0];
}
