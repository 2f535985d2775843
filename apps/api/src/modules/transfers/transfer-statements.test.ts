import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestDb } from '../../test/db';
import { countingDb, type CountedTransaction } from '../../test/counting-db';
import { startTestServer, type TestServer } from '../../test/server';
import { transferFixtures } from '../../test/transfer-fixtures';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

/**
 * A transfer is written by one statement (docs/decisions/0094-a-transfer-in-one-statement.md, refining 0083 and 0089):
 * the transfer row, both events and the email rows (what nobody waits for) first, then the sender's daily Send limit
 * row and the ledger's accounts (what every send of the sender waits for), the entry and the notifications. Once the
 * accounts exist, that statement runs outside any transaction (it is one: committed as it ends), so nothing runs under
 * its locks after it; a first transfer to a business runs it last in the transaction that makes the accounts. The
 * server's database handle records each transaction's statements and every statement run outside one.
 */

const transactions: CountedTransaction[] = [];
const outside: string[] = [];

let server: TestServer;
const limits = { trade: '100000', send: '100000' };

/** countingDb, recording also the statements run outside any transaction. */
function recordingDb(db: Db): Db {
  const counted = countingDb(db, transactions, /INSERT INTO limit_usage|ledger_accounts[\s\S]*FOR UPDATE/);
  return {
    ...counted,
    query: (sql, params) => {
      outside.push(sql);
      return db.query(sql, params);
    },
  } as Db;
}

beforeAll(async () => {
  const { db, drop } = await createTestDb();
  server = await startTestServer({ database: { db: recordingDb(db), drop }, env: { DAILY_LIMITS: JSON.stringify({ unapproved: limits, approved: limits, tier_2: limits, tier_3: limits }) } });
  await refreshRates(server.app.ctx);
});
afterAll(() => server.close());

const { newCompany, fundDollars } = transferFixtures(() => server);

/** The transfer's statement: its row, events and email, then the limit row, the accounts, the entry, the notifications, in that order. */
const TRANSFER_STATEMENT =
  /INSERT INTO transfers[\s\S]*INSERT INTO events[\s\S]*INSERT INTO events[\s\S]*INSERT INTO outbox_emails[\s\S]*written AS MATERIALIZED[\s\S]*INSERT INTO limit_usage[\s\S]*FROM limit_of lim, written[\s\S]*ledger_accounts[\s\S]*FOR UPDATE[\s\S]*INSERT INTO journal_entries[\s\S]*INSERT INTO notifications/;

describe('a transfer', () => {
  it('is one statement: its row, events and email before its limit row and accounts; on its own once the accounts exist', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const [alice, bob] = [await newCompany(`st_a${stamp}`), await newCompany(`st_b${stamp}`)];
    await fundDollars(alice, 1_000_000n, `statements-${stamp}`);

    // The first to bob in dollars: his account is made in the transaction, then the statement, last before COMMIT.
    let from = transactions.length;
    const first = await server.api.post('/transfers', { asset: 'USD', amount: '250', to: `@${bob.tag}`, note: 'Counted' }, { token: alice.key });
    expect(first.status).toBe(201);
    const locking = transactions.slice(from).filter((t) => t.lockedAt !== null);
    expect(locking).toHaveLength(1);
    const made = locking[0]!;
    expect(made.lockedAt).toBe(made.statements.length - 1);
    expect(made.statements.at(-1)).toMatch(TRANSFER_STATEMENT);
    expect(made.statements.slice(0, -1).join('\n')).not.toMatch(/INSERT INTO (transfers|events|outbox_emails|limit_usage|journal_entries)/);

    // The next: no transaction at all; one statement writes it, the same with the check that raises a refusal inside it.
    from = transactions.length;
    const fromOutside = outside.length;
    const second = await server.api.post('/transfers', { asset: 'USD', amount: '250', to: `@${bob.tag}`, note: 'Counted' }, { token: alice.key });
    expect(second.status).toBe(201);
    expect(transactions.slice(from).filter((t) => t.lockedAt !== null)).toHaveLength(0);
    const writing = outside.slice(fromOutside).filter((sql) => /INSERT INTO/.test(sql));
    expect(writing).toHaveLength(1);
    expect(writing[0]).toMatch(TRANSFER_STATEMENT);
    expect(writing[0]).toMatch(/checked AS MATERIALIZED \(\s*SELECT ledger_posting_check\(/);
    expect(made.statements.at(-1)).not.toMatch(/ledger_posting_check/);

    // Both are there, each as its sender sees it, with its events (the events' times are the rows').
    for (const sent of [first, second]) {
      const shown = await server.api.get(`/transfers/${sent.body.data.id}`, { token: alice.key });
      expect(shown.body.data).toEqual(sent.body.data);
      const { rows } = await server.db.query<{ type: string; created_at: string }>(
        "SELECT type, data -> 'object' ->> 'createdAt' AS created_at FROM events WHERE data -> 'object' ->> 'id' = $1 ORDER BY type",
        [sent.body.data.id],
      );
      expect(rows).toEqual([
        { type: 'transfer.received', created_at: sent.body.data.createdAt },
        { type: 'transfer.sent', created_at: sent.body.data.createdAt },
      ]);
    }

    // A send over the limit is refused by that statement, with what is left, and writes nothing.
    const over = await server.api.post('/transfers', { asset: 'USD', amount: '100000', to: `@${bob.tag}` }, { token: alice.key });
    expect(over.status).toBe(409);
    expect(over.body.data.code).toBe('LIMIT_EXCEEDED');
    expect(over.body.message).toContain('995 USD left today');
    // So is one beyond the balance (bob's second send, on its own: his first made his accounts).
    expect((await server.api.post('/transfers', { asset: 'USD', amount: '200', to: `@${alice.tag}` }, { token: bob.key })).status).toBe(201);
    const short = await server.api.post('/transfers', { asset: 'USD', amount: '400', to: `@${alice.tag}` }, { token: bob.key });
    expect(short.status).toBe(422);
    expect(short.body.data.errors.amount).toBeDefined();
    const { rows } = await server.db.query<{ from_alice: string; from_bob: string; events: string; entries: string }>(
      `SELECT (SELECT count(*) FROM transfers WHERE from_company_id = $1)::text AS from_alice,
              (SELECT count(*) FROM transfers WHERE from_company_id = $2)::text AS from_bob,
              (SELECT count(*) FROM events WHERE company_id IN ($1, $2) AND type = 'transfer.sent')::text AS events,
              (SELECT count(*) FROM journal_entries WHERE kind = 'transfer' AND company_id IN ($1, $2))::text AS entries`,
      [alice.id, bob.id],
    );
    expect(rows[0]).toEqual({ from_alice: '2', from_bob: '1', events: '3', entries: '3' });
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });
});
