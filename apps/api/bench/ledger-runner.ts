/**
 * One side of the ledger case, in a process of its own with a connection pool of its own (10, as the product's),
 * started by bench/suite.ts for one round:
 *
 *   node --import tsx apps/api/bench/ledger-runner.ts '{"side":"product","databaseUrl":"…","companyId":"…","concurrency":10,"seconds":5,"max":50000,"warm":1000}'
 *
 * - product: the ledger's `post()` in a database transaction (src/modules/ledger/ledger.ts): an entry of two
 *   lines, acquirer clearing against the company's pending balance, through the product's database handle.
 * - transfer: the product's transfer between two businesses (src/modules/transfers/transfers.ts, `createTransfer`, as
 *   POST /transfers runs it for a secret key, without HTTP): the recipient looked up by tag, the value priced, the
 *   transfer row, both events, the recipient's email, the daily Send limit, the posting and both notifications, in one
 *   statement that is its own transaction once the accounts exist (docs/decisions/0094-a-transfer-in-one-statement.md);
 *   1 US cent from the bench company to a recipient the runner makes (approved, tagged), funded first.
 * - transfer-spread: the same createTransfer, but worker w sends from a sender of its own to a payee of its own (ten
 *   pairs the runner makes: senders with a user each, approved payees, tagged, the senders funded), so no two workers
 *   share a row: what a transfer costs when it does not queue behind another on the same balances.
 * - bare: bench/bare-sql.ts, an entry + 2 lines + 2 locked balance updates in plain SQL on a plain pg pool.
 * - bare-spread: the same, worker w on its own pair of accounts (2w+1, 2w+2).
 * Worker w's postings are w's (the spread sides use it; the others share their rows).
 * Each worker posts one entry after another until the time or the count runs out; one posting is one entry (a
 * charge), counted once. Before that window, the same workers post `warm` entries (at least one each), untimed, so
 * that both sides' code is optimised before it is timed (docs/decisions/0103-benchmarks-measure-warm-code.md). Prints one JSON line: postings, seconds and every posting's latency in ms.
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

type Settings = {
  side: 'product' | 'transfer' | 'transfer-spread' | 'bare' | 'bare-spread';
  databaseUrl: string;
  companyId: string;
  concurrency: number;
  seconds: number;
  max: number;
  warm?: number;
};
const { side, databaseUrl: url, companyId, concurrency, seconds, max, warm = 0 } = JSON.parse(process.argv[2] ?? '{}') as Settings;
const tag = `${process.pid}-${Date.now().toString(36)}`;

async function main() {
  let postOne: (reference: string, worker: number) => Promise<void>;
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
  } else if (side === 'transfer' || side === 'transfer-spread') {
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
    // Hot pair: every worker from the bench company to one payee. Spread: worker w from sender w to payee w.
    const pairs =
      side === 'transfer'
        ? [{ sender: companyId, payee: await benchPayee(db) }]
        : await Promise.all(Array.from({ length: concurrency }, async (_, w) => ({ sender: await benchSender(db, w), payee: await benchPayee(db, w) })));
    // Money to send: test funds, straight on the ledger.
    for (const [index, { sender }] of pairs.entries()) {
      await db.transaction((tx) =>
        post(tx, {
          livemode: false,
          companyId: sender,
          kind: 'test_funds',
          reference: `bench-funds-${tag}-${index}`,
          lines: [
            { account: { code: 'test_faucet', currency: 'USD' }, amount: 10n ** 15n },
            { account: { companyId: sender, code: 'available', currency: 'USD' }, amount: -(10n ** 15n) },
          ],
        }),
      );
    }
    const merchants = pairs.map(({ sender }) => ({ companyId: sender, livemode: false, via: { kind: 'secret-key' as const, keyId: '00000000-0000-4000-8000-00000000be4c' } }));
    postOne = async (_reference, worker) => {
      const pair = worker % pairs.length;
      await createTransfer(ctx, merchants[pair]!, { asset: 'USD', amount: minorUnits(1n), to: `@${pairs[pair]!.payee}` });
    };
    close = () => db.close();
  } else if (side === 'bare' || side === 'bare-spread') {
    prepareBareStatements();
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    postOne = (reference, worker) => bareLedgerPosting(pool, reference, 10_000, side === 'bare' ? 0 : worker % 10);
    close = () => pool.end();
  } else {
    throw new Error('side must be product, transfer, transfer-spread, bare or bare-spread');
  }
  // Connections open and code warm before the window: one posting per worker at least, `warm` in all.
  let warmed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      do await postOne(`warm-${tag}-${warmed++}`, w);
      while (warmed < warm);
    }),
  );
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (performance.now() < deadline && next < max) {
        const i = next++;
        const t = performance.now();
        try {
          await postOne(`bench-${tag}-${i}`, w);
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

/**
 * The recipient of the transfer side: an approved business with the tag `benchpayee` (the spread side's pair w:
 * `benchpayee<w>`), made once per database.
 */
async function benchPayee(db: ReturnType<typeof createPostgresDb>, pair?: number): Promise<string> {
  const payee = `benchpayee${pair ?? ''}`;
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

/**
 * The sender of the spread side's pair w: a business (not approved: test mode needs none) with one verified user, as
 * the bench company has, so each transfer notifies a user on each side as the hot pair's does. Made once per database.
 */
async function benchSender(db: ReturnType<typeof createPostgresDb>, pair: number): Promise<string> {
  const email = `sender${pair}@bench.test`;
  return db.transaction(async (tx) => {
    const found = await tx.query<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [email]);
    if (found.rows[0]) return found.rows[0].company_id;
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO companies (name, email, phone, website, country_id, address, registration_no)
       SELECT $1, $2, $3, 'https://bench.test', id, '1 Marina, Lagos', 'RC1234567' FROM countries LIMIT 1 RETURNING id`,
      [`Bench Sender ${pair} Ltd`, email, `+23480100000${String(pair).padStart(2, '0')}`],
    );
    await tx.query(
      `INSERT INTO users (company_id, first_name, last_name, email, phone, password_hash, email_verified_at)
       VALUES ($1, 'Bench', 'Sender', $2, $3, 'not-a-password', now())`,
      [rows[0]!.id, email, `+23480200000${String(pair).padStart(2, '0')}`],
    );
    return rows[0]!.id;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
