import { z } from 'zod';
import { envelope } from './envelope';
import { text } from './fields';
import { tradeStatuses } from './marketplace';

/**
 * Trade chat (docs/decisions/0085-trade-chat-in-real-time.md): the two parties' messages on a trade, the platform's
 * message for each step, attachments (a PDF, PNG or JPEG, checked like KYB documents), read marks and the live
 * stream of a trade.
 */

export const TRADE_MESSAGE_MAX = 2000;
/** The chat stays open this long after the trade ended (completed, cancelled or resolved). */
export const CHAT_OPEN_AFTER_END_DAYS = 7;
export const ATTACHMENT_NAME_MAX = 200;
/** What an attachment may be: its bytes decide, not the name or the declared type. */
export const chatAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type ChatAttachmentType = (typeof chatAttachmentTypes)[number];
/** The steps of a trade that write a message of the platform into its chat. */
export const systemEvents = ['opened', 'paid', 'completed', 'cancelled', 'disputed', 'resolved'] as const;
export type SystemEvent = (typeof systemEvents)[number];
/** How long a link to read an attachment works. */
export const ATTACHMENT_LINK_SECONDS = 300;
/** The stream's comment line while nothing happens, so proxies and browsers keep the connection. */
export const CHAT_HEARTBEAT_SECONDS = 15;

export const systemMessageTexts: Record<SystemEvent, string> = {
  opened: 'Trade opened. The seller’s asset is in escrow.',
  paid: 'The buyer marked the trade as paid. The seller should check the account, then release.',
  completed: 'Trade completed. The asset went to the buyer.',
  cancelled: 'Trade cancelled. The escrow went back to the seller.',
  disputed: 'Trade in dispute. A FiPay agent will look at it; add your evidence here.',
  resolved: 'A FiPay agent decided the dispute.',
};

export const tradeChatMessages = {
  messagesLoaded: 'Messages loaded.',
  messageSent: 'Message sent.',
  readMarked: 'Marked as read.',
  uploadUrlCreated: 'Upload the file to this link with PUT, then send its objectKey in a message.',
  attachmentLinkCreated: 'Attachment link ready.',
  empty: 'Write a message or attach a file.',
  tooLong: `A message is at most ${TRADE_MESSAGE_MAX} characters.`,
  chatClosed: `This trade's chat is closed: the trade ended more than ${CHAT_OPEN_AFTER_END_DAYS} days ago.`,
  attachmentType: 'Attach an image (PNG or JPEG) or a PDF.',
  attachmentNotADocument: 'the file is not a PDF, PNG or JPEG file.',
  attachmentNotFound: 'Attachment not found.',
  readBeyond: 'That message is not in this trade.',
  tooManyStreams: 'Too many live chat connections for this business. Close another trade page and try again.',
  serverClosing: 'The chat is reconnecting. It will be back in a moment.',
  cursorInvalid: 'That message cursor is not valid.',
} as const;

const cursor = text().regex(/^[1-9][0-9]{0,17}$/, tradeChatMessages.cursorInvalid);

export const tradeMessageSchema = z.object({
  id: z.string(),
  /** The message's place in the trade's chat: the cursor of pages and the stream's event id. */
  seq: z.string(),
  tradeId: z.string(),
  author: z.enum(['seller', 'buyer', 'system']),
  /** Written by the viewing business. */
  mine: z.boolean(),
  systemEvent: z.enum(systemEvents).nullable(),
  body: z.string(),
  attachment: z.object({ name: z.string(), contentType: z.enum(chatAttachmentTypes), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type TradeMessage = z.infer<typeof tradeMessageSchema>;

/** Each side's last read message (its seq), null before it read any. */
export const readMarksSchema = z.object({ seller: z.string().nullable(), buyer: z.string().nullable() });
export type ReadMarks = z.infer<typeof readMarksSchema>;

export const tradeMessagesQuery = z.object({
  /** Older messages than this seq (the page before). */
  before: cursor.optional(),
  /** Newer messages than this seq. */
  after: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TradeMessagesQuery = z.output<typeof tradeMessagesQuery>;

export const tradeMessagesResponse = envelope(
  z.object({
    /** Oldest first. */
    messages: z.array(tradeMessageSchema),
    /** More messages before the first one here (pass its seq as `before`). */
    hasOlder: z.boolean(),
    reads: readMarksSchema,
    /** The viewing business's side of the trade. */
    role: z.enum(['seller', 'buyer']),
    tradeStatus: z.enum(tradeStatuses),
    /** Whether messages may be sent now. */
    chatOpen: z.boolean(),
  }),
);

export const sendTradeMessageRequest = z.strictObject({
  body: text().trim().max(TRADE_MESSAGE_MAX, tradeChatMessages.tooLong).default(''),
  /** A file uploaded through POST /trades/:id/messages/upload-url. */
  attachment: z.strictObject({ objectKey: text().min(1).max(2048), name: text().trim().max(ATTACHMENT_NAME_MAX).optional() }).optional(),
});
export const tradeMessageResponse = envelope(tradeMessageSchema);

export const chatUploadUrlRequest = z.strictObject({
  fileName: text().trim().min(1).max(ATTACHMENT_NAME_MAX),
  contentType: z.enum(chatAttachmentTypes, tradeChatMessages.attachmentType),
});
export const chatUploadUrlResponse = envelope(z.object({ uploadUrl: z.string(), objectKey: z.string() }));

export const markReadRequest = z.strictObject({ seq: cursor });
export const readMarksResponse = envelope(readMarksSchema);

export const tradeMessageParams = z.strictObject({ id: text().max(100, 'Not found.'), messageId: text().max(100, 'Not found.') });
export const attachmentLinkResponse = envelope(z.object({ url: z.string(), name: z.string(), contentType: z.enum(chatAttachmentTypes), expiresAt: z.string() }));

export const tradeStreamQuery = z.object({
  /** Replays the messages after this seq (as the Last-Event-ID header does, which wins when both are sent). */
  lastEventId: cursor.optional(),
});
