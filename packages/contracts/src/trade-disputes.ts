import { z } from 'zod';
import { assetCodeSchema } from './assets';
import { envelope } from './envelope';
import { serverChecks, text } from './fields';
import { tradeSchema } from './marketplace';
import { minorUnitsOut, minorUnitsSchema } from './money';
import { paginationSchema } from './notifications';
import { readMarksSchema, tradeMessageSchema } from './trade-chat';

/**
 * Disputes of marketplace trades (docs/decisions/0086-trade-disputes.md): each side's statement, the evidence
 * deadline, the back office's queue, case and ruling.
 */

export const disputeStatuses = ['open', 'ruled', 'withdrawn'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export const disputeOpeners = ['seller', 'buyer', 'system'] as const;
export const rulingOutcomes = ['release', 'return', 'split'] as const;
export type RulingOutcome = (typeof rulingOutcomes)[number];
export const STATEMENT_MAX = 4000;
export const RULING_REASON_MAX = 2000;

export const disputeStatusLabels: Record<DisputeStatus, string> = { open: 'Open', ruled: 'Ruled', withdrawn: 'Withdrawn' };
export const rulingLabels: Record<RulingOutcome, string> = {
  release: 'Released to the buyer',
  return: 'Returned to the seller',
  split: 'Split between both',
};
export const disputeOpenerLabels: Record<(typeof disputeOpeners)[number], string> = {
  seller: 'the seller',
  buyer: 'the buyer',
  system: 'the release window running out',
};

export const disputeMessages = {
  statementSaved: 'Statement saved. The FiPay agent reads it with the trade.',
  statementMissing: 'Write your statement.',
  statementTooLong: `Keep your statement to ${STATEMENT_MAX} characters.`,
  notDisputed: 'This trade is not in dispute; a statement is written once a dispute is open.',
  disputeEnded: 'This dispute has been decided; statements are closed.',
  evidenceClosed: (at: string) => `The time for statements ended at ${at}.`,
  disputeNotFound: 'Dispute not found.',
  disputesLoaded: 'Disputes loaded.',
  caseLoaded: 'Dispute loaded.',
  attachmentLinked: 'Attachment link ready.',
  ruled: 'Ruling recorded. Both businesses have been told.',
  alreadyDecided: (status: string) => `This dispute is already ${status}; a ruling moves nothing now.`,
  reasonMissing: `Write the reason for the ruling (at most ${RULING_REASON_MAX} characters).`,
  splitAmount: 'A split gives the buyer more than nothing and less than the whole amount.',
  splitOnly: 'Give the buyer’s amount for a split only.',
} as const;

// ---- The merchant API: a party's statement, and the dispute on GET /trades/:id

export const disputeStatementRequest = z.strictObject({
  body: text(disputeMessages.statementMissing).trim().min(1, disputeMessages.statementMissing).max(STATEMENT_MAX, disputeMessages.statementTooLong),
});
export type DisputeStatementRequest = z.input<typeof disputeStatementRequest>;

const statementSchema = z.object({ body: z.string(), createdAt: z.string(), updatedAt: z.string() });

/** The dispute as a party sees it: its own statement, and only whether the other side wrote one. */
export const tradeDisputeSchema = z.object({
  status: z.enum(disputeStatuses),
  openedBy: z.enum(disputeOpeners),
  openedAt: z.string(),
  /** Statements are written and edited until this time while the dispute is open. */
  evidenceBy: z.string(),
  canWrite: z.boolean(),
  mine: statementSchema.nullable(),
  otherWrote: z.boolean(),
  endedAt: z.string().nullable(),
});
export type TradeDispute = z.infer<typeof tradeDisputeSchema>;
export const tradeDisputeResponse = envelope(tradeDisputeSchema);

/** GET /trades/:id: the trade with its dispute (null when it never went to one). */
export const tradeDetailSchema = tradeSchema.extend({ dispute: tradeDisputeSchema.nullable() });
export type TradeDetail = z.infer<typeof tradeDetailSchema>;
export const tradeDetailResponse = envelope(tradeDetailSchema);

// ---- The back office: the queue, a case, the ruling

export const disputeQueueQuery = z.object({
  status: z.enum(disputeStatuses).default('open'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type DisputeQueueQuery = z.input<typeof disputeQueueQuery>;

const partyName = z.object({ companyId: z.string(), name: z.string() });

export const disputeQueueItemSchema = z.object({
  tradeId: z.string(),
  livemode: z.boolean(),
  status: z.enum(disputeStatuses),
  asset: assetCodeSchema,
  amount: minorUnitsOut,
  fiat: assetCodeSchema,
  fiatAmount: minorUnitsOut,
  seller: partyName,
  buyer: partyName,
  openedBy: z.enum(disputeOpeners),
  openedAt: z.string(),
  evidenceBy: z.string(),
  /** Whether statements may still be written (the deadline not passed, by the server's clock). */
  evidenceOpen: z.boolean(),
  sellerWrote: z.boolean(),
  buyerWrote: z.boolean(),
  endedAt: z.string().nullable(),
});
export type DisputeQueueItem = z.infer<typeof disputeQueueItemSchema>;
export const disputeQueueResponse = envelope(
  z.object({
    disputes: z.array(disputeQueueItemSchema),
    pagination: paginationSchema,
    counts: z.record(z.enum(disputeStatuses), z.number().int()),
  }),
);

/** A side's statement in the case: written, still awaited (before the deadline), or missing (the deadline passed without one). */
const caseStatementSchema = z.object({
  state: z.enum(['written', 'awaited', 'missing']),
  body: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const casePartySchema = partyName.extend({ completedTrades: z.number().int(), disputes: z.number().int() });

export const ledgerEntryViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  createdAt: z.string(),
  lines: z.array(z.object({ companyId: z.string().nullable(), account: z.string(), currency: z.string(), amount: minorUnitsOut })),
});
export type LedgerEntryView = z.infer<typeof ledgerEntryViewSchema>;

/** The trade's whole chat in the case, oldest first, with each side's last read message. */
const caseChatSchema = z.object({ messages: z.array(tradeMessageSchema), reads: readMarksSchema });
export type DisputeChat = z.infer<typeof caseChatSchema>;

export const disputeCaseSchema = z.object({
  trade: tradeSchema.pick({
    id: true,
    livemode: true,
    status: true,
    asset: true,
    fiat: true,
    amount: true,
    price: true,
    fiatAmount: true,
    sellerFee: true,
    buyerFee: true,
    method: true,
    createdAt: true,
    payBy: true,
    paidAt: true,
    releaseBy: true,
    endedAt: true,
  }),
  seller: casePartySchema,
  buyer: casePartySchema,
  dispute: z.object({
    status: z.enum(disputeStatuses),
    openedBy: z.enum(disputeOpeners),
    openedAt: z.string(),
    evidenceBy: z.string(),
    evidenceOpen: z.boolean(),
    endedAt: z.string().nullable(),
  }),
  statements: z.object({ seller: caseStatementSchema, buyer: caseStatementSchema }),
  chat: caseChatSchema,
  ledger: z.array(ledgerEntryViewSchema),
  ruling: z
    .object({ outcome: z.enum(rulingOutcomes), buyerAmount: minorUnitsOut, reason: z.string(), by: z.object({ id: z.string(), name: z.string() }).nullable() })
    .nullable(),
});
export type DisputeCase = z.infer<typeof disputeCaseSchema>;
export const disputeCaseResponse = envelope(disputeCaseSchema);
export const disputeTradeParams = z.strictObject({ tradeId: text().max(100, disputeMessages.disputeNotFound) });
export const disputeAttachmentParams = z.strictObject({ tradeId: text().max(100, disputeMessages.disputeNotFound), messageId: text().max(100, disputeMessages.disputeNotFound) });

export const rulingRequest = z.strictObject({
  outcome: z.enum(rulingOutcomes),
  /** A split only: the part of the amount the buyer gets (the asset's smallest units); the rest goes back to the seller. */
  buyerAmount: serverChecks(minorUnitsSchema, 'A split only: more than zero and less than the amount.').optional(),
  reason: text(disputeMessages.reasonMissing).trim().min(1, disputeMessages.reasonMissing).max(RULING_REASON_MAX, disputeMessages.reasonMissing),
});
export type RulingRequest = z.input<typeof rulingRequest>;
