import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.paystack.co on 127.0.0.1, for tests only: it replays the
 * response bodies Paystack documents for GET /bank, GET /bank/resolve,
 * POST /transaction/initialize, GET /transaction/verify/:reference,
 * POST /refund, GET /refund/:id, POST /transferrecipient, POST /transfer and
 * GET /transfer/verify/:reference, and can be told to fail, answer garbage or
 * never answer. `settle` plays the customer paying (or failing to) on
 * Paystack's page; `settleTransfer` the bank deciding a transfer.
 */

/** Paystack's documented bank-list item shape (GET /bank). */
function paystackBank(id: number, name: string, code: string, extra: { active?: boolean; is_deleted?: boolean | null } = {}) {
  return {
    id,
    name,
    slug: name.toLowerCase().replaceAll(' ', '-'),
    code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    supports_transfer: true,
    active: extra.active ?? true,
    is_deleted: extra.is_deleted ?? false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    createdAt: '2016-07-14T10:04:29.000Z',
    updatedAt: '2020-02-18T08:06:44.000Z',
  };
}

export const paystackBodies = {
  list: {
    status: true,
    message: 'Banks retrieved',
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
  resolved: (accountNumber: string) => ({
    status: true,
    message: 'Account number resolved',
    data: { account_number: accountNumber, account_name: 'ADEBAYO FOODS LIMITED', bank_id: 9 },
  }),
  unresolvable: { status: false, message: 'Could not resolve account name. Check parameters or try again.' },
  invalidKey: { status: false, message: 'Invalid key' },
  rateLimited: { status: false, message: 'Too many requests. Please try again later.' },
};

export type FakeAnswer = { status: number; body: unknown } | { status: number; raw: string; contentType?: string } | 'hang';
export type FakeRequest = { path: string; query: URLSearchParams; authorization: string | undefined; method: string; body: unknown };

type FakeTransfer = { id: number; reference: string; amount: number; recipient: string; status: string; transferCode: string };

/** Paystack's documented transfer object (POST /transfer, GET /transfer/verify/:reference, transfer.* webhooks). */
function transferData(t: FakeTransfer) {
  return {
    amount: t.amount,
    currency: 'NGN',
    domain: 'test',
    failures: null,
    id: t.id,
    integration: 463433,
    reason: 'FiPay settlement',
    reference: t.reference,
    source: 'balance',
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transferCode,
    transferred_at: t.status === 'success' ? '2026-11-25T11:00:00.000Z' : null,
    recipient: t.recipient,
    createdAt: '2026-11-25T10:59:00.000Z',
    updatedAt: '2026-11-25T10:59:00.000Z',
  };
}

type FakeRefund = { id: number; transactionId: number; amount: number; status: string; merchantNote: string };

/** A refund's fields as Paystack's refund answers carry them. */
function refundData(r: FakeRefund) {
  return { id: r.id, transaction: r.transactionId, amount: r.amount, currency: 'NGN', domain: 'test', status: r.status, merchant_note: r.merchantNote, createdAt: '2026-11-25T10:05:00.000Z', updatedAt: '2026-11-25T10:05:00.000Z' };
}

type FakeTransaction = { id: number; reference: string; amount: number; email: string; status: string; gatewayResponse: string; paidAmount: number; metadata: unknown };

/** Paystack's documented verify answer for a transaction (GET /transaction/verify/:reference). */
function verifyBody(t: FakeTransaction) {
  const paid = t.status === 'success';
  return {
    status: true,
    message: 'Verification successful',
    data: {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.paidAmount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: paid ? '2026-11-25T10:00:00.000Z' : null,
      created_at: '2026-11-25T09:59:00.000Z',
      channel: 'card',
      currency: 'NGN',
      ip_address: '41.58.1.1',
      metadata: t.metadata,
      fees: paid ? Math.min(Math.round(t.paidAmount * 0.015) + 10_000, 200_000) : null,
      authorization: paid
        ? { authorization_code: 'AUTH_x1y2z3', bin: '408408', last4: '4081', exp_month: '12', exp_year: '2030', channel: 'card', card_type: 'visa ', bank: 'TEST BANK', country_code: 'NG', brand: 'visa', reusable: true }
        : {},
      customer: { id: 1, email: t.email, customer_code: 'CUS_x1y2z3' },
    },
  };
}

/** Starts the replay server on 127.0.0.1 (`port` 0: any free one). */
export async function startFakePaystack(listenPort = 0) {
  const requests: FakeRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<number, FakeRefund>();
  // Paystack's ids never repeat, across reset() too (webhook event keys are made of them).
  let transactionIds = 4_000_000;
  const recipients = new Map<string, string>();
  const transfers = new Map<string, FakeTransfer>();
  /** The status Paystack gives a new transfer: pending (decided later by webhook) unless told otherwise. */
  let newTransferStatus = 'pending';
  type Handler = (query: URLSearchParams, body: unknown, original?: Handler) => FakeAnswer;
  const defaults: Record<string, Handler> = {
    '/bank': () => ({ status: 200, body: paystackBodies.list }),
    '/bank/resolve': (query) => ({ status: 200, body: paystackBodies.resolved(query.get('account_number') ?? '') }),
    '/transaction/initialize': (_query, body) => {
      const { reference, amount, email, metadata } = (body ?? {}) as { reference?: string; amount?: number; email?: string; metadata?: unknown };
      if (typeof reference !== 'string' || typeof amount !== 'number' || typeof email !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      if (transactions.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transaction Reference' } };
      // Paystack answers 'abandoned' for a transaction whose customer has not finished paying yet.
      transactions.set(reference, { id: (transactionIds += 1), reference, amount, email, status: 'abandoned', gatewayResponse: '', paidAmount: amount, metadata: metadata ?? '' });
      const accessCode = `ac_${reference.slice(-10)}`;
      return { status: 200, body: { status: true, message: 'Authorization URL created', data: { authorization_url: `https://checkout.paystack.com/${accessCode}`, access_code: accessCode, reference } } };
    },
    '/refund': (_query, body) => {
      const { transaction, amount, merchant_note: note } = (body ?? {}) as { transaction?: string; amount?: number; merchant_note?: string };
      const t = transactions.get(transaction ?? '');
      if (!t || t.status !== 'success') return { status: 400, body: { status: false, message: 'Transaction has not been paid' } };
      if (typeof amount !== 'number' || amount > t.paidAmount) return { status: 400, body: { status: false, message: 'Refund amount cannot be more than the transaction amount' } };
      const refund: FakeRefund = { id: 3_018_001 + refunds.size, transactionId: t.id, amount, status: 'pending', merchantNote: note ?? 'Refund for transaction' };
      refunds.set(refund.id, refund);
      return {
        status: 200,
        body: {
          status: true,
          message: 'Refund has been queued for processing',
          data: {
            ...refundData(refund),
            // The create answer carries the transaction itself, where the fetch and list answers carry its id.
            transaction: { id: t.id, domain: 'test', reference: t.reference, amount: t.paidAmount, paid_at: '2026-11-25T10:00:00.000Z', channel: 'card', currency: 'NGN' },
            integration: 463433,
            deducted_amount: 0,
            channel: null,
            customer_note: 'Refund for transaction',
            refunded_by: 'merchant@example.ng',
            expected_at: '2026-12-03T10:00:00.000Z',
            fully_deducted: false,
          },
        },
      };
    },
    // GET /refund?transaction=<Paystack's transaction id>: the transaction's refunds, a page at a time.
    'GET /refund': (query) => {
      const transactionId = Number(query.get('transaction'));
      const perPage = Number(query.get('perPage') ?? 50);
      const page = Number(query.get('page') ?? 1);
      const all = [...refunds.values()].filter((r) => !query.has('transaction') || r.transactionId === transactionId);
      const data = all.slice((page - 1) * perPage, page * perPage).map(refundData);
      return { status: 200, body: { status: true, message: 'Refunds retrieved', data, meta: { total: all.length, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(all.length / perPage) } } };
    },
    '/transferrecipient': (_query, body) => {
      const { type, name, account_number: accountNumber, bank_code: bankCode } = (body ?? {}) as Record<string, unknown>;
      if (type !== 'nuban' || typeof name !== 'string' || typeof accountNumber !== 'string' || typeof bankCode !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      if (accountNumber.endsWith('999')) return { status: 422, body: { status: false, message: 'Cannot resolve account' } };
      // Paystack answers the existing recipient for an account it already knows.
      const key = `${bankCode}:${accountNumber}`;
      const code = recipients.get(key) ?? `RCP_${(recipients.size + 1).toString().padStart(10, '0')}`;
      recipients.set(key, code);
      return {
        status: 201,
        body: {
          status: true,
          message: 'Transfer recipient created successfully',
          data: {
            active: true,
            currency: 'NGN',
            domain: 'test',
            id: 9_000 + recipients.size,
            integration: 463433,
            name,
            recipient_code: code,
            type: 'nuban',
            is_deleted: false,
            details: { authorization_code: null, account_number: accountNumber, account_name: name, bank_code: bankCode, bank_name: 'Guaranty Trust Bank' },
            createdAt: '2026-11-25T10:58:00.000Z',
            updatedAt: '2026-11-25T10:58:00.000Z',
          },
        },
      };
    },
    '/transfer': (_query, body) => {
      const { source, amount, recipient, reference } = (body ?? {}) as Record<string, unknown>;
      if (source !== 'balance' || typeof amount !== 'number' || typeof recipient !== 'string' || typeof reference !== 'string') {
        return { status: 400, body: { status: false, message: 'Invalid request' } };
      }
      if (![...recipients.values()].includes(recipient)) return { status: 400, body: { status: false, message: 'Recipient specified is invalid' } };
      if (transfers.has(reference)) return { status: 400, body: { status: false, message: 'Duplicate Transfer Reference' } };
      const t: FakeTransfer = { id: 60_000_000 + transfers.size, reference, amount, recipient, status: newTransferStatus, transferCode: `TRF_${reference.slice(-12)}` };
      transfers.set(reference, t);
      return { status: 200, body: { status: true, message: 'Transfer has been queued', data: transferData(t) } };
    },
    '/transfer/verify/': (query) => {
      const t = transfers.get(query.get('reference') ?? '');
      return t ? { status: 200, body: { status: true, message: 'Transfer retrieved', data: transferData(t) } } : { status: 404, body: { status: false, message: 'Transfer not found' } };
    },
    '/refund/': (query) => {
      const refund = refunds.get(Number(query.get('reference')));
      if (!refund) return { status: 404, body: { status: false, message: 'Refund not found' } };
      return { status: 200, body: { status: true, message: 'Refund retrieved', data: { integration: 463433, dispute: null, settlement: null, refunded_at: null, ...refundData(refund) } } };
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
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization, method: req.method ?? 'GET', body });
    // GET /transaction/verify/:reference, /transfer/verify/:reference and /refund/:id: the last part is read as the query's `reference` by its handler.
    const verify = ['/transaction/verify/', '/transfer/verify/', '/refund/'].find((prefix) => url.pathname.startsWith(prefix));
    if (verify) url.searchParams.set('reference', decodeURIComponent(url.pathname.slice(verify.length)));
    const route = verify ?? (req.method === 'GET' && url.pathname === '/refund' ? 'GET /refund' : url.pathname);
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
    on(path: '/bank' | '/bank/resolve' | '/transaction/initialize' | '/transaction/verify/' | '/refund' | 'GET /refund' | '/refund/' | '/transferrecipient' | '/transfer' | '/transfer/verify/', handler: Handler) {
      handlers[path] = handler;
    },
    /** The customer on Paystack's page: the transaction ends with this status (and, to test mismatches, another amount paid). */
    settle: settleTransaction,
    /** The status new transfers get (default pending; 'success' for a bank that pays at once, 'otp' for an account that asks for one). */
    transferStatus(status: string) {
      newTransferStatus = status;
    },
    /** Paystack deciding a refund without a webhook reaching us (GET /refund/:id tells it). */
    settleRefund(id: number, status: 'processed' | 'failed') {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake Paystack knows no refund ${id}`);
      refund.status = status;
    },
    /** The refunds Paystack holds, by its id. */
    refunds,
    /** The bank deciding a transfer; answers the webhook's data for it. */
    settleTransfer(reference: string, status: 'success' | 'failed' | 'reversed') {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake Paystack knows no transfer ${reference}`);
      t.status = status;
      return transferData(t);
    },
    transfers,
    reset() {
      handlers = { ...defaults };
      requests.length = 0;
      transactions.clear();
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
