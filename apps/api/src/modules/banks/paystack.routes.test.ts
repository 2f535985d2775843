import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { bankMessages } from '../../banks/errors';
import { paystackBodies, startFakePaystack, type FakePaystack } from '../../test/fake-paystack';
import { sandboxAccountNumber } from '../../banks/nuban';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

const KEY = 'sk_test_x';
const TIMEOUT_MS = 300;
const GTB = sandboxAccountNumber('058', '012345678');

let fake: FakePaystack;
let server: TestServer;
let token: string;
let logs = '';
beforeAll(async () => {
  fake = await startFakePaystack();
  server = await startTestServer({
    env: { BANK_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: KEY, PAYSTACK_BASE_URL: fake.url, BANK_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'warn' },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logs += String(chunk);
        done();
      },
    }),
  });
  token = (await login(server, await createVerifiedUser(server))).accessToken;
});
afterEach(() => fake.reset());
afterAll(async () => {
  await server.close();
  await fake.close();
});

const resolve = (bankCode: string, accountNumber: string) =>
  server.api.get(`/bank/resolve-account?bankCode=${bankCode}&accountNumber=${accountNumber}`, { token });

function expectUnavailable(res: Awaited<ReturnType<typeof resolve>>) {
  expect(res.status).toBe(502);
  expect(res.body).toEqual({ isSuccessful: false, message: bankMessages.unavailable, data: { code: 'BAD_GATEWAY' } });
}

describe('bank directory over Paystack', () => {
  // First, while nothing is cached yet.
  it('answers 502 when the bank list fails, and logs why without the key', async () => {
    fake.on('/bank', () => ({ status: 401, body: paystackBodies.invalidKey }));
    expectUnavailable(await server.api.get('/bank/list', { token }));
    expect(logs).toContain('bank list answered HTTP 401');
    expect(logs).not.toContain(KEY);
  });

  it('lists the active banks from GET /bank, sorted, asking with the bearer key', async () => {
    const res = await server.api.get('/bank/list', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(kybMessages.banksLoaded);
    expect(res.body.data.map((b: { code: string }) => b.code)).toEqual(['044', '011', '058', '50211', '999992', '057']);
    expect(fake.requests.map((r) => [r.path, r.authorization])).toEqual([['/bank', `Bearer ${KEY}`]]);
  });

  it('resolves an account through GET /bank/resolve', async () => {
    const res = await resolve('058', GTB);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isSuccessful: true,
      message: kybMessages.accountResolved,
      data: { account_name: 'ADEBAYO FOODS LIMITED', account_number: GTB, bank_code: '058', bank_name: 'Guaranty Trust Bank', requests: 1 },
    });
    const call = fake.requests.find((r) => r.path === '/bank/resolve')!;
    expect(call.authorization).toBe(`Bearer ${KEY}`);
    expect(Object.fromEntries(call.query)).toEqual({ account_number: GTB, bank_code: '058' });
  });

  it("turns Paystack's 'Could not resolve account name' (422) into a clear 422", async () => {
    fake.on('/bank/resolve', () => ({ status: 422, body: paystackBodies.unresolvable }));
    const res = await resolve('057', sandboxAccountNumber('057', 1));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(bankMessages.accountNotFound);
  });

  it("refuses a bank missing from Paystack's list as 'Invalid Bank' without an enquiry", async () => {
    const res = await resolve('214', sandboxAccountNumber('214', 1));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(kybMessages.bankInvalid);
    expect(fake.requests.filter((r) => r.path === '/bank/resolve')).toHaveLength(0);
  });

  it('answers 502 for a 500 and for malformed JSON', async () => {
    fake.on('/bank/resolve', () => ({ status: 500, body: { status: false, message: 'An error occurred' } }));
    expectUnavailable(await resolve('044', sandboxAccountNumber('044', 2)));
    fake.on('/bank/resolve', () => ({ status: 200, raw: '{"status":true,', contentType: 'application/json' }));
    expectUnavailable(await resolve('044', sandboxAccountNumber('044', 3)));
  });

  it('answers 502 within about timeoutMs when Paystack never answers', async () => {
    fake.on('/bank/resolve', () => 'hang');
    const started = Date.now();
    expectUnavailable(await resolve('044', sandboxAccountNumber('044', 4)));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(logs).toContain(`no answer within ${TIMEOUT_MS} ms`);
    expect(logs).not.toContain(KEY);
  });
});
