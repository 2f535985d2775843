/**
 * Performance benchmark of the API server.
 *
 *   npm run bench:endpoints                                        # in-memory PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:endpoints
 *
 * Starts the real server on 127.0.0.1 (free port, in a worker thread so the
 * load generator here does not share its event loop) with a fresh database and
 * a local SMTP sink, then measures endpoints over HTTP keep-alive at a bounded
 * concurrency. Rate limits are raised so the limiter never answers 429 (it
 * still counts every request). Prints a table, the timing-parity comparisons,
 * and one `BENCH_JSON {...}` line. It reports figures; it asserts nothing.
 *
 * Other settings: BENCH_CONCURRENCY (default "1,8"), BENCH_SCALE (multiplies
 * request counts and durations; default 1), BENCH_LOG_LEVEL (default "info",
 * log lines are serialised as in production and discarded), BENCH_ONLY (comma-
 * separated parts of endpoint paths to keep, e.g. "health,refresh").
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { createClient } from './http';
import { createUnverifiedUser, createVerifiedUser, PASSWORD, signIn, signupBody, unknownEmail, WRONG_PASSWORD, type Session } from './fixtures';
import { runScenario, type Result, type RunContext, type Scenario } from './load';
import { errorDetails, parityStats, parityTable, resultsTable } from './report';
import { redactUrl, startBenchServer, type BenchServer } from './server';
import { round } from './stats';

const FORGOT_PARITY_FLOOR_MS = 350;
const RESEND_PARITY_FLOOR_MS = 350;

function settings() {
  const scale = Number(process.env.BENCH_SCALE ?? '1');
  if (!(scale > 0)) throw new Error('BENCH_SCALE must be a positive number');
  const concurrencies = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map((c) => Number(c.trim()));
  if (concurrencies.some((c) => !Number.isInteger(c) || c < 1 || c > 256)) throw new Error('BENCH_CONCURRENCY must list integers from 1 to 256');
  return {
    scale,
    concurrencies,
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
    only: (process.env.BENCH_ONLY ?? '').split(',').map((part) => part.trim()).filter(Boolean),
  };
}

/** The commit measured, marked "+dirty" when the API or its packages have local changes. */
function gitCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'apps/api', 'packages') !== '';
    return dirty ? `${commit}+dirty` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const count = (base: number, scale: number) => Math.max(1, Math.round(base * scale));

/** Everything to measure, in order. Sessions for the refresh chains are opened on the way. */
function* scenarios(
  config: ReturnType<typeof settings>,
  users: string[],
  openSessions: (n: number) => Promise<Session[]>,
  signUpUnverified: (n: number) => Promise<string[]>,
) {
  const { scale, concurrencies } = config;
  const user = (i: number) => users[i % users.length]!;

  for (const c of concurrencies) {
    yield { endpoint: 'GET /api/v1/health', variant: 'baseline', concurrency: c, durationMs: 3000 * scale, warmup: 200, call: () => ({ method: 'GET', path: '/api/v1/health', expect: 200 }) } satisfies Scenario;
  }
  for (const c of concurrencies) {
    yield { endpoint: 'GET /api/v1/countries', variant: 'baseline', concurrency: c, durationMs: 3000 * scale, warmup: 100, call: () => ({ method: 'GET', path: '/api/v1/countries', expect: 200 }) } satisfies Scenario;
  }
  for (const c of concurrencies) {
    yield {
      endpoint: 'POST /api/v1/auth/signup',
      variant: 'new account',
      concurrency: c,
      requests: count(Math.max(20, 8 * c), scale),
      warmup: Math.max(2, c),
      call: () => ({ method: 'POST', path: '/api/v1/auth/signup', body: signupBody(), expect: 201 }),
    } satisfies Scenario;
  }

  const login = {
    'correct password': (seq: number) => ({ body: { email: user(seq), password: PASSWORD }, expect: 200 }),
    'wrong password': (seq: number) => ({ body: { email: user(seq), password: WRONG_PASSWORD }, expect: 401 }),
    'unknown email': () => ({ body: { email: unknownEmail(), password: PASSWORD }, expect: 401 }),
  };
  for (const c of concurrencies) {
    for (const [variant, make] of Object.entries(login)) {
      yield {
        endpoint: 'POST /api/v1/auth/login/initiate',
        variant,
        concurrency: c,
        requests: count(Math.max(30, 8 * c), scale),
        warmup: Math.max(3, c),
        call: (_client, seq) => ({ method: 'POST', path: '/api/v1/auth/login/initiate', ...make(seq) }),
      } satisfies Scenario;
    }
  }
  // The three variants again, shuffled into one run: drift over time and other load hit all of them alike.
  for (const c of concurrencies) {
    const perVariant = count(Math.max(30, 8 * c), scale);
    const order = shuffle(Object.keys(login).flatMap((v) => Array.from({ length: perVariant }, () => v as keyof typeof login)));
    yield {
      endpoint: 'POST /api/v1/auth/login/initiate',
      variant: 'interleaved',
      concurrency: c,
      requests: order.length,
      warmup: 0,
      call: (_client, seq) => ({ method: 'POST', path: '/api/v1/auth/login/initiate', variant: order[seq]!, ...login[order[seq]!](seq) }),
    } satisfies Scenario;
  }

  for (const c of concurrencies) {
    yield {
      endpoint: 'POST /api/v1/auth/login/verify-otp',
      variant: 'full sign-in',
      concurrency: c,
      requests: count(Math.max(30, 8 * c), scale),
      warmup: Math.max(3, c),
      call: (_client, seq) => ({ method: 'POST', path: '/api/v1/auth/login/verify-otp', body: { email: user(seq), password: PASSWORD, otp: '' }, expect: 200 }),
    } satisfies Scenario;
  }

  for (const c of concurrencies) {
    // One rotation chain per client: each call presents the token the previous answer gave.
    const chains: Session[] = [];
    yield openSessions(c).then((sessions) => {
      chains.push(...sessions);
    });
    yield {
      endpoint: 'POST /api/v1/auth/refresh',
      variant: 'rotation chain',
      concurrency: c,
      durationMs: 3000 * scale,
      warmup: 5 * c,
      call: (client) => ({
        method: 'POST',
        path: '/api/v1/auth/refresh',
        body: { userId: chains[client]!.userId, refreshToken: chains[client]!.refreshToken },
        expect: 200,
        onAnswer: (json) => {
          chains[client]!.refreshToken = (json as { data: { refreshToken: string } }).data.refreshToken;
        },
      }),
    } satisfies Scenario;
  }

  // Authenticated reads: signature, claims and the open-session lookup, then the query itself.
  for (const c of concurrencies) {
    const readers: Session[] = [];
    yield openSessions(c).then((sessions) => {
      readers.push(...sessions);
    });
    for (const path of ['/api/v1/notification/user/latest', '/api/v1/account/me']) {
      yield {
        endpoint: `GET ${path}`,
        variant: 'signed in',
        concurrency: c,
        durationMs: 3000 * scale,
        warmup: 5 * c,
        call: (client) => ({ method: 'GET', path, token: readers[client]!.accessToken, expect: 200 }),
      } satisfies Scenario;
    }
  }

  // The same answer and about the same time for a known and an unknown email (no account enumeration).
  const emailParity = function* (path: string, c: number, known: (seq: number) => string) {
    for (const [variant, email] of [['known email', known], ['unknown email', () => unknownEmail()]] as const) {
      yield {
        endpoint: `POST /api/v1${path}`,
        variant,
        concurrency: c,
        requests: count(Math.max(10, 6 * c), scale),
        warmup: c,
        call: (_client, seq) => ({ method: 'POST', path: `/api/v1${path}`, body: { email: email(seq) }, expect: 200 }),
      } satisfies Scenario;
    }
  };

  for (const c of concurrencies) yield* emailParity('/auth/forgot-password', c, user);

  // Known means unverified here: the only accounts for which a new link is made and emailed.
  for (const c of concurrencies) {
    const unverified: string[] = [];
    yield signUpUnverified(Math.max(8, c)).then((emails) => {
      unverified.push(...emails);
    });
    yield* emailParity('/auth/resend-verification', c, (seq) => unverified[seq % unverified.length]!);
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function environment(config: ReturnType<typeof settings>, server: BenchServer) {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cpus: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    loadAverage: os.loadavg().map((l) => round(l, 2)),
    uvThreadpoolSize: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    database: server.dbKind,
    databaseDetail: server.database
      ? `PostgreSQL ${server.database.serverVersion}, database ${server.database.name} on ${redactUrl(config.databaseUrl!)}`
      : 'PGlite in memory (WASM, runs on the server thread)',
    logLevel: config.logLevel,
    concurrencies: config.concurrencies,
    scale: config.scale,
    commit: gitCommit(),
    startedAt: new Date().toISOString(),
  };
}

async function main(): Promise<number> {
  const config = settings();
  const abort = new AbortController();
  const onSignal = () => {
    if (abort.signal.aborted) process.exit(130);
    console.error('\nInterrupted: finishing the current request, then stopping (again to quit at once).');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const wallStart = performance.now();
  const server = await startBenchServer({ databaseUrl: config.databaseUrl, logLevel: config.logLevel });
  const results: Result[] = [];
  try {
    const env = environment(config, server);
    console.log('FiPay API benchmark');
    for (const [key, value] of Object.entries(env)) console.log(`  ${key.padEnd(17)} ${Array.isArray(value) ? value.join(', ') : String(value)}`);
    console.log(`  target            ${server.baseUrl} (server in a worker thread; client: node:http keep-alive)`);
    console.log('');

    const setupClient = createClient(server.baseUrl, 8);
    const users: string[] = [];
    try {
      const needed = Math.max(8, ...config.concurrencies);
      console.error(`setup: ${needed} verified users (sign-up, emailed link, verification)…`);
      for (let i = 0; i < needed; i += 8) {
        users.push(...(await Promise.all(Array.from({ length: Math.min(8, needed - i) }, () => createVerifiedUser(server, setupClient)))));
      }
    } finally {
      setupClient.close();
    }
    const openSessions = async (n: number) => {
      const client = createClient(server.baseUrl, 1);
      try {
        const sessions: Session[] = [];
        for (let i = 0; i < n; i++) sessions.push(await signIn(client, users[i % users.length]!));
        return sessions;
      } finally {
        client.close();
      }
    };

    const signUpUnverified = async (n: number) => {
      const client = createClient(server.baseUrl, 1);
      try {
        const emails: string[] = [];
        for (let i = 0; i < n; i++) emails.push(await createUnverifiedUser(client));
        return emails;
      } finally {
        client.close();
      }
    };

    const ctx: RunContext = { baseUrl: server.baseUrl, serverElu: server.eventLoopUtilization, signal: abort.signal };
    for (const step of scenarios(config, users, openSessions, signUpUnverified)) {
      if (abort.signal.aborted) break;
      if (step instanceof Promise) {
        await step;
        continue;
      }
      if (config.only.length && !config.only.some((part) => step.endpoint.includes(part))) continue;
      server.mail.received.length = 0; // the sink keeps every message; nobody reads these
      const produced = await runScenario(step, ctx);
      results.push(...produced);
      for (const r of produced) {
        console.error(
          `  ${r.endpoint} [${r.variant}] c=${r.concurrency}: ${r.requests} reqs, ${r.errors} errors, ${r.rps.toFixed(1)} req/s, p50 ${r.latency.p50.toFixed(2)} ms`,
        );
      }
    }

    const variantOrder = ['correct password', 'wrong password', 'known email', 'unknown email'];
    const pick = (endpoint: string, concurrency: number, interleaved: boolean) =>
      results
        .filter((r) => r.endpoint === endpoint && r.concurrency === concurrency && r.interleaved === interleaved)
        .sort((a, b) => variantOrder.indexOf(a.variant) - variantOrder.indexOf(b.variant));
    const loginEndpoint = 'POST /api/v1/auth/login/initiate';
    const forgotEndpoint = 'POST /api/v1/auth/forgot-password';
    const loginGroups = [
      ...config.concurrencies.map((c) => ({ label: `separate runs, c=${c}`, results: pick(loginEndpoint, c, false) })),
      ...config.concurrencies.map((c) => ({ label: `interleaved, c=${c}`, results: pick(loginEndpoint, c, true) })),
    ].filter((g) => g.results.length > 0);
    const forgotGroups = config.concurrencies
      .map((c) => ({ label: `separate runs, c=${c}`, results: pick(forgotEndpoint, c, false) }))
      .filter((g) => g.results.length > 0);
    const resendEndpoint = 'POST /api/v1/auth/resend-verification';
    const resendGroups = config.concurrencies
      .map((c) => ({ label: `separate runs, c=${c}`, results: pick(resendEndpoint, c, false) }))
      .filter((g) => g.results.length > 0);

    console.log('Results (latency as seen by the client; "srv loop" = busy share of the server thread\'s event loop;');
    console.log('"cpu" = this process, all threads, as a share of all cores; "host" = the whole machine, PostgreSQL and other jobs included)');
    console.log('');
    console.log(resultsTable(results));
    const errors = errorDetails(results);
    if (errors) console.log(`\nUnexpected statuses:\n${errors}`);
    if (loginGroups.length) {
      console.log('\nTiming parity: POST /auth/login/initiate, correct vs wrong password vs unknown email (ms)');
      console.log(parityTable(loginGroups));
    }
    if (forgotGroups.length) {
      console.log(`\nTiming parity: POST /auth/forgot-password, known vs unknown email (ms; floor ${FORGOT_PARITY_FLOOR_MS} ms)`);
      console.log(parityTable(forgotGroups, FORGOT_PARITY_FLOOR_MS));
    }
    if (resendGroups.length) {
      console.log(`\nTiming parity: POST /auth/resend-verification, known (unverified) vs unknown email (ms; floor ${RESEND_PARITY_FLOOR_MS} ms)`);
      console.log(parityTable(resendGroups, RESEND_PARITY_FLOOR_MS));
    }
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const loadAverageEnd = os.loadavg().map((l) => round(l, 2));
    console.log(`\nTotal wall time ${wallSeconds.toFixed(1)} s${abort.signal.aborted ? ' (interrupted)' : ''}; load average at the end ${loadAverageEnd.join(', ')}`);

    const json = {
      version: 1,
      env,
      wallSeconds: round(wallSeconds, 1),
      loadAverageEnd,
      interrupted: abort.signal.aborted,
      results: results.map((r) => ({
        endpoint: r.endpoint,
        variant: r.variant,
        concurrency: r.concurrency,
        interleaved: r.interleaved,
        requests: r.requests,
        errors: r.errors,
        errorStatuses: r.errorStatuses,
        rps: round(r.rps, 1),
        latencyMs: Object.fromEntries(Object.entries(r.latency).map(([k, v]) => [k, round(v, 3)])),
        serverEventLoopUtilization: round(r.serverElu, 3),
        processCpuShare: round(r.cpu, 3),
        hostCpuShare: round(r.hostCpu, 3),
        elapsedMs: round(r.elapsedMs, 0),
      })),
      parity: {
        loginInitiate: loginGroups.map((g) => ({ run: g.label, ...roundDeep(parityStats(g.results)) })),
        forgotPassword: forgotGroups.map((g) => ({
          run: g.label,
          floorMs: FORGOT_PARITY_FLOOR_MS,
          belowFloor: Object.fromEntries(g.results.map((r) => [r.variant, r.latenciesMs.filter((v) => v < FORGOT_PARITY_FLOOR_MS).length])),
          ...roundDeep(parityStats(g.results)),
        })),
        resendVerification: resendGroups.map((g) => ({
          run: g.label,
          floorMs: RESEND_PARITY_FLOOR_MS,
          belowFloor: Object.fromEntries(g.results.map((r) => [r.variant, r.latenciesMs.filter((v) => v < RESEND_PARITY_FLOOR_MS).length])),
          ...roundDeep(parityStats(g.results)),
        })),
      },
    };
    console.log(`BENCH_JSON ${JSON.stringify(json)}`);
  } finally {
    await server.close();
  }
  return abort.signal.aborted ? 130 : 0;
}

function roundDeep<T>(value: T): T {
  if (typeof value === 'number') return round(value, 3) as T;
  if (Array.isArray(value)) return value.map(roundDeep) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v)])) as T;
  return value;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
