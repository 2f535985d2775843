import type { z } from 'zod';
import type { RepresentativeRecord } from '@fipay/contracts/company';
import { type approveRepresentativeRequest, kybMessages, type representativesRequest } from '@fipay/contracts/kyb';
import type { AppContext } from '../../context';
import { decrypt, encrypt, randomToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { normalizePhone } from '../../lib/phone';
import { enqueueEmail } from '../../mail/outbox';
import { representativeApprovalEmail } from '../../mail/templates';
import { representativeRecords } from '../company/application';
import { notifyCompany } from '../notifications/notify';
import { appendAudit, userActor } from '../audit/audit-log';
import { advanceTo, type CompanyActor, openApplicationForChange } from './guards';
import { openReviewItems, refreshAddressed } from './review-items';
import { isUuid } from '../../lib/db-values';

const APPROVAL_LINK_DAYS = 7;

/**
 * Saves the representatives step: upsert by email within the company. Each
 * new representative, and each one whose identity changed before approving,
 * gets a single-use consent link valid for 7 days.
 */
export async function saveRepresentatives(
  ctx: AppContext,
  actor: CompanyActor,
  input: z.output<typeof representativesRequest>,
): Promise<RepresentativeRecord[]> {
  const { companyId } = actor;
  // Each save can email people the company names: bounded so it cannot be used to send mail at will.
  await ctx.limiter.consume('representativesPerCompany', companyId);
  await ctx.db.transaction(async (tx) => {
    const application = await openApplicationForChange(tx, actor);
    const changesRequested = application.status === 'CHANGES_REQUESTED';
    const open = changesRequested ? await openReviewItems(tx, companyId) : [];
    const flagged = new Map(open.filter((item) => item.target === 'representative').map((item) => [item.target_key, item]));
    const requestedAt = requestTime(open);
    const company = (await tx.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId])).rows[0]!;
    for (const [index, rep] of input.entries()) {
      const { rows } = await tx.query<RepresentativeRow>(
        `SELECT id, position, full_name, phone, id_type, id_number_encrypted, id_number_last4, created_at FROM kyb_representatives
         WHERE company_id = $1 AND email = $2 FOR UPDATE`,
        [companyId, rep.email],
      );
      const existing = rows[0];
      const details = [rep.position, rep.fullName, normalizePhone(rep.phone), rep.idType, encrypt(ctx.keys.personalData, rep.idNumber), rep.idNumber.slice(-4)];
      // A changed name or ID voids an earlier consent: the person must confirm the new details.
      const identityChanged =
        !existing ||
        existing.full_name !== rep.fullName ||
        existing.id_type !== rep.idType ||
        decrypt(ctx.keys.personalData, existing.id_number_encrypted) !== rep.idNumber;
      if (changesRequested) {
        const changed = !existing || identityChanged || existing.position !== rep.position || existing.phone !== normalizePhone(rep.phone);
        // Only flagged people may change; a new person may join (and be edited) only in place of a flagged one.
        const item = existing ? flagged.get(existing.id) : undefined;
        if (existing && !item && !addedSince(existing, requestedAt)) {
          if (!changed) continue;
          throw new AppError('CONFLICT', kybMessages.representativeNotFlagged(existing.full_name), { errors: { [index]: kybMessages.representativeNotFlagged(existing.full_name) } });
        }
        if (!existing && flagged.size === 0) throw new AppError('CONFLICT', kybMessages.representativeAddNotAllowed);
        if (existing && changed) {
          await appendAudit(tx, {
            actor: userActor(actor.userId),
            action: 'representative.updated',
            companyId,
            before: { id: existing.id, position: existing.position, fullName: existing.full_name, phone: existing.phone, idType: existing.id_type, idNumberLast4: existing.id_number_last4 },
            after: { id: existing.id, position: rep.position, fullName: rep.fullName, phone: normalizePhone(rep.phone), idType: rep.idType, idNumberLast4: rep.idNumber.slice(-4) },
          });
        }
      }
      const token = identityChanged ? randomToken() : null;
      let repId: string;
      if (!existing) {
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO kyb_representatives
             (company_id, email, position, full_name, phone, id_type, id_number_encrypted, id_number_last4, approval_token_hash, approval_expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(days => $10)) RETURNING id`,
          [companyId, rep.email, ...details, sha256(token!), APPROVAL_LINK_DAYS],
        );
        repId = inserted.rows[0]!.id;
        if (changesRequested) {
          await appendAudit(tx, {
            actor: userActor(actor.userId),
            action: 'representative.added',
            companyId,
            after: { id: repId, email: rep.email, position: rep.position, fullName: rep.fullName, idType: rep.idType, idNumberLast4: rep.idNumber.slice(-4) },
          });
        }
      } else if (identityChanged) {
        await tx.query(
          `UPDATE kyb_representatives SET position = $2, full_name = $3, phone = $4, id_type = $5, id_number_encrypted = $6,
             id_number_last4 = $7, approval_token_hash = $8, approval_expires_at = now() + make_interval(days => $9),
             approved_by = NULL, approved_at = NULL, updated_at = now()
           WHERE id = $1`,
          [existing.id, ...details, sha256(token!), APPROVAL_LINK_DAYS],
        );
        repId = existing.id;
      } else {
        await tx.query('UPDATE kyb_representatives SET position = $2, phone = $3, updated_at = now() WHERE id = $1', [
          existing.id,
          rep.position,
          normalizePhone(rep.phone),
        ]);
        continue;
      }
      const params = new URLSearchParams({ companyId, repId, token: token! });
      await enqueueEmail(
        tx,
        'representative_approval',
        representativeApprovalEmail(
          { email: rep.email, fullName: rep.fullName, position: rep.position, companyName: company.name },
          `${ctx.config.appUrl}/approve-rep?${params.toString()}`,
        ),
      );
    }
    // Whether each flagged person now differs from how they were flagged (changing back reopens it).
    if (changesRequested) await refreshAddressed(tx, ctx.keys.personalData, companyId);
    await advanceTo(tx, companyId, 5);
  });
  return representativeRecords(ctx.db, companyId);
}

type RepresentativeRow = {
  id: string;
  position: string;
  full_name: string;
  phone: string;
  id_type: string;
  id_number_encrypted: string;
  id_number_last4: string;
  created_at: Date | string;
};

/** When the current request for changes was made (its items share the decision's time). */
const requestTime = (items: { created_at: Date | string }[]) =>
  items.length > 0 ? Math.min(...items.map((item) => new Date(item.created_at).getTime())) : null;

/** Someone the company added after the request (in place of a flagged person) stays theirs to edit or remove. */
const addedSince = (rep: { created_at: Date | string }, since: number | null) => since !== null && new Date(rep.created_at).getTime() > since;

export async function removeRepresentative(ctx: AppContext, actor: CompanyActor, email: string): Promise<void> {
  const { companyId } = actor;
  await ctx.db.transaction(async (tx) => {
    const application = await openApplicationForChange(tx, actor);
    const { rows } = await tx.query<{ id: string; full_name: string; position: string; created_at: Date | string }>(
      'DELETE FROM kyb_representatives WHERE company_id = $1 AND email = $2 RETURNING id, full_name, position, created_at',
      [companyId, email.trim().toLowerCase()],
    );
    const removed = rows[0];
    if (!removed) throw new AppError('NOT_FOUND', kybMessages.representativeNotFound);
    if (application.status === 'CHANGES_REQUESTED') {
      const open = await openReviewItems(tx, companyId);
      const item = open.find((i) => i.target === 'representative' && i.target_key === removed.id);
      // Throwing rolls the delete back.
      if (!item && !addedSince(removed, requestTime(open))) throw new AppError('CONFLICT', kybMessages.representativeNotFlagged(removed.full_name));
      await appendAudit(tx, {
        actor: userActor(actor.userId),
        action: 'representative.removed',
        companyId,
        before: { id: removed.id, fullName: removed.full_name, position: removed.position },
      });
      await refreshAddressed(tx, ctx.keys.personalData, companyId);
    }
  });
}

/** The consent link is the credential: no account is needed, and it works once. */
export async function approveRepresentative(ctx: AppContext, input: z.output<typeof approveRepresentativeRequest>, ip: string): Promise<void> {
  await ctx.limiter.consume('approvalPerIp', ip);
  if (!isUuid(input.companyId) || !isUuid(input.repId)) throw new AppError('BAD_REQUEST', kybMessages.approvalInvalid);
  const approved = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ full_name: string; position: string; email: string; approved_at: Date | string }>(
      `UPDATE kyb_representatives SET approved_by = $4, approved_at = now(), approval_token_hash = NULL, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND approval_token_hash = $3 AND approval_expires_at > now() AND approved_at IS NULL
       RETURNING full_name, position, email, approved_at`,
      [input.repId, input.companyId, sha256(input.token), input.fullName],
    );
    const rep = rows[0];
    if (!rep) return false;
    // Consent is evidence a reviewer relies on, and may arrive while the case is under review.
    await appendAudit(tx, {
      actor: { type: 'system', name: `${rep.email} (representative, through the consent link)` },
      action: 'representative.consented',
      companyId: input.companyId,
      before: { id: input.repId, approved: false },
      after: { id: input.repId, approved: true, consentName: input.fullName, approvedAt: new Date(rep.approved_at).toISOString() },
    });
    await notifyCompany(tx, input.companyId, {
      title: 'Representative approved',
      message: `${input.fullName} confirmed their role as ${rep.position}.`,
    });
    return true;
  });
  if (!approved) throw new AppError('BAD_REQUEST', kybMessages.approvalInvalid);
}
