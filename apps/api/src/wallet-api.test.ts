import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetCode } from '@fipay/contracts/assets';
import { limitMessages } from '@fipay/contracts/daily-limits';
import { developerMessages } from '@fipay/contracts/developers';
import { amountMessages, MAX_MINOR_UNITS } from '@fipay/contracts/money';
import { paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { rateMessages } from '@fipay/contracts/rates';
import { transferMessages } from '@fipay/contracts/transfers';
import { walletMessages } from '@fipay/contracts/wallet';
import { defaultRateRules, type RateRules } from './lib/rate-limit';
import { createVerifiedUser, login } from './test/fixtures';
import { startTestServer, type ApiResponse, type TestServer } from './test/server';
import { ledgerDiscrepancies, post, walletBalances } from './modules/ledger/ledger';
import { freezeWallet } from './modules/ledger/wallet-freezes';
import { refreshRates } from './modules/rates/rates';

/**
 * Issue 23's merchant API and bad input, across the wallet, transfers, rates, payment methods, limits and tags, over
 * HTTP on a real server: what a secret key reaches and what it does not, each company and each mode kept apart on
 * every route, and each bad input refused in the envelope with nothing moved.
 */

let server: TestServer;

beforeAll(async () => {
  // Many sign-ups, keys and requests in a few seconds: no rate limit is what these tests are about.
  server = await startTestServer({ rateRules: Object.fromEntries(Object.keys(defaultRateRules).map((name) => [name, { limit: 1_000_000, windowSeconds: 60 }])) as RateRules });
  await refreshRates(server.app.ctx);
});
afterAll(() => server?.close());

type Company = { id: string; token: string; email: string; key: string; liveKey: string | null; tag: string };

let seq = 0;
/** A signed-up company with a test secret key and a FiPay tag; approved (with a live key too) unless told not to. */
async function newCompany(options: { approved?: boolean } = {}): Promise<Company> {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const token = session.accessToken;
  const key = (await server.api.post('/api-keys', {}, { token })).body.data.secretKey as string;
  let liveKey: string | null = null;
  if (options.approved !== false) {
    await server.db.query(
      `INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`,
      [session.user.companyId],
    );
    liveKey = (await server.api.post('/api-keys', { mode: 'live' }, { token })).body.data.secretKey as string;
  }
  const tag = `audit_${Date.now().toString(36).slice(-5)}${(seq += 1)}`;
  expect((await server.api.request('PUT', '/api/v1/tag', { token, body: { tag } })).status).toBe(200);
  return { id: session.user.companyId, token, email: user.email, key, liveKey, tag };
}

/** Money into a company's available balance, straight on the ledger: test funds in test mode, a bank deposit in live. */
async function fund(company: { id: string }, asset: AssetCode, amount: bigint, livemode = false) {
  seq += 1;
  await server.db.transaction((tx) =>
    post(tx, {
      livemode,
      companyId: company.id,
      kind: livemode ? 'audit_deposit' : 'test_funds',
      reference: `audit-fund-${seq}`,
      lines: [
        { account: { code: livemode ? 'bank' : 'test_faucet', currency: asset }, amount },
        { account: { companyId: company.id, code: 'available', currency: asset }, amount: -amount },
      ],
    }),
  );
}

const available = async (company: { id: string }, asset: string, livemode = false) => (await walletBalances(server.db, company.id, livemode)).get(asset as 'USD')?.available ?? 0n;
const count = async (sql: string, params: unknown[] = []) => Number((await server.db.query<{ n: string }>(sql, params)).rows[0]!.n);
/** Everything a refused request could have written. */
const written = async () => ({
  entries: await count('SELECT count(*) AS n FROM journal_entries'),
  lines: await count('SELECT count(*) AS n FROM journal_lines'),
  transfers: await count('SELECT count(*) AS n FROM transfers'),
  usage: await count('SELECT coalesce(sum(used_cents), 0) AS n FROM limit_usage'),
  methods: await count('SELECT count(*) AS n FROM payment_methods'),
  testFunds: await count('SELECT count(*) AS n FROM wallet_test_funds'),
});

/** A refusal in the envelope: the status, isSuccessful false, a known code and a message (and the field's message when given). */
function expectRefusal(answer: ApiResponse, status: number, message: string | RegExp, field?: string) {
  expect({ status: answer.status, isSuccessful: answer.body?.isSuccessful }).toEqual({ status, isSuccessful: false });
  expect(typeof answer.body.data?.code).toBe('string');
  expect(JSON.stringify(answer.body)).toMatch(message);
  if (field) expect(Object.keys(answer.body.data.errors ?? {})).toContain(field);
}

describe('the merchant API with a secret key', () => {
  it('reaches balances, statements and their CSV, test funds, transfers, rates and payment methods', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'USDT', 10_000_000n);
    const key = alice.key;
    expect((await server.api.get('/wallet', { token: key })).status).toBe(200);
    expect((await server.api.get('/wallet/USDT/statement', { token: key })).status).toBe(200);
    // A page cursor beyond a bigint (19 digits) is refused as a cursor, not answered with a failure.
    for (const path of ['/wallet/USDT/statement?before=9999999999999999999', '/transfers?before=9999999999999999999', '/withdrawals?before=9999999999999999999']) {
      expect((await server.api.get(path, { token: key })).status, path).toBe(400);
    }
    const csv = await fetch(`${server.baseUrl}/api/v1/wallet/USDT/statement.csv`, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    await csv.text();
    expect((await server.api.post('/wallet/USDT/test-funds', { amount: '1000000' }, { token: key })).status).toBe(201);
    expect((await server.api.post('/transfers/preview', { asset: 'USDT', amount: '1000', to: `@${bob.tag}` }, { token: key })).status).toBe(200);
    const sent = await server.api.post('/transfers', { asset: 'USDT', amount: '1000', to: `@${bob.tag}` }, { token: key });
    expect(sent.status).toBe(201);
    expect((await server.api.get('/transfers', { token: key })).status).toBe(200);
    expect((await server.api.get(`/transfers/${sent.body.data.id}`, { token: key })).status).toBe(200);
    expect((await server.api.get('/rates', { token: key })).status).toBe(200);
    expect((await server.api.get('/payment-methods', { token: key })).status).toBe(200);
    // The live key reaches the same reads in live mode.
    for (const path of ['/wallet', '/wallet/USDT/statement', '/transfers', '/rates', '/payment-methods']) {
      expect({ path, status: (await server.api.get(path, { token: alice.liveKey! })).status }).toEqual({ path, status: 200 });
    }
  });

  it('is refused, with 403 in the envelope, on what its documents keep for dashboard sessions', async () => {
    const alice = await newCompany();
    const dashboardOnly: [string, string, unknown?][] = [
      ['GET', '/api/v1/limits'],
      ['GET', '/api/v1/limit-requests'],
      ['GET', '/api/v1/tag'],
      ['PUT', '/api/v1/tag', { tag: 'audit_key_tag' }],
      ['GET', '/api/v1/tag/availability?tag=audit_free'],
      ['POST', '/api/v1/transfers/code', {}],
      ['POST', '/api/v1/payment-methods', { kind: 'us_account', routingNumber: '021000021', accountNumber: '000123456789', accountName: 'Audit Inc' }],
      ['POST', '/api/v1/payment-methods/code', {}],
    ];
    for (const [method, url, body] of dashboardOnly) {
      const answer = await server.api.request(method, url, { token: alice.key, body });
      expect({ url, method, status: answer.status, isSuccessful: answer.body.isSuccessful, code: answer.body.data.code }).toEqual({
        url,
        method,
        status: 403,
        isSuccessful: false,
        code: 'FORBIDDEN',
      });
    }
  });

  it('documents each of these operations in the OpenAPI document, for a secret key where the merchant API has them', async () => {
    const document = (await server.api.get('/openapi.json')).body as unknown as { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
    const merchant = [
      ['get', '/api/v1/wallet'],
      ['get', '/api/v1/wallet/{asset}/statement'],
      ['get', '/api/v1/wallet/{asset}/statement.csv'],
      ['post', '/api/v1/wallet/{asset}/test-funds'],
      ['post', '/api/v1/transfers/preview'],
      ['post', '/api/v1/transfers'],
      ['get', '/api/v1/transfers'],
      ['get', '/api/v1/transfers/{id}'],
      ['get', '/api/v1/rates'],
      ['get', '/api/v1/payment-methods'],
      ['post', '/api/v1/payment-methods'],
      ['post', '/api/v1/payment-methods/{id}/remove'],
      ['get', '/api/v1/limits'],
      ['post', '/api/v1/limit-requests'],
      ['get', '/api/v1/limit-requests'],
      ['get', '/api/v1/limit-requests/{requestId}'],
      ['get', '/api/v1/tag'],
      ['put', '/api/v1/tag'],
      ['get', '/api/v1/tag/availability'],
      ['get', '/api/v1/recipients/lookup'],
    ];
    const missing = merchant.filter(([method, path]) => !document.paths[path!]?.[method!]?.security?.length).map((pair) => pair.join(' '));
    expect(missing).toEqual([]);
  });
});

describe('each company and each mode apart, on every route', () => {
  it("answers another company's transfer, limit request and payment method as not found, and shows none of its money", async () => {
    const [alice, bob, mallory] = [await newCompany(), await newCompany(), await newCompany()];
    await fund(alice, 'USDC', 5_000_000n);
    const sent = await server.api.post('/transfers', { asset: 'USDC', amount: '1000', to: bob.tag }, { token: alice.key });
    expect(sent.status).toBe(201);
    const id = sent.body.data.id as string;
    expectRefusal(await server.api.get(`/transfers/${id}`, { token: mallory.key }), 404, transferMessages.notFound);
    expectRefusal(await server.api.get(`/transfers/${id}`, { token: mallory.token }), 404, transferMessages.notFound);
    expect((await server.api.get('/transfers', { token: mallory.key })).body.data.transfers).toEqual([]);
    const line = (await server.api.get('/wallet/USDC/statement', { token: alice.key })).body.data.lines[0];
    expect((await server.api.get(`/wallet/USDC/statement?before=${BigInt(line.id) + 1n}`, { token: mallory.key })).body.data.lines).toEqual([]);
    const request = await server.api.post(
      '/limit-requests',
      { expectedMonthlyVolume: '50000', purpose: 'Paying suppliers abroad', sourceOfFunds: 'Sales of goods' },
      { token: alice.token },
    );
    expect(request.status).toBe(201);
    expectRefusal(await server.api.get(`/limit-requests/${request.body.data.id}`, { token: mallory.token }), 404, limitMessages.requestNotFound);
    const method = await server.api.post('/payment-methods', { kind: 'us_account', routingNumber: '021000021', accountNumber: '000123456789', accountName: 'Audit Inc' }, { token: alice.token });
    expect(method.status).toBe(201);
    expectRefusal(await server.api.post(`/payment-methods/${method.body.data.id}/remove`, {}, { token: mallory.token }), 404, paymentMethodMessages.notFound);
    expect((await server.api.get('/payment-methods', { token: mallory.token })).body.data.paymentMethods).toEqual([]);
  });

  it("keeps test money, transfers, statements and methods out of live mode and live ones out of test mode", async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'BTC', 50_000n);
    await fund(alice, 'BTC', 7_000n, true);
    const testSent = await server.api.post('/transfers', { asset: 'BTC', amount: '1000', to: bob.tag }, { token: alice.key });
    const liveSent = await server.api.post('/transfers', { asset: 'BTC', amount: '700', to: bob.tag }, { token: alice.liveKey! });
    expect([testSent.status, liveSent.status]).toEqual([201, 201]);
    expect(liveSent.body.data.livemode).toBe(true);

    // Each transfer is found in its own mode only, by either side.
    for (const company of [alice, bob]) {
      expectRefusal(await server.api.get(`/transfers/${testSent.body.data.id}`, { token: company.liveKey! }), 404, transferMessages.notFound);
      expectRefusal(await server.api.get(`/transfers/${liveSent.body.data.id}`, { token: company.key }), 404, transferMessages.notFound);
      expectRefusal(await server.api.get(`/transfers/${liveSent.body.data.id}`, { token: company.token }), 404, transferMessages.notFound);
      expect((await server.api.get(`/transfers/${liveSent.body.data.id}`, { token: company.token, headers: { 'FiPay-Mode': 'live' } })).status).toBe(200);
      expect((await server.api.get('/transfers', { token: company.liveKey! })).body.data.transfers.map((t: { id: string }) => t.id)).toEqual([liveSent.body.data.id]);
    }
    // Balances and statements per mode.
    const btcOf = async (token: string) => (await server.api.get('/wallet', { token })).body.data.assets.find((a: { asset: string }) => a.asset === 'BTC').available as string;
    expect([await btcOf(alice.key), await btcOf(alice.liveKey!), await btcOf(bob.key), await btcOf(bob.liveKey!)]).toEqual(['49000', '6300', '1000', '700']);
    const amounts = async (token: string) => (await server.api.get('/wallet/BTC/statement', { token })).body.data.lines.map((l: { amount: string }) => l.amount);
    expect(await amounts(alice.liveKey!)).toEqual(['-700', '7000']);
    expect(await amounts(alice.key)).toEqual(['-1000', '50000']);
    const liveCsv = await (await fetch(`${server.baseUrl}/api/v1/wallet/BTC/statement.csv`, { headers: { authorization: `Bearer ${bob.liveKey}` } })).text();
    expect(liveCsv.trim().split('\r\n').slice(1).map((row) => row.split(',').at(-2))).toEqual(['"0.00000700"']);
    // A cursor of the other mode pages this mode's own lines only.
    const ids = async (token: string, query = '') => (await server.api.get(`/wallet/BTC/statement${query}`, { token })).body.data.lines.map((l: { id: string }) => l.id) as string[];
    const [testIds, liveIds] = [await ids(alice.key), await ids(alice.liveKey!)];
    for (const id of testIds) expect(liveIds).toEqual(expect.arrayContaining(await ids(alice.liveKey!, `?before=${BigInt(id) + 1n}`)));
    for (const id of liveIds) expect(testIds).toEqual(expect.arrayContaining(await ids(alice.key, `?before=${BigInt(id) + 1n}`)));

    // Test funds stay in test mode: a live key is refused and nothing moves.
    const before = await written();
    expectRefusal(await server.api.post('/wallet/BTC/test-funds', { amount: '100' }, { token: alice.liveKey! }), 403, walletMessages.testFundsLiveMode);
    expect(await written()).toEqual(before);

    // A payment method saved in test mode is not one in live mode.
    const method = await server.api.post('/payment-methods', { kind: 'us_account', routingNumber: '021000021', accountNumber: '000123456789', accountName: 'Audit Inc' }, { token: alice.token });
    expect(method.status).toBe(201);
    expect((await server.api.get('/payment-methods', { token: alice.liveKey! })).body.data.paymentMethods).toEqual([]);
    expectRefusal(
      await server.api.post(`/payment-methods/${method.body.data.id}/remove`, {}, { token: alice.token, headers: { 'FiPay-Mode': 'live' } }),
      404,
      paymentMethodMessages.notFound,
    );
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});

describe('bad input: a clear refusal in the envelope, and nothing moves', () => {
  it('refuses bad amounts, assets, recipients and balances on preview and send alike', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    const unapproved = await newCompany({ approved: false });
    // A thousandth of an ether and 100 pounds: over them by the smallest unit is still within the daily Send limit.
    await fund(alice, 'ETH', 10n ** 15n);
    await fund(alice, 'GBP', 10_000n);
    const huge = MAX_MINOR_UNITS.toString();
    const cases: [Record<string, unknown>, number, string | RegExp, string][] = [
      [{ asset: 'ETH', amount: '0.5', to: bob.tag }, 400, amountMessages.digitsOnly, 'amount'],
      [{ asset: 'ETH', amount: '0.000000000000000001', to: bob.tag }, 400, amountMessages.digitsOnly, 'amount'],
      [{ asset: 'ETH', amount: '0', to: bob.tag }, 400, transferMessages.amountZero, 'amount'],
      [{ asset: 'ETH', amount: '-1', to: bob.tag }, 400, amountMessages.digitsOnly, 'amount'],
      [{ asset: 'ETH', amount: `1${'0'.repeat(78)}`, to: bob.tag }, 400, /./, 'amount'],
      [{ asset: 'ETH', amount: '1e18', to: bob.tag }, 400, amountMessages.digitsOnly, 'amount'],
      [{ asset: 'DOGE', amount: '1', to: bob.tag }, 400, /Choose one of NGN/, 'asset'],
      [{ asset: 'eth', amount: '1', to: bob.tag }, 400, /Choose one of NGN/, 'asset'],
      [{ asset: 'ETH', amount: '1', to: '@no_such_tag_here' }, 404, transferMessages.recipientNotFound, 'to'],
      [{ asset: 'ETH', amount: '1', to: 'nobody-at-all@example.invalid' }, 404, transferMessages.recipientNotFound, 'to'],
      [{ asset: 'ETH', amount: '1', to: unapproved.tag }, 404, transferMessages.recipientNotFound, 'to'],
      [{ asset: 'ETH', amount: '1', to: unapproved.email }, 404, transferMessages.recipientNotFound, 'to'],
      [{ asset: 'ETH', amount: '1', to: `@${alice.tag}` }, 422, transferMessages.recipientIsYou, 'to'],
      [{ asset: 'ETH', amount: '1', to: alice.email.toUpperCase() }, 422, transferMessages.recipientIsYou, 'to'],
    ];
    const before = await written();
    for (const [body, status, message, field] of cases) {
      for (const path of ['/transfers/preview', '/transfers']) {
        const answer = await server.api.post(path, body, { token: alice.key });
        expect({ path, body, status: answer.status }).toEqual({ path, body, status });
        expectRefusal(answer, status, message, field);
      }
    }
    // Over the balance: the preview (which moves nothing) does not read balances; the send refuses.
    for (const [asset, amount] of [['ETH', (10n ** 15n + 1n).toString()], ['GBP', '10001']] as const) {
      expect((await server.api.post('/transfers/preview', { asset, amount, to: bob.tag }, { token: alice.key })).status).toBe(200);
      expectRefusal(await server.api.post('/transfers', { asset, amount, to: bob.tag }, { token: alice.key }), 422, transferMessages.balanceShort(asset), 'amount');
    }
    // The column's very top: worth more US cents than the column holds for pounds and euros (a pound is more than a
    // dollar), far beyond any daily limit: refused by the limit on preview and send alike.
    for (const asset of ['GBP', 'EUR', 'ETH', 'BTC', 'NGN']) {
      for (const path of ['/transfers/preview', '/transfers']) {
        const refused = await server.api.post(path, { asset, amount: huge, to: bob.tag }, { token: alice.key });
        expect({ asset, path, status: refused.status }).toEqual({ asset, path, status: 409 });
        expectRefusal(refused, 409, /over your daily Send limit: 1000 USD left today/);
        expect(refused.body.data.code).toBe('LIMIT_EXCEEDED');
      }
    }
    expect(await written()).toEqual(before);
    expect(await available(alice, 'ETH')).toBe(10n ** 15n);
    expect(await available(bob, 'ETH')).toBe(0n);
  });

  it('refuses a send over the daily limit, saying what is left, and moves nothing', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'USD', 500_000n);
    // SPEC's 1,000 USD a day for an approved business: 1,000.01 USD is over it.
    const before = await written();
    const refused = await server.api.post('/transfers', { asset: 'USD', amount: '100001', to: bob.tag }, { token: alice.key });
    expectRefusal(refused, 409, /daily Send limit: 1000 USD left today/);
    expect(refused.body.data.code).toBe('LIMIT_EXCEEDED');
    expect(await written()).toEqual(before);
    expect((await server.api.post('/transfers', { asset: 'USD', amount: '100000', to: bob.tag }, { token: alice.key })).status).toBe(201);
    const after = await written();
    expectRefusal(await server.api.post('/transfers', { asset: 'USD', amount: '1', to: bob.tag }, { token: alice.key }), 409, /daily Send limit: 0 USD left today/);
    expect(await written()).toEqual(after);
    expect(await available(alice, 'USD')).toBe(400_000n);
  });

  it('refuses anything priced at market while the rate is older than the configured age, and says so', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    await fund(alice, 'BTC', 100_000n);
    await fund(alice, 'USD', 100_000n);
    const before = await written();
    await server.db.query(`UPDATE rates SET observed_at = observed_at - make_interval(secs => $1 + 1)`, [server.app.ctx.config.rates.staleAfterSeconds]);
    try {
      for (const path of ['/transfers/preview', '/transfers']) {
        const answer = await server.api.post(path, { asset: 'BTC', amount: '5', to: bob.tag }, { token: alice.key });
        expectRefusal(answer, 409, rateMessages.rateStale('BTC', 'USD'));
        expect(answer.body.data.code).toBe('RATE_STALE');
      }
      expect(await written()).toEqual(before);
      // The wallet still loads, saying which worth it cannot give.
      const wallet = await server.api.get('/wallet', { token: alice.key });
      expect(wallet.body.data.assets.find((a: { asset: string }) => a.asset === 'BTC')).toMatchObject({ rateStale: true, value: { USD: null, NGN: null } });
      expect(wallet.body.data.total.complete).toBe(false);
      expect((await server.api.get('/rates', { token: alice.key })).body.data.rates.find((r: { base: string; quote: string }) => r.base === 'BTC' && r.quote === 'USD').stale).toBe(true);
      // US dollars in US dollars are not priced at market: exactly 1, at any time.
      expect((await server.api.post('/transfers', { asset: 'USD', amount: '100', to: bob.tag }, { token: alice.key })).status).toBe(201);
    } finally {
      await refreshRates(server.app.ctx);
    }
    expect((await server.api.post('/transfers', { asset: 'BTC', amount: '5', to: bob.tag }, { token: alice.key })).status).toBe(201);
  });

  it('refuses a live send to a business not approved, and a send from a frozen wallet, in their own mode only', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    const unapproved = await newCompany({ approved: false });
    await fund(alice, 'USDT', 9_000_000n, true);
    await fund(alice, 'USDT', 9_000_000n);
    let before = await written();
    for (const to of [unapproved.tag, `@${unapproved.tag}`, unapproved.email]) {
      expectRefusal(await server.api.post('/transfers', { asset: 'USDT', amount: '1000000', to }, { token: alice.liveKey! }), 404, transferMessages.recipientNotFound, 'to');
      expectRefusal(await server.api.post('/transfers/preview', { asset: 'USDT', amount: '1000000', to }, { token: alice.liveKey! }), 404, transferMessages.recipientNotFound, 'to');
    }
    // Nor does the business that is not approved send live, by session or by key (it has no live key to make).
    expectRefusal(
      await server.api.post('/transfers', { asset: 'USDT', amount: '1', to: alice.tag }, { token: unapproved.token, headers: { 'FiPay-Mode': 'live' } }),
      403,
      developerMessages.liveModeLocked,
    );
    expectRefusal(await server.api.post('/api-keys', { mode: 'live' }, { token: unapproved.token }), 403, developerMessages.liveModeLocked);
    expect(await written()).toEqual(before);
    expect(await available(alice, 'USDT', true)).toBe(9_000_000n);

    // A frozen live wallet: nothing leaves it in live mode; it still receives; its test mode is its own.
    const reviewer = await server.db.query<{ id: string }>(`INSERT INTO reviewers (email, name, role) VALUES ($1, 'Audit Reviewer', 'admin') RETURNING id`, [
      `audit-${Date.now()}@fipay.ng`,
    ]);
    await server.db.transaction((tx) => freezeWallet(tx, { companyId: alice.id, livemode: true, reviewerId: reviewer.rows[0]!.id, reason: 'Audit of unusual activity.' }));
    before = await written();
    expectRefusal(await server.api.post('/transfers', { asset: 'USDT', amount: '1', to: bob.tag }, { token: alice.liveKey! }), 409, transferMessages.frozen);
    expect(await written()).toEqual(before);
    expect(await available(alice, 'USDT', true)).toBe(9_000_000n);
    await fund(bob, 'USDT', 5_000n, true);
    expect((await server.api.post('/transfers', { asset: 'USDT', amount: '5000', to: alice.tag }, { token: bob.liveKey! })).status).toBe(201);
    expect(await available(alice, 'USDT', true)).toBe(9_005_000n);
    expect((await server.api.post('/transfers', { asset: 'USDT', amount: '1', to: bob.tag }, { token: alice.key })).status).toBe(201);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refuses bad test-fund amounts and unknown assets, and reads statements of known assets only', async () => {
    const alice = await newCompany();
    const before = await written();
    const cases: [string, unknown, number, string | RegExp][] = [
      ['ETH', '0.5', 400, amountMessages.digitsOnly],
      ['ETH', '0', 400, amountMessages.zero],
      ['ETH', '-1', 400, amountMessages.digitsOnly],
      ['ETH', 1, 400, /./],
      ['ETH', `1${'0'.repeat(78)}`, 400, /./],
      ['ETH', MAX_MINOR_UNITS.toString(), 422, /Test funds are limited to/],
      ['XRP', '1', 400, /Choose one of NGN/],
    ];
    for (const [asset, amount, status, message] of cases) {
      const answer = await server.api.post(`/wallet/${asset}/test-funds`, { amount }, { token: alice.key });
      expect({ asset, amount, status: answer.status }).toEqual({ asset, amount, status });
      expectRefusal(answer, status, message);
    }
    expect(await written()).toEqual(before);
    for (const path of ['/wallet/XRP/statement', '/wallet/usdt/statement', '/wallet/XRP/statement.csv']) expectRefusal(await server.api.get(path, { token: alice.key }), 400, /Choose one of NGN/);
  });

  it('refuses a foreign account whose checksum fails, keyed by the field, and saves nothing', async () => {
    const alice = await newCompany();
    const before = await written();
    const bad: [Record<string, unknown>, string, string][] = [
      [{ kind: 'iban', iban: 'DE89370400440532013001', bic: 'COBADEFFXXX', accountName: 'Audit GmbH', currency: 'EUR' }, 'iban', paymentMethodMessages.ibanInvalid],
      [{ kind: 'iban', iban: 'GB82WEST12345698765433', bic: 'NWBKGB2L', accountName: 'Audit Ltd', currency: 'GBP' }, 'iban', paymentMethodMessages.ibanInvalid],
      [{ kind: 'gb_account', sortCode: '08-99-99', accountNumber: '66374959', accountName: 'Audit Ltd' }, 'accountNumber', paymentMethodMessages.ukAccountInvalid],
      [{ kind: 'us_account', routingNumber: '021000022', accountNumber: '000123456789', accountName: 'Audit Inc' }, 'routingNumber', paymentMethodMessages.routingInvalid],
    ];
    for (const [body, field, message] of bad) expectRefusal(await server.api.post('/payment-methods', body, { token: alice.token }), 400, message, field);
    expect(await written()).toEqual(before);
  });
});

describe('exact amounts at 18 decimals', () => {
  it('moves one wei and 0.001000000000000001 ETH exactly, and shows them so in the statement and its CSV', async () => {
    const [alice, bob] = [await newCompany(), await newCompany()];
    // Within the daily Send limit: thousandths of an ether, to the last wei.
    await fund(alice, 'ETH', 2n * 10n ** 15n + 2n);
    expect((await server.api.post('/transfers', { asset: 'ETH', amount: '1', to: bob.tag }, { token: alice.key })).body.data.amount).toBe('1');
    expect((await server.api.post('/transfers', { asset: 'ETH', amount: '1000000000000001', to: bob.tag }, { token: alice.key })).body.data.amount).toBe('1000000000000001');
    expect(await available(alice, 'ETH')).toBe(10n ** 15n);
    expect(await available(bob, 'ETH')).toBe(10n ** 15n + 2n);
    const lines = (await server.api.get('/wallet/ETH/statement', { token: bob.key })).body.data.lines.map((l: { amount: string; balanceAfter: string }) => [l.amount, l.balanceAfter]);
    expect(lines).toEqual([
      ['1000000000000001', '1000000000000002'],
      ['1', '1'],
    ]);
    const csv = await (await fetch(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv`, { headers: { authorization: `Bearer ${alice.key}` } })).text();
    expect(csv.trim().split('\r\n').slice(1).map((row) => row.split(',').slice(-2).join(','))).toEqual([
      '"-0.001000000000000001","0.001000000000000000"',
      '"-0.000000000000000001","0.002000000000000001"',
      '"0.002000000000000002","0.002000000000000002"',
    ]);
    const wallet = await server.api.get('/wallet', { token: bob.key });
    expect(wallet.body.data.assets.find((a: { asset: string }) => a.asset === 'ETH')).toMatchObject({ available: '1000000000000002', total: '1000000000000002' });
  });
});
