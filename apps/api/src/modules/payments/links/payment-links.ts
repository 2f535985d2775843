import { randomBytes } from 'node:crypto';
import {
  paymentMessages,
  type createPaymentLinkRequest,
  type PaymentLink,
  type PaymentLinkListQuery,
  type PayPage,
  type updatePaymentLinkRequest,
} from '@fipay/contracts/payments';
import type { Pagination } from '@fipay/contracts/notifications';
import type { z } from 'zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { recordEvent, type Scope } from '../../webhooks/events';
import { paginationOf } from '../../../lib/pagination';
import { isUniqueViolation, isUuid } from '../../../lib/db-values';
import { bindEffect, earlierEffect, type IdempotencyClaim } from '../../../plugins/idempotent-effects';
import { liveStanding } from '../../developers/modes';
import { kobo, koboOrNull } from '../../../lib/minor-units';

type LinkRow = {
  id: string;
  livemode: boolean;
  name: string;
  description: string;
  amount: string | null;
  currency: 'NGN';
  slug: string;
  redirect_url: string | null;
  collect_phone: boolean;
  active: boolean;
  paid_count: number;
  paid_total: string;
  created_at: Date;
  updated_at: Date;
};
const COLUMNS = 'id, livemode, name, description, amount, currency, slug, redirect_url, collect_phone, active, paid_count, paid_total, created_at, updated_at';

export const payPageUrl = (ctx: AppContext, slug: string) => `${ctx.config.appUrl}/pay/${slug}`;

function toLink(ctx: AppContext, row: LinkRow): PaymentLink {
  return {
    id: row.id,
    livemode: row.livemode,
    name: row.name,
    description: row.description,
    amount: koboOrNull(row.amount),
    currency: row.currency,
    slug: row.slug,
    url: payPageUrl(ctx, row.slug),
    redirectUrl: row.redirect_url,
    collectPhone: row.collect_phone,
    active: row.active,
    paidCount: row.paid_count,
    paidTotal: kobo(row.paid_total),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** 10 characters of lowercase letters and digits: about 51 bits, not guessable from another link. */
function randomSlug(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % 36]).join('');
}


export async function createPaymentLink(
  ctx: AppContext,
  scope: Scope,
  input: z.output<typeof createPaymentLinkRequest>,
  claim?: IdempotencyClaim | null,
): Promise<PaymentLink> {
  // Made by an earlier request with this Idempotency-Key whose process died before it answered.
  const earlier = earlierEffect(claim, 'payment_link');
  if (earlier) return findPaymentLink(ctx, scope, earlier);
  const slug = input.slug ?? randomSlug();
  try {
    const link = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<LinkRow>(
        `INSERT INTO payment_links (company_id, livemode, name, description, amount, currency, slug, redirect_url, collect_phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
        [scope.companyId, scope.livemode, input.name, input.description, input.amount, input.currency, slug, input.redirectUrl, input.collectPhone],
      );
      const link = toLink(ctx, rows[0]!);
      await recordEvent(tx, scope, 'payment_link.created', link);
      await bindEffect(tx, claim, 'payment_link', link.id);
      return link;
    });
    return link;
  } catch (error) {
    if (isUniqueViolation(error) && error.constraint?.includes('slug')) throw new AppError('VALIDATION_FAILED', paymentMessages.slugTaken, { errors: { slug: paymentMessages.slugTaken } });
    throw error;
  }
}

export async function findPaymentLink(ctx: AppContext, scope: Scope, id: string): Promise<PaymentLink> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', paymentMessages.linkNotFound);
  const { rows } = await ctx.db.query<LinkRow>(`SELECT ${COLUMNS} FROM payment_links WHERE id = $1 AND company_id = $2 AND livemode = $3`, [
    id,
    scope.companyId,
    scope.livemode,
  ]);
  if (!rows[0]) throw new AppError('NOT_FOUND', paymentMessages.linkNotFound);
  return toLink(ctx, rows[0]);
}

export async function listPaymentLinks(ctx: AppContext, scope: Scope, query: PaymentLinkListQuery): Promise<{ links: PaymentLink[]; pagination: Pagination }> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filter = 'company_id = $1 AND livemode = $2 AND ($3::text IS NULL OR name ILIKE $3 OR slug ILIKE $3)';
  const [page, count] = await Promise.all([
    ctx.db.query<LinkRow>(`SELECT ${COLUMNS} FROM payment_links WHERE ${filter} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`, [
      scope.companyId,
      scope.livemode,
      search,
      query.pageSize,
      (query.page - 1) * query.pageSize,
    ]),
    ctx.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM payment_links WHERE ${filter}`, [scope.companyId, scope.livemode, search]),
  ]);
  const totalItems = count.rows[0]?.total ?? 0;
  return {
    links: page.rows.map((row) => toLink(ctx, row)),
    pagination: paginationOf(query, totalItems),
  };
}

const updatable = { name: 'name', description: 'description', amount: 'amount', redirectUrl: 'redirect_url', collectPhone: 'collect_phone', active: 'active' } as const;

export async function updatePaymentLink(
  ctx: AppContext,
  scope: Scope,
  id: string,
  input: z.output<typeof updatePaymentLinkRequest>,
): Promise<PaymentLink> {
  const before = await findPaymentLink(ctx, scope, id);
  const changes = (Object.keys(updatable) as (keyof typeof updatable)[]).filter((key) => input[key] !== undefined && input[key] !== before[key]);
  if (changes.length === 0) return before;
  const link = await ctx.db.transaction(async (tx) => {
    const sets = changes.map((key, i) => `${updatable[key]} = $${i + 4}`).join(', ');
    const { rows } = await tx.query<LinkRow>(
      `UPDATE payment_links SET ${sets}, updated_at = now() WHERE id = $1 AND company_id = $2 AND livemode = $3 RETURNING ${COLUMNS}`,
      [id, scope.companyId, scope.livemode, ...changes.map((key) => input[key])],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', paymentMessages.linkNotFound);
    const link = toLink(ctx, rows[0]);
    await recordEvent(tx, scope, 'payment_link.updated', link, Object.fromEntries(changes.map((key) => [key, before[key]])));
    return link;
  });
  return link;
}

export type PayableLink = PayPage & { id: string; companyId: string; redirectUrl: string | null };

/**
 * The link behind a public page, active or not; unknown slugs are 404 with a message for customers. A live link
 * says whether its business can take its payments now (modes.ts, liveStanding) and carries the verified mark while
 * the business may go live; a test link takes test payments and says nothing about the business.
 */
export async function findPayableLink(ctx: Pick<AppContext, 'db' | 'liveReadiness'>, slug: string): Promise<PayableLink> {
  const { rows } = await ctx.db.query<LinkRow & { company_id: string; company_name: string }>(
    `SELECT l.${COLUMNS.split(', ').join(', l.')}, l.company_id, c.name AS company_name
       FROM payment_links l JOIN companies c ON c.id = l.company_id WHERE l.slug = $1`,
    [slug.toLowerCase()],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', paymentMessages.payPageNotFound);
  const standing = row.livemode ? await liveStanding(ctx, row.company_id) : null;
  return {
    id: row.id,
    companyId: row.company_id,
    redirectUrl: row.redirect_url,
    slug: row.slug,
    livemode: row.livemode,
    active: row.active,
    name: row.name,
    description: row.description,
    amount: koboOrNull(row.amount),
    currency: row.currency,
    collectPhone: row.collect_phone,
    business: { name: row.company_name, verified: standing?.open ?? false },
    acceptingPayments: standing?.ready ?? true,
  };
}

export function toPayPage(link: PayableLink): PayPage {
  const { id: _id, companyId: _company, redirectUrl: _redirect, ...page } = link;
  return page;
}

