import { randomBytes } from 'node:crypto';
import { MAX_DOCUMENT_BYTES, type DocumentContentType } from '@fipay/contracts/kyb-options';
import { openTradeStatuses } from '@fipay/contracts/marketplace';
import {
  ATTACHMENT_LINK_SECONDS,
  CHAT_OPEN_AFTER_END_DAYS,
  chatAttachmentTypes,
  systemMessageTexts,
  tradeChatMessages as text,
  type ChatAttachmentType,
  type ReadMarks,
  type SystemEvent,
  type TradeMessage,
  type TradeMessagesQuery,
} from '@fipay/contracts/trade-chat';
import { marketMessages } from '@fipay/contracts/marketplace';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import type { Merchant } from '../../plugins/merchant-auth';
import { detectDocumentType, SNIFF_BYTES } from '../../storage/document-types';
import { inspectReasons } from '../../storage/inspect';
import { companyPrefix, sanitiseFileName } from '../../storage/object-keys';
import { notifyOnceSql } from '../notifications/notify';
import { markTopicRead } from '../notifications/service';
import { findTrade, modeNote, shown, type Trade } from './trades';

/**
 * Trade chat (docs/decisions/0085-trade-chat-in-real-time.md): the messages of a trade's two parties and of the
 * platform for each step, kept for audit (the table refuses changes), attachments checked like KYB documents, each
 * side's read mark. Every write says `NOTIFY trade_chat, '<trade id>'` in its transaction: the streams of every
 * instance read what is new from the table when it commits.
 */

export const CHAT_CHANNEL = 'trade_chat';

type Scope = { companyId: string; livemode: boolean };
type Party = 'seller' | 'buyer';

type MessageRow = {
  id: string;
  seq: string;
  trade_id: string;
  author: 'seller' | 'buyer' | 'system';
  system_event: SystemEvent | null;
  body: string;
  attachment_name: string | null;
  attachment_type: ChatAttachmentType | null;
  attachment_size: number | null;
  created_at: Date;
};

const MESSAGE_COLUMNS = `id, seq::text AS seq, trade_id, author, system_event, body, attachment_name, attachment_type, attachment_size, created_at`;

/** A message as `viewer` (a side, or null for the platform's agent) sees it. */
export const messageView = (row: MessageRow, viewer: Party | null): TradeMessage => ({
  id: row.id,
  seq: row.seq,
  tradeId: row.trade_id,
  author: row.author,
  mine: viewer !== null && row.author === viewer,
  systemEvent: row.system_event,
  body: row.body,
  attachment: row.attachment_type ? { name: row.attachment_name!, contentType: row.attachment_type, size: row.attachment_size! } : null,
  createdAt: row.created_at.toISOString(),
});

export const partyOf = (trade: Pick<Trade, 'sellerCompanyId'>, companyId: string): Party => (trade.sellerCompanyId === companyId ? 'seller' : 'buyer');

/**
 * Tells every instance's streams of the trade to look; `:read` when only the read marks changed, `:trade` when the
 * trade changed without a step of its own (no system message to read), so the streams send its `trade` event.
 */
const notify = (tx: Queryable, tradeId: string, what: '' | ':read' | ':trade' = '') => tx.query('SELECT pg_notify($1, $2)', [CHAT_CHANNEL, `${tradeId}${what}`]);

/** A change of the trade that posts no step (a side asks to cancel): its open pages read it again, in its transaction. */
export const tellTradeChanged = (tx: Queryable, trade: Pick<Trade, 'id'>) => notify(tx, trade.id, ':trade');

const eventOf: Record<string, SystemEvent> = {
  'trade.opened': 'opened',
  'trade.paid': 'paid',
  'trade.completed': 'completed',
  'trade.cancelled': 'cancelled',
  'trade.disputed': 'disputed',
  'trade.resolved': 'resolved',
};

/**
 * The platform's message for a step of a trade, in the step's own transaction (trades.ts calls it where it records
 * the step's event): `step` is the event type (`trade.paid`) or the step's name (`paid`).
 */
export async function postSystemMessage(tx: Queryable, trade: Pick<Trade, 'id'>, step: string): Promise<void> {
  const event = eventOf[step] ?? (step as SystemEvent);
  const body = systemMessageTexts[event];
  if (!body) return;
  await tx.query(`INSERT INTO trade_messages (trade_id, author, system_event, body) VALUES ($1, 'system', $2, $3)`, [trade.id, event, body]);
  await notify(tx, trade.id);
}

/**
 * `postSystemMessage` as parts of a bigger statement (a trade's opening writes it with the trade's events): `sql`, a
 * CTE named `name` that writes the platform's message for `step`, and `notify`, the NOTIFY as an expression for the
 * statement's SELECT list. Null for a step without a message. `param` adds a value and answers its placeholder.
 */
export function systemMessageClause(tradeId: string, step: string, param: (value: unknown) => string, name: string): { sql: string; notify: string } | null {
  const event = eventOf[step] ?? (step as SystemEvent);
  const body = systemMessageTexts[event];
  if (!body) return null;
  const trade = param(tradeId);
  return {
    sql: `${name} AS (INSERT INTO trade_messages (trade_id, author, system_event, body) VALUES (${trade}::uuid, 'system', ${param(event)}::text, ${param(body)}::text))`,
    notify: `pg_notify(${param(CHAT_CHANNEL)}::text, ${trade}::text)`,
  };
}

/** Messages may be sent while the trade is open and for a while after it ended. */
export function chatOpen(trade: Pick<Trade, 'status' | 'endedAt'>, now = Date.now()): boolean {
  if ((openTradeStatuses as readonly string[]).includes(trade.status)) return true;
  return trade.endedAt !== null && now - Date.parse(trade.endedAt) < CHAT_OPEN_AFTER_END_DAYS * 86_400_000;
}

async function partyTrade(db: Queryable, scope: Scope, tradeId: string): Promise<Trade> {
  const trade = await findTrade(db, scope, tradeId);
  if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
  return trade;
}

/** Both sides' read marks of a trade. */
export async function readMarks(db: Queryable, tradeId: string): Promise<ReadMarks> {
  const { rows } = await db.query<{ party: Party; last_read_seq: string }>('SELECT party, last_read_seq::text AS last_read_seq FROM trade_reads WHERE trade_id = $1', [tradeId]);
  const marks: ReadMarks = { seller: null, buyer: null };
  for (const row of rows) marks[row.party] = row.last_read_seq;
  return marks;
}

/** A page of a trade's messages, oldest first: the latest, or those before or after a seq. */
export async function listMessages(db: Queryable, scope: Scope, tradeId: string, query: TradeMessagesQuery) {
  const trade = await partyTrade(db, scope, tradeId);
  const viewer = partyOf(trade, scope.companyId);
  const page = await messagesOf(db, trade.id, query);
  return {
    messages: page.rows.map((row) => messageView(row, viewer)),
    hasOlder: page.hasOlder,
    reads: await readMarks(db, trade.id),
    role: viewer,
    tradeStatus: trade.status,
    chatOpen: chatOpen(trade),
  };
}

/** Up to `limit` messages of a trade after `after`, oldest first (what a stream has not sent yet). */
export async function messagesAfter(db: Queryable, tradeId: string, after: string, limit: number): Promise<MessageRow[]> {
  const { rows } = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM trade_messages WHERE trade_id = $1 AND seq > $2::bigint ORDER BY trade_messages.seq LIMIT $3`, [tradeId, after, limit]);
  return rows;
}

/** A trade's messages by keyset on seq, oldest first; `after` reads forward, otherwise the newest before `before`. */
async function messagesOf(db: Queryable, tradeId: string, query: { before?: string; after?: string; limit: number }) {
  if (query.after !== undefined) {
    const rows = await messagesAfter(db, tradeId, query.after, query.limit);
    const first = rows[0]?.seq ?? query.after;
    const older = await db.query('SELECT 1 FROM trade_messages WHERE trade_id = $1 AND seq < $2::bigint LIMIT 1', [tradeId, first]);
    return { rows, hasOlder: older.rows.length > 0 };
  }
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM trade_messages WHERE trade_id = $1 AND ($2::bigint IS NULL OR seq < $2::bigint) ORDER BY trade_messages.seq DESC LIMIT $3`,
    [tradeId, query.before ?? null, query.limit + 1],
  );
  return { rows: rows.slice(0, query.limit).reverse(), hasOlder: rows.length > query.limit };
}

/** The key of an attachment the caller uploads for a trade: under its company, in the trade's folder. */
const attachmentFolder = (companyId: string, tradeId: string) => `${companyPrefix(companyId)}trade-chat/${tradeId}/`;

/** A short-lived link to upload one attachment (PUT with its Content-Type), and the key to send it with. */
export async function chatUploadUrl(ctx: AppContext, merchant: Merchant, tradeId: string, input: { fileName: string; contentType: ChatAttachmentType }) {
  const trade = await partyTrade(ctx.db, merchant, tradeId);
  if (!chatOpen(trade)) throw new AppError('CONFLICT', text.chatClosed);
  await ctx.limiter.consume('uploadUrlPerUser', merchant.via.kind === 'secret-key' ? `key:${merchant.via.keyId}` : merchant.via.userId);
  const name = sanitiseFileName(input.fileName, input.contentType as DocumentContentType);
  const objectKey = `${attachmentFolder(merchant.companyId, trade.id)}${Date.now()}-${randomBytes(5).toString('hex')}-${name}`;
  const uploadUrl = await ctx.storage.presignUpload({ key: objectKey, contentType: input.contentType, expiresInSeconds: 15 * 60 });
  return { uploadUrl, objectKey };
}

/**
 * Checks an uploaded attachment where it is stored, as KYB documents are: it is the caller's upload for this trade,
 * exists, is at most 5 MB and not empty, and its first bytes are a PDF, PNG or JPEG (the type is what the bytes are).
 * A file refused for what it is is deleted, so nothing of it is kept.
 */
async function inspectAttachment(ctx: AppContext, scope: Scope, tradeId: string, reference: string) {
  const fail = (reason: string): never => {
    const message = `Attachment: ${reason}`;
    throw new AppError('UNPROCESSABLE', message, { errors: { attachment: message } });
  };
  const key = ctx.storage.keyFromReference(reference);
  if (!key) return fail(inspectReasons.invalidReference);
  if (!key.startsWith(attachmentFolder(scope.companyId, tradeId))) return fail(inspectReasons.otherAccount);
  const head = await ctx.storage.head(key);
  if (!head) return fail(inspectReasons.notFound);
  const refuse = async (reason: string) => {
    await ctx.storage.remove(key);
    return fail(reason);
  };
  if (head.size > MAX_DOCUMENT_BYTES) return refuse(inspectReasons.tooLarge);
  if (head.size === 0) return refuse(inspectReasons.empty);
  const contentType = detectDocumentType(await ctx.storage.readStart(key, SNIFF_BYTES));
  if (!contentType || !(chatAttachmentTypes as readonly string[]).includes(contentType)) return refuse(text.attachmentNotADocument);
  return { key, size: head.size, contentType: contentType as ChatAttachmentType };
}

/** A party's message: text, an attachment, or both, while the chat is open. */
export async function sendMessage(ctx: AppContext, scope: Scope, tradeId: string, input: { body: string; attachment?: { objectKey: string; name?: string } }): Promise<TradeMessage> {
  const trade = await partyTrade(ctx.db, scope, tradeId);
  const party = partyOf(trade, scope.companyId);
  if (!chatOpen(trade)) throw new AppError('CONFLICT', text.chatClosed);
  if (input.body.length === 0 && !input.attachment) throw new AppError('UNPROCESSABLE', text.empty, { errors: { body: text.empty } });
  const file = input.attachment ? await inspectAttachment(ctx, scope, trade.id, input.attachment.objectKey) : null;
  const name = file ? (input.attachment!.name || file.key.split('/').pop()!.replace(/^\d+-[0-9a-f]+-/, '')).slice(0, 200) : null;
  // One statement (its own transaction): the message, the other side's notification (one unread per trade and user, so
  // a burst of messages is one), and the notice to the streams that goes out when it commits.
  const notice = chatNotice(trade, party);
  const { rows } = await ctx.db.query<MessageRow>(
    `WITH m AS (
       INSERT INTO trade_messages (trade_id, author, author_company_id, body, attachment_key, attachment_name, attachment_type, attachment_size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MESSAGE_COLUMNS}
     ), ${notifyOnceSql({ name: 'n', companyId: '$10::uuid', title: '$11::text', message: '$12::text', topic: '$13::text', after: 'm' })}
     SELECT m.*, pg_notify($9, $1::text) FROM m`,
    [
      trade.id,
      party,
      scope.companyId,
      input.body,
      file?.key ?? null,
      name,
      file?.contentType ?? null,
      file?.size ?? null,
      CHAT_CHANNEL,
      party === 'seller' ? trade.buyerCompanyId : trade.sellerCompanyId,
      notice.title,
      notice.message,
      chatTopic(trade.id),
    ],
  );
  return messageView(rows[0]!, party);
}

/** The topic of a trade's chat notifications: one unread per user (migration 0057). */
export const chatTopic = (tradeId: string) => `trade-chat:${tradeId}`;

/** What the other side is told of a new message: who wrote and on which trade, not the words (one notice stands for a burst). */
function chatNotice(trade: Trade, author: Party) {
  return {
    title: `New message on a trade${modeNote(trade.livemode)}`,
    message: `The ${author} wrote to you about the trade of ${shown(trade.asset, trade.amount)}. Open the trade to read and reply.`,
  };
}

/**
 * Marks the chat read up to `seq` for the caller's side; a mark never moves back. A mark that reaches the other side's
 * last message also marks read the side's users' unread notification of the chat (ADR 0092, 0096): what it asked them to
 * read is read, and the next message tells them again. A message after the mark leaves it unread.
 */
export async function markRead(ctx: AppContext, scope: Scope, tradeId: string, seq: string): Promise<ReadMarks> {
  const trade = await partyTrade(ctx.db, scope, tradeId);
  const party = partyOf(trade, scope.companyId);
  return ctx.db.transaction(async (tx) => {
    // The message marked, and whether the other side wrote anything after it.
    const { rows } = await tx.query<{ caught_up: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM trade_messages WHERE trade_id = $1 AND seq > $2::bigint AND author = $3) AS caught_up
         FROM trade_messages WHERE trade_id = $1 AND seq = $2::bigint`,
      [trade.id, seq, party === 'seller' ? 'buyer' : 'seller'],
    );
    if (rows.length === 0) throw new AppError('UNPROCESSABLE', text.readBeyond, { errors: { seq: text.readBeyond } });
    const changed = await tx.query(
      `INSERT INTO trade_reads (trade_id, party, last_read_seq) VALUES ($1, $2, $3::bigint)
       ON CONFLICT (trade_id, party) DO UPDATE SET last_read_seq = EXCLUDED.last_read_seq, read_at = now()
        WHERE trade_reads.last_read_seq < EXCLUDED.last_read_seq`,
      [trade.id, party, seq],
    );
    if (changed.rowCount > 0) {
      await notify(tx, trade.id, ':read');
      if (rows[0]!.caught_up) await markTopicRead(tx, scope.companyId, chatTopic(trade.id));
    }
    return readMarks(tx, trade.id);
  });
}

async function attachmentLinkOf(ctx: AppContext, tradeId: string, messageId: string) {
  if (!isUuid(messageId)) throw new AppError('NOT_FOUND', text.attachmentNotFound);
  const { rows } = await ctx.db.query<{ attachment_key: string; attachment_name: string; attachment_type: ChatAttachmentType }>(
    'SELECT attachment_key, attachment_name, attachment_type FROM trade_messages WHERE id = $1 AND trade_id = $2 AND attachment_key IS NOT NULL',
    [messageId, tradeId],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', text.attachmentNotFound);
  const url = await ctx.storage.presignDownload({ key: row.attachment_key, expiresInSeconds: ATTACHMENT_LINK_SECONDS, fileName: row.attachment_name });
  return { url, name: row.attachment_name, contentType: row.attachment_type, expiresAt: new Date(Date.now() + ATTACHMENT_LINK_SECONDS * 1000).toISOString() };
}

/** A short-lived link to a message's attachment, for one of the trade's two parties. */
export async function attachmentLink(ctx: AppContext, scope: Scope, tradeId: string, messageId: string) {
  const trade = await partyTrade(ctx.db, scope, tradeId);
  return attachmentLinkOf(ctx, trade.id, messageId);
}

/**
 * For the back office's dispute agent (whose session the caller has checked): a trade's whole chat, oldest first,
 * and links to its attachments. Not for companies: it checks no party.
 */
export async function chatForAgent(ctx: AppContext, tradeId: string): Promise<{ messages: TradeMessage[]; reads: ReadMarks }> {
  if (!isUuid(tradeId)) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
  const { rows } = await ctx.db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM trade_messages WHERE trade_id = $1 ORDER BY trade_messages.seq`, [tradeId]);
  return { messages: rows.map((row) => messageView(row, null)), reads: await readMarks(ctx.db, tradeId) };
}

/** For the back office's dispute agent: a link to one attachment of a trade's chat. */
export async function attachmentLinkForAgent(ctx: AppContext, tradeId: string, messageId: string) {
  if (!isUuid(tradeId)) throw new AppError('NOT_FOUND', text.attachmentNotFound);
  return attachmentLinkOf(ctx, tradeId, messageId);
}
