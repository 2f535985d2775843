/**
 * One side of the ledger case, in a process of its own with a connection pool of its own (10, as the product's),
 * started by bench/suite.ts for one round:
 *
 *   node --import tsx apps/api/bench/ledger-runner.ts '{"side":"product","databaseUrl":"…","companyId":"…","concurrency":10,"seconds":5,"max":50000}'
 *
 * - product: the ledger's `post()` in a database transaction (src/modules/ledger/ledger.ts): an entry of two
 *   lines, acquirer clearing against the company's pending balance, through the product's database handle.
 * - bare: bench/bare-sql.ts, an entry + 2 lines + 2 locked balance updates in plain SQL on a plain pg pool.
 * Each worker posts one entry after another until the time or the count runs out; one posting is one entry (a
 * charge), counted once. Prints one JSON line: postings, seconds and every posting's latency in ms.
 */
import pg from 'pg';
import { createPostgresDb } from '../src/db/client';
import { post } from '../src/modules/ledger/ledger';
import { bareLedgerPosting } from './bare-sql';

type Settings = { side: 'product' | 'bare'; databaseUrl: string; companyId: string; concurrency: number; seconds: number; max: number };
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
  } else if (side === 'bare') {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
    postOne = (reference) => bareLedgerPosting(pool, reference, 10_000);
    close = () => pool.end();
  } else {
    throw new Error('side must be product or bare');
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
