import { refundMessages, testCards } from '@fipay/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { countingDb, type CountedTransaction } from '../../test/counting-db';
import { createTestDb } from '../../test/db';
import { checkoutCode, createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type ApiResponse, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';

/**
 * How long a money path holds the ledger's locks, in statements (docs/decisions/0063-money-paths-lock-the-ledger-last.md):
 * every payment and refund of a company, and every payment of the platform, waits on those accounts, so what runs
 * between the statement that locks them and COMMIT is what bounds a company's (and the platform's) money per second.
 * The server's database handle counts each transaction's statements; a transaction's locks are taken by the first
 * statement that locks `ledger_accounts`. A refund is one statement of its own (docs/decisions/0095-a-refund-in-one-statement.md):
 * the handle also records the statements run outside any transaction.
 */

const transactions: CountedTransaction[] = [];
const outside: string[] = [];
/** Runs after a statement outside any transaction answers, before its caller hears the answer (once). */
let afterOutside: ((sql: string) => Promise<void>) | undefined;

/** countingDb, recording also the statements run outside any transaction. */
function recordingDb(db: Db): Db {
  const counted = countingDb(db, transactions, /ledger_accounts[\s\S]*FOR UPDATE/);
  return {
    ...counted,
    query: async (sql, params) => {
      outside.push(sql);
      const answer = await db.query(sql, params);
      const then = afterOutside;
      if (then) await then(sql);
      return answer;
    },
  } as Db;
}

let server: TestServer;
let key: string;
const card = { number: testCards[0].number, expiry: '12/39', cvv: '123' };

beforeAll(async () => {
  const { db, drop } = await createTestDb();
  server = await startTestServer({ database: { db: recordingDb(db), drop } });
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
});
afterAll(() => server.close());

/** The transactions `fn` ran (the mail and webhook workers run none here: they claim rows in single statements). */
async function measure(fn: () => Promise<void>) {
  const from = transactions.length;
  await fn();
  return { transactions: transactions.slice(from) };
}

async function pay(reference: string) {
  const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card);
  expect(paid.status).toBe(200);
}

describe('a money path', () => {
  it('starts a payment in one statement and pays it holding the ledger’s locks for one statement before COMMIT', async () => {
    let reference = '';
    const started = await measure(async () => {
      const answer = await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key });
      expect(answer.status).toBe(201);
      reference = answer.body.data.reference;
    });
    // The transaction and its timeline in one statement, without BEGIN and COMMIT.
    expect(started.transactions).toHaveLength(0);

    const paid = await measure(() => pay(reference));
    const locking = paid.transactions.filter((t) => t.lockedAt !== null);
    expect(locking).toHaveLength(1);
    const payment = locking[0]!;
    // The posting (both entries, the accounts locked in it, the company's totals and notifications after them).
    expect(payment.statements.length - payment.lockedAt!).toBe(1);
    expect(payment.statements[payment.lockedAt!]).toMatch(/INSERT INTO money_totals[\s\S]*INSERT INTO notifications/);
    expect(payment.statements.slice(payment.lockedAt!).join('\n')).not.toMatch(/INSERT INTO (events|outbox_emails|transaction_history)/);
  });

  /** The refund's statement: the payment's row first, what nobody waits for, then the ledger's accounts, the posting, the counters and notification. */
  const REFUND_STATEMENT =
    /UPDATE transactions SET refunded_amount[\s\S]*INSERT INTO refunds[\s\S]*INSERT INTO transaction_history[\s\S]*INSERT INTO outbox_emails[\s\S]*INSERT INTO events[\s\S]*INSERT INTO webhook_deliveries[\s\S]*written AS MATERIALIZED[\s\S]*ledger_accounts[\s\S]*FOR UPDATE[\s\S]*INSERT INTO journal_entries[\s\S]*INSERT INTO money_totals[\s\S]*INSERT INTO notifications/;

  it('refunds in one statement of its own: the payment, the refund, its timeline, emails and event, then the ledger', async () => {
    const reference = (await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key })).body.data.reference as string;
    await pay(reference);
    const fromOutside = outside.length;
    let answer!: ApiResponse;
    const refunded = await measure(async () => {
      answer = await server.api.post('/refunds', { reference, amount: 100 }, { token: key });
      expect(answer.status).toBe(201);
    });
    // The answer is the refund as written, and its event says the same, times included (the database's, in both).
    expect(answer.body.data).toMatchObject({ amount: 100, status: 'processed', transactionReference: reference });
    expect(answer.body.data.processedAt).toBe(answer.body.data.createdAt);
    const { rows: events } = await server.db.query<{ object: unknown; created_at: Date }>(
      "SELECT data -> 'object' AS object, created_at FROM events WHERE type = 'refund.processed' AND data -> 'object' ->> 'id' = $1",
      [answer.body.data.id],
    );
    expect(events.map((e) => e.object)).toEqual([answer.body.data]);
    const { rows: written } = await server.db.query<{ created_at: Date; processed_at: Date }>('SELECT created_at, processed_at FROM refunds WHERE id = $1', [answer.body.data.id]);
    expect(written[0]!.created_at.toISOString()).toBe(answer.body.data.createdAt);
    expect(written[0]!.processed_at.toISOString()).toBe(answer.body.data.processedAt);
    // No transaction took the ledger's locks: one statement outside any did, with the check that raises a refusal inside it.
    expect(refunded.transactions.filter((t) => t.lockedAt !== null)).toHaveLength(0);
    const writing = outside.slice(fromOutside).filter((sql) => /INSERT INTO refunds/.test(sql));
    expect(writing).toHaveLength(1);
    expect(writing[0]).toMatch(REFUND_STATEMENT);
    expect(writing[0]).toMatch(/checked AS MATERIALIZED \(\s*SELECT ledger_posting_check\(/);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('refunds a payment that changed after it was read in a transaction, its row locked first, with the right amount left', async () => {
    const reference = (await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key })).body.data.reference as string;
    await pay(reference);
    // Another refund of the payment lands between the refund's read of it and its statement.
    afterOutside = async (sql) => {
      if (!/FROM transactions WHERE company_id = \$1 AND livemode = \$2 AND reference = \$3$/.test(sql)) return;
      afterOutside = undefined;
      expect((await server.api.post('/refunds', { reference, amount: 300_000 }, { token: key })).status).toBe(201);
    };
    const fromOutside = outside.length;
    let asked!: ApiResponse;
    const refunded = await measure(async () => {
      // More than is left once the other refund is in: refused, and nothing of it written.
      asked = await server.api.post('/refunds', { reference, amount: 250_000 }, { token: key });
    });
    expect(afterOutside).toBeUndefined();
    expect(asked.status).toBe(400);
    expect(asked.body.data.errors.amount).toBe(refundMessages.tooMuch);
    // Held by its statement (the payment was no longer as read), it read the payment again under its lock and refused.
    const again = refunded.transactions.filter((t) => /FOR UPDATE/.test(t.statements[0] ?? ''));
    expect(again).toHaveLength(1);
    expect(again[0]!.statements).toHaveLength(1);
    expect(outside.slice(fromOutside).filter((sql) => REFUND_STATEMENT.test(sql))).toHaveLength(2);

    // Within what is left, the same path refunds: the payment's row locked, then the statement (last before COMMIT).
    afterOutside = async (sql) => {
      if (!/FROM transactions WHERE company_id = \$1 AND livemode = \$2 AND reference = \$3$/.test(sql)) return;
      afterOutside = undefined;
      expect((await server.api.post('/refunds', { reference, amount: 100_000 }, { token: key })).status).toBe(201);
    };
    const done = await measure(async () => {
      asked = await server.api.post('/refunds', { reference }, { token: key });
    });
    expect(asked.status).toBe(201);
    // "All that is left" is what was left under the lock, not what the first read saw.
    expect(asked.body.data.amount).toBe(100_000);
    const locked = done.transactions.filter((t) => t.lockedAt !== null);
    expect(locked).toHaveLength(1);
    expect(locked[0]!.statements).toHaveLength(2);
    expect(locked[0]!.statements[0]).toMatch(/FROM transactions WHERE company_id = \$1 AND livemode = \$2 AND reference = \$3 FOR UPDATE/);
    expect(locked[0]!.statements[1]).toMatch(REFUND_STATEMENT);
    expect(locked[0]!.statements[1]).not.toMatch(/ledger_posting_check/);
    const payment = await server.api.get(`/transactions/${reference}`, { token: key });
    expect(payment.body.data.refundedAmount).toBe(500_000);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
