import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCodes } from '@fipay/contracts/assets';
import { amountMessages } from '@fipay/contracts/money';
import { rational } from '@fipay/contracts/rational';
import { convertAmount, type Rates } from '@fipay/contracts/rates';
import { walletMessages, type TestFunds, type Wallet, type WalletStatement } from '@fipay/contracts/wallet';
import type { Queryable } from '../../db/client';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies, postEntries } from '../ledger/ledger';
import { listRates, refreshRates } from '../rates/rates';
import { kindsWithoutSql, registerCounterpartyResolver, registerCounterpartySql } from './counterparties';
import { exportStatementCsv } from './statement-export';

let server: TestServer;

// Small caps, so a test reaches them: 1 BTC and 100 USD a day.
const CAPS = { BTC: '1', USD: '100' };

beforeAll(async () => {
  server = await startTestServer({ env: { TEST_FUNDS_DAILY_CAPS: JSON.stringify(CAPS) } });
});
afterAll(async () => server?.close());

async function merchant() {
  const session = await login(server, await createVerifiedUser(server));
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  return { token: session.accessToken, key, companyId: session.user.companyId };
}

const addFunds = (token: string, asset: string, amount: unknown, headers: Record<string, string> = {}) =>
  server.api.post<TestFunds>(`/wallet/${asset}/test-funds`, { amount }, { token, headers });

/** The field errors of a refusal. */
const errorsOf = (res: { body: { data: unknown } }) => (res.body.data as { errors: Record<string, string> }).errors;

const statement = (token: string, asset: string, query = '') => server.api.get<WalletStatement>(`/wallet/${asset}/statement${query}`, { token });

describe('the wallet', () => {
  it('is for signed-in callers: a session (with its mode header) or a secret key', async () => {
    expect((await server.api.get('/wallet')).status).toBe(401);
    const { token, key } = await merchant();
    expect((await server.api.get('/wallet', { token })).status).toBe(200);
    expect((await server.api.get('/wallet', { token: key })).status).toBe(200);
    // Live mode opens only once the business is approved.
    expect((await server.api.get('/wallet', { token, headers: { 'FiPay-Mode': 'live' } })).status).toBe(403);
  });

  it('lists all eight assets at zero, and still loads when no rate is known: values null, the asset says so', async () => {
    const { token } = await merchant();
    const { status, body } = await server.api.get<Wallet>('/wallet', { token });
    expect(status).toBe(200);
    expect(body.message).toBe(walletMessages.loaded);
    expect(body.data.livemode).toBe(false);
    expect(body.data.assets.map((asset) => asset.asset)).toEqual([...assetCodes]);
    const btc = body.data.assets.find((asset) => asset.asset === 'BTC')!;
    expect(btc).toEqual({
      asset: 'BTC',
      available: '0',
      held: '0',
      pending: '0',
      total: '0',
      value: { USD: null, NGN: null },
      rateStale: true,
      testFunds: { dailyCap: '100000000', addedToday: '0' },
    });
    // A dollar is worth a dollar without any rate; its naira worth needs one.
    expect(body.data.assets.find((asset) => asset.asset === 'USD')).toMatchObject({ value: { USD: '0', NGN: null }, rateStale: true });
    // Nothing held, so nothing is missing from the total.
    expect(body.data.total).toEqual({ USD: '0', NGN: '0', complete: true });
  });

  it('values each asset at current rates, rounded down, and totals them', async () => {
    const { token } = await merchant();
    const now = new Date();
    await refreshRates(server.app.ctx, now);
    expect((await addFunds(token, 'BTC', '12345678')).status).toBe(201);
    expect((await addFunds(token, 'USD', '1050')).status).toBe(201);
    expect((await addFunds(token, 'ETH', '1000000000000000001')).status).toBe(201);
    const { body } = await server.api.get<Wallet>('/wallet', { token });
    const rates: Rates = await listRates(server.app.ctx);
    const worth = (asset: 'BTC' | 'ETH' | 'USD', amount: bigint, quote: 'USD' | 'NGN') => {
      const rate = rates.rates.find((r) => r.base === asset && r.quote === quote)!;
      return convertAmount(amount, asset, quote, rational(BigInt(rate.exact!.numerator), BigInt(rate.exact!.denominator)), 'down');
    };
    const row = (asset: string) => body.data.assets.find((a) => a.asset === asset)!;
    expect(row('BTC')).toMatchObject({ available: '12345678', total: '12345678', rateStale: false });
    expect(row('BTC').value).toEqual({ USD: worth('BTC', 12_345_678n, 'USD').toString(), NGN: worth('BTC', 12_345_678n, 'NGN').toString() });
    expect(row('ETH').available).toBe('1000000000000000001');
    expect(row('USD').value.USD).toBe('1050');
    // Rounded down: 1 wei more than 1 ETH is worth what 1 ETH is.
    expect(row('ETH').value.USD).toBe(worth('ETH', 10n ** 18n, 'USD').toString());
    const usd = ['BTC', 'ETH', 'USD'].reduce((sum, asset) => sum + BigInt(row(asset).value.USD!), 0n);
    expect(body.data.total).toEqual({ USD: usd.toString(), NGN: expect.stringMatching(/^[1-9]\d*$/), complete: true });
  });

  it('shows stale rates as such: the value is null, the total says it is incomplete', async () => {
    const { companyId, token } = await merchant();
    await refreshRates(server.app.ctx);
    await addFunds(token, 'BTC', '100');
    const { getWallet } = await import('./wallet');
    const scope = { companyId, livemode: false };
    const fresh = await getWallet(server.app.ctx, scope);
    expect(fresh.assets.find((a) => a.asset === 'BTC')!.value.USD).not.toBeNull();
    const stale = await getWallet(server.app.ctx, scope, new Date(Date.now() + 3_600_000));
    expect(stale.assets.find((a) => a.asset === 'BTC')).toMatchObject({ value: { USD: null, NGN: null }, rateStale: true, available: '100' });
    expect(stale.total.complete).toBe(false);
  });

  it("loads in a fixed number of queries, however many assets hold money", async () => {
    const { token } = await merchant();
    for (const asset of ['BTC', 'USD', 'ETH', 'NGN', 'USDT']) await addFunds(token, asset, '100');
    const queries: string[] = [];
    const db = server.app.ctx.db;
    const counting: Queryable = new Proxy(db, {
      get(target, name, receiver) {
        if (name === 'query') return (sql: string, params?: unknown[]) => (queries.push(sql), target.query(sql, params));
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const { getWallet } = await import('./wallet');
    const { rows } = await db.query<{ company_id: string }>('SELECT company_id FROM wallet_test_funds ORDER BY created_at DESC LIMIT 1');
    const wallet = await getWallet({ ...server.app.ctx, db: counting as typeof db }, { companyId: rows[0]!.company_id, livemode: false });
    expect(wallet.assets.filter((a) => a.available === '100')).toHaveLength(5);
    // The balances, the rates, today's test funds.
    expect(queries).toHaveLength(3);
  });
});

describe('test funds', () => {
  it('adds to the available balance from the test faucet: one entry, an event, a notification, a statement line', async () => {
    const { token, key, companyId } = await merchant();
    const { status, body } = await addFunds(key, 'BTC', '15000000');
    expect(status).toBe(201);
    expect(body.message).toBe(walletMessages.testFundsAdded('BTC', 15_000_000n));
    expect(body.data).toMatchObject({ asset: 'BTC', amount: '15000000', addedToday: '15000000', dailyCap: '100000000' });

    const lines = (await statement(token, 'BTC')).body.data.lines;
    expect(lines).toEqual([
      { id: expect.stringMatching(/^\d+$/), at: body.data.createdAt, kind: 'test_funds', description: 'Test funds', counterparty: { name: 'FiPay test funds', tag: null }, amount: '15000000', balanceAfter: '15000000' },
    ]);
    const events = (await server.api.get('/events?type=wallet.test_funds_added', { token: key })).body.data.events as { data: { object: Record<string, unknown> } }[];
    expect(events).toHaveLength(1);
    expect(events[0]!.data.object).toEqual({ id: body.data.id, object: 'test_funds', asset: 'BTC', amount: '15000000' });
    const notices = (await server.api.get('/notification/user?pageSize=50', { token })).body.data.notifications as { title: string; message: string }[];
    expect(notices).toContainEqual(expect.objectContaining({ title: 'Test funds added', message: '0.15 BTC of test funds were added to your test balance.' }));
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries WHERE company_id = $1 AND kind = 'test_funds'", [companyId]);
    expect(rows[0]!.n).toBe(1);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refuses amounts that are not a positive whole number of the smallest unit, and unknown assets', async () => {
    const { token } = await merchant();
    const refusals: [string, unknown, string][] = [
      ['BTC', '1.5', amountMessages.digitsOnly],
      ['BTC', '0', amountMessages.zero],
      ['BTC', '-5', amountMessages.digitsOnly],
      ['BTC', '007', amountMessages.digitsOnly],
      ['BTC', '1'.repeat(79), amountMessages.digitsOnly],
      ['BTC', 5, amountMessages.digitsOnly],
      ['BTC', '', amountMessages.digitsOnly],
    ];
    for (const [asset, amount, message] of refusals) {
      const res = await addFunds(token, asset, amount);
      expect(res.status, JSON.stringify(amount)).toBe(400);
      expect(res.body.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: { amount: expect.any(String) } });
      expect(errorsOf(res).amount, JSON.stringify(amount)).toBe(message);
    }
    for (const asset of ['DOGE', 'btc', 'US', '%00']) {
      const res = await addFunds(token, asset, '100');
      expect(res.status, asset).toBe(400);
    }
    expect(errorsOf(await addFunds(token, 'DOGE', '100'))).toEqual({ asset: 'Choose one of NGN, USD, GBP, EUR, BTC, ETH, USDT, USDC.' });
    // The largest amount numeric(78,0) holds is past any cap.
    const huge = await addFunds(token, 'ETH', '9'.repeat(78));
    expect(huge.status).toBe(422);
    expect((await statement(token, 'ETH')).body.data.lines).toEqual([]);
  });

  it('are capped per asset per UTC day: past the cap is refused with what is left', async () => {
    const { token } = await merchant();
    expect((await addFunds(token, 'USD', '9000')).status).toBe(201);
    const over = await addFunds(token, 'USD', '1001');
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ message: walletMessages.testFundsOverCap('USD', 10_000n, 1_000n), data: { code: 'UNPROCESSABLE', errors: { amount: walletMessages.testFundsOverCap('USD', 10_000n, 1_000n) } } });
    expect((await addFunds(token, 'USD', '1000')).status).toBe(201);
    expect((await addFunds(token, 'USD', '1')).body.message).toBe(walletMessages.testFundsOverCap('USD', 10_000n, 0n));
    // Each asset has its own cap.
    expect((await addFunds(token, 'BTC', '1')).status).toBe(201);
    const usd = (await server.api.get<Wallet>('/wallet', { token })).body.data.assets.find((a) => a.asset === 'USD')!;
    expect(usd).toMatchObject({ available: '10000', testFunds: { dailyCap: '10000', addedToday: '10000' } });
  });

  it('hold the cap under concurrent requests: exactly as many pass as fit', async () => {
    const { token, companyId } = await merchant();
    // 1 BTC a day: 12 requests of 0.1 BTC at once, 10 fit.
    const answers = await Promise.all(Array.from({ length: 12 }, () => addFunds(token, 'BTC', '10000000')));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), 422, 422]);
    const btc = (await server.api.get<Wallet>('/wallet', { token })).body.data.assets.find((a) => a.asset === 'BTC')!;
    expect(btc.available).toBe('100000000');
    const { rows } = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM wallet_test_funds WHERE company_id = $1 AND asset = 'BTC'", [companyId]);
    expect(rows[0]!.n).toBe(10);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('are made once per Idempotency-Key', async () => {
    const { token, key } = await merchant();
    const headers = { 'Idempotency-Key': 'faucet-1' };
    const first = await addFunds(key, 'USDT', '2500000', headers);
    const again = await addFunds(key, 'USDT', '2500000', headers);
    expect(first.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await statement(token, 'USDT')).body.data.lines).toHaveLength(1);
    // The same key with another request is refused.
    expect((await addFunds(key, 'USDT', '1', headers)).status).toBe(422);
  });

  it('are refused in live mode, and nothing moves', async () => {
    const { token, companyId } = await merchant();
    await server.db.query(`INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED') ON CONFLICT (company_id) DO UPDATE SET status = 'APPROVED'`, [companyId]);
    const live = { 'FiPay-Mode': 'live' };
    const res = await addFunds(token, 'BTC', '100', live);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: walletMessages.testFundsLiveMode, data: { code: 'FORBIDDEN' } });
    const wallet = (await server.api.get<Wallet>('/wallet', { token, headers: live })).body.data;
    expect(wallet.livemode).toBe(true);
    expect(wallet.assets.every((a) => a.available === '0' && a.testFunds === null)).toBe(true);
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_test_funds WHERE company_id = $1', [companyId]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('the statement', () => {
  it('pages newest first by keyset, with the balance after each line, and filters', async () => {
    const { token } = await merchant();
    for (const amount of ['100', '200', '300', '400', '500']) await addFunds(token, 'EUR', amount);
    const first = (await statement(token, 'EUR', '?limit=2')).body.data;
    expect(first.lines.map((l) => [l.amount, l.balanceAfter])).toEqual([['500', '1500'], ['400', '1000']]);
    expect(first.nextBefore).toBe(first.lines[1]!.id);
    const second = (await statement(token, 'EUR', `?limit=2&before=${first.nextBefore}`)).body.data;
    expect(second.lines.map((l) => l.amount)).toEqual(['300', '200']);
    const last = (await statement(token, 'EUR', `?limit=2&before=${second.nextBefore}`)).body.data;
    expect(last.lines.map((l) => l.amount)).toEqual(['100']);
    expect(last.nextBefore).toBeNull();

    expect((await statement(token, 'EUR', '?direction=out')).body.data.lines).toEqual([]);
    expect((await statement(token, 'EUR', '?direction=in')).body.data.lines).toHaveLength(5);
    const today = new Date().toISOString().slice(0, 10);
    expect((await statement(token, 'EUR', `?from=${today}&to=${today}`)).body.data.lines).toHaveLength(5);
    expect((await statement(token, 'EUR', '?to=2001-01-01')).body.data.lines).toEqual([]);
    expect((await statement(token, 'EUR', `?from=${new Date(Date.now() + 60_000).toISOString()}`)).body.data.lines).toEqual([]);
    expect((await statement(token, 'GBP')).body.data).toEqual({ asset: 'GBP', lines: [], nextBefore: null });
  });

  it('answers a clear 400 for a bad asset, cursor, date, direction or limit', async () => {
    const { token } = await merchant();
    const cases: [string, string, string][] = [
      ['DOGE', '', 'asset'],
      ['eth', '', 'asset'],
      ['ETH', '?before=abc', 'before'],
      ['ETH', '?before=0', 'before'],
      ['ETH', '?before=-1', 'before'],
      ['ETH', '?before=99999999999999999999', 'before'],
      ['ETH', '?before=9223372036854775808', 'before'],
      ['ETH', '?from=2026-02-30', 'from'],
      ['ETH', '?from=yesterday', 'from'],
      ['ETH', '?to=2026-11-26T25:00:00Z', 'to'],
      ['ETH', '?from=2026-11-27&to=2026-11-26', 'to'],
      ['ETH', '?direction=sideways', 'direction'],
      ['ETH', '?limit=0', 'limit'],
      ['ETH', '?limit=101', 'limit'],
      ['ETH', '?limit=1.5', 'limit'],
    ];
    for (const [asset, query, field] of cases) {
      const res = await statement(token, asset, query);
      expect(res.status, `${asset}${query}`).toBe(400);
      expect(errorsOf(res), `${asset}${query}`).toHaveProperty(field);
    }
    expect(errorsOf(await statement(token, 'ETH', '?before=abc')).before).toBe(walletMessages.cursorInvalid);
    expect((await statement(token, 'ETH', '?before=9223372036854775807')).status).toBe(200);
  });

  it("names counterparties through the resolver of each entry kind, once per kind per page", async () => {
    const { token, companyId } = await merchant();
    const calls: string[][] = [];
    registerCounterpartyResolver('example_transfer', async (_db, references, viewer) => {
      calls.push(references);
      expect(viewer).toEqual({ companyId, livemode: false });
      return new Map(references.filter((reference) => reference !== 'unknown').map((reference) => [reference, { name: `Acme ${reference}`, tag: 'acme' }]));
    });
    const entry = (reference: string) => ({
      livemode: false,
      companyId,
      kind: 'example_transfer',
      reference,
      description: 'Transfer',
      lines: [
        { account: { companyId, code: 'available' as const, currency: 'GBP' as const }, amount: -100n },
        { account: { code: 'test_faucet' as const, currency: 'GBP' as const }, amount: 100n },
      ],
    });
    await server.db.transaction((tx) => postEntries(tx, [entry('t1'), entry('t2'), entry('unknown')]));
    await addFunds(token, 'GBP', '5');
    // Without its SQL form, the export names them from the resolver too; with it, the database does, to the same bytes.
    expect(kindsWithoutSql()).toEqual(['example_transfer']);
    const csv = async () => (await fetch(`${server.baseUrl}/api/v1/wallet/GBP/statement.csv`, { headers: { authorization: `Bearer ${token}` } })).text();
    const fromResolvers = await csv();
    expect(fromResolvers).toContain('"example_transfer","Transfer","Acme t2","acme","GBP","1.00","2.00"');
    registerCounterpartySql('example_transfer', (line) => `SELECT 'Acme ' || ${line.reference} AS name, 'acme'::text AS tag WHERE ${line.reference} <> 'unknown'`);
    expect(kindsWithoutSql()).toEqual([]);
    expect(await csv()).toBe(fromResolvers);
    expect(() => registerCounterpartySql('example_transfer', () => 'SELECT 1')).toThrow(/registered already/);
    const answer = await statement(token, 'GBP');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const lines = answer.body.data.lines;
    expect(lines.map((line) => [line.kind, line.counterparty])).toEqual([
      ['test_funds', { name: 'FiPay test funds', tag: null }],
      ['example_transfer', null],
      ['example_transfer', { name: 'Acme t2', tag: 'acme' }],
      ['example_transfer', { name: 'Acme t1', tag: 'acme' }],
    ]);
    expect(calls.at(-1)).toEqual(['unknown', 't2', 't1']);
    expect(() => registerCounterpartyResolver('test_funds', async () => new Map())).toThrow(/registered already/);
  });

  it("never shows another company's lines or balances", async () => {
    const a = await merchant();
    const b = await merchant();
    await addFunds(a.token, 'ETH', '5000');
    expect((await statement(b.token, 'ETH')).body.data.lines).toEqual([]);
    expect((await statement(b.key, 'ETH')).body.data.lines).toEqual([]);
    const line = (await statement(a.token, 'ETH')).body.data.lines[0]!;
    // A's cursor in B's statement pages B's own (empty) lines.
    expect((await statement(b.token, 'ETH', `?before=${BigInt(line.id) + 1n}`)).body.data.lines).toEqual([]);
    expect((await server.api.get<Wallet>('/wallet', { token: b.token })).body.data.assets.every((x) => x.available === '0')).toBe(true);
    const csv = await fetch(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv`, { headers: { authorization: `Bearer ${b.key}` } });
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1);
  });
});

/** A GET with only this Accept-Encoding (fetch would decode it). */
function rawGet(url: string, token: string, encoding: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the statement as CSV', () => {
  it('has every line with exact decimal amounts, the filters, and gzip when asked', async () => {
    const { token, key } = await merchant();
    await addFunds(token, 'ETH', '1500000000000000000');
    await addFunds(token, 'ETH', '1');
    const res = await fetch(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="fipay-test-eth-statement-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const rows = text.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('"line_id","created_at","kind","description","counterparty","counterparty_tag","asset","amount","balance_after"');
    expect(rows.slice(1).map((row) => row.split(',').slice(2).join(','))).toEqual([
      '"test_funds","Test funds","FiPay test funds","","ETH","0.000000000000000001","1.500000000000000001"',
      '"test_funds","Test funds","FiPay test funds","","ETH","1.500000000000000000","1.500000000000000000"',
    ]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await (await fetch(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv?from=${later}`, { headers: { authorization: `Bearer ${key}` } })).text()).trim().split('\r\n')).toHaveLength(1);
    expect((await fetch(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv?from=nope`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/v1/wallet/XRP/statement.csv`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(400);

    const gzipped = await rawGet(`${server.baseUrl}/api/v1/wallet/ETH/statement.csv`, key, 'gzip');
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(text.startsWith('\uFEFF') ? text : `\uFEFF${text}`);
  });

  it('reads in batches as the client reads: memory stays flat however many lines there are', async () => {
    const { token, companyId } = await merchant();
    // 60 lines in one posting statement (test funds would be capped), through the ledger's own function.
    await server.db.transaction((tx) =>
      postEntries(
        tx,
        Array.from({ length: 60 }, (_, index) => ({
          livemode: false,
          companyId,
          kind: 'test_funds',
          reference: `bulk-${companyId}-${index}`,
          description: 'Test funds',
          lines: [
            { account: { companyId, code: 'available' as const, currency: 'USDC' as const }, amount: -BigInt(index + 1) },
            { account: { code: 'test_faucet' as const, currency: 'USDC' as const }, amount: BigInt(index + 1) },
          ],
        })),
      ),
    );
    const rowsPerQuery: number[] = [];
    // Without COPY (the embedded database's way, and PostgreSQL's past the bound of exports streaming from it).
    const counting: Queryable = new Proxy(server.db as Queryable, {
      get(target, name, receiver) {
        if (name === 'copyLines') return undefined;
        if (name === 'query')
          return async (sql: string, params?: unknown[]) => {
            const result = await target.query(sql, params);
            rowsPerQuery.push(result.rows.length);
            return result;
          };
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const scope = { companyId, livemode: false };
    const whole: Buffer[] = [];
    for await (const chunk of exportStatementCsv(counting, scope, 'USDC', {}, 7)) whole.push(chunk as Buffer);
    const lines = Buffer.concat(whole).toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(60);
    expect(new Set(lines.map((line) => line.split(',')[0])).size).toBe(60);
    expect(lines[0]).toContain('"0.000060","0.001830"');
    // No query read more than one batch: what is held at once is a batch, whatever the total.
    expect(Math.max(...rowsPerQuery)).toBeLessThanOrEqual(7);
    expect(rowsPerQuery.length).toBeGreaterThanOrEqual(60 / 7);

    // A client that reads the first chunk and goes away costs one batch.
    rowsPerQuery.length = 0;
    const stream = exportStatementCsv(counting, scope, 'USDC', {}, 7);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    stream.destroy();
    expect(rowsPerQuery.length).toBeLessThanOrEqual(3);
    void token;
  });
});
