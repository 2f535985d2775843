import { testCards } from '@fipay/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDb, type CountedTransaction } from '../../test/counting-db';
import { createTestDb } from '../../test/db';
import { checkoutCode, createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';

/**
 * How long a money path holds the ledger's locks, in statements (docs/decisions/0063-money-paths-lock-the-ledger-last.md):
 * every payment and refund of a company, and every payment of the platform, waits on those accounts, so what runs
 * between the statement that locks them and COMMIT is what bounds a company's (and the platform's) money per second.
 * The server's database handle counts each transaction's statements; a transaction's locks are taken by the first
 * statement that locks `ledger_accounts`.
 */

const transactions: CountedTransaction[] = [];

let server: TestServer;
let key: string;
const card = { number: testCards[0].number, expiry: '12/39', cvv: '123' };

beforeAll(async () => {
  const { db, drop } = await createTestDb();
  server = await startTestServer({ database: { db: countingDb(db, transactions, /ledger_accounts[\s\S]*FOR UPDATE/), drop } });
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

  it('refunds holding the ledger’s locks for one statement before COMMIT', async () => {
    const reference = (await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key })).body.data.reference as string;
    await pay(reference);
    const refunded = await measure(async () => {
      const answer = await server.api.post('/refunds', { reference, amount: 100 }, { token: key });
      expect(answer.status).toBe(201);
    });
    const locking = refunded.transactions.filter((t) => t.lockedAt !== null);
    expect(locking).toHaveLength(1);
    const refund = locking[0]!;
    // The payment locked with what the emails need (the company's users who get the notice among it); the refund with
    // its timeline, emails and event; the posting (docs/decisions/0071-answers-written-once-checked.md, 0080).
    expect(refund.statements).toHaveLength(3);
    expect(refund.statements[0]).toMatch(/FROM users u LEFT JOIN email_preferences[\s\S]*FOR UPDATE/);
    expect(refund.statements[1]).toMatch(
      /INSERT INTO refunds[\s\S]*INSERT INTO transaction_history[\s\S]*INSERT INTO outbox_emails[\s\S]*INSERT INTO events[\s\S]*INSERT INTO webhook_deliveries/,
    );
    expect(refund.statements.length - refund.lockedAt!).toBe(1);
    expect(refund.statements[refund.lockedAt!]).toMatch(/INSERT INTO money_totals[\s\S]*INSERT INTO notifications/);
    expect(refund.statements.slice(refund.lockedAt!).join('\n')).not.toMatch(/INSERT INTO (events|outbox_emails|transaction_history|refunds)/);
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
