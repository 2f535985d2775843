import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paystackSample } from './paystack-samples';

/**
 * A stand-in for api.paystack.co on 127.0.0.1, for tests only: it replays the
 * response bodies Paystack publishes (./paystack-samples.ts, each with its source) for GET /bank, GET /balance,
 * GET /bank/resolve, POST /transaction/initialize, GET /transaction/verify/:reference,
 * POST /refund, GET /refund, GET /refund/:id, POST /transferrecipient, POST /transfer and
 * GET /transfer/verify/:reference, changing only the fields that tie a sample to the objects it holds,
 * and can be told to fail, answer garbage or never answer. `settle` plays the customer paying (or failing
 * to) on Paystack's page; `settleTransfer` the bank deciding a transfer; `settleRefund` Paystack moving a
 * refund on, and `refundEvent` the webhook it then sends.
 */

/** Paystack's documented bank-list item (GET /bank), with our bank's name, code and flags. */
function paystackBank(id: number, name: string, code: string, extra: { active?: boolean; is_deleted?: boolean | null } = {}) {
  const [sample] = paystackSample('bankList').data;
  return { ...sample!, id, name, slug: name.toLowerCase().replaceAll(' ', '-'), code, active: extra.active ?? true, is_deleted: extra.is_deleted ?? false };
}

export const paystackBodies = {
  list: {
    ...paystackSample('bankList'),
    data: [
      paystackBank(9, 'Guaranty Trust Bank', '058'),
      paystackBank(1, 'Access Bank', '044'),
      paystackBank(7, 'First Bank of Nigeria', '011'),
      paystackBank(67, 'Kuda Bank', '50211'),
      paystackBank(171, 'OPay Digital Services Limited (OPay)', '999992'),
      paystackBank(21, 'Zenith Bank', '057'),
      paystackBank(300, 'Retired Bank', '999', { active: false }),
      paystackBank(301, 'Deleted Bank', '998', { is_deleted: true }),
    ],
    meta: { next: null, previous: null, perPage: 100 },
  },
  resolved: (accountNumber: string) => {
    const sample = paystackSample('accountResolved');
    return { ...sample, data: { ...sample.data, account_number: accountNumber, account_name: 'ADEBAYO FOODS LIMITED' } };
  },
  unresolvable: { status: false, message: 'Could not resolve account name. Check parameters or try again.' },
  invalidKey: paystackSample('invalidKey'),
  rateLimited: { status: false, message: 'Too many requests. Please try again later.' },
};

export type FakeAnswer = { status: number; body: unknown } | { status: number; raw: string; contentType?: string } | 'hang';
export type FakeRequest = { path: string; query: URLSearchParams; authorization: string | undefined; method: string; body: unknown };

type FakeRecipient = { id: number; code: string; name: string; accountNumber: string; bankCode: string };
type FakeTransfer = { id: number; reference: string; amount: number; reason: string; recipient: FakeRecipient; status: string; transferCode: string };

const at = (date: Date) => date.toISOString();

/** The transfer object of POST /transfer's documented answer (the recipient as its id). */
function transferCreated(t: FakeTransfer) {
  const { data } = paystackSample('transferInitiate');
  return { ...data, amount: t.amount, currency: 'NGN', reference: t.reference, reason: t.reason, status: t.status, transfer_code: t.transferCode, id: t.id, recipient: t.recipient.id };
}

/** A published transfer object (a verify answer's or a webhook's) with this transfer's own fields, its recipient in full. */
function withTransfer<Data extends { recipient: { details: object } }>(data: Data, t: FakeTransfer) {
  return {
    ...data,
    amount: t.amount,
    currency: 'NGN',
    id: t.id,
    reason: t.reason,
    reference: t.reference,
    status: t.status,
    transfer_code: t.transferCode,
    recipient: {
      ...data.recipient,
      id: t.recipient.id,
      name: t.recipient.name,
      recipient_code: t.recipient.code,
      details: { ...data.recipient.details, account_number: t.recipient.accountNumber, bank_code: t.recipient.bankCode },
    },
  };
}

/** The transfer object of GET /transfer/verify/:reference's documented answer. */
const transferData = (t: FakeTransfer) => withTransfer(paystackSample('transferVerify').data, t);

const TRANSFER_EVENT_SAMPLES = { success: 'transferSuccess', failed: 'transferFailed', reversed: 'transferReversed' } as const;

/** The `transfer.{status}` webhook Paystack sends for `t`: its published sample with this transfer's fields. */
function transferEventFor(t: FakeTransfer, status: keyof typeof TRANSFER_EVENT_SAMPLES) {
  const sample = paystackSample(TRANSFER_EVENT_SAMPLES[status]);
  return { ...sample, data: withTransfer(sample.data, t) };
}

/** A refund Paystack holds. `needs-attention` is Paystack's status for a refund that waits for the customer's account details. */
export type FakeRefund = {
  id: number;
  transactionId: number;
  transactionReference: string;
  amount: number;
  status: 'pending' | 'processing' | 'processed' | 'failed' | 'needs-attention';
  merchantNote: string;
  customerNote: string;
  createdAt: Date;
};

/** A refund as GET /refund/:id documents it. */
function refundFetched(r: FakeRefund) {
  const { data } = paystackSample('refundFetch');
  return {
    ...data,
    transaction: r.transactionId,
    amount: r.amount,
    deducted_amount: r.amount,
    currency: 'NGN',
    status: r.status,
    refunded_at: r.status === 'processed' ? at(r.createdAt) : null,
    customer_note: r.customerNote,
    merchant_note: r.merchantNote,
    id: r.id,
    createdAt: at(r.createdAt),
    updatedAt: at(r.createdAt),
  };
}

/** A refund as an item of GET /refund documents it. */
function refundListed(r: FakeRefund) {
  const [item] = paystackSample('refundList').data;
  return {
    ...item!,
    transaction: r.transactionId,
    id: r.id,
    currency: 'NGN',
    amount: r.amount,
    status: r.status,
    refunded_at: null,
    customer_note: r.customerNote,
    merchant_note: r.merchantNote,
    deducted_amount: r.amount,
    createdAt: at(r.createdAt),
  };
}

const REFUND_EVENT_SAMPLES = {
  pending: 'refundPending',
  processing: 'refundProcessing',
  processed: 'refundProcessed',
  failed: 'refundFailed',
  'needs-attention': 'refundNeedsAttention',
} as const;

/**
 * The `refund.{status}` webhook Paystack sends for `r`: its published sample with this refund's transaction
 * reference and amount (a string where the sample has one). Only `refund.needs-attention`'s sample carries the
 * refund's id and notes; the others name the transaction and the amount only.
 */
function refundEventFor(r: FakeRefund, status: FakeRefund['status']) {
  const sample = paystackSample(REFUND_EVENT_SAMPLES[status]);
  const data: Record<string, unknown> = { ...sample.data, transaction_reference: r.transactionReference, amount: typeof sample.data.amount === 'string' ? String(r.amount) : r.amount };
  if ('id' in sample.data) Object.assign(data, { id: String(r.id), customer_note: r.customerNote, merchant_note: r.merchantNote });
  return { ...sample, data };
}

type FakeTransaction = {
  id: number;
  reference: string;
  amount: number;
  email: string;
  status: string;
  gatewayResponse: string;
  paidAmount: number;
  metadata: unknown;
  callbackUrl?: string;
};

/** Paystack's documented verify answer for a transaction (GET /transaction/verify/:reference). */
function verifyBody(t: FakeTransaction) {
  const paid = t.status === 'success';
  const sample = paystackSample('transactionVerify');
  return {
    ...sample,
    data: {
      ...sample.data,
      id: t.id,
      status: t.status,
      reference: t.reference,
      amount: t.paidAmount,
      requested_amount: t.amount,
      gateway_response: t.gatewayResponse,
      paid_at: paid ? sample.data.paid_at : null,
      paidAt: paid ? sample.data.paidAt : null,
      channel: 'card',
      currency: 'NGN',
      metadata: t.metadata,
      fees: paid ? Math.min(Math.round(t.paidAmount * 0.015) + 10_000, 200_000) : null,
      authorization: paid ? sample.data.authorization : {},
      customer: { ...sample.data.customer, email: t.email },
    },
  };
}

/** GET /refund's documented query parameters (PaystackOSS/openapi dist/paystack.yaml, `refund_list`); any other is ignored, as an API ignores what it does not know. */
const REFUND_LIST_PARAMETERS = ['perPage', 'page', 'from', 'to'] as const;

/** Starts the replay server on 127.0.0.1 (`port` 0: any free one). */
export async function startFakePaystack(listenPort = 0) {
  const requests: FakeRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<number, FakeRefund>();
  // Paystack's ids never repeat, across reset() too (webhook event keys are made of them).
  let transactionIds = 4_000_000;
  let refundIds = 3_018_000;
  let recipientIds = 9_000;
  let transferIds = 60_000_000;
  const recipients = new Map<string, FakeRecipient>();
  const transfers = new Map<string, FakeTransfer>();
  /** The status Paystack gives a new transfer: pending (decided later by webhook) unless told otherwise. */
  let newTransferStatus = 'pending';

  function addRefund(input: Omit<FakeRefund, 'id' | 'createdAt' | 'status'> & { status?: FakeRefund['status']; createdAt?: Date }): FakeRefund {
    const refund: FakeRefund = { ...input, id: (refundIds += 1), status: input.status ?? 'pending', createdAt: input.createdAt ?? new Date() };
    refunds.set(refund.id, refund);
    return refund;
  }

  type Handler = (query: URLSearchParams, body: unknown, original?: Handler) => FakeAnswer;
  const defaults: Record<string, Handler> = {
    '/bank': () => ({ status: 200, body: paystackBodies.list }),
    // GET /balance: the readiness check's call (modules/payments/live-readiness.ts); the published sample as it is.
    '/balance': () => ({ status: 200, body: paystackSample('balance') }),
    '/bank/resolve': (query) => ({ status: 200, body: paystackBodies.resolved(query.get('account_number') ?? '') }),
    '/transaction/initialize': (_query, body) => {
      const { reference, amount, email, metadata, callback_url: callbackUrl } = (body ?? {}) as { reference?: string; amount?: number; email?: string; metadata?: unknown; callback_url?: string };
      if (typeof reference !== 'string' || typeof amount !== 'number' || typeof email !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      if (transactions.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      // Paystack answers 'abandoned' for a transaction whose customer has not finished paying yet.
      transactions.set(reference, { id: (transactionIds += 1), reference, amount, email, status: 'abandoned', gatewayResponse: '', paidAmount: amount, metadata: metadata ?? '', callbackUrl });
      // Lowercase letters and digits, as the sample's `3ni8kdavz62431k`.
      const accessCode = reference.toLowerCase().replace(/[^a-z0-9]/g, '').slice(-15);
      const sample = paystackSample('transactionInitialize');
      return { status: 200, body: { ...sample, data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference } } };
    },
    '/refund': (_query, body) => {
      const { transaction, amount, merchant_note: merchantNote, customer_note: customerNote } = (body ?? {}) as { transaction?: string; amount?: number; merchant_note?: string; customer_note?: string };
      const t = transactions.get(transaction ?? '');
      if (!t || t.status !== 'success') return { status: 400, body: { status: false, message: 'Transaction has not been paid' } };
      if (typeof amount !== 'number' || amount > t.paidAmount) return { status: 400, body: { status: false, message: 'Refund amount cannot be more than the transaction amount' } };
      const refund = addRefund({
        transactionId: t.id,
        transactionReference: t.reference,
        amount,
        // Paystack's own notes when none are sent (the create sample's).
        merchantNote: merchantNote ?? `Refund for transaction ${t.reference} by merchant@example.ng`,
        customerNote: customerNote ?? `Refund for transaction ${t.reference}`,
      });
      const sample = paystackSample('refundCreate');
      return {
        status: 200,
        body: {
          ...sample,
          data: {
            ...sample.data,
            // The create answer carries the transaction itself, where the fetch and list answers carry its id.
            transaction: { ...sample.data.transaction, id: t.id, reference: t.reference, amount: t.paidAmount, channel: 'card', currency: 'NGN' },
            merchant_note: refund.merchantNote,
            customer_note: refund.customerNote,
            status: refund.status,
            currency: 'NGN',
            amount,
            id: refund.id,
            createdAt: at(refund.createdAt),
            updatedAt: at(refund.createdAt),
          },
        },
      };
    },
    // GET /refund: every refund on the integration, newest first (as the published sample lists them), a page at a
    // time, between `from` and `to` when given. Nothing else narrows it: Paystack documents no transaction filter.
    'GET /refund': (query) => {
      const perPage = Math.max(1, Number(query.get('perPage') ?? 50) || 50);
      const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
      const from = query.get('from') ? new Date(query.get('from')!) : null;
      const to = query.get('to') ? new Date(query.get('to')!) : null;
      const all = [...refunds.values()]
        .filter((r) => (!from || r.createdAt >= from) && (!to || r.createdAt <= to))
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      const data = all.slice((page - 1) * perPage, page * perPage).map(refundListed);
      const sample = paystackSample('refundList');
      return { status: 200, body: { ...sample, data, meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(all.length / perPage) } } };
    },
    '/transferrecipient': (_query, body) => {
      const { type, name, account_number: accountNumber, bank_code: bankCode } = (body ?? {}) as Record<string, unknown>;
      if (type !== 'nuban' || typeof name !== 'string' || typeof accountNumber !== 'string' || typeof bankCode !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      if (accountNumber.endsWith('999')) return { status: 422, body: { status: false, message: 'Cannot resolve account' } };
      // Paystack answers the existing recipient for an account it already knows.
      const key = `${bankCode}:${accountNumber}`;
      const recipient = recipients.get(key) ?? { id: (recipientIds += 1), code: `RCP_${(recipients.size + 1).toString().padStart(10, '0')}`, name, accountNumber, bankCode };
      recipients.set(key, recipient);
      const sample = paystackSample('transferRecipientCreate');
      return {
        status: 200,
        body: {
          ...sample,
          data: {
            ...sample.data,
            currency: 'NGN',
            id: recipient.id,
            name,
            recipient_code: recipient.code,
            type: 'nuban',
            details: { ...sample.data.details, account_number: accountNumber, account_name: name, bank_code: bankCode },
          },
        },
      };
    },
    '/transfer': (_query, body) => {
      const { source, amount, recipient: code, reference, reason } = (body ?? {}) as Record<string, unknown>;
      if (source !== 'balance' || typeof amount !== 'number' || typeof code !== 'string' || typeof reference !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      const recipient = [...recipients.values()].find((r) => r.code === code);
      if (!recipient) return { status: 400, body: paystackSample('transferInvalidRecipient') };
      if (transfers.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transfer Reference' } };
      const t: FakeTransfer = {
        id: (transferIds += 1),
        reference,
        amount,
        reason: typeof reason === 'string' ? reason : '',
        recipient,
        status: newTransferStatus,
        transferCode: `TRF_${reference.replace(/[^a-z0-9]/gi, '').slice(-12)}`,
      };
      transfers.set(reference, t);
      return { status: 200, body: { ...paystackSample('transferInitiate'), data: transferCreated(t) } };
    },
    '/transfer/verify/': (query) => {
      const t = transfers.get(query.get('reference') ?? '');
      return t ? { status: 200, body: { ...paystackSample('transferVerify'), data: transferData(t) } } : { status: 404, body: paystackSample('transferNotFound') };
    },
    '/refund/': (query) => {
      const refund = refunds.get(Number(query.get('reference')));
      if (!refund) return { status: 404, body: { status: false, message: 'Refund not found' } };
      return { status: 200, body: { ...paystackSample('refundFetch'), data: refundFetched(refund) } };
    },
    // Not Paystack's: the browser tests' stand-in for the customer paying on Paystack's page (another process
    // cannot call `settle`). POST { reference, status }.
    '/__replay/settle': (_query, body) => {
      const { reference, status } = (body ?? {}) as { reference?: string; status?: 'success' | 'failed' | 'abandoned' };
      if (typeof reference !== 'string' || !transactions.has(reference) || !['success', 'failed', 'abandoned'].includes(String(status))) {
        return { status: 400, body: { status: false, message: 'Unknown transaction or status' } };
      }
      return { status: 200, body: { status: true, data: settleTransaction(reference, status!) } };
    },
    // Not Paystack's: where Paystack's page sends the customer back (the callback URL with trxref and reference, as
    // Paystack appends them). POST { reference }.
    '/__replay/return': (_query, body) => {
      const t = transactions.get(String((body as { reference?: unknown } | null)?.reference ?? ''));
      if (!t?.callbackUrl) return { status: 400, body: { status: false, message: 'Unknown transaction' } };
      const url = new URL(t.callbackUrl);
      url.searchParams.set('trxref', t.reference);
      url.searchParams.set('reference', t.reference);
      return { status: 200, body: { status: true, data: { url: url.toString() } } };
    },
    '/transaction/verify/': (query) => {
      const t = transactions.get(query.get('reference') ?? '');
      return t ? { status: 200, body: verifyBody(t) } : { status: 400, body: { status: false, message: 'Transaction reference not found' } };
    },
  };
  let handlers = { ...defaults };

  function settleTransaction(reference: string, status: 'success' | 'failed' | 'abandoned', options: { paidAmount?: number; gatewayResponse?: string } = {}) {
    const t = transactions.get(reference);
    if (!t) throw new Error(`fake Paystack knows no transaction ${reference}`);
    t.status = status;
    t.paidAmount = options.paidAmount ?? t.amount;
    t.gatewayResponse = options.gatewayResponse ?? (status === 'success' ? 'Approved' : 'Declined');
    return { id: t.id };
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    requests.push({ path: url.pathname, query: new URLSearchParams(url.searchParams), authorization: req.headers.authorization, method: req.method ?? 'GET', body });
    // GET /transaction/verify/:reference, /transfer/verify/:reference and /refund/:id: the last part is read as the query's `reference` by its handler.
    const verify = ['/transaction/verify/', '/transfer/verify/', '/refund/'].find((prefix) => url.pathname.startsWith(prefix));
    if (verify) url.searchParams.set('reference', decodeURIComponent(url.pathname.slice(verify.length)));
    const listing = req.method === 'GET' && url.pathname === '/refund';
    if (listing) for (const name of [...url.searchParams.keys()]) if (!(REFUND_LIST_PARAMETERS as readonly string[]).includes(name)) url.searchParams.delete(name);
    const route = verify ?? (listing ? 'GET /refund' : url.pathname);
    const handler = handlers[route];
    const original = defaults[route];
    const answer: FakeAnswer = handler ? handler(url.searchParams, body, original) : { status: 404, body: { status: false, message: 'Not found' } };
    if (answer === 'hang') return; // never answers; close() drops the connection
    if ('raw' in answer) {
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' }).end(answer.raw);
    } else {
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the answer for one path until reset(); the handler may call the documented one (`original`) first. */
    on(path: '/bank' | '/balance' | '/bank/resolve' | '/transaction/initialize' | '/transaction/verify/' | '/refund' | 'GET /refund' | '/refund/' | '/transferrecipient' | '/transfer' | '/transfer/verify/', handler: Handler) {
      handlers[path] = handler;
    },
    /** The customer on Paystack's page: the transaction ends with this status (and, to test mismatches, another amount paid). */
    settle: settleTransaction,
    /** Paystack's id for a transaction it knows. */
    transactionId(reference: string) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake Paystack knows no transaction ${reference}`);
      return t.id;
    },
    /** The status new transfers get (default pending; 'success' for a bank that pays at once, 'otp' for an account that asks for one). */
    transferStatus(status: string) {
      newTransferStatus = status;
    },
    /** Paystack moving a refund on without a webhook reaching us (GET /refund/:id and GET /refund tell it). */
    settleRefund(id: number, status: FakeRefund['status']) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake Paystack knows no refund ${id}`);
      refund.status = status;
    },
    /** The body of the `refund.{status}` webhook Paystack sends for refund `id` (its status moved there first). */
    refundEvent(id: number, status: FakeRefund['status']) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake Paystack knows no refund ${id}`);
      refund.status = status;
      return JSON.stringify(refundEventFor(refund, status));
    },
    /** A refund made on Paystack by someone else (another system on the account, or its dashboard). */
    addRefund,
    /** The refunds Paystack holds, by its id. */
    refunds,
    /** The bank deciding a transfer; answers the body of the `transfer.{status}` webhook Paystack then sends. */
    settleTransfer(reference: string, status: 'success' | 'failed' | 'reversed') {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake Paystack knows no transfer ${reference}`);
      t.status = status;
      return JSON.stringify(transferEventFor(t, status));
    },
    transfers,
    reset() {
      handlers = { ...defaults };
      requests.length = 0;
      transactions.clear();
      refunds.clear();
      transfers.clear();
      newTransferStatus = 'pending';
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
