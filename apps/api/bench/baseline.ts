/**
 * The product measured against baselines in the same run (issue 11):
 *
 *   npm run bench:baseline        # embedded database, then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
 *
 * Load comes from autocannon. Each case runs its two sides back to back, alternating, for BENCH_ROUNDS rounds
 * (default 3) of BENCH_SECONDS seconds each (default 4), and prints each side's figure, their ratio per round,
 * the median ratio with its spread, and whether it meets the target. Nothing is asserted: it reports.
 *
 * - latest: `GET /notification/user/latest` against a bare Fastify + jose server on the same database doing
 *   the same query shape (bench/anchor.ts), 10 connections; target >= 0.70 of its throughput (PostgreSQL)
 *   and p99 < 50 ms in every round.
 * - login: `POST /auth/login/initiate` with the right password against raw Argon2id verifies with the
 *   product's parameters at the same concurrency; target >= 0.90. Also, for the reader, against bare Fastify
 *   reading the hash and verifying it over HTTP (bench/anchor.ts), which shows the product's own share of the
 *   gap apart from HTTP and the load generator's (reported against the same 0.90), and that bare server against raw
 *   verifies (the floor: what HTTP and one database read cost with no product code at all). The three are also
 *   measured taking turns request by request at c=1, which keeps the machine's drift out of the ratios.
 * - notifications page 500 against page 1 at 100,000 rows; target within 1.2x (mean latency).
 * - back-office queue at 10,000 submitted applications against 100; target within 1.3x (mean latency). Run one after
 *   the other: the rows are added between the two.
 * - a user with 3,000 past sign-ins against a new user, for `latest` and for a full sign-in; within 1.2x.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { sha256 } from '../src/lib/crypto';
import { ARGON2_OPTIONS } from '../src/lib/passwords';
import { createClient } from './http';
import { createVerifiedUser, PASSWORD, signIn } from './fixtures';
import { redactUrl, startBenchServer, type BenchServer } from './server';
import { round } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** BENCH_CASES=login,pages runs only those cases (latest, login, pages, sign-ins, queue); all by default. */
const CASES = process.env.BENCH_CASES?.split(',').map((c) => c.trim());
const wanted = (name: 'latest' | 'login' | 'pages' | 'sign-ins' | 'queue') => !CASES || CASES.includes(name);

/** Throughput, mean latency (autocannon's percentiles are whole milliseconds; the mean is not) and p99. */
type Measure = { rps: number; mean: number; p99: number; non2xx: number; errors: number };

async function load(options: { url: string; connections: number; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }): Promise<Measure> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: SECONDS,
    method: options.method ?? 'GET',
    headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body,
  });
  return { rps: result.requests.average, mean: result.latency.mean, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Raw Argon2id verifies of one hash at `concurrency` for the bench's duration, as requests per second. */
async function argon2Throughput(passwordHash: string, concurrency: number): Promise<Measure> {
  const deadline = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        if (!(await verify(passwordHash, PASSWORD))) throw new Error('argon2 baseline: the password did not verify');
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
  return { rps: times.length / SECONDS, mean, p99: times[Math.min(times.length - 1, Math.floor(0.99 * times.length))] ?? 0, non2xx: 0, errors: 0 };
}

/**
 * One login at a time, the three sides taking turns request by request (the product over HTTP, a raw verify, the
 * bare server over HTTP; the order rotates), for BENCH_SECONDS per round. Alternating 4-second blocks leaves the
 * sides at different moments of the machine's load; taking turns per request does not. Figures are per side:
 * throughput as 1000 / mean latency.
 */
async function interleavedLogins(server: BenchServer, passwordHash: string, credentials: { email: string; password: string }) {
  const product = createClient(server.baseUrl, 1);
  const bare = createClient(server.anchorUrl, 1);
  const sides = {
    product: async () => (await product.request('POST', '/api/v1/auth/login/initiate', credentials)).status === 200,
    raw: () => verify(passwordHash, credentials.password),
    bare: async () => (await bare.request('POST', '/login', credentials)).status === 200,
  };
  const names = Object.keys(sides) as (keyof typeof sides)[];
  const measure = (times: number[], failed: number): Measure => {
    const sorted = [...times].sort((x, y) => x - y);
    const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
    return { rps: 1000 / mean, mean, p99: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0, non2xx: failed, errors: 0 };
  };
  try {
    const out: Record<keyof typeof sides, Measure>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const times = { product: [] as number[], raw: [] as number[], bare: [] as number[] };
      const failed = { product: 0, raw: 0, bare: 0 };
      const deadline = performance.now() + SECONDS * 3 * 1000;
      for (let turn = 0; performance.now() < deadline; turn++) {
        for (let k = 0; k < names.length; k++) {
          const name = names[(turn + k) % names.length]!;
          const started = performance.now();
          const ok = await sides[name]();
          times[name].push(performance.now() - started);
          if (!ok) failed[name] += 1;
        }
      }
      out.push({ product: measure(times.product, failed.product), raw: measure(times.raw, failed.raw), bare: measure(times.bare, failed.bare) });
    }
    return out;
  } finally {
    product.close();
    bare.close();
  }
}

type Row = { label: string; a: string; b: string; metric: 'throughput' | 'latency'; rounds: { a: Measure; b: Measure }[]; target: number; extra?: string };

function ratioOf(row: Row, r: { a: Measure; b: Measure }) {
  // Throughput: the product's share of the baseline's. Latency: how many times slower the second side is.
  return row.metric === 'throughput' ? r.a.rps / r.b.rps : r.b.mean / r.a.mean;
}

function median(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function report(db: string, rows: Row[]) {
  console.log(`\n${db}`);
  const header = ['case', 'side A', 'side B', 'A per round', 'B per round', 'ratio per round', 'median (spread)', 'target', 'met'];
  const lines = rows.map((row) => {
    const ratios = row.rounds.map((r) => ratioOf(row, r));
    const unit = row.metric === 'throughput' ? 'req/s' : 'ms mean';
    const fmt = (m: Measure) => (row.metric === 'throughput' ? m.rps.toFixed(0) : m.mean.toFixed(2));
    const med = median(ratios);
    const met = row.metric === 'throughput' ? med >= row.target : med <= row.target;
    return [
      row.label,
      row.a,
      row.b,
      `${row.rounds.map((r) => fmt(r.a)).join(' / ')} ${unit}`,
      `${row.rounds.map((r) => fmt(r.b)).join(' / ')} ${unit}`,
      ratios.map((x) => x.toFixed(2)).join(' / '),
      `${med.toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
      `${row.metric === 'throughput' ? '>=' : '<='} ${row.target}`,
      `${met ? 'yes' : 'NO'}${row.extra ? `; ${row.extra}` : ''}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const print = (cells: string[]) => console.log(cells.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  print(header);
  print(widths.map((w) => '-'.repeat(w)));
  lines.forEach(print);
  return rows.map((row) => ({ db, label: row.label, ratios: row.rounds.map((r) => round(ratioOf(row, r), 3)), rounds: row.rounds }));
}

async function rounds(a: () => Promise<Measure>, b: () => Promise<Measure>) {
  const out: { a: Measure; b: Measure }[] = [];
  for (let i = 0; i < ROUNDS; i++) out.push({ a: await a(), b: await b() });
  return out;
}

async function seedNotifications(server: BenchServer, userId: string, n: number) {
  await server.sql(
    `INSERT INTO notifications (user_id, title, message, created_at)
     SELECT $1, 'Bench notice ' || g, 'A notification for the benchmark.', now() - make_interval(secs => g)
       FROM generate_series(1, $2::int) g ORDER BY g DESC`,
    [userId, n],
  );
}

/** `n` ended sign-ins of the user: revoked refresh-token families, as 3,000 sign-ins and sign-outs leave. */
async function seedPastSignIns(server: BenchServer, userId: string, n: number) {
  await server.sql(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, family_expires_at, revoked_at, created_at)
     SELECT $1, gen_random_uuid(), md5(random()::text || g), now() + interval '30 days', now() - make_interval(mins => g), now() - make_interval(mins => g + 5)
       FROM generate_series(1, $2::int) g`,
    [userId, n],
  );
}

async function seedSubmittedApplications(server: BenchServer, n: number) {
  const tag = randomBytes(3).toString('hex');
  await server.sql(
    `WITH made AS (
       INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
       SELECT 'Bench Ltd ' || $2 || '-' || g, 'bench-' || $2 || '-' || g || '@example.ng', '+2348012345678', 'https://example.ng', 160,
              '1 Marina Road, Lagos', 'RC' || (1000000 + g)
         FROM generate_series(1, $1::int) g
       RETURNING id)
     INSERT INTO kyb_applications (company_id, status, submitted_at) SELECT id, 'SUBMITTED', now() - random() * interval '30 days' FROM made`,
    [n, tag],
  );
}

async function reviewerToken(server: BenchServer): Promise<string> {
  const token = `fpr_bench${randomBytes(24).toString('hex')}`;
  const [reviewer] = await server.sql<{ id: string }>(
    `INSERT INTO reviewers (email, name, role, totp_enabled_at) VALUES ($1, 'Bench Reviewer', 'reviewer', now()) RETURNING id`,
    [`bench-${randomBytes(4).toString('hex')}@fipay.ng`],
  );
  await server.sql(`INSERT INTO reviewer_sessions (reviewer_id, token_hash, scope, expires_at) VALUES ($1, $2, 'full', now() + interval '12 hours')`, [
    reviewer!.id,
    sha256(token),
  ]);
  return token;
}

async function suite(databaseUrl: string | undefined) {
  const server = await startBenchServer({ databaseUrl, logLevel: 'info' });
  try {
    const db = server.database ? `PostgreSQL ${server.database.serverVersion} (${redactUrl(databaseUrl!)})` : 'Embedded PGlite (in memory, on the server thread)';
    console.error(`\n== ${db}: setting up…`);
    const client = createClient(server.baseUrl, 4);
    const [heavy, fresh, reader] = [await createVerifiedUser(server, client), await createVerifiedUser(server, client), await createVerifiedUser(server, client)];
    const readerSession = await signIn(client, reader);
    const heavySession = await signIn(client, heavy);
    const freshSession = await signIn(client, fresh);
    client.close();
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const rows: Row[] = [];

    if (wanted('latest')) {
      console.error('  latest vs bare Fastify + jose…');
      const latest = await rounds(
        () => load({ url: `${server.baseUrl}/api/v1/notification/user/latest`, connections: 10, headers: auth(readerSession.accessToken) }),
        () => load({ url: `${server.anchorUrl}/latest`, connections: 10, headers: auth(readerSession.accessToken) }),
      );
      const worstP99 = Math.max(...latest.map((r) => r.a.p99));
      rows.push({ label: 'latest, c=10', a: 'product', b: 'bare Fastify+jose', metric: 'throughput', rounds: latest, target: 0.7, extra: `product p99 max ${worstP99} ms (target < 50)` });
    }

    if (wanted('login')) {
      console.error('  login vs raw Argon2id…');
      const readerHash = (await server.sql<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [reader]))[0]!.password_hash;
      const loginBody = JSON.stringify({ email: reader, password: PASSWORD });
      for (const c of [1, 4]) {
        rows.push({
          label: `login, c=${c}`,
          a: 'product',
          b: 'raw argon2 verify',
          metric: 'throughput',
          rounds: await rounds(
            () => load({ url: `${server.baseUrl}/api/v1/auth/login/initiate`, connections: c, method: 'POST', body: loginBody }),
            () => argon2Throughput(readerHash, c),
          ),
          target: 0.9,
        });
        rows.push({
          label: `login over HTTP, c=${c}`,
          a: 'product',
          b: 'bare Fastify+Argon2id',
          metric: 'throughput',
          rounds: await rounds(
            () => load({ url: `${server.baseUrl}/api/v1/auth/login/initiate`, connections: c, method: 'POST', body: loginBody }),
            () => load({ url: `${server.anchorUrl}/login`, connections: c, method: 'POST', body: loginBody }),
          ),
          target: 0.9,
        });
        rows.push({
          label: `login floor, c=${c}`,
          a: 'bare Fastify+Argon2id',
          b: 'raw argon2 verify',
          metric: 'throughput',
          rounds: await rounds(
            () => load({ url: `${server.anchorUrl}/login`, connections: c, method: 'POST', body: loginBody }),
            () => argon2Throughput(readerHash, c),
          ),
          target: 0.9,
          extra: 'no product code on either side',
        });
      }
      const perRequest = await interleavedLogins(server, readerHash, { email: reader, password: PASSWORD });
      const pairs = (a: keyof (typeof perRequest)[number], b: keyof (typeof perRequest)[number]) => perRequest.map((r) => ({ a: r[a], b: r[b] }));
      const note = 'c=1, alternating request by request';
      rows.push({ label: 'login, per request', a: 'product', b: 'raw argon2 verify', metric: 'throughput', rounds: pairs('product', 'raw'), target: 0.9, extra: note });
      rows.push({ label: 'login floor, per request', a: 'bare Fastify+Argon2id', b: 'raw argon2 verify', metric: 'throughput', rounds: pairs('bare', 'raw'), target: 0.9, extra: note });
      rows.push({ label: 'login over HTTP, per request', a: 'product', b: 'bare Fastify+Argon2id', metric: 'throughput', rounds: pairs('product', 'bare'), target: 0.9, extra: note });
    }

    if (wanted('pages')) {
      console.error('  notifications page 1 vs page 500 at 100,000 rows…');
      await seedNotifications(server, readerSession.userId, 100_000);
      await server.sql('ANALYZE notifications');
      const page = (n: number) => () =>
        load({ url: `${server.baseUrl}/api/v1/notification/user?page=${n}&pageSize=10`, connections: 4, headers: auth(readerSession.accessToken) });
      rows.push({ label: 'notifications page 500 vs 1', a: 'page 1', b: 'page 500', metric: 'latency', rounds: await rounds(page(1), page(500)), target: 1.2 });
    }

    if (wanted('sign-ins')) {
      console.error('  3,000 past sign-ins vs a new user…');
      await seedPastSignIns(server, heavySession.userId, 3000);
      await server.sql('ANALYZE refresh_tokens');
      const latestOf = (token: string) => () => load({ url: `${server.baseUrl}/api/v1/notification/user/latest`, connections: 4, headers: auth(token) });
      rows.push({ label: 'latest: 3,000 sign-ins vs new', a: 'new user', b: '3,000 sign-ins', metric: 'latency', rounds: await rounds(latestOf(freshSession.accessToken), latestOf(heavySession.accessToken)), target: 1.2 });
      const signInOf = (email: string) => () =>
        load({ url: `${server.baseUrl}/api/v1/auth/login/verify-otp`, connections: 2, method: 'POST', body: JSON.stringify({ email, password: PASSWORD, otp: '' }) });
      rows.push({ label: 'sign-in: 3,000 sign-ins vs new', a: 'new user', b: '3,000 sign-ins', metric: 'latency', rounds: await rounds(signInOf(fresh), signInOf(heavy)), target: 1.2 });
    }

    if (wanted('queue')) {
      console.error('  back-office queue at 100, then at 10,000 submitted applications…');
      const token = await reviewerToken(server);
      const queue = () => load({ url: `${server.baseUrl}/api/v1/admin/applications?status=SUBMITTED`, connections: 4, headers: auth(token) });
      await seedSubmittedApplications(server, 100);
      await server.sql('ANALYZE kyb_applications');
      const small: Measure[] = [];
      for (let i = 0; i < ROUNDS; i++) small.push(await queue());
      await seedSubmittedApplications(server, 9_900);
      await server.sql('ANALYZE kyb_applications');
      const large: Measure[] = [];
      for (let i = 0; i < ROUNDS; i++) large.push(await queue());
      rows.push({ label: 'queue 10,000 vs 100', a: '100 applications', b: '10,000 applications', metric: 'latency', rounds: small.map((a, i) => ({ a, b: large[i]! })), target: 1.3, extra: 'sides run one after the other' });
    }

    const failures = rows.flatMap((row) => row.rounds.flatMap((r) => [r.a, r.b])).reduce((n, m) => n + m.non2xx + m.errors, 0);
    if (failures > 0) console.log(`\n${db}: ${failures} answers were not 2xx or failed; the figures above include them`);
    return report(db, rows);
  } finally {
    await server.close();
  }
}

async function main() {
  console.log('FiPay baseline benchmark (autocannon; each ratio per round, median and spread)');
  console.log(`  node ${process.version}, ${os.availableParallelism()} cores, ${ROUNDS} rounds of ${SECONDS} s per side, argon2 ${JSON.stringify(ARGON2_OPTIONS)}`);
  console.log(`  load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const results = [await suite(undefined)];
  const pg = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (pg) results.push(await suite(pg));
  else console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  console.log(`\nBENCH_BASELINE_JSON ${JSON.stringify(results.flat())}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
