import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { countingDb, type CountedTransaction } from '../../test/counting-db';
import { startTestServer, type TestServer } from '../../test/server';
import { transferFixtures } from '../../test/transfer-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

/**
 * How long a transfer holds the rows every transfer of its sender waits for (docs/decisions/0083-transfers-hold-their-locks-for-one-statement.md):
 * the sender's daily Send limit row and the ledger's accounts are taken by one statement, the last before COMMIT, and
 * everything no other transfer waits for (the transfer row, both events, the email) is written before it. The server's
 * database handle counts each transaction's statements; the first to name `limit_usage` or lock `ledger_accounts`
 * takes the first hot lock.
 */

const transactions: CountedTransaction[] = [];

let server: TestServer;
const limits = { trade: '100000', send: '100000' };

beforeAll(async () => {
  const { db, drop } = await createTestDb();
  server = await startTestServer({ database: { db: countingDb(db, transactions, /INSERT INTO limit_usage|ledger_accounts[\s\S]*FOR UPDATE/), drop }, env: { DAILY_LIMITS: JSON.stringify({ unapproved: limits, approved: limits, tier_2: limits, tier_3: limits }) } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fundDollars } = transferFixtures(() => server);

describe('a transfer', () => {
  it('takes its limit row and the ledger’s accounts in its last statement before COMMIT, with its events and email written before', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const [alice, bob] = [await newCompany(`st_a${stamp}`), await newCompany(`st_b${stamp}`)];
    await fundDollars(alice, 1_000_000n, `statements-${stamp}`);
    const from = transactions.length;
    const sent = await server.api.post('/transfers', { asset: 'USD', amount: '250', to: `@${bob.tag}`, note: 'Counted' }, { token: alice.key });
    expect(sent.status).toBe(201);
    const locking = transactions.slice(from).filter((t) => t.lockedAt !== null);
    expect(locking).toHaveLength(1);
    const transfer = locking[0]!;
    // One statement under the hot locks: the limit's usage row, then the accounts, the entry and the notifications.
    expect(transfer.statements.length - transfer.lockedAt!).toBe(1);
    expect(transfer.statements[transfer.lockedAt!]).toMatch(/INSERT INTO limit_usage[\s\S]*ledger_accounts[\s\S]*FOR UPDATE[\s\S]*INSERT INTO journal_entries[\s\S]*INSERT INTO notifications/);
    // Before it: the transfer row (with who gets its email), then both events and the email rows in one statement
    // (then, on a first transfer of an asset, the look-up or opening of the recipient's account).
    expect(transfer.statements[0]).toMatch(/INSERT INTO transfers/);
    expect(transfer.statements[1]).toMatch(/INSERT INTO events[\s\S]*INSERT INTO events[\s\S]*INSERT INTO outbox_emails/);
    const before = transfer.statements.slice(0, transfer.lockedAt!).join('\n');
    expect(before).toMatch(/INSERT INTO transfers/);
    expect(before).toMatch(/INSERT INTO events/);
    expect(transfer.statements[transfer.lockedAt!]).not.toMatch(/INSERT INTO (transfers|events|outbox_emails)/);

    // A send over the limit is refused by that statement, with what is left, and writes nothing.
    const over = await server.api.post('/transfers', { asset: 'USD', amount: '100000', to: `@${bob.tag}` }, { token: alice.key });
    expect(over.status).toBe(409);
    expect(over.body.data.code).toBe('LIMIT_EXCEEDED');
    expect(over.body.message).toContain('997.50');
    const { rows } = await server.db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE from_company_id = $1', [alice.id]);
    expect(rows[0]!.n).toBe('1');
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
