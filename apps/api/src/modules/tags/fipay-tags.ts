import { displayTag, tagMessages, type CompanyTag, type Recipient, type TagAvailability } from '@fipay/contracts/fipay-tags';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { appendAudit, userActor } from '../audit/audit-log';

/**
 * FiPay tags (docs/decisions/0068-fipay-tags.md). Every time here is the database's, so the change interval and the
 * hold are judged on one clock whichever instance answers.
 */

type TagSettings = AppContext['config']['tags'];

type CurrentRow = { tag: string; claimed_at: Date | string; next_change_at: Date | string; may_change: boolean };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** '26 December 2026', in Lagos, for messages. */
const spokenDay = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

async function currentTag(db: Queryable, companyId: string, settings: TagSettings): Promise<CurrentRow | undefined> {
  const { rows } = await db.query<CurrentRow>(
    `SELECT tag, claimed_at, claimed_at + make_interval(days => $2::int) AS next_change_at,
            claimed_at + make_interval(days => $2::int) <= now() AS may_change
     FROM fipay_tags WHERE company_id = $1 AND released_at IS NULL`,
    [companyId, settings.changeIntervalDays],
  );
  return rows[0];
}

function view(row: CurrentRow | undefined, settings: TagSettings): CompanyTag {
  return {
    tag: row?.tag ?? null,
    display: row ? displayTag(row.tag) : null,
    claimedAt: row ? iso(row.claimed_at) : null,
    nextChangeAt: row && !row.may_change ? iso(row.next_change_at) : null,
    changeIntervalDays: settings.changeIntervalDays,
    releaseHoldDays: settings.releaseHoldDays,
  };
}

export async function getCompanyTag(ctx: Pick<AppContext, 'db' | 'config'>, options: { companyId: string }): Promise<CompanyTag> {
  return view(await currentTag(ctx.db, options.companyId, ctx.config.tags), ctx.config.tags);
}

/**
 * Claims `tag` for the company, giving up the one it holds. One transaction: the company's row is locked first, so
 * two changes of one company take turns; the tag's row is the lock between companies. The upsert takes a tag's row
 * over only when it was given up (by this company at any time, by another longer ago than the hold), and a row
 * another transaction is claiming or giving up makes it wait for that one and judge the row as it then is: of two
 * companies racing for a tag, exactly one gets it and the other is told it is taken.
 */
export async function setCompanyTag(
  ctx: Pick<AppContext, 'db' | 'config'>,
  options: { companyId: string; userId: string; tag: string },
): Promise<{ tag: CompanyTag; changed: boolean }> {
  const settings = ctx.config.tags;
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR NO KEY UPDATE', [options.companyId]);
    const current = await currentTag(tx, options.companyId, settings);
    if (current?.tag === options.tag) return { tag: view(current, settings), changed: false };
    if (current && !current.may_change) {
      const message = tagMessages.changeTooSoon(spokenDay(current.next_change_at));
      throw new AppError('UNPROCESSABLE', message, { errors: { tag: message } });
    }
    if (current) await tx.query('UPDATE fipay_tags SET released_at = now() WHERE tag = $1', [current.tag]);
    const { rows } = await tx.query<{ tag: string }>(
      `INSERT INTO fipay_tags AS t (tag, company_id) VALUES ($1, $2)
       ON CONFLICT (tag) DO UPDATE SET company_id = EXCLUDED.company_id, claimed_at = now(), released_at = NULL
       WHERE t.released_at IS NOT NULL AND (t.company_id = EXCLUDED.company_id OR t.released_at <= now() - make_interval(days => $3::int))
       RETURNING tag`,
      [options.tag, options.companyId, settings.releaseHoldDays],
    );
    if (!rows[0]) throw new AppError('CONFLICT', tagMessages.taken, { errors: { tag: tagMessages.taken } });
    await appendAudit(tx, {
      actor: userActor(options.userId),
      action: current ? 'fipay_tag.changed' : 'fipay_tag.claimed',
      companyId: options.companyId,
      before: current ? { tag: current.tag } : null,
      after: { tag: options.tag },
    });
    return { tag: view(await currentTag(tx, options.companyId, settings), settings), changed: true };
  });
}

/** Whether the company may claim `tag` now; a tag given up is `taken` to others until its hold has passed. */
export async function checkTagAvailability(ctx: Pick<AppContext, 'db' | 'config'>, options: { companyId: string; tag: string }): Promise<TagAvailability> {
  const { rows } = await ctx.db.query<{ mine: boolean; current: boolean; held: boolean }>(
    `SELECT company_id = $2 AS mine, released_at IS NULL AS current,
            released_at IS NULL OR released_at > now() - make_interval(days => $3::int) AS held
     FROM fipay_tags WHERE tag = $1`,
    [options.tag, options.companyId, ctx.config.tags.releaseHoldDays],
  );
  const row = rows[0];
  const status = !row ? 'available' : row.mine ? (row.current ? 'yours' : 'available') : row.held ? 'taken' : 'available';
  return { tag: options.tag, display: displayTag(options.tag), available: status === 'available', status };
}

type RecipientRow = { id: string; name: string; approved: boolean; tag: string | null };

/**
 * The business a send to this tag or email would reach, with its id for the caller that moves money to it. A business
 * is found only once its verification is approved, and every other case (no such tag or email, a business not
 * approved) is one answer, so the look-up tells nobody whether an address has an account. The caller's own business
 * is refused by name: that tells them nothing new. Errors name the field `to` when `field` is given.
 */
export async function findRecipientCompany<Also extends Record<string, unknown> = Record<never, never>>(
  db: Queryable,
  options: {
    companyId: string;
    tag?: string;
    email?: string;
    field?: string;
    /** More columns read in the same statement (`c` is the recipient's row), with their parameters from $2 on. */
    also?: { columns: string; params: unknown[] };
  },
): Promise<{ id: string; name: string; tag: string | null } & { also: Also }> {
  const { rows } = await db.query<RecipientRow & Also>(
    `SELECT c.id, c.name, COALESCE(k.status = 'APPROVED', false) AS approved,
            (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS tag${options.also ? `, ${options.also.columns}` : ''}
     FROM companies c LEFT JOIN kyb_applications k ON k.company_id = c.id
     WHERE c.id = ${
       options.tag !== undefined
         ? '(SELECT company_id FROM fipay_tags WHERE tag = $1 AND released_at IS NULL)'
         : '(SELECT company_id FROM users WHERE email = $1 AND email_verified_at IS NOT NULL)'
     }`,
    [options.tag ?? options.email, ...(options.also?.params ?? [])],
  );
  const row = rows[0];
  const errors = (message: string) => (options.field ? { errors: { [options.field]: message } } : undefined);
  if (row?.id === options.companyId) throw new AppError('UNPROCESSABLE', tagMessages.recipientIsYou, errors(tagMessages.recipientIsYou));
  if (!row?.approved) throw new AppError('NOT_FOUND', tagMessages.recipientNotFound, errors(tagMessages.recipientNotFound));
  return { id: row.id, name: row.name, tag: row.tag, also: row };
}

/** The business a send to this tag or email would reach, as the recipient look-up shows it (findRecipientCompany). */
export async function lookUpRecipient(ctx: Pick<AppContext, 'db'>, options: { companyId: string; tag?: string; email?: string }): Promise<Recipient> {
  const row = await findRecipientCompany(ctx.db, options);
  return { name: row.name, tag: row.tag, display: row.tag ? displayTag(row.tag) : null };
}
