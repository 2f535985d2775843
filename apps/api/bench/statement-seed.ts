import type pg from 'pg';

/**
 * A statement of `lines` lines on one company's available USDT account in test mode, written straight into the bench's
 * own database (docs/decisions/0059-benchmarks-a-sceptic-accepts.md allows seeding in SQL): one test-funds entry of the
 * whole sum, then `lines - 1` transfers to another company of 1,000 to 1,996 units each, every one a transfer row and
 * a balanced entry of two lines, as createTransfer writes them. The ledger's triggers stand aside for the one
 * transaction (session_replication_role), so each line carries the balance_after its trigger would have written
 * (the running sum, migration 0034) and the three accounts' balances move once by the totals; `checkSeededLedger`
 * then checks every rule the triggers keep, so the statement read is one the product could have written.
 *
 * Both companies' available USDT accounts and the test faucet's must exist (test funds through the API open them).
 */
export async function seedStatement(
  db: pg.Client,
  options: { companyId: string; userId: string; recipientId: string; recipientEmail: string; lines: number },
): Promise<{ accountId: string }> {
  const { companyId, userId, recipientId, recipientEmail, lines } = options;
  if (!Number.isInteger(lines) || lines < 2) throw new Error('BENCH_STATEMENT_ROWS must be a whole number of at least 2');
  const account = async (company: string | null, code: string) => {
    const { rows } = await db.query<{ id: string; balance: string }>(
      `SELECT id, balance::text AS balance FROM ledger_accounts
        WHERE company_id IS NOT DISTINCT FROM $1 AND livemode = false AND code = $2 AND currency = 'USDT'`,
      [company, code],
    );
    if (!rows[0]) throw new Error(`the ${code} USDT account of ${company ?? 'the platform'} is not open`);
    return rows[0];
  };
  await db.query('BEGIN');
  try {
    const [sender, recipient, faucet] = [await account(companyId, 'available'), await account(recipientId, 'available'), await account(null, 'test_faucet')];
    await db.query('SET LOCAL session_replication_role = replica');
    await db.query('LOCK TABLE journal_lines IN EXCLUSIVE MODE');
    const base = BigInt((await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM journal_lines')).rows[0]!.id);
    // Transfer g (1 … lines-1): its amount, the running sum of amounts up to it, and its time (one a second, ending now).
    await db.query(
      `CREATE TEMP TABLE statement_seed ON COMMIT DROP AS
       SELECT g, gen_random_uuid() AS transfer_id, gen_random_uuid() AS entry_id, amount,
              sum(amount) OVER (ORDER BY g) AS running, now() - make_interval(secs => $1::int - g) AS at
         FROM (SELECT g, (1000 + g % 997)::numeric AS amount FROM generate_series(1, $1::int - 1) g) s`,
      [lines],
    );
    const total = (await db.query<{ total: string }>('SELECT sum(amount)::text AS total FROM statement_seed')).rows[0]!.total;
    const funding = (await db.query<{ id: string }>(
      `INSERT INTO journal_entries (livemode, company_id, kind, reference, description, created_at)
       VALUES (false, $1, 'test_funds', gen_random_uuid()::text, 'Test funds', now() - make_interval(secs => $2::int)) RETURNING id`,
      [companyId, lines],
    )).rows[0]!.id;
    // The funding: the faucet (debit-normal) up by the total, the sender's available (credit-normal) up by it.
    await db.query(
      `INSERT INTO journal_lines (id, entry_id, account_id, currency, livemode, amount, balance_after) OVERRIDING SYSTEM VALUE
       VALUES ($1::bigint + 1, $2, $3, 'USDT', false, $5::numeric, $6::numeric + $5::numeric),
              ($1::bigint + 2, $2, $4, 'USDT', false, -$5::numeric, $7::numeric + $5::numeric)`,
      [base.toString(), funding, faucet.id, sender.id, total, faucet.balance, sender.balance],
    );
    await db.query(
      `INSERT INTO transfers (id, livemode, from_company_id, to_company_id, asset, amount, usd_cents, note, recipient_kind, recipient_handle, sent_by_user_id, created_at)
       SELECT transfer_id, false, $1, $2, 'USDT', amount, ceil(amount / 10000), '', 'email', $3, $4, at FROM statement_seed ORDER BY g`,
      [companyId, recipientId, recipientEmail, userId],
    );
    await db.query(
      `INSERT INTO journal_entries (id, livemode, company_id, kind, reference, description, created_at)
       SELECT entry_id, false, $1, 'transfer', transfer_id::text, 'Transfer', at FROM statement_seed`,
      [companyId],
    );
    // Transfer g: the sender's line (a debit of its credit-normal account: down by the amount), then the recipient's.
    await db.query(
      `INSERT INTO journal_lines (id, entry_id, account_id, currency, livemode, amount, balance_after) OVERRIDING SYSTEM VALUE
       SELECT $1::bigint + 1 + 2 * g + side, entry_id, CASE side WHEN 1 THEN $2::uuid ELSE $3::uuid END, 'USDT', false,
              CASE side WHEN 1 THEN amount ELSE -amount END,
              CASE side WHEN 1 THEN $4::numeric + $6::numeric - running ELSE $5::numeric + running END
         FROM statement_seed CROSS JOIN (VALUES (1), (2)) AS sides(side)`,
      [base.toString(), sender.id, recipient.id, sender.balance, recipient.balance, total],
    );
    // The identity goes on after the last line written (base + 2 * lines + 1), or the next posting would take its id.
    await db.query(`SELECT setval(pg_get_serial_sequence('journal_lines', 'id'), (SELECT max(id) FROM journal_lines))`);
    // The sender's balance is where it was (in by the total, out by the same); the recipient and the faucet are up by it.
    await db.query('UPDATE ledger_accounts SET balance = balance + $1::numeric WHERE id IN ($2, $3)', [total, recipient.id, faucet.id]);
    await db.query('COMMIT');
    return { accountId: sender.id };
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** What the ledger's triggers and checks would have refused, across the whole ledger: answers each problem found. */
export async function checkSeededLedger(db: pg.Client): Promise<string[]> {
  const problems: string[] = [];
  const ask = async (label: string, sql: string) => {
    const n = Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
    if (n > 0) problems.push(`${n} ${label}`);
  };
  await ask('entries whose lines do not balance per asset, or have fewer than two lines', `
    SELECT count(*) AS n FROM (SELECT entry_id FROM journal_lines GROUP BY entry_id, currency HAVING sum(amount) <> 0 OR count(*) < 2) x`);
  await ask('accounts whose balance is not the sum of their lines', `
    SELECT count(*) AS n FROM (
      SELECT a.id FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id GROUP BY a.id
      HAVING a.balance <> coalesce(sum(CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END), 0)) x`);
  await ask('lines whose balance_after is not the one before moved by the line', `
    SELECT count(*) AS n FROM (
      SELECT l.balance_after, lag(l.balance_after) OVER (PARTITION BY l.account_id ORDER BY l.id) AS before,
             CASE a.normal_side WHEN 'debit' THEN l.amount ELSE -l.amount END AS moved
        FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id) x
     WHERE balance_after <> coalesce(before, 0) + moved`);
  await ask('lines numbered past where the identity goes on (the next posting would take an id in use)', `
    SELECT count(*) AS n FROM journal_lines
     WHERE id > (SELECT coalesce(last_value, 0) FROM pg_sequences WHERE schemaname = 'public' AND sequencename = 'journal_lines_id_seq')`);
  await ask('accounts below zero that may not be', 'SELECT count(*) AS n FROM ledger_accounts WHERE NOT allow_negative AND balance < 0');
  await ask('lines or entries without their other half', `
    SELECT (SELECT count(*) FROM journal_lines l WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = l.entry_id))
         + (SELECT count(*) FROM journal_entries e WHERE NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id))
         + (SELECT count(*) FROM journal_entries e WHERE e.kind = 'transfer' AND NOT EXISTS (SELECT 1 FROM transfers t WHERE t.id::text = e.reference)) AS n`);
  return problems;
}
