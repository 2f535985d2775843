/**
 * Profiles the product under load: `node --cpu-prof scripts/start.mjs` on a PostgreSQL database of its own, logging
 * as `npm start` does, while the bench's closed loop sends one kind of request; the profile is written when the
 * product stops. For finding where a request's time goes, not for figures (the profiler costs time itself).
 *
 *   node --import tsx apps/api/bench/profile.ts sign-in|sign-in-floor|initialize|list|detail|refund|latest [seconds] [concurrency]
 *   PROFILE_CPU=0 PROFILE_ROUNDS=3 node --import tsx apps/api/bench/profile.ts detail 5
 *
 * Then the same operation against bench/bare-server.ts on the same database. For each side it prints the rate, the CPU
 * time per operation of the server process (and of its main thread alone: the rest is Argon2id's worker threads,
 * src/lib/password-threads.ts, libuv's pool and V8's helpers), of the database's connections and of this client, which sends the requests (/proc and
 * process.cpuUsage, so it holds better than a rate on a machine shared with other work), and the transactions per operation (pg_stat_database's xact_commit, each
 * statement outside a transaction being one). PROFILE_CPU=0 runs without the profiler; PROFILE_ROUNDS repeats;
 * LOG_LEVEL (e.g. warn) is handed to the product, to see what its log lines cost; PROFILE_WARM (1000) operations warm each side up first.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultRateRules } from '../src/lib/rate-limit';
import { floorSignIn, PASSWORD, signupBody } from './fixtures';
import { createClient, type HttpClient } from './http';
import { startNode, waitForOk } from './procs';
import { verifyLink } from './verification-mail';
import { BENCH_LEDGER_SCHEMA } from './bare-sql';

const [kind = 'list', secondsArg = '10', cArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const concurrency = Number(cArg ?? (kind.startsWith('sign-in') ? 4 : 10));
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
/**
 * CPU time (user + system) a process has used, in ms (Linux /proc; clock ticks of 10 ms); undefined once it has ended.
 * With `thread`, that thread's alone (the main thread's id is the process's).
 */
function cpuMs(pid: number, thread?: number): number | undefined {
  try {
    const fields = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
const dataOf = <T>(text: string) => (JSON.parse(text) as { data: T }).data;
async function must(client: HttpClient, method: 'GET' | 'POST', url: string, body: unknown, token: string | undefined, status: number) {
  const answer = await client.request(method, url, body, token);
  if (answer.status !== status) throw new Error(`${method} ${url}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.text;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'fipay-profile-'));
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
const dbName = `fipay_profile_${randomBytes(5).toString('hex')}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${dbName}`;
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = path.join(tmp, 'data');
const profDir = path.join(tmp, 'prof');
const jwtSecret = randomBytes(32).toString('hex');
const encryptionKey = randomBytes(32).toString('hex');
const rateLimits = JSON.stringify(Object.fromEntries(Object.entries(defaultRateRules).map(([name, rule]) => [name, { ...rule, limit: 1_000_000_000 }])));
const product = startNode(
  [...(process.env.PROFILE_CPU === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${profDir}`]), 'scripts/start.mjs'],
  {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: jwtSecret,
    ENCRYPTION_KEY: encryptionKey,
    RATE_LIMITS: rateLimits,
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
  },
  { name: 'product', logFile: path.join(tmp, 'product.log') },
);
try {
  await waitForOk(`${baseUrl}/api/v1/ready`, 180_000, product);
  const client = createClient(baseUrl, 16);
  const body = signupBody();
  await must(client, 'POST', '/api/v1/auth/signup', body, undefined, 201);
  const link = await verifyLink(path.join(dataDir, 'mail'), body.user.email);
  await must(client, 'GET', `/api/v1/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`, undefined, undefined, 200);
  const session = dataOf<{ accessToken: string }>(
    await must(client, 'POST', '/api/v1/auth/login/verify-otp', { email: body.user.email, password: PASSWORD, otp: '' }, undefined, 200),
  );
  const key = dataOf<{ secretKey: string }>(await must(client, 'POST', '/api/v1/api-keys', {}, session.accessToken, 201)).secretKey;
  const started = dataOf<{ reference: string; accessCode: string }>(
    await must(client, 'POST', '/api/v1/transactions/initialize', { amount: 1_000_000_000, email: 'buyer@shop.ng' }, key, 201),
  );
  await must(client, 'POST', `/api/v1/checkout/${started.accessCode}/card`, { number: '4084084084084081', expiry: '12/39', cvv: '123' }, undefined, 200);
  for (let i = 0; i < 40; i++) await must(client, 'POST', '/api/v1/transactions/initialize', { amount: 10_000 + i, email: 'buyer@shop.ng' }, key, 201);
  // For refunds, as `npm run bench` makes them: ten paid charges of the largest amount through the API, and ten seeded
  // in SQL for the bare server, which posts to its own ledger tables.
  const paid: string[] = [];
  const barePaid: string[] = [];
  if (kind === 'refund') {
    for (let i = 0; i < 10; i++) {
      const charge = dataOf<{ reference: string; accessCode: string }>(
        await must(client, 'POST', '/api/v1/transactions/initialize', { amount: 1_000_000_000, email: 'buyer@shop.ng' }, key, 201),
      );
      await must(client, 'POST', `/api/v1/checkout/${charge.accessCode}/card`, { number: '4084084084084081', expiry: '12/39', cvv: '123' }, undefined, 200);
      paid.push(charge.reference);
    }
    const bench = new pg.Client({ connectionString: dbUrl.toString() });
    await bench.connect();
    await bench.query(BENCH_LEDGER_SCHEMA);
    const companyId = (await bench.query<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [body.user.email])).rows[0]!.company_id;
    const seeded = await bench.query<{ reference: string }>(
      `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, status, fee, net, channel, paid_at, provider_reference)
       SELECT $1, false, 'bare-paid-' || g, 1000000000, 'sandbox', 'buyer@shop.ng', 'success', 200000, 999800000, 'card', now(), 'bare-paid-' || g
         FROM generate_series(1, 10) g RETURNING reference`,
      [companyId],
    );
    barePaid.push(...seeded.rows.map((r) => r.reference));
    await bench.end();
  }
  let refunds = 0;

  const split = { initiate: 0, verify: 0, n: 0 };
  const ops: Record<string, () => Promise<boolean>> = {
    'sign-in': async () => {
      const credentials = { email: body.user.email, password: PASSWORD };
      const t0 = performance.now();
      const initiated = await client.request('POST', '/api/v1/auth/login/initiate', credentials);
      const t1 = performance.now();
      if (initiated.status !== 200) return false;
      const { passwordProof } = dataOf<{ passwordProof?: string }>(initiated.text);
      const ok = (await client.request('POST', '/api/v1/auth/login/verify-otp', { ...credentials, otp: '', passwordProof })).status === 200;
      split.initiate += t1 - t0;
      split.verify += performance.now() - t1;
      split.n += 1;
      return ok;
    },
    initialize: async () => (await client.request('POST', '/api/v1/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, key)).status === 201,
    list: async () => (await client.request('GET', '/api/v1/transactions', undefined, key)).status === 200,
    detail: async () => (await client.request('GET', `/api/v1/transactions/${started.reference}`, undefined, key)).status === 200,
    refund: async () => (await client.request('POST', '/api/v1/refunds', { reference: paid[refunds++ % paid.length], amount: 100 }, key)).status === 201,
    latest: async () => (await client.request('GET', '/api/v1/notification/user/latest', undefined, session.accessToken)).status === 200,
  };
  const barePort = await freePort();
  const bare = startNode(
    ['--import', 'tsx', 'apps/api/bench/bare-server.ts', JSON.stringify({ port: barePort, databaseUrl: dbUrl.toString(), jwtSecret, encryptionKey })],
    { PATH: process.env.PATH },
    { name: 'bare server' },
  );
  const bareClient = createClient(`http://127.0.0.1:${barePort}`, 16);
  await waitForOk(`http://127.0.0.1:${barePort}/latest`, 60_000, bare).catch(() => undefined);
  const bareOps: Record<string, () => Promise<boolean>> = {
    'sign-in': async () => (await bareClient.request('POST', '/login', { email: body.user.email, password: PASSWORD })).status === 200,
    'sign-in-floor': () => floorSignIn(bareClient, body.user.email),
    initialize: async () => (await bareClient.request('POST', '/transactions/initialize', { amount: 250_000, email: 'buyer@shop.ng' }, key)).status === 201,
    list: async () => (await bareClient.request('GET', '/transactions', undefined, key)).status === 200,
    detail: async () => (await bareClient.request('GET', `/transactions/${started.reference}`, undefined, key)).status === 200,
    refund: async () => (await bareClient.request('POST', '/refunds', { reference: barePaid[refunds++ % barePaid.length], amount: 100 }, key)).status === 201,
    latest: async () => (await bareClient.request('GET', '/latest', undefined, session.accessToken)).status === 200,
  };
  const backends = async () => (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [dbName])).rows.map((r) => r.pid);
  const commits = async () =>
    Number((await admin.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1', [dbName])).rows[0]!.n);
  const run = async (label: string, op: () => Promise<boolean>, pid: number) => {
    // Warmed up at the run's concurrency, so that each side's pool has opened its connections before their CPU is read:
    // a sequential warm-up left one connection open on a pool that opens them on demand (the bare server's), and the
    // nine opened during the run went uncounted. Connections opened during the run anyway are counted from zero.
    // PROFILE_WARM operations in all (1,000 by default, as `npm run bench` warms up: ADR 0103), so the code is optimised.
    let warmed = 0;
    const warm = Number(process.env.PROFILE_WARM ?? 1_000);
    await Promise.all(Array.from({ length: concurrency }, async () => {
      do {
        warmed += 1;
        await op();
      } while (warmed < warm);
    }));
    const pids = await backends();
    // A backend that ends during the run (a pool closing an idle connection) is left out rather than counted negative.
    const dbBefore = new Map(pids.map((p) => [p, cpuMs(p) ?? 0]));
    const cpuBefore = { own: cpuMs(pid) ?? 0, main: cpuMs(pid, pid) ?? 0, client: process.cpuUsage() };
    const before = await commits();
    let done = 0;
    let failed = 0;
    const deadline = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          if (await op()) done += 1;
          else failed += 1;
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    const ops = done + failed;
    const clientUsage = process.cpuUsage(cpuBefore.client);
    const own = ((cpuMs(pid) ?? 0) - cpuBefore.own) / ops;
    const main = ((cpuMs(pid, pid) ?? 0) - cpuBefore.main) / ops;
    const client = (clientUsage.user + clientUsage.system) / 1000 / ops;
    let dbTotal = 0;
    for (const p of await backends()) {
      const now = cpuMs(p);
      if (now !== undefined) dbTotal += now - (dbBefore.get(p) ?? 0);
    }
    const db = dbTotal / ops;
    await new Promise((resolve) => setTimeout(resolve, 600));
    const after = await commits();
    console.log(
      `${label} ${kind}: ${(done / elapsed).toFixed(1)}/s at c=${concurrency} (${failed} failed), load ${os.loadavg()[0]!.toFixed(2)}; ` +
        `CPU per operation: server ${own.toFixed(2)} ms (main thread ${main.toFixed(2)}), its database connections ${db.toFixed(2)} ms, ` +
        `this client ${client.toFixed(2)} ms; ~${((after - before) / ops).toFixed(2)} transactions per operation`,
    );
  };
  // sign-in-floor: the product's sign-in against the bare server's two calls (bench/bare-server.ts), not its one.
  const op = ops[kind === 'sign-in-floor' ? 'sign-in' : kind];
  const bareOp = bareOps[kind];
  if (!op || !bareOp) throw new Error(`unknown kind ${kind}`);
  for (let round = 0; round < Number(process.env.PROFILE_ROUNDS ?? 1); round++) {
    Object.assign(split, { initiate: 0, verify: 0, n: 0 });
    await run('product', op, product.pid);
    if (split.n) console.log(`  sign-in: initiate ${(split.initiate / split.n).toFixed(1)} ms, verify-otp ${(split.verify / split.n).toFixed(1)} ms on average`);
    await run('bare   ', bareOp, bare.pid);
  }
  bareClient.close();
  await bare.stop();
  client.close();
} finally {
  await product.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  if (process.env.PROFILE_CPU !== '0') console.log(`  profile: ${readdirSync(profDir).map((f) => path.join(profDir, f)).join(' ')}`);
}
