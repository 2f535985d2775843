import { paymentMessages } from '@fipay/contracts/payments';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type {
  Acquirer,
  ChargeCheck,
  ChargeStatus,
  InboundEvent,
  Readiness,
  Refusal,
  RefundStatus,
  TransferProvider,
  TransferState,
  TransferStatus,
  WebhookReader,
} from '../types';
import { paystackRequest } from './client';
import { paystackSignatureValid } from './signature';

/**
 * Paystack as the live acquirer (docs/decisions/0033-paystack-live-charges.md): initialise a transaction
 * (POST /transaction/initialize) and verify it (GET /transaction/verify/:reference), as Paystack documents
 * them, refunds (POST /refund, GET /refund/:id), and the transfers that pay live payouts out
 * (docs/decisions/0034-live-payouts-through-paystack.md: POST /transferrecipient, POST /transfer, GET
 * /transfer/verify/:reference). Each answer is parsed by a schema made from the sample Paystack publishes for
 * it (apps/api/src/test/paystack-samples.ts names each source): the fields read here, with the types the
 * sample shows; the rest passes unread. Anything but a documented answer is a 502 whose reason goes to the log
 * only, never the key. Paystack's statuses and event names end here: what leaves is in our words
 * (providers/types.ts, docs/decisions/0054-providers-behind-interfaces.md).
 */

export type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs: number };

/** The metadata key under which a live transaction's id goes to Paystack and comes back on verification. */
export const PAYSTACK_MARK = 'fipay_transaction';

// Paystack's words for a transaction (success, failed, abandoned, reversed, ongoing, pending, processing, queued) in
// ours. `abandoned` is not final: Paystack says it of a transaction whose customer has not finished yet, and the
// customer can still pay on the same page; only our own 24 hours close it.
function chargeStatus(status: string): ChargeStatus {
  if (status === 'success') return 'paid';
  return status === 'failed' || status === 'reversed' ? 'failed' : 'open';
}

// A refund's (pending, processing, processed, failed, needs-attention).
function refundStatus(status: string): RefundStatus {
  if (status === 'pending' || status === 'processing') return 'pending';
  return status === 'processed' || status === 'failed' || status === 'needs-attention' ? status : 'unknown';
}

// A transfer's (success, failed, reversed, abandoned, rejected, blocked, pending, otp, received, ...).
function transferStatus(status: string): TransferStatus {
  if (status === 'success') return 'paid';
  if (status === 'reversed') return 'reversed';
  return ['failed', 'abandoned', 'rejected', 'blocked'].includes(status) ? 'failed' : 'pending';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paystack's ids: numbers in its answers (`3018284`), digits in a string in some webhooks (`"123456"`). */
const paystackId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
/** A successful answer: `{ status: true, message, data }`. */
const answerOf = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

// POST /transaction/initialize (sample: src/api/transactions/initialize/response.json).
const initializeAnswer = answerOf(z.object({ authorization_url: z.string().regex(/^https:\/\//) }));
// GET /transaction/verify/:reference (sample: src/api/transactions/verify/response.json). The card is shown, never
// relied on: an authorization in another shape reads as no card.
const verifyAnswer = answerOf(
  z.object({
    id: paystackId,
    status: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    channel: z.string().nullish(),
    gateway_response: z.string().nullish(),
    metadata: z.unknown(),
    authorization: z.object({ last4: z.string().nullish(), brand: z.string().nullish() }).nullish().catch(null),
  }),
);
// POST /refund (sample: src/api/refunds/create/response.json).
const refundCreatedAnswer = answerOf(z.object({ id: paystackId, status: z.string() }));
// GET /refund/:id (sample: src/api/refunds/fetch/response.json).
const refundFetchedAnswer = answerOf(z.object({ id: paystackId, status: z.string() }));
// GET /refund (sample: src/doc/payments/refunds/list-refunds/index.json): each refund names its transaction by id.
const refundListAnswer = z.object({
  status: z.literal(true),
  data: z.array(z.object({ id: paystackId, transaction: paystackId, status: z.string(), merchant_note: z.string().nullish() })),
  meta: z.object({ page: z.number().int(), pageCount: z.number().int() }).partial().optional().catch(undefined),
});
// POST /transferrecipient (sample: src/api/transfer-recipient/create/response.json).
const recipientAnswer = answerOf(z.object({ recipient_code: z.string().regex(/^RCP_\w{1,96}$/) }));
// POST /transfer and GET /transfer/verify/:reference (samples: src/api/transfers/initiate/response.json, src/api/transfers/verify/response.json).
const transferAnswer = answerOf(z.object({ status: z.string(), amount: z.number().int(), reference: z.string(), transfer_code: z.string().nullish() }));
/** Paystack's refusals: `{ status: false, message }`. */
const refusalBody = z.object({ status: z.literal(false), message: z.string().optional() });

/**
 * GET /refund documents four query parameters, `perPage`, `page`, `from` and `to` (PaystackOSS/openapi
 * dist/paystack.yaml, `refund_list`), and no filter by transaction: a search reads every refund on the account
 * made in its window, a page at a time, at most this many pages.
 */
export const REFUND_SEARCH_PAGES = 20;
const REFUND_SEARCH_PER_PAGE = 100;

function unavailable(reason: string): AppError {
  const error = new AppError('BAD_GATEWAY', paymentMessages.providerUnavailable);
  error.cause = reason;
  return error;
}

// GET /balance, 200 (sample: src/api/transfers-control/balance/response.json): the readiness check.
const balanceAnswer = z.object({ status: z.literal(true), data: z.array(z.object({ currency: z.string(), balance: z.number() })) });

/** Paystack as the live acquirer and transfer provider. */
export class PaystackAcquirer implements Acquirer, TransferProvider {
  readonly name = 'paystack' as const;

  constructor(readonly options: PaystackOptions) {}

  /** Starts a Paystack transaction under our provider reference (never the merchant's); the customer pays at the answer's authorization URL. */
  async startCharge(input: { email: string; amount: number; reference: string; callbackUrl: string; mark: string; metadata: Record<string, unknown> }): Promise<{ authorizationUrl: string }> {
    const { status, body } = await this.request('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amount,
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: { ...input.metadata, [PAYSTACK_MARK]: input.mark },
    });
    const answer = initializeAnswer.safeParse(body);
    if (status !== 200 || !answer.success) throw unavailable(`initialize answered HTTP ${status}${answer.success ? '' : ' without an https authorization_url'}`);
    return { authorizationUrl: answer.data.data.authorization_url };
  }

  /** What Paystack says about a transaction now. */
  async verifyCharge(reference: string): Promise<ChargeCheck> {
    const { status, body } = await this.request('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    const answer = verifyAnswer.safeParse(body);
    if (status !== 200 || !answer.success || answer.data.data.reference !== reference) {
      throw unavailable(`verify answered HTTP ${status} without the documented transaction`);
    }
    const { data } = answer.data;
    const authorization = data.authorization ?? {};
    const last4 = typeof authorization.last4 === 'string' && /^\d{4}$/.test(authorization.last4) ? authorization.last4 : null;
    const brand = typeof authorization.brand === 'string' && authorization.brand ? authorization.brand.replace(/^./, (c) => c.toUpperCase()) : 'Card';
    // Paystack answers metadata as it was sent: an object, or a JSON string.
    let metadata: unknown = data.metadata;
    if (typeof metadata === 'string') {
      try {
        metadata = JSON.parse(metadata);
      } catch {
        metadata = null;
      }
    }
    const mark = isRecord(metadata) && typeof metadata[PAYSTACK_MARK] === 'string' ? metadata[PAYSTACK_MARK] : null;
    return {
      providerId: data.id,
      mark,
      status: chargeStatus(data.status),
      providerStatus: data.status.slice(0, 40),
      amount: data.amount,
      currency: data.currency,
      channel: data.channel === 'card' ? 'card' : 'bank_transfer',
      card: data.channel === 'card' && last4 ? { brand, last4 } : null,
      gatewayResponse: (data.gateway_response ?? '').slice(0, 200),
    };
  }

  /**
   * Asks Paystack to refund `amount` kobo of a transaction, with `note` (our refund's mark) as the merchant note
   * so the refund can be found again when this answer is lost; answers Paystack's refund id (the refund is
   * queued) or its refusal. An outage is thrown: the refund may or may not have reached Paystack.
   */
  async refund(reference: string, amount: number, note: string): Promise<{ refundId: string } | Refusal> {
    const { status, body } = await this.request('POST', '/refund', { transaction: reference, amount, merchant_note: note });
    const refusal = refusalOf(status, body);
    if (refusal) return refusal;
    const answer = refundCreatedAnswer.safeParse(body);
    if (status !== 200 || !answer.success) throw unavailable(`refund answered HTTP ${status}${answer.success ? '' : ' without a refund id'}`);
    return { refundId: answer.data.data.id };
  }

  /**
   * The refund of Paystack transaction `transactionId` whose merchant note is `note`, among the refunds Paystack
   * made between `from` and `to`, read a page at a time (GET /refund with its documented parameters only):
   * `absent` when the whole window was read without it, `beyond-bound` when the window holds more than
   * REFUND_SEARCH_PAGES pages (nothing can be said of it then).
   */
  async findRefund(input: { chargeId: string; note: string; from: Date; to: Date }): Promise<{ refundId: string; status: RefundStatus } | 'absent' | 'beyond-bound'> {
    for (let page = 1; page <= REFUND_SEARCH_PAGES; page++) {
      const query = new URLSearchParams({ perPage: String(REFUND_SEARCH_PER_PAGE), page: String(page), from: input.from.toISOString(), to: input.to.toISOString() });
      const { status, body } = await this.request('GET', `/refund?${query}`);
      const answer = refundListAnswer.safeParse(body);
      if (status !== 200 || !answer.success) throw unavailable(`refund list answered HTTP ${status} without the documented list`);
      const { data: rows, meta } = answer.data;
      const found = rows.find((row) => row.merchant_note === input.note && row.transaction === input.chargeId);
      if (found) return { refundId: found.id, status: refundStatus(found.status) };
      // The end of the list: an empty page, or Paystack's own page count reached (never our page size: Paystack may
      // answer fewer than asked for).
      if (rows.length === 0 || (meta?.pageCount !== undefined && page >= meta.pageCount)) return 'absent';
    }
    return 'beyond-bound';
  }

  /** A refund's status at Paystack now, or null when Paystack has no such refund. */
  async refundStatus(refundId: string): Promise<RefundStatus | null> {
    const { status, body } = await this.request('GET', `/refund/${encodeURIComponent(refundId)}`);
    if ((status === 400 || status === 404) && refusalBody.safeParse(body).success) return null;
    const answer = refundFetchedAnswer.safeParse(body);
    if (status !== 200 || !answer.success || answer.data.data.id !== refundId) throw unavailable(`refund fetch answered HTTP ${status} without the documented refund`);
    return refundStatus(answer.data.data.status);
  }

  /** Paystack's recipient code for a Nigerian bank account (a NUBAN recipient), or its refusal. */
  async createRecipient(input: { name: string; accountNumber: string; bankCode: string }): Promise<{ recipientCode: string } | Refusal> {
    const { status, body } = await this.request('POST', '/transferrecipient', {
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: 'NGN',
    });
    const refusal = refusalOf(status, body);
    if (refusal) return refusal;
    if (status !== 200 && status !== 201) throw unavailable(`transferrecipient answered HTTP ${status}`);
    const answer = recipientAnswer.safeParse(body);
    if (!answer.success) throw unavailable('transferrecipient answered without a recipient_code');
    return { recipientCode: answer.data.data.recipient_code };
  }

  /** Sends `amount` kobo from the Paystack balance to a recipient, under our reference (Paystack refuses a reference twice). */
  async transfer(input: { amount: number; recipientCode: string; reference: string; reason: string }): Promise<TransferState | Refusal> {
    const { status, body } = await this.request('POST', '/transfer', {
      source: 'balance',
      amount: input.amount,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
    // A repeated reference means the first request reached Paystack: never a failure, the next check verifies it.
    if (isRecord(body) && typeof body.message === 'string' && /duplicate|already/i.test(body.message)) throw unavailable(`transfer answered HTTP ${status}: ${body.message}`);
    const refusal = refusalOf(status, body);
    if (refusal) return refusal;
    if (status !== 200) throw unavailable(`transfer answered HTTP ${status}`);
    return transferStateOf(body, input.reference, 'transfer');
  }

  /** What Paystack says about the transfer with our reference now, or null when it has none. */
  async verifyTransfer(reference: string): Promise<TransferState | null> {
    const { status, body } = await this.request('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
    if ((status === 400 || status === 404) && refusalBody.safeParse(body).success) return null;
    if (status !== 200) throw unavailable(`transfer verify answered HTTP ${status}`);
    return transferStateOf(body, reference, 'transfer verify');
  }

  /**
   * Whether Paystack takes our key: its documented balance (`GET /balance`, the cheapest call that needs a valid
   * secret key and moves nothing), within `timeoutMs` (the request timeout, but at least 5 seconds, so that a busy
   * moment of this process is not taken for a provider that does not answer).
   */
  async readiness(timeoutMs = Math.max(this.options.timeoutMs, 5_000)): Promise<Readiness> {
    try {
      const answer = await paystackRequest({ ...this.options, timeoutMs }, 'GET', '/balance');
      if ('failure' in answer) return { state: 'unreachable', reason: answer.failure, plain: `Paystack did not answer: ${answer.plain}.` };
      if (answer.status === 401 || answer.status === 403) {
        return { state: 'key_refused', reason: `balance answered HTTP ${answer.status}`, plain: `Paystack refused the secret key (HTTP ${answer.status}).` };
      }
      if (answer.status === 200 && balanceAnswer.safeParse(answer.body).success) {
        return { state: 'ready', reason: 'balance answered', plain: "Paystack answered with the account's balance." };
      }
      return {
        state: 'unreachable',
        reason: `balance answered HTTP ${answer.status} without the documented balances`,
        plain: `Paystack answered HTTP ${answer.status} instead of the account's balance.`,
      };
    } catch (error) {
      return { state: 'unreachable', reason: error instanceof Error ? error.message : 'unknown error', plain: 'Paystack could not be asked (an unexpected error; the server log has it).' };
    }
  }

  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
    const answer = await paystackRequest(this.options, method, path, payload);
    if ('failure' in answer) throw unavailable(answer.failure);
    return answer;
  }
}

/** A documented refusal: a 400, 404 or 422 whose body says `status: false` (a bad key, 429 and 5xx are outages, not refusals). */
function refusalOf(status: number, body: unknown): Refusal | undefined {
  const refusal = refusalBody.safeParse(body);
  if (![400, 404, 422].includes(status) || !refusal.success) return undefined;
  return { refused: refusal.data.message?.slice(0, 200) ?? `HTTP ${status}` };
}

function transferStateOf(body: unknown, reference: string, call: string): TransferState {
  const answer = transferAnswer.safeParse(body);
  if (!answer.success || answer.data.data.reference !== reference) throw unavailable(`${call} answered without the documented transfer`);
  const { data } = answer.data;
  return { status: transferStatus(data.status), transferCode: data.transfer_code?.slice(0, 100) ?? null, amount: data.amount };
}

// Paystack's webhooks as its published samples show them (src/doc/payments/webhooks/events/*.json and
// src/doc/payments/refunds/events/*.json): `{ event, data }`.
const eventEnvelope = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });
// charge.success and transfer.*: Paystack's id for the transaction or transfer, and its reference (ours: a transaction's
// provider reference, a payout's transfer reference).
const referencedData = z.object({ id: paystackId.optional().catch(undefined), reference: z.string() });
// refund.*: the refunded transaction's reference (its provider reference) and the amount (a string in some samples, a number in others);
// no refund id but in refund.needs-attention's, which also carries the notes.
const refundEventData = z.object({
  status: z.string(),
  transaction_reference: z.string(),
  amount: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/).transform(Number)]).optional().catch(undefined),
  id: paystackId.optional().catch(undefined),
  merchant_note: z.string().nullish().catch(null),
});

const TRANSFER_ACTIONS = {
  'transfer.success': 'transfer.paid',
  'transfer.failed': 'transfer.failed',
  'transfer.reversed': 'transfer.reversed',
} as const satisfies Record<string, InboundEvent['action']>;

/** A webhook's body (its signature already checked) as our action, or null when it is not one Paystack documents. */
export function readPaystackEvent(rawBody: Buffer): InboundEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  const envelope = eventEnvelope.safeParse(json);
  if (!envelope.success) return null;
  const { event: type, data } = envelope.data;
  const transferAction = Object.hasOwn(TRANSFER_ACTIONS, type) ? TRANSFER_ACTIONS[type as keyof typeof TRANSFER_ACTIONS] : undefined;
  if (type === 'charge.success' || transferAction) {
    const parsed = referencedData.safeParse(data);
    if (!parsed.success) return { action: 'ignored', type };
    // The key that makes a repeated delivery apply once: Paystack's id for the event's object, else our reference there.
    const key = `${type}:${parsed.data.id ?? parsed.data.reference}`;
    return { action: transferAction ?? 'charge.paid', key, type, reference: parsed.data.reference };
  }
  if (type.startsWith('refund.')) {
    const parsed = refundEventData.safeParse(data);
    if (!parsed.success) return { action: 'ignored', type };
    const { status, transaction_reference: chargeReference, amount, id, merchant_note: note } = parsed.data;
    return { action: 'refund.updated', type, status: refundStatus(status), chargeReference, amount: amount ?? null, refundId: id ?? null, note: note ?? null };
  }
  return { action: 'ignored', type };
}

/** Paystack's webhooks: signed with the secret key in `x-paystack-signature` (providers/paystack/signature.ts). */
export class PaystackWebhooks implements WebhookReader {
  readonly name = 'paystack' as const;

  constructor(private readonly secretKey: string) {}

  signatureValid(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    return paystackSignatureValid(rawBody, headers['x-paystack-signature'], this.secretKey);
  }

  read(rawBody: Buffer): InboundEvent | null {
    return readPaystackEvent(rawBody);
  }
}
