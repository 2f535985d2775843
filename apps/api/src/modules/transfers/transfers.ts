import { randomUUID } from 'node:crypto';
import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { MAX_LIMIT_CENTS } from '@fipay/contracts/daily-limits';
import { displayTag } from '@fipay/contracts/fipay-tags';
import { messages } from '@fipay/contracts/messages';
import { formatAmount } from '@fipay/contracts/money';
import {
  transferMessages as text,
  transferTargetOf,
  type createTransferRequest,
  type Transfer,
  type TransferListQuery,
  type TransferPreview,
  type transferPreviewRequest,
} from '@fipay/contracts/transfers';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { ownerPageSql } from '../../db/owner-page';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import type { Merchant } from '../../plugins/merchant-auth';
import { consumeEmailCode, sendEmailCode } from '../auth/email-otp';
import { checkSecondFactor } from '../auth/two-factor';
import { findUserById, twoFactorMethodOf } from '../auth/users';
import { companyMayGoLive } from '../developers/modes';
import { AmountTooLargeError, InsufficientBalanceError, postAlone, postEntriesWith, PostingHeldError, WalletFrozenError, type PostingParts } from '../ledger/ledger';
import { beyondAnyLimit, limitClause, limitRefusal } from '../limits/limits';
import { registerCounterpartyResolver } from '../wallet/counterparties';
import { notifyCompaniesSql } from '../notifications/notify';
import { enqueueEmailsSql } from '../../mail/outbox';
import { priceAtMarket } from '../rates/rates';
import { eventClause } from '../webhooks/events';
import { findRecipientCompany } from '../tags/fipay-tags';
import { moneyNoticeEmail } from '../../mail/templates';

/**
 * Transfers between businesses (docs/decisions/0073-transfers-between-businesses.md): an amount of an asset from one
 * business's available balance to another's, instant, final and free, in one ledger entry written in the transaction
 * that records the transfer, its events, notices and Idempotency-Key.
 */

const recipientView = (row: { name: string; tag: string | null }) => ({ name: row.name, tag: row.tag, display: row.tag ? displayTag(row.tag) : null });

/** What the dashboard user must give to send an amount of this value: nothing, or a code of this kind. */
/** Which second factor sending money out needs (transfers and withdrawals): none for a key or below the threshold. */
export async function codeNeeded(ctx: AppContext, merchant: Merchant, usdCents: bigint): Promise<'authenticator' | 'email' | null> {
  if (merchant.via.kind !== 'dashboard') return null;
  if (usdCents <= BigInt(ctx.config.transferCodeAboveUsd) * 100n) return null;
  const user = await findUserById(ctx.db, merchant.via.userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  return twoFactorMethodOf(user) === 'authenticator' ? 'authenticator' : 'email';
}

/** What a transfer's texts and wake-ups need of both businesses, read with the recipient (PARTIES). */
type Parties = {
  sender_name: string;
  sender_tag: string | null;
  /** The recipient's users who keep payment emails on (`emailCompany`'s), for the email. */
  email_recipients: { email: string; firstName: string; companyName: string }[];
  /** Whether either business has a webhook endpoint in this mode (a superset of where deliveries go). */
  webhooks: boolean;
};
const PARTIES = `(SELECT name FROM companies WHERE id = $2::uuid) AS sender_name,
            (SELECT tag FROM fipay_tags WHERE company_id = $2::uuid AND released_at IS NULL) AS sender_tag,
            (SELECT coalesce(json_agg(json_build_object('email', u.email, 'firstName', u.first_name, 'companyName', c.name) ORDER BY u.created_at), '[]')
               FROM users u LEFT JOIN email_preferences p ON p.user_id = u.id
              WHERE u.company_id = c.id AND coalesce(p.payments, true)) AS email_recipients,
            EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id IN ($2::uuid, c.id) AND w.livemode = $3::boolean AND w.deleted_at IS NULL) AS webhooks`;

type Checked = { recipient: Awaited<ReturnType<typeof findRecipientCompany<Parties>>>; usdCents: bigint; code: 'authenticator' | 'email' | null };

/**
 * The checks a transfer passes before anything is written: the mode, the recipient, its value now, the code it needs.
 * With `parties`, the recipient's look-up also reads what the transfer's texts need (Parties), in the same statement.
 */
async function checkTransfer(ctx: AppContext, merchant: Merchant, input: z.output<typeof transferPreviewRequest>, parties = false): Promise<Checked> {
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', text.liveNeedsApproval);
  const target = transferTargetOf(input.to);
  if (!target) throw new AppError('VALIDATION_FAILED', text.toInvalid, { errors: { to: text.toInvalid } });
  const recipient = await findRecipientCompany<Parties>(ctx.db, {
    companyId: merchant.companyId,
    ...(target.kind === 'tag' ? { tag: target.tag } : { email: target.email }),
    field: 'to',
    ...(parties ? { also: { columns: PARTIES, params: [merchant.companyId, merchant.livemode] } } : {}),
  });
  // Both sides approved for live money: the recipient is (findRecipient finds approved businesses only).
  const { amount: usdCents } = await priceAtMarket(ctx, { from: input.asset, to: 'USD', amount: input.amount, rounding: 'up' });
  // Beyond any Send limit there can be: refused now, preview and send alike (a pound's worth in cents is more than
  // the pound's count, so the value of the largest amount does not even fit the transfer's usd_cents column).
  if (usdCents > MAX_LIMIT_CENTS) throw await beyondAnyLimit(ctx.db, ctx.config, merchant, 'send');
  return { recipient, usdCents, code: await codeNeeded(ctx, merchant, usdCents) };
}

/** A transfer's preview: who it reaches, its fee (none), its value and whether a code is needed. Moves nothing. */
export async function previewTransfer(ctx: AppContext, merchant: Merchant, input: z.output<typeof transferPreviewRequest>): Promise<TransferPreview> {
  const checked = await checkTransfer(ctx, merchant, input);
  return {
    recipient: recipientView(checked.recipient),
    asset: input.asset,
    amount: input.amount.toString(),
    fee: '0',
    usdCents: checked.usdCents.toString(),
    codeRequired: checked.code,
  };
}

/** Checks, and uses up, the code a send out needs (the emailed code's purpose is `transfer` for every send). */
export async function requireCode(ctx: AppContext, merchant: Merchant, kind: 'authenticator' | 'email', code: string | undefined): Promise<void> {
  if (merchant.via.kind !== 'dashboard') return;
  const message = kind === 'email' ? text.emailCodeRequired : text.codeRequired;
  if (!code) throw new AppError('VALIDATION_FAILED', message, { errors: { code: message } });
  const user = await findUserById(ctx.db, merchant.via.userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  // Checked, and used up, before the transfer's transaction: a wrong code's count is kept even when the send fails.
  const passed = kind === 'email' ? await consumeEmailCode(ctx, user.id, 'transfer', code) : await checkSecondFactor(ctx, user, code);
  if (!passed) throw new AppError('BAD_REQUEST', messages.otpInvalid, { errors: { code: messages.otpInvalid } });
}

/** Emails the code that confirms a transfer, to a user who has no authenticator app. */
export async function sendTransferCode(ctx: AppContext, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', messages.unauthorized);
  if (twoFactorMethodOf(user) === 'authenticator') throw new AppError('CONFLICT', text.codeNotNeeded);
  return sendEmailCode(ctx, user, 'transfer');
}

type TransferRow = {
  id: string;
  seq: string;
  livemode: boolean;
  from_company_id: string;
  to_company_id: string;
  asset: AssetCode;
  amount: string;
  usd_cents: string;
  note: string;
  created_at: Date;
  counterparty_name: string;
  counterparty_tag: string | null;
};

const toTransfer = (row: TransferRow, viewer: string): Transfer => ({
  id: row.id,
  livemode: row.livemode,
  direction: row.from_company_id === viewer ? 'sent' : 'received',
  asset: row.asset,
  amount: row.amount,
  fee: '0',
  usdCents: row.usd_cents,
  note: row.note,
  counterparty: recipientView({ name: row.counterparty_name, tag: row.counterparty_tag }),
  createdAt: row.created_at.toISOString(),
});

/** Transfers (`source`, rows of the transfers table named `t`) seen from `$1`'s side, with the other business's name and current tag. */
const selectTransfers = (source: string) => `
  SELECT t.id, t.seq::text AS seq, t.livemode, t.from_company_id, t.to_company_id, t.asset, t.amount::text AS amount,
         t.usd_cents::text AS usd_cents, t.note, t.created_at, o.name AS counterparty_name,
         (SELECT tag FROM fipay_tags WHERE company_id = o.id AND released_at IS NULL) AS counterparty_tag
    FROM ${source}
    JOIN companies o ON o.id = CASE WHEN t.from_company_id = $1 THEN t.to_company_id ELSE t.from_company_id END`;

/** One of the scope's transfers (sent or received); undefined for a missing one and another company's or mode's alike. */
export async function findTransfer(db: Queryable, scope: { companyId: string; livemode: boolean }, id: string): Promise<Transfer | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<TransferRow>(`${selectTransfers('transfers t')} WHERE t.id = $3 AND t.livemode = $2 AND $1 IN (t.from_company_id, t.to_company_id)`, [
    scope.companyId,
    scope.livemode,
    id,
  ]);
  return rows[0] ? toTransfer(rows[0], scope.companyId) : undefined;
}

/**
 * A page of the scope's transfers, newest first, by keyset on their sequence (`transferListQuery`).
 */
export async function listTransfers(db: Queryable, scope: { companyId: string; livemode: boolean }, query: TransferListQuery): Promise<{ transfers: Transfer[]; nextBefore: string | null }> {
  const { text, values } = transferListQuery(scope, query);
  const { rows } = await db.query<TransferRow>(text, values);
  const page = rows.slice(0, query.limit);
  return { transfers: page.map((row) => toTransfer(row, scope.companyId)), nextBefore: rows.length > query.limit ? page.at(-1)!.seq : null };
}

/**
 * `listTransfers`'s statement and its parameters: the page and one more transfer, to tell whether there is a next
 * page. Each side (sent, received) is read through its own index, newest first, and the two sides' pages merged
 * (`ownerPageSql`, docs/decisions/0107-an-owner-s-page-reads-the-owner-s-own-rows.md): with an `OR` of the two sides,
 * PostgreSQL walked the sequence's index through every business's newer transfers (a business whose transfers were
 * older than 600,000 of others' waited 104 ms for page 1, 2.0 ms now). The asset and the cursor are written into the
 * text only when given, so that the cursor bounds the scan instead of filtering it.
 */
export function transferListQuery(scope: { companyId: string; livemode: boolean }, query: TransferListQuery): { text: string; values: unknown[] } {
  const params: unknown[] = [scope.companyId, scope.livemode, query.limit + 1];
  const conditions = ['s.livemode = $2::boolean'];
  if (query.asset) conditions.push(`s.asset = $${params.push(query.asset)}::text`);
  if (query.before) conditions.push(`s.seq < $${params.push(query.before)}::bigint`);
  const sides = query.direction === 'sent' ? ['from_company_id'] : query.direction === 'received' ? ['to_company_id'] : ['from_company_id', 'to_company_id'];
  const page = ownerPageSql('transfers', sides, conditions, { owner: '$1::uuid', limit: '$3::int' });
  return { text: `${selectTransfers(`(${page}) t`)} ORDER BY t.seq DESC`, values: params };
}

const amountText = (asset: AssetCode, amount: bigint) =>
  `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: assetOf(asset).kind === 'fiat' ? 2 : 0 })} ${asset}`;

/**
 * Sends a transfer: checked (mode, recipient, value at market, the code above the configured value; the recipient's
 * look-up also reads the sender's name and tag and who gets the recipient's email), then written by **one statement**
 * (docs/decisions/0094-a-transfer-in-one-statement.md): the transfer row with the Idempotency-Key's note, both
 * businesses' events with their deliveries and the recipient's email (rows nobody waits for), then the daily Send
 * limit (the sender's usage row), the accounts locked in id order, the balance check, the ledger entry and both
 * businesses' notifications after it (their counters after the ledger, as every money path's: ADR 0063, 0070, 0083).
 * Once every account exists, that statement is a transaction of its own (the ledger's `postAlone`): one round trip,
 * committed as it ends, and a refusal raised inside it writes nothing. A first transfer of an asset to a business
 * runs the same statement in a transaction that makes the accounts first. A retry with the same key answers with the
 * same transfer.
 */
export async function createTransfer(
  ctx: AppContext,
  merchant: Merchant,
  input: z.output<typeof createTransferRequest>,
  claim?: IdempotencyClaim | null,
): Promise<Transfer> {
  const earlier = earlierEffect(claim, 'transfer');
  if (earlier) return (await findTransfer(ctx.db, merchant, earlier))!;
  const checked = await checkTransfer(ctx, merchant, input, true);
  if (checked.code) await requireCode(ctx, merchant, checked.code, input.code);
  const { recipient, usdCents } = checked;
  const parties = recipient.also;
  const asset = assetOf(input.asset);
  const note = input.note ?? '';
  const id = randomUUID();

  const sender = recipientView({ name: parties.sender_name, tag: parties.sender_tag });
  const shown = amountText(asset.code, input.amount);
  // The transfer as each side sees it; `createdAt` is the row's (set by the database: the events' is set in the statement).
  const object = (direction: 'sent' | 'received', counterparty: ReturnType<typeof recipientView>, createdAt: string) => ({
    id,
    livemode: merchant.livemode,
    direction,
    asset: asset.code,
    amount: input.amount.toString(),
    fee: '0',
    usdCents: usdCents.toString(),
    note,
    counterparty,
    createdAt,
  });
  const emails = parties.email_recipients.map((to) => ({
    kind: 'payment_received' as const,
    email: moneyNoticeEmail(
      to,
      {
        title: `${parties.sender_name} sent you ${shown}`,
        lines: [`${parties.sender_name}${sender.display ? ` (${sender.display})` : ''} sent ${to.companyName} ${shown} through FiPay.`, ...(note ? [`Their note: ${note}`] : []), 'It is in your wallet now.'],
        livemode: merchant.livemode,
      },
      { label: 'Open your wallet', url: `${ctx.config.appUrl}/dashboard/wallet/${asset.code}` },
    ),
  }));
  const test = merchant.livemode ? '' : ' (test)';
  const notices = [
    { companyId: merchant.companyId, notification: { title: `Transfer sent${test}`, message: `You sent ${shown} to ${recipient.name}.` } },
    { companyId: recipient.id, notification: { title: `Transfer received${test}`, message: `${parties.sender_name} sent you ${shown}${note ? `: ${note}` : '.'}` } },
  ];
  // The daily Send limit, at the value priced above.
  const consumption = { companyId: merchant.companyId, livemode: merchant.livemode, kind: 'send' as const, usdCents, reference: id };
  const entry = {
    livemode: merchant.livemode,
    companyId: merchant.companyId,
    kind: 'transfer',
    reference: id,
    description: note ? `Transfer: ${note}` : 'Transfer',
    lines: [
      { account: { companyId: merchant.companyId, code: 'available' as const, currency: asset.code }, amount: input.amount },
      { account: { companyId: recipient.id, code: 'available' as const, currency: asset.code }, amount: -input.amount },
    ],
  };
  // One statement takes every lock the transfer waits for, in the one order (ADR 0038, 0070, 0083), after what nobody
  // waits for: the transfer row (with the Idempotency-Key's binding), both events with their deliveries and the email
  // rows, which `written` reads so that they run first; then the sender's usage row of the daily Send limit (its head),
  // the ledger's accounts in id order, and both businesses' notifications (notifyCompaniesSql) after the entry.
  const parts: PostingParts = {
    head: (param) => {
      const values = [
        id,
        merchant.livemode,
        merchant.companyId,
        recipient.id,
        asset.code,
        input.amount.toString(),
        usdCents.toString(),
        note,
        transferTargetOf(input.to)!.kind,
        input.to.trim(),
        merchant.via.kind === 'dashboard' ? merchant.via.userId : null,
        merchant.via.kind === 'secret-key' ? merchant.via.keyId : null,
      ].map(param);
      const bound = bindEffectClause(claim, 'transfer', 'made', param);
      const sent = eventClause({ companyId: merchant.companyId, livemode: merchant.livemode }, 'transfer.sent', object('sent', recipientView(recipient), ''), { param, atNow: ['createdAt'] }, 'sent');
      const received = eventClause({ companyId: recipient.id, livemode: merchant.livemode }, 'transfer.received', object('received', sender, ''), { param, atNow: ['createdAt'] }, 'received');
      const outbox = emails.length > 0 ? `, o AS (${enqueueEmailsSql(emails, param, 'sent_e')} RETURNING 1)` : '';
      const limit = limitClause(ctx.config, consumption, param, { after: 'written' });
      return {
        sql: `made AS (
         INSERT INTO transfers (id, livemode, from_company_id, to_company_id, asset, amount, usd_cents, note, recipient_kind, recipient_handle, sent_by_user_id, sent_by_key_id)
         VALUES (${values.join(', ')})
         RETURNING id, created_at
       )${bound.sql}${sent.sql}${received.sql}${outbox},
       written AS MATERIALIZED (
         SELECT (SELECT count(*) FROM made) + (SELECT count(*) FROM sent_d) + (SELECT count(*) FROM received_d)${outbox ? ' + (SELECT count(*) FROM o)' : ''} AS rows
       ), ${limit.sql}`,
        pass: limit.passed,
        output: '(SELECT created_at FROM made) AS made_at',
      };
    },
    also: (param, posted) => notifyCompaniesSql('n', notices, param, posted),
  };
  const wake = (q: { wake: (topic: 'webhooks' | 'outbox') => void }) => {
    if (parties.webhooks) q.wake('webhooks');
    if (emails.length > 0) q.wake('outbox');
  };
  const refused = async (q: Queryable, error: unknown): Promise<unknown> => {
    if (error instanceof PostingHeldError) return limitRefusal(q, ctx.config, consumption);
    if (error instanceof InsufficientBalanceError) return new AppError('UNPROCESSABLE', text.balanceShort(asset.code), { errors: { amount: text.balanceShort(asset.code) } });
    if (error instanceof WalletFrozenError) return new AppError('CONFLICT', text.frozen);
    if (error instanceof AmountTooLargeError) return new AppError('VALIDATION_FAILED', error.message, { errors: { amount: error.message } });
    return error;
  };

  let made: Date;
  try {
    // Every account there already: the statement is the transaction (its refusals read afterwards, as they stand now).
    const alone = await postAlone(ctx.db, [entry], parts);
    if (alone) {
      wake(ctx.db);
      made = alone.output.made_at as Date;
      return object('sent', recipientView(recipient), made.toISOString());
    }
  } catch (error) {
    throw await refused(ctx.db, error);
  }
  // A first transfer of this asset to (or from) a business: the same statement in a transaction that makes the
  // accounts first; a refusal is read in it, with the limit row still held.
  made = await ctx.db.transaction(async (tx) => {
    try {
      const posted = await postEntriesWith(tx, [entry], parts);
      wake(tx);
      return posted.output.made_at as Date;
    } catch (error) {
      throw await refused(tx, error);
    }
  });
  // What was written, as the sender sees it (GET /transfers/:id answers the same).
  return object('sent', recipientView(recipient), made.toISOString());
}

/**
 * The other business of each transfer on a wallet statement (ADR 0072's resolvers): by the transfers' ids, the
 * sender's or the recipient's name and current tag, whichever is not the viewer. A reference that is not one of the
 * viewer's transfers in its mode gets none.
 */
registerCounterpartyResolver('transfer', async (db, references, viewer) => {
  const ids = references.filter(isUuid);
  if (ids.length === 0) return new Map();
  // The name and tag alone: an export asks this of every batch of its lines, and what it reads and lets go is its memory.
  const { rows } = await db.query<{ id: string; name: string; tag: string | null }>(
    `SELECT t.id, o.name, (SELECT tag FROM fipay_tags WHERE company_id = o.id AND released_at IS NULL) AS tag
       FROM transfers t
       JOIN companies o ON o.id = CASE WHEN t.from_company_id = $1 THEN t.to_company_id ELSE t.from_company_id END
      WHERE t.id = ANY($3::uuid[]) AND t.livemode = $2 AND $1 IN (t.from_company_id, t.to_company_id)`,
    [viewer.companyId, viewer.livemode, ids],
  );
  return new Map(rows.map((row) => [row.id, { name: row.name, tag: row.tag }]));
});
