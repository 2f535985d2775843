import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { bankMessages } from '../../banks/errors';
import { paystackBodies, startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { sandboxAccountNumber } from '../../banks/nuban';
import { PaystackBankProvider, type PaystackOptions } from './banks';

let fake: FakePaystack;
beforeAll(async () => {
  fake = await startFakePaystack();
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

const TIMEOUT_MS = 300;
/** A Guaranty Trust Bank number that passes the NUBAN check. */
const GTB = sandboxAccountNumber('058', '012345678');
const provider = (options: Partial<PaystackOptions> = {}) =>
  new PaystackBankProvider({ secretKey: 'sk_test_x', baseUrl: fake.url, timeoutMs: TIMEOUT_MS, ...options });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectUnavailable(promise: Promise<unknown>) {
  const error = await failure(promise);
  expect(error.status).toBe(502);
  expect(error.message).toBe(bankMessages.unavailable);
  expect(String(error.cause)).not.toContain('sk_test_x');
  return error;
}

describe('Paystack bank list', () => {
  it('asks GET /bank for Nigerian NGN banks with the bearer key and keeps active ones, sorted', async () => {
    const banks = await provider().listBanks();
    expect(banks).toEqual([
      { bank_name: 'Access Bank', code: '044' },
      { bank_name: 'First Bank of Nigeria', code: '011' },
      { bank_name: 'Guaranty Trust Bank', code: '058' },
      { bank_name: 'Kuda Bank', code: '50211' },
      { bank_name: 'OPay Digital Services Limited (OPay)', code: '999992' },
      { bank_name: 'Zenith Bank', code: '057' },
    ]);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/bank');
    expect(request!.authorization).toBe('Bearer sk_test_x');
    expect(Object.fromEntries(request!.query)).toMatchObject({ country: 'nigeria', currency: 'NGN', perPage: '100' });
  });

  it('keeps the list for an hour, then asks again', async () => {
    let now = 1_000_000;
    const paystack = provider({ now: () => now });
    await paystack.listBanks();
    now += 59 * 60_000;
    await paystack.listBanks();
    expect(fake.requests).toHaveLength(1);
    now += 2 * 60_000;
    await paystack.listBanks();
    expect(fake.requests).toHaveLength(2);
  });

  it('shares one request between concurrent callers', async () => {
    const paystack = provider();
    await Promise.all([paystack.listBanks(), paystack.listBanks(), paystack.listBanks()]);
    expect(fake.requests).toHaveLength(1);
  });

  it('follows the cursor when Paystack pages the list', async () => {
    fake.on('/bank', (query) =>
      query.get('next') === 'YmFuazoxOTA='
        ? { status: 200, body: { ...paystackBodies.list, data: [paystackBodies.list.data[5]], meta: { next: null, previous: 'x', perPage: 100 } } }
        : { status: 200, body: { ...paystackBodies.list, data: paystackBodies.list.data.slice(0, 5), meta: { next: 'YmFuazoxOTA=', previous: null, perPage: 100 } } },
    );
    const banks = await provider().listBanks();
    expect(banks.map((b) => b.code)).toContain('057');
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    ['a 500', { status: 500, raw: 'Internal Server Error' }],
    ['a bad key (401)', { status: 401, body: paystackBodies.invalidKey }],
    ['rate limiting (429)', { status: 429, body: paystackBodies.rateLimited }],
    ['malformed JSON', { status: 200, raw: '{"status":true,"data":[', contentType: 'application/json' }],
    ['a 200 without data', { status: 200, body: { status: false, message: 'nope' } }],
    ['an empty list', { status: 200, body: { status: true, message: 'Banks retrieved', data: [] } }],
  ] as const)('answers 502 for %s', async (_label, answer) => {
    fake.on('/bank', () => answer);
    await expectUnavailable(provider().listBanks());
  });

  it('gives up after timeoutMs when Paystack never answers', async () => {
    fake.on('/bank', () => 'hang');
    const started = Date.now();
    const error = await expectUnavailable(provider().listBanks());
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(String(error.cause)).toMatch(/no answer within 300 ms/);
  });

  it('answers 502 when nothing listens', async () => {
    await expectUnavailable(provider({ baseUrl: 'http://127.0.0.1:1' }).listBanks());
  });

  it('keeps serving the old list when a refresh fails', async () => {
    let now = 1_000_000;
    const paystack = provider({ now: () => now });
    const before = await paystack.listBanks();
    now += 2 * 60 * 60_000;
    fake.on('/bank', () => ({ status: 503, raw: 'Service Unavailable' }));
    expect(await paystack.listBanks()).toEqual(before);
  });
});

describe('Paystack account resolution', () => {
  it('maps a resolved account, naming the bank from the list, with the bearer key', async () => {
    const account = await provider().resolveAccount({ bankCode: '058', accountNumber: GTB });
    expect(account).toMatchObject({
      account_name: 'ADEBAYO FOODS LIMITED',
      account_number: GTB,
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      requests: 1,
    });
    expect(account.execution_time).toBeGreaterThanOrEqual(0);
    const resolve = fake.requests.find((r) => r.path === '/bank/resolve')!;
    expect(Object.fromEntries(resolve.query)).toEqual({ account_number: GTB, bank_code: '058' });
    expect(resolve.authorization).toBe('Bearer sk_test_x');
  });

  it('pays for one enquiry when the same account is looked up twice', async () => {
    const paystack = provider();
    await paystack.resolveAccount({ bankCode: '058', accountNumber: GTB });
    await paystack.resolveAccount({ bankCode: '058', accountNumber: GTB });
    expect(fake.requests.filter((r) => r.path === '/bank/resolve')).toHaveLength(1);
  });

  it("turns Paystack's 422 into a 422 the user can act on", async () => {
    fake.on('/bank/resolve', () => ({ status: 422, body: paystackBodies.unresolvable }));
    const error = await failure(provider().resolveAccount({ bankCode: '058', accountNumber: GTB }));
    expect(error.status).toBe(422);
    expect(error.message).toBe(bankMessages.accountNotFound);
  });

  it('refuses a bank missing from the list, and a NUBAN typo, without paying for an enquiry', async () => {
    const paystack = provider();
    const unknown = await failure(paystack.resolveAccount({ bankCode: '999', accountNumber: GTB }));
    expect(unknown.status).toBe(422);
    expect(unknown.message).toBe('Invalid Bank');
    const typo = await failure(paystack.resolveAccount({ bankCode: '011', accountNumber: '0000014578' }));
    expect(typo.status).toBe(422);
    expect(typo.message).toBe(bankMessages.accountNumberInvalid);
    expect(fake.requests.filter((r) => r.path === '/bank/resolve')).toHaveLength(0);
  });

  it('does not apply the check digit to fintech codes', async () => {
    const account = await provider().resolveAccount({ bankCode: '50211', accountNumber: '2012345678' });
    expect(account.bank_name).toBe('Kuda Bank');
  });

  it.each([
    ['a 500', { status: 500, raw: 'Internal Server Error' }],
    ['a bad key (401)', { status: 401, body: paystackBodies.invalidKey }],
    ['rate limiting (429)', { status: 429, body: paystackBodies.rateLimited }],
    ['malformed JSON', { status: 200, raw: '{"status":true,"data":{"account_name"', contentType: 'application/json' }],
    ['a 200 without a name', { status: 200, body: { status: true, message: 'Account number resolved', data: { account_number: GTB } } }],
  ] as const)('answers 502 for %s', async (_label, answer) => {
    fake.on('/bank/resolve', () => answer);
    await expectUnavailable(provider().resolveAccount({ bankCode: '058', accountNumber: GTB }));
  });

  it('gives up after timeoutMs when the enquiry never answers', async () => {
    const paystack = provider();
    await paystack.listBanks();
    fake.on('/bank/resolve', () => 'hang');
    const started = Date.now();
    await expectUnavailable(paystack.resolveAccount({ bankCode: '058', accountNumber: GTB }));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });
});
