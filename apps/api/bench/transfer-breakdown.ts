/**
 * Where one uncontended transfer's time goes (docs/decisions/0094), against the bare double entry of bench/bare-sql.ts:
 * on a PostgreSQL database of its own (created, migrated, dropped), one connection, one transfer after another as
 * `createTransfer` runs it for a secret key (the bench's transfer-spread pair: a sender with one user, an approved
 * tagged payee), then one bare posting after another on the same connection.
 *
 *   node --import tsx apps/api/bench/transfer-breakdown.ts [transfers=400]
 *
 * Prints, per side: each statement's round trip as the client sees it (mean, in ms), the CPU time per operation of
 * this process and of the connection's backend (/proc), and the database's own account of one transfer (auto_explain
 * with triggers and nested statements, sent to this client as notices). For finding where the time goes, not a rate.
 * BREAKDOWN_SIDES (`transfer,bare`) picks the sides, BREAKDOWN_EXPLAIN=0 skips auto_explain, BREAKDOWN_SQL runs SQL on
 * the scratch database before the transfers (a trigger disabled, to see what it costs). It prints the backend's pid,
 * for `perf record -p`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { minorUnits } from '@fipay/contracts/money';
import type { AppContext } from '../src/context';
import { loadConfig } from '../src/config';
import type { Db, Queryable } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { post } from '../src/modules/ledger/ledger';
import { createTransfer } from '../src/modules/transfers/transfers';
import { BENCH_LEDGER_SCHEMA, postBare } from './bare-sql';
import { prepareBareStatements } from './bare-prepared';

const count = Number(process.argv[2] ?? 400);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** CPU time (user + system) of a process in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const nodeMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** What a statement is, for the table: the first of these it names. */
const labelOf = (sql: string) => {
  const t = sql.trim();
  if (/^(BEGIN|COMMIT|ROLLBACK)/.test(t)) return t.split(/\s/)[0]!;
  if (/INSERT INTO limit_usage/.test(t) && /journal_entries/.test(t)) return 'limit + posting + notifications';
  if (/INSERT INTO transfers/.test(t)) return 'transfer row';
  if (/INSERT INTO events/.test(t)) return 'events + outbox';
  if (/fipay_tags WHERE tag/.test(t)) return 'recipient look-up';
  if (/INSERT INTO bench_entries/.test(t)) return 'bare entry';
  if (/INSERT INTO bench_lines/.test(t)) return 'bare lines';
  if (/UPDATE bench_accounts/.test(t)) return 'bare balance';
  return t.replace(/\s+/g, ' ').slice(0, 60);
};

type Timing = Map<string, { n: number; ms: number }>;

/** A Db on one pg.Client (so its notices and its backend are this probe's), prepared as createPostgresDb prepares. */
function oneConnectionDb(client: pg.Client, timing: { into: Timing | null }): Db {
  const memo = new Map<string, string>();
  const names = new Map<string, string>();
  const run = async <T>(sql: string, params: unknown[] = []) => {
    let name = names.get(sql);
    if (!name && params.length > 0) names.set(sql, (name = `p${names.size}`));
    const started = performance.now();
    const r = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    const spent = performance.now() - started;
    if (timing.into) {
      const label = labelOf(sql);
      const seen = timing.into.get(label) ?? { n: 0, ms: 0 };
      timing.into.set(label, { n: seen.n + 1, ms: seen.ms + spent });
    }
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
  };
  const base = (after: Pick<Queryable, 'afterCommit' | 'wake'>): Queryable => ({ memo, query: run, exec: async (sql) => void (await client.query(sql)), ...after });
  return {
    kind: 'postgres',
    ...base({ afterCommit: (fn) => fn(), wake: () => undefined }),
    async transaction(fn) {
      const queued: (() => void)[] = [];
      await run('BEGIN');
      try {
        const result = await fn(base({ afterCommit: (f) => void queued.push(f), wake: () => undefined }));
        await run('COMMIT');
        queued.forEach((f) => f());
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    onWake: () => () => undefined,
    listen: async () => async () => undefined,
    close: () => client.end(),
  };
}

const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
const dbName = `fipay_breakdown_${randomBytes(5).toString('hex')}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(SERVER_URL);
url.pathname = `/${dbName}`;
try {
  prepareBareStatements();
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  const timing: { into: Timing | null } = { into: null };
  const db = oneConnectionDb(client, timing);
  await migrate(db);
  await client.query(BENCH_LEDGER_SCHEMA);
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  console.error(`backend pid ${backend}, this process ${process.pid}`);

  // The transfer-spread pair: a sender with one user, an approved payee with a tag, the sender funded.
  const { rows: sender } = await client.query<{ id: string }>(
    `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
     SELECT 'Bench Sender Ltd', 'sender@bench.test', '+2348010000000', 'https://bench.test', id, '1 Marina, Lagos', 'RC1234567' FROM countries LIMIT 1 RETURNING id`,
  );
  await client.query(
    `INSERT INTO users (company_id, first_name, last_name, email, phone, password_hash, email_verified_at)
     VALUES ($1, 'Bench', 'Sender', 'sender@bench.test', '+2348020000000', 'not-a-password', now())`,
    [sender[0]!.id],
  );
  const { rows: payee } = await client.query<{ id: string }>(
    `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
     SELECT 'Bench Payee Ltd', 'payee@bench.test', '+2348012345678', 'https://bench.test', id, '1 Marina, Lagos', 'RC7654321' FROM countries LIMIT 1 RETURNING id`,
  );
  await client.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [payee[0]!.id]);
  await client.query("INSERT INTO fipay_tags (tag, company_id) VALUES ('benchpayee', $1)", [payee[0]!.id]);
  const companyId = sender[0]!.id;
  await db.transaction((tx) =>
    post(tx, {
      livemode: false,
      companyId,
      kind: 'test_funds',
      reference: 'bench-funds',
      lines: [
        { account: { code: 'test_faucet', currency: 'USD' }, amount: 10n ** 15n },
        { account: { companyId, code: 'available', currency: 'USD' }, amount: -(10n ** 15n) },
      ],
    }),
  );
  // A variant of the schema to measure against (a scratch database: e.g. a trigger disabled), when given.
  if (process.env.BREAKDOWN_SQL) await client.query(process.env.BREAKDOWN_SQL);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: tmpdir(),
    APP_URL: 'http://127.0.0.1',
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DAILY_LIMITS: JSON.stringify(Object.fromEntries(['unapproved', 'approved', 'tier_2', 'tier_3'].map((tier) => [tier, { trade: '1000000000000', send: '1000000000000' }]))),
  });
  const ctx = { db, config } as AppContext;
  const merchant = { companyId, livemode: false, via: { kind: 'secret-key' as const, keyId: '00000000-0000-4000-8000-00000000be4c' } };
  const transfer = () => createTransfer(ctx, merchant, { asset: 'USD', amount: minorUnits(1n), to: '@benchpayee' });
  let bareN = 0;
  const bare = async () => {
    await db.query('BEGIN');
    await postBare(client as unknown as pg.PoolClient, `bare-${bareN++}`, 10_000, 3);
    await db.query('COMMIT');
  };
  // postBare runs on the client directly: its statements are timed through a wrapper of its own.
  const bareQuery = client.query.bind(client);
  (client as unknown as { query: unknown }).query = (...args: Parameters<pg.Client['query']>) => {
    const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    const started = performance.now();
    const result = (bareQuery as (...a: unknown[]) => Promise<unknown>)(...args);
    if (timing.into && typeof args[0] === 'string') {
      const into = timing.into;
      void result.then(() => {
        const label = labelOf(sql);
        const seen = into.get(label) ?? { n: 0, ms: 0 };
        into.set(label, { n: seen.n + 1, ms: seen.ms + performance.now() - started });
      });
    }
    return result;
  };

  const measure = async (name: string, op: () => Promise<unknown>) => {
    for (let i = 0; i < 50; i++) await op();
    const into: Timing = new Map();
    timing.into = into;
    const [node0, db0, t0] = [nodeMs(), cpuMs(backend), performance.now()];
    for (let i = 0; i < count; i++) await op();
    const [node1, db1, t1] = [nodeMs(), cpuMs(backend), performance.now()];
    timing.into = null;
    console.log(`\n${name}: ${count} in ${(t1 - t0).toFixed(0)} ms, ${((t1 - t0) / count).toFixed(3)} ms each; CPU per op: node ${((node1 - node0) / count).toFixed(3)} ms, backend ${((db1 - db0) / count).toFixed(3)} ms`);
    for (const [label, { n, ms }] of into) console.log(`  ${(n / count).toFixed(2)} x ${label.padEnd(40)} ${(ms / n).toFixed(3)} ms`);
  };
  const sides = (process.env.BREAKDOWN_SIDES ?? 'transfer,bare').split(',');
  if (sides.includes('transfer')) await measure('transfer (createTransfer, secret key)', transfer);
  if (sides.includes('bare')) await measure('bare posting (bench/bare-sql.ts)', bare);
  const { rows: plans } = await client.query<{ generic_plans: string; custom_plans: string; statement: string }>(
    'SELECT generic_plans, custom_plans, statement FROM pg_prepared_statements ORDER BY custom_plans DESC',
  );
  console.log('\nprepared statements (generic / custom plans):');
  for (const row of plans) console.log(`  ${row.generic_plans} / ${row.custom_plans}  ${labelOf(row.statement)}`);

  // The database's own account of one transfer and one bare posting.
  if (process.env.BREAKDOWN_EXPLAIN !== '0') await explainOne(client, notices, transfer, bare);
  await client.end();
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

async function explainOne(client: pg.Client, notices: string[], transfer: () => Promise<unknown>, bare: () => Promise<unknown>) {
  await client.query(
    "LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_triggers = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = notice; SET auto_explain.log_timing = on",
  );
  for (const [name, op] of [['transfer', transfer], ['bare', bare]] as const) {
    for (let i = 0; i < 3; i++) await op();
    notices.length = 0;
    await op();
    console.log(`\n--- auto_explain, one ${name} ---\n${notices.filter((n) => !/LOAD|SET auto_explain/.test(n)).join('\n---\n')}`);
  }
}
