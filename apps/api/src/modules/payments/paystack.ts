import { paymentMessages, type Channel } from '@fipay/contracts/payments';
import { paystackRequest } from '../../banks/paystack';
import { AppError } from '../../lib/errors';
import type { Card } from './transactions';

/**
 * Paystack as the live acquirer (docs/decisions/0033-paystack-live-charges.md): initialise a transaction
 * (POST /transaction/initialize) and verify it (GET /transaction/verify/:reference), as Paystack documents
 * them, refunds (POST /refund, GET /refund/:id), and the transfers that pay live settlements out
 * (docs/decisions/0034-live-payouts-through-paystack.md: POST /transferrecipient, POST /transfer, GET
 * /transfer/verify/:reference). Anything but a documented answer is a 502 whose reason goes to the log only,
 * never the key.
 */

export type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs: number };

/** The metadata key under which a live transaction's id goes to Paystack and comes back on verification. */
export const PAYSTACK_MARK = 'fipay_transaction';

export type Verification = {
  /** Paystack's own id for the transaction (its refund list is kept by it). */
  id: string;
  /** Our transaction's id from the metadata it was started with (PAYSTACK_MARK), or null when it carries none. */
  mark: string | null;
  /** Paystack's status: success, failed, abandoned, reversed, ongoing, pending, processing, queued. */
  status: string;
  amount: number;
  currency: string;
  channel: Channel;
  card: Card | null;
  gatewayResponse: string;
};

/** A transfer as Paystack reports it: its status (success, failed, reversed, pending, otp, ...), code and amount. */
export type TransferState = { status: string; transferCode: string | null; amount: number };

/** Paystack said no to a request (a 400, 404 or 422 with `status: false`): its message, for the log. */
export type Refusal = { refused: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function unavailable(reason: string): AppError {
  const error = new AppError('BAD_GATEWAY', paymentMessages.providerUnavailable);
  error.cause = reason;
  return error;
}

export class PaystackAcquirer {
  constructor(readonly options: PaystackOptions) {}

  /** Starts a Paystack transaction for our reference; the customer pays at the answer's authorization URL. */
  async initialize(input: { email: string; amount: number; reference: string; callbackUrl: string; metadata: Record<string, unknown> }): Promise<{ authorizationUrl: string }> {
    const { status, body } = await this.request('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amount,
      currency: 'NGN',
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    const url = typeof data?.authorization_url === 'string' ? data.authorization_url : '';
    if (status !== 200 || !/^https:\/\//.test(url)) throw unavailable(`initialize answered HTTP ${status}${url ? '' : ' without an https authorization_url'}`);
    return { authorizationUrl: url };
  }

  /** What Paystack says about a transaction now. */
  async verify(reference: string): Promise<Verification> {
    const { status, body } = await this.request('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    if (status !== 200 || !data || typeof data.status !== 'string' || typeof data.amount !== 'number' || data.reference !== reference || !(typeof data.id === 'number' || typeof data.id === 'string')) {
      throw unavailable(`verify answered HTTP ${status} without the documented transaction`);
    }
    const authorization = isRecord(data.authorization) ? data.authorization : {};
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
      id: String(data.id),
      mark,
      status: data.status,
      amount: data.amount,
      currency: typeof data.currency === 'string' ? data.currency : '',
      channel: data.channel === 'card' ? 'card' : 'bank_transfer',
      card: data.channel === 'card' && last4 ? { brand, last4 } : null,
      gatewayResponse: typeof data.gateway_response === 'string' ? data.gateway_response.slice(0, 200) : '',
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
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    const id = typeof data?.id === 'number' || typeof data?.id === 'string' ? String(data.id) : '';
    if (status !== 200 || !id) throw unavailable(`refund answered HTTP ${status}${id ? '' : ' without a refund id'}`);
    return { refundId: id };
  }

  /**
   * The refund of Paystack transaction `transactionId` whose merchant note is `note`, with its status, or null
   * when Paystack has none (GET /refund?transaction=, every page).
   */
  async findRefund(transactionId: string, note: string): Promise<{ refundId: string; status: string } | null> {
    for (let page = 1; page <= 20; page++) {
      const { status, body } = await this.request('GET', `/refund?transaction=${encodeURIComponent(transactionId)}&perPage=100&page=${page}`);
      const rows = isRecord(body) && body.status === true && Array.isArray(body.data) ? body.data : undefined;
      if (status !== 200 || !rows) throw unavailable(`refund list answered HTTP ${status} without the documented list`);
      const found = rows.find((row) => isRecord(row) && row.merchant_note === note);
      if (isRecord(found) && (typeof found.id === 'number' || typeof found.id === 'string') && typeof found.status === 'string') {
        return { refundId: String(found.id), status: found.status };
      }
      if (rows.length < 100) return null;
    }
    throw unavailable('refund list longer than 2,000 refunds');
  }

  /** A refund's status at Paystack now (pending, processing, processed, failed, ...), or null when Paystack has no such refund. */
  async refundStatus(refundId: string): Promise<string | null> {
    const { status, body } = await this.request('GET', `/refund/${encodeURIComponent(refundId)}`);
    if ((status === 400 || status === 404) && isRecord(body) && body.status === false) return null;
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    if (status !== 200 || typeof data?.status !== 'string' || String(data.id) !== refundId) throw unavailable(`refund fetch answered HTTP ${status} without the documented refund`);
    return data.status;
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
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    const code = typeof data?.recipient_code === 'string' ? data.recipient_code : '';
    if (!/^RCP_\w{1,96}$/.test(code)) throw unavailable('transferrecipient answered without a recipient_code');
    return { recipientCode: code };
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
    if ((status === 400 || status === 404) && isRecord(body) && body.status === false) return null;
    if (status !== 200) throw unavailable(`transfer verify answered HTTP ${status}`);
    return transferStateOf(body, reference, 'transfer verify');
  }

  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
    const answer = await paystackRequest(this.options, method, path, payload);
    if ('failure' in answer) throw unavailable(answer.failure);
    return answer;
  }
}

/** A documented refusal: a 400, 404 or 422 whose body says `status: false` (a bad key, 429 and 5xx are outages, not refusals). */
function refusalOf(status: number, body: unknown): Refusal | undefined {
  if (![400, 404, 422].includes(status) || !isRecord(body) || body.status !== false) return undefined;
  return { refused: typeof body.message === 'string' ? body.message.slice(0, 200) : `HTTP ${status}` };
}

function transferStateOf(body: unknown, reference: string, call: string): TransferState {
  const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
  if (!data || typeof data.status !== 'string' || typeof data.amount !== 'number' || data.reference !== reference) {
    throw unavailable(`${call} answered without the documented transfer`);
  }
  return { status: data.status, transferCode: typeof data.transfer_code === 'string' ? data.transfer_code.slice(0, 100) : null, amount: data.amount };
}
