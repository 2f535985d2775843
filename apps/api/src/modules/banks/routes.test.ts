import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kybMessages } from '@fipay/contracts/kyb';
import { bankMessages } from '../../banks/errors';
import { sandboxAccountNumber } from '../../banks/nuban';
import { sandboxAccountNames } from '../../banks/sandbox';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ rateRules: { resolveAccountPerUser: { limit: 20, windowSeconds: 60 } } });
  token = (await login(server, await createVerifiedUser(server))).accessToken;
});
afterAll(() => server.close());

const resolve = (query: string, auth = token) => server.api.get(`/bank/resolve-account?${query}`, { token: auth });

describe('GET /bank/list', () => {
  it('needs a bearer token', async () => {
    const res = await server.api.get('/bank/list');
    expect(res.status).toBe(401);
    expect(res.body.isSuccessful).toBe(false);
    expect((await server.api.get('/bank/list', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('lists banks as {bank_name, code}, sorted by name', async () => {
    const res = await server.api.get('/bank/list', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isSuccessful: true, message: kybMessages.banksLoaded });
    const banks = res.body.data as { bank_name: string; code: string }[];
    expect(banks.length).toBeGreaterThan(20);
    for (const bank of banks) expect(Object.keys(bank).sort()).toEqual(['bank_name', 'code']);
    const names = banks.map((b) => b.bank_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(banks).toContainEqual({ bank_name: 'First Bank of Nigeria', code: '011' });
    expect(banks).toContainEqual({ bank_name: 'Moniepoint Microfinance Bank', code: '50515' });
  });
});

describe('GET /bank/resolve-account', () => {
  it('needs a bearer token, before looking at the query', async () => {
    expect((await server.api.get('/bank/resolve-account?bankCode=011&accountNumber=0000014579')).status).toBe(401);
    expect((await server.api.get('/bank/resolve-account')).status).toBe(401);
  });

  it('refuses a bad query with the form messages', async () => {
    const missingBank = await resolve('accountNumber=0000014579');
    expect(missingBank.status).toBe(400);
    expect(missingBank.body.message).toBe(kybMessages.bank);
    expect(missingBank.body.data.errors).toEqual({ bankCode: kybMessages.bank });

    for (const accountNumber of ['', '12345', '00000145790', '000001457a']) {
      const res = await resolve(`bankCode=011&accountNumber=${accountNumber}`);
      expect(res.status, accountNumber).toBe(400);
      expect(res.body.message).toBe(kybMessages.accountNumber);
    }
    expect((await resolve('bankCode=011')).body.message).toBe(kybMessages.accountNumber);
  });

  it('resolves a valid number to a deterministic account', async () => {
    const res = await resolve('bankCode=011&accountNumber=0000014579');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isSuccessful: true,
      message: kybMessages.accountResolved,
      data: { account_number: '0000014579', bank_code: '011', bank_name: 'First Bank of Nigeria', requests: 1 },
    });
    expect(sandboxAccountNames).toContain(res.body.data.account_name);
    expect(typeof res.body.data.execution_time).toBe('number');
    expect((await resolve('bankCode=011&accountNumber=0000014579')).body.data.account_name).toBe(res.body.data.account_name);

    const access = await resolve(`bankCode=044&accountNumber=${sandboxAccountNumber('044', 1024678)}`);
    expect(access.status).toBe(200);
    expect(access.body.data).toMatchObject({ account_number: '0010246780', bank_name: 'Access Bank' });
  });

  it('answers 422 for a number failing the check digit', async () => {
    const res = await resolve('bankCode=011&accountNumber=0000014578');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      isSuccessful: false,
      message: bankMessages.accountNumberInvalid,
      data: { code: 'UNPROCESSABLE', errors: { accountNumber: bankMessages.accountNumberInvalid } },
    });
  });

  it("answers 422 'Invalid Bank' for an unknown bank", async () => {
    const res = await resolve('bankCode=999&accountNumber=0000014579');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(kybMessages.bankInvalid);
    expect(res.body.data.errors).toEqual({ bankCode: kybMessages.bankInvalid });
  });

  it('limits lookups per user', async () => {
    const other = (await login(server, await createVerifiedUser(server))).accessToken;
    for (let i = 0; i < 20; i++) expect((await resolve(`bankCode=058&accountNumber=${sandboxAccountNumber('058', i + 1)}`, other)).status).toBe(200);
    const limited = await resolve('bankCode=058&accountNumber=0000000000', other);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Another user is not affected.
    expect((await resolve('bankCode=011&accountNumber=0000014579')).status).toBe(200);
  });
});
