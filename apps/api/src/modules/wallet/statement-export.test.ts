import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetCode } from '@fipay/contracts/assets';
import type { WalletStatementFilters } from '@fipay/contracts/wallet';
import type { Queryable } from '../../db/client';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { postEntries, type Entry } from '../ledger/ledger';
import { kindsWithoutSql } from './counterparties';
import { exportStatementCsv, STATEMENT_COPY_EXPORTS_AT_ONCE, statementCopyExportsStreaming, statementCsvFromResolvers } from './statement-export';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const onPostgres = process.env.TEST_DB === 'postgres';

async function merchant() {
  const session = await login(server, await createVerifiedUser(server));
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  return { token: session.accessToken, key, companyId: session.user.companyId as string, userId: session.user.id as string };
}

async function whole(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** The database without `copyLines`: the export reads keyset batches, as on the embedded one. */
const withoutCopy = (db: Queryable): Queryable =>
  new Proxy(db, { get: (target, name, receiver) => (name === 'copyLines' ? undefined : (Reflect.get(target, name, receiver) as unknown)) });

/** An entry of `kind` moving `amount` into the company's available `asset` (out when negative), the faucet on the other side. */
const entry = (companyId: string, asset: AssetCode, kind: string, reference: string, description: string, amount: bigint): Entry => ({
  livemode: false,
  companyId,
  kind,
  reference,
  description,
  lines: [
    { account: { companyId, code: 'available', currency: asset }, amount: -amount },
    { account: { code: 'test_faucet', currency: asset }, amount },
  ],
});

const TRICKY = ['Plain', 'say "hi", then\r\nleave', '=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tTab', '-12.5', 'Ọlá "Ẹ̀kọ́", Lagos', "it's $1 and $2", ''];

describe('the statement export written by the database', () => {
  it('has a SQL form for the counterparty of every entry kind that has a resolver', () => {
    expect(kindsWithoutSql()).toEqual([]);
  });

  it('is byte for byte the CSV formatted from the resolvers, over every kind of line and tricky values, with every filter', async () => {
    const a = await merchant();
    const b = await merchant();
    const c = await merchant();
    // Names a spreadsheet would run, quotes, commas and line breaks; a current tag on one side.
    await server.db.query('UPDATE companies SET name = $2 WHERE id = $1', [b.companyId, '=Acme, "Trading"\r\nLtd']);
    await server.db.query('UPDATE companies SET name = $2 WHERE id = $1', [c.companyId, '-Minus @home']);
    await server.db.query("INSERT INTO fipay_tags (tag, company_id) VALUES ('acme_' || substr(md5(random()::text), 1, 8), $1)", [b.companyId]);

    const transferRow = async (from: string, to: string, asset: AssetCode, amount: bigint, user: string) =>
      (
        await server.db.query<{ id: string }>(
          `INSERT INTO transfers (livemode, from_company_id, to_company_id, asset, amount, usd_cents, recipient_kind, recipient_handle, sent_by_user_id)
           VALUES (false, $1, $2, $3, $4, 0, 'email', 'x@example.com', $5) RETURNING id`,
          [from, to, asset, amount.toString(), user],
        )
      ).rows[0]!.id;
    const transactionRow = async (companyId: string, purpose: 'payment' | 'top_up', channel: 'card' | 'bank_transfer' | null, name: string, email: string) => {
      const reference = `ref_${randomUUID().slice(0, 12)}`;
      const { rows } = await server.db.query<{ provider_reference: string }>(
        `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name, purpose, status, fee, net, channel, paid_at)
         VALUES ($1, false, $2, 10000, 'sandbox', $3, $4, $5, $6, $7, $8, $9, $10) RETURNING provider_reference`,
        [companyId, reference, email, name, purpose, channel ? 'success' : 'pending', channel ? 150 : null, channel ? 9850 : null, channel, channel ? new Date() : null],
      );
      return rows[0]!.provider_reference;
    };
    const withdrawalRow = async (companyId: string, userId: string, accountName: string, accountNumber: string) =>
      (
        await server.db.query<{ id: string }>(
          `INSERT INTO withdrawals (company_id, livemode, asset, amount, usd_cents, destination_kind, account_name, bank_code, account_number, provider, reference, sent_by_user_id)
           VALUES ($1, false, 'NGN', 500, 1, 'ng_bank_account', $2, '058', $3, 'sandbox', $4, $5) RETURNING id`,
          [companyId, accountName, accountNumber, `wd_${randomUUID()}`, userId],
        )
      ).rows[0]!.id;

    // ETH: 18 decimals, amounts far above 2^63, in and out, transfers both ways, references that name nothing.
    const huge = 123_456_789_012_345_678_901_234_567n;
    const toB = await transferRow(a.companyId, b.companyId, 'ETH', 1n, a.userId);
    const fromC = await transferRow(c.companyId, a.companyId, 'ETH', 1n, c.userId);
    const elsewhere = await transferRow(b.companyId, c.companyId, 'ETH', 1n, b.userId);
    const eth: Entry[] = [
      entry(a.companyId, 'ETH', 'test_funds', randomUUID(), 'Test funds', huge),
      entry(a.companyId, 'ETH', 'transfer', toB, TRICKY[1]!, -(2n ** 63n + 1n)),
      entry(a.companyId, 'ETH', 'transfer', fromC, TRICKY[2]!, 9_223_372_036_854_775_808_000n),
      entry(a.companyId, 'ETH', 'transfer', elsewhere, 'Not ours', 1n),
      entry(a.companyId, 'ETH', 'transfer', toB.toUpperCase(), 'Upper-case id', 2n),
      entry(a.companyId, 'ETH', 'transfer', 'not-a-uuid', 'Bad reference', 3n),
      entry(a.companyId, 'ETH', 'transfer', randomUUID(), 'Unknown transfer', -1n),
      ...TRICKY.map((description, i) => entry(a.companyId, 'ETH', 'test_funds', randomUUID(), description, BigInt(i + 1) * (i % 2 === 0 ? 1n : -1n))),
      entry(a.companyId, 'ETH', 'example_kind_without_resolver', 'x', '@nobody', 5n),
    ];
    // NGN: payments and top-ups released, withdrawals in their three kinds, a refund, another company's payment.
    const payment = await transactionRow(a.companyId, 'payment', 'card', '=cmd|" /C calc"!A0', 'buyer@shop.ng');
    const unnamed = await transactionRow(a.companyId, 'payment', 'bank_transfer', '', '+234@shop.ng');
    const topUpCard = await transactionRow(a.companyId, 'top_up', 'card', '', 'me@a.ng');
    const topUpBank = await transactionRow(a.companyId, 'top_up', 'bank_transfer', '', 'me@a.ng');
    const topUpPending = await transactionRow(a.companyId, 'top_up', null, '', 'me@a.ng');
    const othersPayment = await transactionRow(b.companyId, 'payment', 'card', 'Not yours', 'x@b.ng');
    const withdrawal = await withdrawalRow(a.companyId, a.userId, 'Ada "Ventures", Ltd', '0123456789');
    const shortAccount = await withdrawalRow(a.companyId, a.userId, '-Short', '12');
    const iban = await withdrawalRow(a.companyId, a.userId, 'Euro account', 'GB29NWBK60161331926819');
    const othersWithdrawal = await withdrawalRow(b.companyId, b.userId, 'Not yours', '9999999999');
    const ngn: Entry[] = [
      entry(a.companyId, 'NGN', 'release', payment, 'Charge available', 987_654_321n),
      entry(a.companyId, 'NGN', 'release', unnamed, 'Charge available', 1n),
      entry(a.companyId, 'NGN', 'release', topUpCard, 'Top-up available', 10n),
      entry(a.companyId, 'NGN', 'release', topUpBank, 'Top-up available', 20n),
      entry(a.companyId, 'NGN', 'release', topUpPending, 'Top-up available', 30n),
      entry(a.companyId, 'NGN', 'release', othersPayment, 'Not ours', 40n),
      entry(a.companyId, 'NGN', 'withdrawal', withdrawal, 'Withdrawal', -500n),
      entry(a.companyId, 'NGN', 'withdrawal.failed', withdrawal, 'Withdrawal returned', 500n),
      entry(a.companyId, 'NGN', 'withdrawal', shortAccount, 'Withdrawal', -99n),
      entry(a.companyId, 'NGN', 'withdrawal.paid', iban, '=Withdrawal paid', -1n),
      entry(a.companyId, 'NGN', 'withdrawal', othersWithdrawal, 'Not ours', -2n),
      entry(a.companyId, 'NGN', 'refund', randomUUID(), 'Refund of "ref_1", card', -7n),
    ];
    await server.db.transaction((tx) => postEntries(tx, eth));
    await server.db.transaction((tx) => postEntries(tx, ngn));
    // Lines of another company in the same asset are no part of A's statement.
    await server.db.transaction((tx) => postEntries(tx, [entry(b.companyId, 'ETH', 'test_funds', randomUUID(), 'B only', 5n)]));

    const scope = { companyId: a.companyId, livemode: false };
    const today = new Date().toISOString().slice(0, 10);
    const filterSets: WalletStatementFilters[] = [
      {},
      { direction: 'in' },
      { direction: 'out' },
      { from: today, to: today },
      { from: today, direction: 'out' },
      { to: '2001-01-01' },
      { from: new Date(Date.now() + 60_000).toISOString() },
    ];
    for (const asset of ['ETH', 'NGN'] as const) {
      for (const filters of filterSets) {
        const label = `${asset} ${JSON.stringify(filters)}`;
        const expected = await whole(statementCsvFromResolvers(server.db, scope, asset, filters));
        expect(await whole(exportStatementCsv(server.db, scope, asset, filters)), label).toBe(expected);
        // In keyset batches (the embedded database's way, and PostgreSQL's past the COPY bound), across batch ends.
        expect(await whole(exportStatementCsv(withoutCopy(server.db), scope, asset, filters, 4)), label).toBe(expected);
      }
    }

    // The bytes themselves, not only their agreement: a few lines as written by hand.
    const all = (await whole(exportStatementCsv(server.db, scope, 'ETH', {}))).slice(1).trimEnd().split(/\r\n(?=")/);
    const rows = (await whole(exportStatementCsv(server.db, scope, 'NGN', {}))).slice(1).trimEnd().split(/\r\n(?=")/);
    const tail = (line: string) => line.split('","').slice(2).join('","');
    const find = (lines: string[], text: string) => tail(lines.find((line) => line.includes(text))!);
    const bTag = (await server.db.query<{ tag: string }>('SELECT tag FROM fipay_tags WHERE company_id = $1', [b.companyId])).rows[0]!.tag;
    expect(find(all, 'Trading')).toBe(`transfer","say ""hi"", then\r\nleave","'=Acme, ""Trading""\r\nLtd","${bTag}","ETH","-9.223372036854775809","123456779.788973642046458758"`);
    expect(find(all, 'Minus @home')).toBe(`transfer","'=HYPERLINK(""http://evil"")","'-Minus @home","","ETH","9223.372036854775808000","123466003.161010496822266758"`);
    expect(find(all, '"-12.5"')).toMatch(/^test_funds","-12.5","FiPay test funds","","ETH","-0.000000000000000008","/);
    expect(find(all, 'Upper-case id')).toMatch(/^transfer","Upper-case id","","","ETH","0.000000000000000002","/);
    expect(find(all, '@nobody')).toMatch(/^example_kind_without_resolver","'@nobody","","","ETH","0.000000000000000005","/);
    expect(find(rows, 'cmd|')).toBe(`release","Charge available","'=cmd|"" /C calc""!A0","","NGN","9876543.21","9876543.21"`);
    expect(find(rows, '+234')).toBe(`release","Charge available","'+234@shop.ng","","NGN","0.01","9876543.22"`);
    expect(rows.filter((line) => line.includes('Your top-up by card'))).toHaveLength(2);
    expect(rows.filter((line) => line.includes('Your top-up by bank transfer'))).toHaveLength(1);
    expect(find(rows, 'Not ours","","","NGN","0.40')).toBe('release","Not ours","","","NGN","0.40","9876544.22"');
    expect(find(rows, '-Short')).toMatch(/^withdrawal","Withdrawal","'-Short ••12","","NGN","-0.99","/);
    expect(find(rows, 'Euro account')).toMatch(/^withdrawal.paid","'=Withdrawal paid","Euro account ••••••••6819","","NGN","-0.01","/);
    expect(rows.filter((line) => line.includes('Ada ""Ventures"", Ltd ••••••6789'))).toHaveLength(2);
    expect(find(rows, 'Refund')).toMatch(/^refund","Refund of ""ref_1"", card","","","NGN","-0.07","/);
    expect(rows.some((line) => line.includes('Not yours'))).toBe(false);
    expect(all.some((line) => line.includes('B only'))).toBe(false);
    // Header, then every line of A's, newest first.
    expect(all[0]).toBe('"line_id","created_at","kind","description","counterparty","counterparty_tag","asset","amount","balance_after"');
    expect(all).toHaveLength(1 + eth.length);
    const ids = all.slice(1).map((line) => BigInt(line.slice(1, line.indexOf('"', 1))));
    expect(ids).toEqual([...ids].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0)));
  });

  it('streams from one COPY on PostgreSQL, a bounded number at once, and gives the connection back when its reader goes away', async () => {
    const { companyId, key } = await merchant();
    const scope = { companyId, livemode: false };
    // More than the sockets between the database, the server and the client hold, on PostgreSQL; the embedded database
    // posts far slower, and reads in batches whatever the count.
    const lines = onPostgres ? 20_000 : 2_000;
    for (let start = 0; start < lines; start += 1000)
      await server.db.transaction((tx) =>
        postEntries(
          tx,
          Array.from({ length: 1000 }, (_, i) => entry(companyId, 'USDT', 'test_funds', `bulk-${start + i}`, `A description long enough to fill the sockets, number ${start + i}`, BigInt(start + i + 1))),
        ),
      );
    const alone = await whole(exportStatementCsv(server.db, scope, 'USDT', {}));
    expect(alone.split('\r\n')).toHaveLength(lines + 2);
    expect(statementCopyExportsStreaming()).toBe(0);
    const many = Array.from({ length: STATEMENT_COPY_EXPORTS_AT_ONCE + 2 }, () => exportStatementCsv(server.db, scope, 'USDT', {}));
    expect(statementCopyExportsStreaming()).toBe(onPostgres ? STATEMENT_COPY_EXPORTS_AT_ONCE : 0);
    for (const text of await Promise.all(many.map(whole))) expect(text).toBe(alone);
    expect(statementCopyExportsStreaming()).toBe(0);

    // A reader that goes away before reading anything (no COPY is opened for it: the lines' bounds are searched
    // first), one that takes the first chunk, and one over HTTP. The COPY streams they opened are destroyed, which
    // gives their connections back (db/copy-lines.ts; copy-lines.test.ts).
    const opened: Readable[] = [];
    const recording = new Proxy(server.db, {
      get: (target, name, receiver) =>
        name === 'copyLines' && target.copyLines
          ? (sql: string, params: unknown[]) => {
              const lines = target.copyLines!(sql, params);
              opened.push(lines);
              return lines;
            }
          : (Reflect.get(target, name, receiver) as unknown),
    });
    exportStatementCsv(recording, scope, 'USDT', {}).destroy();
    const abandoned = exportStatementCsv(recording, scope, 'USDT', {});
    await new Promise((resolve) => abandoned.once('readable', resolve));
    abandoned.destroy();
    expect(opened).toHaveLength(onPostgres ? 1 : 0);
    await expect.poll(() => opened.every((lines) => lines.destroyed), { timeout: 10_000 }).toBe(true);
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/api/v1/wallet/USDT/statement.csv`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value!.subarray(3, 20))).toBe('"line_id","create');
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => statementCopyExportsStreaming(), { timeout: 10_000 }).toBe(0);
    if (onPostgres) {
      const copying = async () =>
        (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (SELECT concat(%l.id,%' AND state <> 'idle'")).rows[0]!.n;
      await expect.poll(copying, { timeout: 10_000 }).toBe(0);
    }
    // The pool still answers, and the next export is whole.
    expect(await whole(exportStatementCsv(server.db, scope, 'USDT', {}))).toBe(alone);
  }, 120_000);
});
