/**
 * `npm run bench:chat`: trade chat's delivery time (docs/decisions/0085-trade-chat-in-real-time.md), as issue 24 asks
 * for it: with TRADES (200) trades chatting at once, the time from a party sending a message to the other party's open
 * page (its stream) receiving it, p50/p95/p99, across two instances of the product behind nginx.
 *
 * - Two product processes (`node scripts/start.mjs`, built first when stale) on one PostgreSQL database created for the
 *   run and dropped after it, sharing the data folder (the mail outbox) and secrets; nginx in front (round robin,
 *   `proxy_buffering off`), so a page and its counterparty land on either instance.
 * - PAIRS (20) pairs of businesses signed up through the API; the trades between them are seeded in SQL (FiPay-balance
 *   trades awaiting payment: the chat needs the trade row only), TRADES / PAIRS per pair, which keeps each business
 *   under the streams-per-business bound on each instance.
 * - Each trade's seller page holds the trade's stream; its buyer sends a message every INTERVAL_MS (1000) for SECONDS
 *   (20). A sample is from just before the POST to the event arriving on the seller's stream. It reports, and exits 1
 *   when the p99 is not under TARGET_MS (500) or messages were lost.
 *
 * Settings: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, used only to create and drop the
 * database), CHAT_TRADES, CHAT_PAIRS, BENCH_SECONDS, CHAT_INTERVAL_MS, CHAT_TARGET_MS.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultRateRules } from '../src/lib/rate-limit';
import { PASSWORD, signupBody } from './fixtures';
import { createClient, type HttpClient } from './http';
import { startNode, waitForOk, type Proc } from './procs';
import { summarize } from './stats';
import { verifyLink } from './verification-mail';

const TRADES = Number(process.env.CHAT_TRADES ?? 200);
const PAIRS = Number(process.env.CHAT_PAIRS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const INTERVAL_MS = Number(process.env.CHAT_INTERVAL_MS ?? 1000);
const TARGET_MS = Number(process.env.CHAT_TARGET_MS ?? 500);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const dataOf = <T>(text: string) => (JSON.parse(text) as { data: T }).data;

async function must(client: HttpClient, method: 'GET' | 'POST', url: string, body: unknown, token: string | undefined, status: number) {
  const answer = await client.request(method, url, body, token);
  if (answer.status !== status) throw new Error(`setup ${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text;
}

/** A business signed up and verified through the API, with a secret key; answers its company id and key. */
async function newBusiness(client: HttpClient, mailDir: string, db: pg.Client) {
  const body = signupBody();
  await must(client, 'POST', '/api/v1/auth/signup', body, undefined, 201);
  const link = await verifyLink(mailDir, body.user.email);
  await must(client, 'GET', `/api/v1/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`, undefined, undefined, 200);
  await must(client, 'POST', '/api/v1/auth/login/initiate', { email: body.user.email, password: PASSWORD }, undefined, 200);
  const session = dataOf<{ accessToken: string }>(await must(client, 'POST', '/api/v1/auth/login/verify-otp', { email: body.user.email, password: PASSWORD, otp: '' }, undefined, 200));
  const key = dataOf<{ secretKey: string }>(await must(client, 'POST', '/api/v1/api-keys', {}, session.accessToken, 201)).secretKey;
  const companyId = (await db.query<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [body.user.email])).rows[0]!.company_id;
  return { companyId, key };
}

function nginxConfig(dir: string, listen: number, upstreams: number[]) {
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(
    file,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream api { ${upstreams.map((port) => `server 127.0.0.1:${port};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  return file;
}

/** Follows one trade's stream as its seller's page does; calls `onMessage` with each message's body as it arrives. */
async function follow(baseUrl: string, tradeId: string, key: string, onMessage: (body: string) => void, signal: AbortSignal, opened: () => void) {
  const response = await fetch(`${baseUrl}/api/v1/trades/${tradeId}/stream`, { headers: { authorization: `Bearer ${key}` }, signal });
  if (response.status !== 200 || !response.body) throw new Error(`stream ${tradeId}: ${response.status} ${await response.text()}`);
  opened();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (!block.includes('event: message')) continue;
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) onMessage((JSON.parse(data.slice(6)) as { body: string }).body);
      }
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  }
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'fipay-chat-bench-'));
  const procs: Proc[] = [];
  let nginx: ReturnType<typeof spawn> | undefined;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const dbName = `fipay_chat_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(SERVER_URL);
  dbUrl.pathname = `/${dbName}`;
  let db: pg.Client | undefined;
  try {
    const ports = [await freePort(), await freePort()];
    const front = await freePort();
    const baseUrl = `http://127.0.0.1:${front}`;
    const dataDir = path.join(tmp, 'data');
    const rateLimits = JSON.stringify(Object.fromEntries(Object.entries(defaultRateRules).map(([name, rule]) => [name, { ...rule, limit: 1_000_000_000 }])));
    const shared = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMITS: rateLimits,
    };
    // One after the other: the first builds when the build is stale and migrates the database.
    for (const [i, port] of ports.entries()) {
      const proc = startNode(['scripts/start.mjs'], { ...shared, PORT: String(port) }, { name: `instance ${i + 1}`, logFile: path.join(tmp, `instance-${i + 1}.log`) });
      procs.push(proc);
      await waitForOk(`http://127.0.0.1:${port}/api/v1/ready`, 300_000, proc);
    }
    nginx = spawn('nginx', ['-c', nginxConfig(tmp, front, ports), '-p', tmp], { stdio: 'ignore' });
    await waitForOk(`${baseUrl}/api/v1/health`, 30_000);
    console.error(`  two instances (${ports.join(', ')}) behind nginx on ${front}; database ${dbName}`);

    db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const client = createClient(baseUrl, 8);
    const mailDir = path.join(dataDir, 'mail');
    console.error(`  signing up ${PAIRS * 2} businesses and seeding ${TRADES} trades…`);
    const pairs = [];
    for (let i = 0; i < PAIRS; i++) pairs.push({ seller: await newBusiness(client, mailDir, db), buyer: await newBusiness(client, mailDir, db) });
    const trades: { id: string; seller: string; buyer: string }[] = [];
    for (let i = 0; i < TRADES; i++) {
      const pair = pairs[i % PAIRS]!;
      const offer = (
        await db.query<{ id: string }>(
          `INSERT INTO offers (livemode, company_id, side, asset, fiat, price_kind, price, total, remaining, min_trade, max_trade)
           VALUES (false, $1, 'sell', 'USDT', 'NGN', 'fixed', 165000, 1000000, 1000000, 1000000, 1000000) RETURNING id`,
          [pair.seller.companyId],
        )
      ).rows[0]!.id;
      const trade = (
        await db.query<{ id: string }>(
          `INSERT INTO trades (livemode, offer_id, seller_company_id, buyer_company_id, taker_company_id, asset, fiat, amount, price, fiat_amount,
                               seller_fee, buyer_fee, usd_cents, method, status, pay_by)
           VALUES (false, $1, $2, $3, $3, 'USDT', 'NGN', 1000000, 165000, 165000, 0, 0, 100, 'fipay_balance', 'awaiting_payment', now() + interval '1 day') RETURNING id`,
          [offer, pair.seller.companyId, pair.buyer.companyId],
        )
      ).rows[0]!.id;
      trades.push({ id: trade, seller: pair.seller.key, buyer: pair.buyer.key });
    }

    // The seller pages open; then every buyer writes once a second (spread over the second), for SECONDS.
    const abort = new AbortController();
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const latencies: number[] = [];
    // The POST's own time, and the time from its answer to the other page (negative: the page had it first).
    const posts: number[] = [];
    const afterAnswer: number[] = [];
    let opened = 0;
    const following = trades.map((trade) =>
      follow(
        baseUrl,
        trade.id,
        trade.seller,
        (body) => {
          const at = sentAt.get(body);
          if (at !== undefined) {
            const now = performance.now();
            latencies.push(now - at);
            sentAt.delete(body);
            const answered = answeredAt.get(body);
            if (answered !== undefined) afterAnswer.push(now - answered);
            else answeredAt.set(body, -now);
          }
        },
        abort.signal,
        () => (opened += 1),
      ),
    );
    while (opened < trades.length) await new Promise((resolve) => setTimeout(resolve, 50));
    console.error(`  ${opened} pages open; ${trades.length} buyers writing for ${SECONDS} s…`);
    let sent = 0;
    let refused = 0;
    const deadline = performance.now() + SECONDS * 1000;
    await Promise.all(
      trades.map(async (trade, i) => {
        await new Promise((resolve) => setTimeout(resolve, (INTERVAL_MS * i) / trades.length));
        for (let n = 0; performance.now() < deadline; n++) {
          const next = performance.now() + INTERVAL_MS;
          const body = `${trade.id}:${n}`;
          const started = performance.now();
          sentAt.set(body, started);
          const answer = await fetch(`${baseUrl}/api/v1/trades/${trade.id}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${trade.buyer}`, 'content-type': 'application/json' },
            body: JSON.stringify({ body }),
          });
          await answer.arrayBuffer();
          const answered = performance.now();
          posts.push(answered - started);
          const arrived = answeredAt.get(body);
          if (arrived !== undefined && arrived < 0) afterAnswer.push(-arrived - answered);
          else answeredAt.set(body, answered);
          if (answer.status === 201) sent += 1;
          else {
            refused += 1;
            sentAt.delete(body);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        }
      }),
    );
    // The last messages have half a second more to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    abort.abort();
    await Promise.allSettled(following);
    const stats = summarize(latencies);
    const lost = sentAt.size;
    console.log(`\ntrade chat: ${TRADES} trades, 2 instances behind nginx, one message per trade every ${INTERVAL_MS} ms for ${SECONDS} s`);
    console.log(`  sent ${sent}, received ${latencies.length}, lost ${lost}, refused ${refused}`);
    console.log(`  send to the other page: p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);
    const met = stats.p99 < TARGET_MS && lost === 0 && refused === 0;
    const postStats = summarize(posts);
    const afterStats = summarize(afterAnswer);
    console.log(`  the POST itself: p50 ${postStats.p50.toFixed(1)} ms, p99 ${postStats.p99.toFixed(1)} ms; from its answer to the other page: p50 ${afterStats.p50.toFixed(1)} ms, p99 ${afterStats.p99.toFixed(1)} ms`);
    console.log(`  load average (1 min) at the end: ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`);
    console.log(`  target    p99 < ${TARGET_MS} ms, nothing lost: ${met ? 'met' : 'NOT MET'}`);
    process.exitCode = met ? 0 : 1;
  } finally {
    await db?.end().catch(() => undefined);
    nginx?.kill('SIGTERM');
    for (const proc of procs) await proc.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
