import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.paystack.co on 127.0.0.1, for tests only: it replays the
 * response bodies Paystack documents for GET /bank and GET /bank/resolve, and can
 * be told to fail, answer garbage or never answer.
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
export type FakeRequest = { path: string; query: URLSearchParams; authorization: string | undefined };

export async function startFakePaystack() {
  const requests: FakeRequest[] = [];
  const defaults: Record<string, (query: URLSearchParams) => FakeAnswer> = {
    '/bank': () => ({ status: 200, body: paystackBodies.list }),
    '/bank/resolve': (query) => ({ status: 200, body: paystackBodies.resolved(query.get('account_number') ?? '') }),
  };
  let handlers = { ...defaults };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    const handler = handlers[url.pathname];
    const answer: FakeAnswer = handler ? handler(url.searchParams) : { status: 404, body: { status: false, message: 'Not found' } };
    if (answer === 'hang') return; // never answers; close() drops the connection
    if ('raw' in answer) {
      res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' }).end(answer.raw);
    } else {
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replaces the answer for one path until reset(). */
    on(path: '/bank' | '/bank/resolve', handler: (query: URLSearchParams) => FakeAnswer) {
      handlers[path] = handler;
    },
    reset() {
      handlers = { ...defaults };
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;
