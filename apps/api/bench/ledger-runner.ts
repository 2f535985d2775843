/**
 * One side of the ledger case, in a process of its own with a connection pool of its own (10, as the product's),
 * started by bench/suite.ts for one round:
 *
 *   node --import tsx apps/api/bench/ledger-runner.ts '{"side":"product","databaseUrl":"…","companyId":"…","concurrency":10,"seconds":5,"max":50000}'
 *
 * - product: the ledger's `post()` in a database transaction (src/modules/ledger/ledger.ts): an entry of two
 *   lines, acquirer clearing against the company's pending balance, through the product's database handle.
 * - transfer: the product's transfer between two businesses (src/modules/transfers/transfers.ts, `createTransfer`, as
 *   POST /transfers runs it for a secret key, without HTTP): the recipient looked up by tag, the value priced, the
 *   transfer row, both events, the recipient's email, the daily Send limit, the posting and both notifications, in one
 *   transaction; 1 US cent from the bench company to a recipient the runner makes (approved, tagged), funded first.
 * - bare: bench/bare-sql.ts, an entry + 2 lines + 2 locked balance updates in plain SQL on a plain pg pool.
 * Each worker posts one entry after another until the time or the count runs out; one posting is one entry (a
 * charge), counted once. Prints one JSON line: postings, seconds and every posting's latency in ms.
 */
import pg from 'pg';
import { createPostgresDb } from '../src/db/client';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import type { AppContext } from '../src/context';
import { loadConfig } from '../src/config';
import { post } from '../src/modules/ledger/ledger';
import { createTransfer } from '../src/modules/transfers/transfers';
import { minorUnits } from '@fipay/contracts/money';
import { bareLedgerPosting } from './bare-sql';
import { prepareBareStatements } from './bare-prepared';

type Settings = { side: 'product' | 'transfer' | 'bare'; databaseUrl: string; companyId: string; concurrency: number; seconds: number; max: number };
const { side, databaseUrl: url, companyId, concurrency, seconds, max } = JSON.parse(process.argv[2] ?? '{}') as Settings;
const tag = `${process.pid}-${Date.now().toString(36)}`;

async function main() {
  let postOne: (reference: string) => Promise<void>;
  let close: () => Promise<void>;
  if (side === 'product') {
    const db = createPostgresDb(url);
    postOne = async (reference) => {
      await db.transaction((tx) =>
        post(tx, {
          livemode: false,
          companyId,
          kind: 'charge',
          reference,
          description: `Charge ${reference}`,
          lines: [
            { account: { code: 'acquirer_clearing', currency: 'NGN' }, amount: 10_000 },
            { account: { companyId, code: 'pending', currency: 'NGN' }, amount: -10_000 },
          ],
        }),
      );
    };
    close = () => db.close();
  } else if (side === 'transfer') {
    const db = createPostgresDb(url);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: tmpdir(),
      APP_URL: 'http://127.0.0.1',
      DATABASE_URL: url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // No limit in the way of a throughput figure (each transfer still takes it).
      DAILY_LIMITS: JSON.stringify(Object.fromEntries(['unapproved', 'approved', 'tier_2', 'tier_3'].map((tier) => [tier, { trade: '1000000000000', send: '1000000000000' }]))),
    });
    const ctx = { db, config } as AppContext;
    const payee = await benchPayee(db);
    // Money to send: test funds, straight on the ledger.
    await db.transaction((tx) =>
      post(tx, {
        livemode: false,
        companyId,
        kind: 'test_funds',
        reference: `bench-funds-${tag}`,
        lines: [
          { account: { code: 'test_faucet', currency: 'USD' }, amount: 10n ** 15n },
          { account: { companyId, code: 'available', currency: 'USD' }, amount: -(10n ** 15n) },
        ],
      }),
    );
    const merchant = { companyId, livemode: false, via: { kind: 'secret-key' as const, keyId: '00000000-0000-4000-8000-00000000be4c' } };
    postOne = async () => {
      await createTransfer(ctx, merchant, { asset: 'USD', amount: minorUnits(1n), to: `@${payee}` });
    };
    close = () => db.close();
  } else if (side === 'bare') {
    prepareBareStatements();
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    postOne = (reference) => bareLedgerPosting(pool, reference, 10_000);
    close = () => pool.end();
  } else {
    throw new Error('side must be product, transfer or bare');
  }
  // Connections open and code warm before the window: one posting per worker.
  await Promise.all(Array.from({ length: concurrency }, (_, w) => postOne(`warm-${tag}-${w}`)));
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline && next < max) {
        const i = next++;
        const t = performance.now();
        try {
          await postOne(`bench-${tag}-${i}`);
          latencies.push(performance.now() - t);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await close();
  process.stdout.write(`${JSON.stringify({ count: latencies.length, failures, seconds: elapsed, latencies })}\n`);
}

/** The recipient of the transfer side: an approved business with the tag `benchpayee`, made once per database. */
async function benchPayee(db: ReturnType<typeof createPostgresDb>): Promise<string> {
  const payee = 'benchpayee';
  await db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM fipay_tags WHERE tag = $1', [payee]);
    if (found.rows.length > 0) return;
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
       SELECT 'Bench Payee Ltd', 'payee@bench.test', '+2348012345678', 'https://bench.test', id, '1 Marina, Lagos', 'RC7654321' FROM countries LIMIT 1 RETURNING id`,
    );
    await tx.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [rows[0]!.id]);
    await tx.query('INSERT INTO fipay_tags (tag, company_id) VALUES ($1, $2)', [payee, rows[0]!.id]);
  });
  return payee;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
