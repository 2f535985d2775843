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
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { bindEffectClause, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import type { Merchant } from '../../plugins/merchant-auth';
import { consumeEmailCode, sendEmailCode } from '../auth/email-otp';
import { checkSecondFactor } from '../auth/two-factor';
import { findUserById, twoFactorMethodOf } from '../auth/users';
import { companyMayGoLive } from '../developers/modes';
import { AmountTooLargeError, InsufficientBalanceError, post, PostingHeldError, WalletFrozenError } from '../ledger/ledger';
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

type Checked = { recipient: Awaited<ReturnType<typeof findRecipientCompany>>; usdCents: bigint; code: 'authenticator' | 'email' | null };

/** The checks a transfer passes before anything is written: the mode, the recipient, its value now, the code it needs. */
async function checkTransfer(ctx: AppContext, merchant: Merchant, input: z.output<typeof transferPreviewRequest>): Promise<Checked> {
  if (merchant.livemode && !(await companyMayGoLive(ctx.db, merchant.companyId))) throw new AppError('FORBIDDEN', text.liveNeedsApproval);
  const target = transferTargetOf(input.to);
  if (!target) throw new AppError('VALIDATION_FAILED', text.toInvalid, { errors: { to: text.toInvalid } });
  const recipient = await findRecipientCompany(ctx.db, { companyId: merchant.companyId, ...(target.kind === 'tag' ? { tag: target.tag } : { email: target.email }), field: 'to' });
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

/** Transfers seen from `viewer`'s side, with the other business's name and current tag. */
const SELECT_TRANSFERS = `
  SELECT t.id, t.seq::text AS seq, t.livemode, t.from_company_id, t.to_company_id, t.asset, t.amount::text AS amount,
         t.usd_cents::text AS usd_cents, t.note, t.created_at, o.name AS counterparty_name,
         (SELECT tag FROM fipay_tags WHERE company_id = o.id AND released_at IS NULL) AS counterparty_tag
    FROM transfers t
    JOIN companies o ON o.id = CASE WHEN t.from_company_id = $1 THEN t.to_company_id ELSE t.from_company_id END`;

/** One of the scope's transfers (sent or received); undefined for a missing one and another company's or mode's alike. */
export async function findTransfer(db: Queryable, scope: { companyId: string; livemode: boolean }, id: string): Promise<Transfer | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<TransferRow>(`${SELECT_TRANSFERS} WHERE t.id = $3 AND t.livemode = $2 AND $1 IN (t.from_company_id, t.to_company_id)`, [
    scope.companyId,
    scope.livemode,
    id,
  ]);
  return rows[0] ? toTransfer(rows[0], scope.companyId) : undefined;
}

/** A page of the scope's transfers, newest first, by keyset on their sequence. */
export async function listTransfers(db: Queryable, scope: { companyId: string; livemode: boolean }, query: TransferListQuery): Promise<{ transfers: Transfer[]; nextBefore: string | null }> {
  const sides =
    query.direction === 'sent' ? 't.from_company_id = $1' : query.direction === 'received' ? 't.to_company_id = $1' : '(t.from_company_id = $1 OR t.to_company_id = $1)';
  const { rows } = await db.query<TransferRow>(
    `${SELECT_TRANSFERS}
      WHERE ${sides} AND t.livemode = $2 AND ($3::text IS NULL OR t.asset = $3) AND ($4::bigint IS NULL OR t.seq < $4::bigint)
      ORDER BY t.seq DESC LIMIT $5`,
    [scope.companyId, scope.livemode, query.asset ?? null, query.before ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  return { transfers: page.map((row) => toTransfer(row, scope.companyId)), nextBefore: rows.length > query.limit ? page.at(-1)!.seq : null };
}

const amountText = (asset: AssetCode, amount: bigint) =>
  `${formatAmount(asset, amount, { decimals: 'trim', minDecimals: assetOf(asset).kind === 'fiat' ? 2 : 0 })} ${asset}`;

/**
 * Sends a transfer: checked (mode, recipient, value at market, the code above the configured value), then one
 * transaction writes the transfer row with the Idempotency-Key's note, then both businesses' events and the recipient's
 * email in one statement (rows nobody waits for; docs/decisions/0089-a-transfer-in-three-statements.md), then one statement takes the daily Send limit (the sender's usage row), locks the
 * accounts in id order, refuses a balance short, writes the ledger entry and both businesses' notifications after it
 * (their counters after the ledger, as every money path's: docs/decisions/0063-money-paths-lock-the-ledger-last.md,
 * 0070), and COMMIT follows: the rows every send of the sender waits for are held for that statement and COMMIT only
 * (0083). A retry with the same key answers with the same transfer.
 */
export async function createTransfer(
  ctx: AppContext,
  merchant: Merchant,
  input: z.output<typeof createTransferRequest>,
  claim?: IdempotencyClaim | null,
): Promise<Transfer> {
  const earlier = earlierEffect(claim, 'transfer');
  if (earlier) return (await findTransfer(ctx.db, merchant, earlier))!;
  const checked = await checkTransfer(ctx, merchant, input);
  if (checked.code) await requireCode(ctx, merchant, checked.code, input.code);
  const { recipient, usdCents } = checked;
  const asset = assetOf(input.asset);
  const note = input.note ?? '';

  const sent: Transfer = await ctx.db.transaction(async (tx) => {
    const params: unknown[] = [
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
    ];
    const bound = bindEffectClause(claim, 'transfer', 'made', params.length + 1);
    // The transfer row, with what the statement after it needs: the sender's name and tag, the recipient's users who
    // keep payment emails on (`emailCompany`'s), and whether either business has a webhook endpoint in this mode.
    const { rows } = await tx.query<TransferRow & { sender_name: string; sender_tag: string | null; email_recipients: { email: string; firstName: string; companyName: string }[]; webhooks: boolean }>(
      `WITH made AS (
         INSERT INTO transfers (livemode, from_company_id, to_company_id, asset, amount, usd_cents, note, recipient_kind, recipient_handle, sent_by_user_id, sent_by_key_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         RETURNING id, created_at
       )${bound.sql}
       SELECT made.id, made.created_at, c.name AS sender_name,
              (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS sender_tag,
              (SELECT coalesce(json_agg(json_build_object('email', u.email, 'firstName', u.first_name, 'companyName', rc.name) ORDER BY u.created_at), '[]')
                 FROM users u JOIN companies rc ON rc.id = u.company_id LEFT JOIN email_preferences p ON p.user_id = u.id
                WHERE u.company_id = $3 AND coalesce(p.payments, true)) AS email_recipients,
              EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id IN ($2, $3) AND w.livemode = $1 AND w.deleted_at IS NULL) AS webhooks
         FROM made, companies c WHERE c.id = $2`,
      [...params, ...bound.params],
    );
    const made = rows[0]!;
    const sender = recipientView({ name: made.sender_name, tag: made.sender_tag });
    const shown = amountText(asset.code, input.amount);
    const object = (direction: 'sent' | 'received', counterparty: ReturnType<typeof recipientView>) => ({
      id: made.id,
      livemode: merchant.livemode,
      direction,
      asset: asset.code,
      amount: input.amount.toString(),
      fee: '0',
      usdCents: usdCents.toString(),
      note,
      counterparty,
      createdAt: made.created_at.toISOString(),
    });
    // What no other transaction waits for, before the ledger's locks, in one statement: both events with their
    // deliveries, and the recipient's payment email to each of its users (outbox rows).
    const emails = made.email_recipients.map((to) => ({
      kind: 'payment_received' as const,
      email: moneyNoticeEmail(
        to,
        {
          title: `${made.sender_name} sent you ${shown}`,
          lines: [`${made.sender_name}${sender.display ? ` (${sender.display})` : ''} sent ${to.companyName} ${shown} through FiPay.`, ...(note ? [`Their note: ${note}`] : []), 'It is in your wallet now.'],
          livemode: merchant.livemode,
        },
        { label: 'Open your wallet', url: `${ctx.config.appUrl}/dashboard/wallet/${asset.code}` },
      ),
    }));
    const written: unknown[] = [];
    const sentEvent = eventClause({ companyId: merchant.companyId, livemode: merchant.livemode }, 'transfer.sent', object('sent', recipientView(recipient)), { next: 1 }, 'sent');
    written.push(...sentEvent.params);
    const receivedEvent = eventClause({ companyId: recipient.id, livemode: merchant.livemode }, 'transfer.received', object('received', sender), { next: written.length + 1 }, 'received');
    written.push(...receivedEvent.params);
    const outbox = emails.length > 0 ? `, o AS (${enqueueEmailsSql(emails, (value) => `$${written.push(value)}`, 'sent_e')})` : '';
    await tx.query(`WITH ${sentEvent.sql.slice(2)}${receivedEvent.sql}${outbox} SELECT 1`, written);
    if (made.webhooks) tx.wake('webhooks');
    if (emails.length > 0) tx.wake('outbox');
    const test = merchant.livemode ? '' : ' (test)';
    const notices = [
      { companyId: merchant.companyId, notification: { title: `Transfer sent${test}`, message: `You sent ${shown} to ${recipient.name}.` } },
      { companyId: recipient.id, notification: { title: `Transfer received${test}`, message: `${made.sender_name} sent you ${shown}${note ? `: ${note}` : '.'}` } },
    ];
    // The daily Send limit, at the value priced above.
    const consumption = { companyId: merchant.companyId, livemode: merchant.livemode, kind: 'send' as const, usdCents, reference: made.id };
    try {
      // One statement takes every lock the transfer waits for, in the one order (ADR 0038, 0070, 0083): the sender's
      // usage row of the daily Send limit first (its head), then the ledger's accounts in id order, then both
      // businesses' notifications (notifyCompaniesSql) after the entry. What follows it under those locks is COMMIT.
      await post(tx, {
        livemode: merchant.livemode,
        companyId: merchant.companyId,
        kind: 'transfer',
        reference: made.id,
        description: note ? `Transfer: ${note}` : 'Transfer',
        lines: [
          { account: { companyId: merchant.companyId, code: 'available', currency: asset.code }, amount: input.amount },
          { account: { companyId: recipient.id, code: 'available', currency: asset.code }, amount: -input.amount },
        ],
      }, {
        head: (param) => {
          const limit = limitClause(ctx.config, consumption, param);
          return { sql: limit.sql, pass: limit.passed };
        },
        also: (param, posted) => notifyCompaniesSql('n', notices, param, posted),
      });
    } catch (error) {
      if (error instanceof PostingHeldError) throw await limitRefusal(tx, ctx.config, consumption);
      if (error instanceof InsufficientBalanceError) throw new AppError('UNPROCESSABLE', text.balanceShort(asset.code), { errors: { amount: text.balanceShort(asset.code) } });
      if (error instanceof WalletFrozenError) throw new AppError('CONFLICT', text.frozen);
      if (error instanceof AmountTooLargeError) throw new AppError('VALIDATION_FAILED', error.message, { errors: { amount: error.message } });
      throw error;
    }
    return object('sent', recipientView(recipient));
  });
  // What was written, as the sender sees it (GET /transfers/:id answers the same).
  return sent;
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
