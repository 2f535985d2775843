/**
 * The payments benchmark (issue 13), on the embedded database and then PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set:
 *
 *   npm run bench:payments          # BENCH_EMBEDDED=0: PostgreSQL only
 *
 * - checkout to webhook: 20 customers at once pay sandbox checkouts with the success card; from each card
 *   request to the signed `charge.success` delivery arriving at a receiver on 127.0.0.1. Target p50 < 300 ms,
 *   p99 < 1 s.
 * - charges and refunds under load: 1,000 successful charges with 50 in flight, then 200 refunds at once, on one
 *   company; the ledger must hold together (every entry sums to zero, every kept balance equals its lines, no
 *   refund over its charge). Prints ledger entries written per second.
 * - deep pages and the export at 200,000 transactions: page 1 against the 1,000th page of a filtered list
 *   (autocannon, alternating rounds; target within 1.5x), and the CSV export of all 200,000 with the process's
 *   memory sampled while it streams (target: growth under 100 MB).
 * Nothing is asserted: it reports.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { testCards } from '@fipay/contracts/payments';
import { createVerifiedUser, signIn } from './fixtures';
import { createClient, type HttpClient } from './http';
import { redactUrl, startBenchServer, type BenchServer } from './server';
import { round, summarize } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** BENCH_PAYMENTS_CASES=webhook runs the first case only (for profiling). */
const ONLY_WEBHOOK = process.env.BENCH_PAYMENTS_CASES === 'webhook';
const card = { number: testCards[0].number, expiry: '12/39', cvv: '123' };

type Line = { case: string; figure: string; target: string; met: boolean | null };

function dataOf<T>(text: string): T {
  return (JSON.parse(text) as { data: T }).data;
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function merchant(server: BenchServer, client: HttpClient) {
  const email = await createVerifiedUser(server, client);
  const session = await signIn(client, email);
  const keys = await client.request('POST', '/api/v1/api-keys', {}, session.accessToken);
  if (keys.status !== 201) throw new Error(`setup keys failed: ${keys.status} ${keys.text}`);
  const [user] = await server.sql<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [email]);
  return { key: dataOf<{ secretKey: string }>(keys.text).secretKey, companyId: user!.company_id };
}

async function charge(client: HttpClient, key: string, amount: number): Promise<string> {
  const started = await client.request('POST', '/api/v1/transactions/initialize', { amount, email: 'bench@shop.ng' }, key);
  if (started.status !== 201) throw new Error(`initialize failed: ${started.status} ${started.text}`);
  const { reference, accessCode } = dataOf<{ reference: string; accessCode: string }>(started.text);
  const paid = await client.request('POST', `/api/v1/checkout/${accessCode}/card`, card);
  if (paid.status !== 200) throw new Error(`card failed: ${paid.status} ${paid.text}`);
  return reference;
}

type Merchant = Awaited<ReturnType<typeof merchant>>;

async function checkoutToWebhook(server: BenchServer, client: HttpClient, { key }: Merchant): Promise<Line[]> {
  const arrived = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { object: { reference?: string } } };
        if (event.type === 'charge.success' && event.data.object.reference) arrived.set(event.data.object.reference, at);
      } catch {
        // Not an event: ignored.
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const endpoint = await client.request('POST', '/api/v1/webhook-endpoints', { url, enabledEvents: ['charge.success'] }, key);
    if (endpoint.status !== 201) throw new Error(`webhook endpoint failed: ${endpoint.status} ${endpoint.text}`);
    const total = 200;
    const sent = new Map<string, number>();
    const busyBefore = server.eventLoopUtilization();
    await pool(total, 20, async () => {
      const started = await client.request('POST', '/api/v1/transactions/initialize', { amount: 250_000, email: 'bench@shop.ng' }, key);
      const { reference, accessCode } = dataOf<{ reference: string; accessCode: string }>(started.text);
      sent.set(reference, performance.now());
      const paid = await client.request('POST', `/api/v1/checkout/${accessCode}/card`, card);
      if (paid.status !== 200) throw new Error(`card failed: ${paid.status} ${paid.text}`);
    });
    const deadline = performance.now() + 30_000;
    while (arrived.size < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...sent].filter(([ref]) => arrived.has(ref)).map(([ref, at]) => arrived.get(ref)! - at);
    const { p50, p99, max } = summarize(latencies);
    const busy = server.eventLoopUtilization(busyBefore).utilization;
    return [
      {
        case: `checkout -> charge.success webhook, 20 at once (${latencies.length}/${total} arrived)`,
        figure: `p50 ${round(p50, 1)} ms, p99 ${round(p99, 1)} ms, max ${round(max, 1)} ms; server thread busy ${Math.round(busy * 100)}% of the time`,
        target: 'p50 < 300 ms, p99 < 1000 ms',
        met: latencies.length === total && p50 < 300 && p99 < 1000,
      },
    ];
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

async function chargesAndRefunds(server: BenchServer, client: HttpClient, { key, companyId }: Merchant): Promise<Line[]> {
  const [before] = await server.sql<{ n: string }>('SELECT count(*) AS n FROM journal_entries');
  const started = performance.now();
  const references = await pool(1000, 50, () => charge(client, key, 1_000_000));
  const chargeSeconds = (performance.now() - started) / 1000;
  const [after] = await server.sql<{ n: string }>('SELECT count(*) AS n FROM journal_entries');
  const entries = Number(after!.n) - Number(before!.n);

  const refundStarted = performance.now();
  const refunds = await Promise.all(references.slice(0, 200).map((reference) => client.request('POST', '/api/v1/refunds', { reference, amount: 400_000 }, key)));
  const refundSeconds = (performance.now() - refundStarted) / 1000;
  const made = refunds.filter((r) => r.status === 201).length;

  const [unbalanced] = await server.sql<{ n: string }>(
    'SELECT count(*) AS n FROM (SELECT entry_id FROM journal_lines GROUP BY entry_id, currency HAVING sum(amount) <> 0) t',
  );
  const [drift] = await server.sql<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT a.id FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id GROUP BY a.id
      HAVING a.balance <> coalesce(sum(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END), 0)) t`,
  );
  const [over] = await server.sql<{ n: string }>('SELECT count(*) AS n FROM transactions WHERE company_id = $1 AND refunded_amount > amount', [companyId]);
  const holds = Number(unbalanced!.n) === 0 && Number(drift!.n) === 0 && Number(over!.n) === 0;
  return [
    {
      case: '1,000 charges (50 in flight) on one company',
      figure: `${round(1000 / chargeSeconds, 1)} charges/s, ${entries} ledger entries in ${round(chargeSeconds, 2)} s = ${round(entries / chargeSeconds, 1)} postings/s`,
      target: 'reported',
      met: null,
    },
    {
      case: '200 refunds at once',
      figure: `${made} made in ${round(refundSeconds, 2)} s (${round(made / refundSeconds, 1)}/s)`,
      target: 'all 200',
      met: made === 200,
    },
    {
      case: 'ledger after both',
      figure: `${unbalanced!.n} unbalanced entries, ${drift!.n} accounts off their lines, ${over!.n} refunds over their charge`,
      target: 'all 0',
      met: holds,
    },
  ];
}

async function load(url: string, key: string) {
  const result = await autocannon({ url, connections: 4, duration: SECONDS, headers: { authorization: `Bearer ${key}` } });
  return { mean: result.latency.mean, non2xx: result.non2xx };
}

async function deepPagesAndExport(server: BenchServer, { key, companyId }: Merchant): Promise<Line[]> {
  const count = 200_000;
  await server.sql(
    `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, status, fee, net, channel, paid_at, created_at)
     SELECT $1, false, 'seed_' || g, 10000 + g, 'sandbox', 'buyer' || (g % 5000) || '@shop.ng',
            CASE WHEN g % 4 = 0 THEN 'pending' ELSE 'success' END,
            CASE WHEN g % 4 = 0 THEN NULL ELSE 150 END, CASE WHEN g % 4 = 0 THEN NULL ELSE 9850 + g END,
            CASE WHEN g % 4 = 0 THEN NULL ELSE 'card' END,
            CASE WHEN g % 4 = 0 THEN NULL ELSE now() - make_interval(secs => g) END,
            now() - make_interval(secs => g)
       FROM generate_series(1, $2::int) g`,
    [companyId, count],
  );
  await server.sql('ANALYZE transactions');
  // The cursor that opens the 1,000th page of 20 successful transactions: the last row of page 999.
  const [cursor] = await server.sql<{ id: string }>(
    `SELECT id FROM transactions WHERE company_id = $1 AND livemode = false AND status = 'success'
      ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [companyId, 999 * 20 - 1],
  );
  const first = `${server.baseUrl}/api/v1/transactions?status=success&pageSize=20`;
  const deep = `${first}&cursor=${cursor!.id}`;
  const ratios: number[] = [];
  const figures: string[] = [];
  let failures = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const a = await load(first, key);
    const b = await load(deep, key);
    failures += a.non2xx + b.non2xx;
    ratios.push(b.mean / a.mean);
    figures.push(`${a.mean.toFixed(2)}/${b.mean.toFixed(2)}`);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)]!;

  // The export: RSS sampled every 25 ms while the whole CSV streams through.
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  const exportStarted = performance.now();
  const response = await fetch(`${server.baseUrl}/api/v1/transactions/export`, { headers: { authorization: `Bearer ${key}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body!) {
    bytes += (chunk as Uint8Array).byteLength;
    for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const growthMb = (peak - base) / 1024 / 1024;
  return [
    {
      case: `page 1 vs page 1,000 of status=success at ${count.toLocaleString('en')} transactions`,
      figure: `ms mean per round ${figures.join(', ')}; ratio ${ratios.map((r) => r.toFixed(2)).join(' / ')}, median ${median.toFixed(2)}${failures ? `; ${failures} not 2xx` : ''}`,
      target: '<= 1.5x',
      met: median <= 1.5 && failures === 0,
    },
    {
      case: `CSV export of all ${count.toLocaleString('en')}`,
      figure: `${lines - 1} rows, ${round(bytes / 1024 / 1024, 1)} MB in ${round(exportSeconds, 2)} s; process RSS grew ${round(growthMb, 1)} MB at peak`,
      target: 'all rows; < 100 MB growth',
      met: lines - 1 === count && growthMb < 100 && response.status === 200,
    },
  ];
}

async function suite(databaseUrl: string | undefined) {
  const server = await startBenchServer({ databaseUrl, logLevel: 'warn' });
  try {
    const db = server.database ? `PostgreSQL ${server.database.serverVersion} (${redactUrl(databaseUrl!)})` : 'Embedded PGlite (in memory, on the server thread)';
    console.error(`\n== ${db}`);
    const client = createClient(server.baseUrl, 64);
    // Every company first: the cases below fill the mail outbox with customers' receipts.
    const [first, second, third] = [await merchant(server, client), await merchant(server, client), await merchant(server, client)];
    const lines: Line[] = [];
    console.error('  checkout to webhook…');
    lines.push(...(await checkoutToWebhook(server, client, first)));
    if (!ONLY_WEBHOOK) {
      console.error('  1,000 charges and 200 refunds…');
      lines.push(...(await chargesAndRefunds(server, client, second)));
      console.error('  200,000 transactions: deep pages and the export…');
      lines.push(...(await deepPagesAndExport(server, third)));
    }
    client.close();
    console.log(`\n${db}`);
    for (const line of lines) console.log(`  ${line.case}\n    ${line.figure}\n    target ${line.target}: ${line.met === null ? 'reported' : line.met ? 'met' : 'NOT MET'}`);
    return lines.map((line) => ({ db, ...line }));
  } finally {
    await server.close();
  }
}

async function main() {
  console.log('FiPay payments benchmark');
  console.log(`  node ${process.version}, ${os.availableParallelism()} cores, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  // BENCH_EMBEDDED=0 runs PostgreSQL only.
  const results = process.env.BENCH_EMBEDDED === '0' ? [] : [await suite(undefined)];
  const pg = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pg) results.push(await suite(pg));
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  console.log(`\nBENCH_PAYMENTS_JSON ${JSON.stringify(results.flat())}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
