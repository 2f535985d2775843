import { z } from 'zod';
import { assetCodeSchema, type AssetCode } from './assets';
import { envelope } from './envelope';
import { emailCodeSentData } from './auth';
import { EMAIL_PATTERN, documented, serverChecks, text } from './fields';
import { normaliseTag, recipientSchema, TAG_INPUT_PATTERN, tagMessages } from './fipay-tags';
import { minorUnitsOut, minorUnitsSchema } from './money';

/**
 * Transfers between businesses (docs/decisions/0073-transfers-between-businesses.md): instant, final and free, by
 * FiPay tag or by the email of one of the recipient's users, in any of the eight assets. Amounts travel as digit
 * strings of the asset's smallest unit (ADR 0065).
 */

export const TRANSFER_NOTE_MAX = 140;
export const TRANSFER_PAGE_SIZE_DEFAULT = 20;
export const TRANSFER_PAGE_SIZE_MAX = 100;
/** A second factor is asked of a dashboard user above this value in US dollars unless configured. */
export const DEFAULT_TRANSFER_CODE_ABOVE_USD = 500;

export const transferMessages = {
  toInvalid: 'Enter a FiPay tag like @acme, or the email address of someone at the business.',
  sent: 'Transfer sent.',
  previewed: 'Check the transfer before you send it.',
  loaded: 'Transfers loaded.',
  found: 'Transfer loaded.',
  notFound: 'No transfer has that id.',
  codeSent: 'We emailed you a code to confirm the transfer.',
  codeNotNeeded: 'Your account confirms transfers with the code from your authenticator app.',
  amountZero: 'The amount must be more than zero.',
  balanceShort: (asset: AssetCode) => `Your ${asset} balance is not enough for this transfer.`,
  liveNeedsApproval: 'Live transfers open once your business verification is approved.',
  recipientNotFound: tagMessages.recipientNotFound,
  recipientIsYou: tagMessages.recipientIsYou,
  codeRequired: 'Enter the 6-digit code from your authenticator app to send this much.',
  emailCodeRequired: 'Enter the 6-digit code we emailed you to send this much.',
  frozen: 'This wallet is frozen, so nothing can leave it. Contact support.',
  cursorInvalid: 'That page cursor is not valid.',
};

/** Who to send to: a FiPay tag (`@acme` or `acme`) or the email address of one of the business's users. */
export type TransferTarget = { kind: 'tag'; tag: string } | { kind: 'email'; email: string };

/** What a person typed as the recipient, read as a tag or an email address; null when it is neither. */
export function transferTargetOf(typed: string): TransferTarget | null {
  const value = typed.trim();
  if (value.length === 0 || value.length > 254) return null;
  if (TAG_INPUT_PATTERN.test(value)) return { kind: 'tag', tag: normaliseTag(value) };
  if (EMAIL_PATTERN.test(value)) return { kind: 'email', email: value.toLowerCase() };
  return null;
}

const toField = serverChecks(
  documented(text(transferMessages.toInvalid).trim().min(1, transferMessages.toInvalid).max(254, transferMessages.toInvalid), { maxLength: 254 }),
  'A FiPay tag (@acme) or an email address; the business must be verified.',
).refine((value) => transferTargetOf(value) !== null, transferMessages.toInvalid);

const noteField = text().trim().max(TRANSFER_NOTE_MAX, `Keep the note to ${TRANSFER_NOTE_MAX} characters.`);
const codeField = text().trim().regex(/^[0-9A-Za-z-]{6,20}$/, 'Enter the 6-digit code.');

export const transferPreviewRequest = z.strictObject({
  asset: assetCodeSchema,
  amount: serverChecks(minorUnitsSchema, 'More than zero.').refine((amount) => amount > 0n, transferMessages.amountZero),
  to: toField,
});
export type TransferPreviewRequest = z.input<typeof transferPreviewRequest>;

export const createTransferRequest = transferPreviewRequest.extend({
  note: noteField.optional(),
  /** The second factor's code, when the preview said one is needed. */
  code: codeField.optional(),
});
export type CreateTransferRequest = z.input<typeof createTransferRequest>;

export const transferPreviewSchema = z.object({
  recipient: recipientSchema,
  asset: assetCodeSchema,
  amount: minorUnitsOut,
  /** Transfers are free. */
  fee: minorUnitsOut,
  /** The amount's value in US cents at market now. */
  usdCents: minorUnitsOut,
  /** Whether sending it needs the second factor's code, and which. */
  codeRequired: z.enum(['authenticator', 'email']).nullable(),
});
export type TransferPreview = z.infer<typeof transferPreviewSchema>;
export const transferPreviewResponse = envelope(transferPreviewSchema);

export const transferSchema = z.object({
  id: z.string(),
  livemode: z.boolean(),
  /** From the viewing business's side. */
  direction: z.enum(['sent', 'received']),
  asset: assetCodeSchema,
  amount: minorUnitsOut,
  fee: minorUnitsOut,
  usdCents: minorUnitsOut,
  note: z.string(),
  /** The other business, by its verified name and tag. */
  counterparty: recipientSchema,
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;
export const transferResponse = envelope(transferSchema);

export const transferListQuery = z.object({
  asset: assetCodeSchema.optional(),
  direction: z.enum(['sent', 'received']).optional(),
  before: text().regex(/^[1-9][0-9]{0,17}$/, transferMessages.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(TRANSFER_PAGE_SIZE_MAX).default(TRANSFER_PAGE_SIZE_DEFAULT),
});
export type TransferListQuery = z.output<typeof transferListQuery>;

export const transferListSchema = z.object({
  transfers: z.array(transferSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.string().nullable(),
});
export const transferListResponse = envelope(transferListSchema);

/** Any id up to 100 characters: one that is not a transfer's answers 404 like another company's. */
export const transferIdParams = z.strictObject({ id: text().max(100, transferMessages.notFound) });

export const transferCodeResponse = envelope(emailCodeSentData);
