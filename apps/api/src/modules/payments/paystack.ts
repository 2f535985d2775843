import { paymentMessages, type Channel } from '@fipay/contracts/payments';
import { paystackRequest } from '../../banks/paystack';
import { AppError } from '../../lib/errors';
import type { Card } from './transactions';

/**
 * Paystack as the live acquirer (docs/decisions/0033-paystack-live-charges.md): initialise a transaction
 * (POST /transaction/initialize) and verify it (GET /transaction/verify/:reference), as Paystack documents
 * them. Anything but the documented success answer is a 502 whose reason goes to the log only, never the key.
 */

export type PaystackOptions = { secretKey: string; baseUrl: string; timeoutMs: number };

export type Verification = {
  /** Paystack's status: success, failed, abandoned, reversed, ongoing, pending, processing, queued. */
  status: string;
  amount: number;
  currency: string;
  channel: Channel;
  card: Card | null;
  gatewayResponse: string;
};

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
    if (status !== 200 || !data || typeof data.status !== 'string' || typeof data.amount !== 'number' || data.reference !== reference) {
      throw unavailable(`verify answered HTTP ${status} without the documented transaction`);
    }
    const authorization = isRecord(data.authorization) ? data.authorization : {};
    const last4 = typeof authorization.last4 === 'string' && /^\d{4}$/.test(authorization.last4) ? authorization.last4 : null;
    const brand = typeof authorization.brand === 'string' && authorization.brand ? authorization.brand.replace(/^./, (c) => c.toUpperCase()) : 'Card';
    return {
      status: data.status,
      amount: data.amount,
      currency: typeof data.currency === 'string' ? data.currency : '',
      channel: data.channel === 'card' ? 'card' : 'bank_transfer',
      card: data.channel === 'card' && last4 ? { brand, last4 } : null,
      gatewayResponse: typeof data.gateway_response === 'string' ? data.gateway_response.slice(0, 200) : '',
    };
  }

  /** Asks Paystack to refund `amount` kobo of a transaction; answers Paystack's refund id (the refund is queued). */
  async refund(reference: string, amount: number): Promise<{ refundId: string }> {
    const { status, body } = await this.request('POST', '/refund', { transaction: reference, amount });
    const data = isRecord(body) && body.status === true && isRecord(body.data) ? body.data : undefined;
    const id = typeof data?.id === 'number' || typeof data?.id === 'string' ? String(data.id) : '';
    if (status !== 200 || !id) throw unavailable(`refund answered HTTP ${status}${id ? '' : ' without a refund id'}`);
    return { refundId: id };
  }

  private async request(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; body: unknown }> {
    const answer = await paystackRequest(this.options, method, path, payload);
    if ('failure' in answer) throw unavailable(answer.failure);
    return answer;
  }
}
