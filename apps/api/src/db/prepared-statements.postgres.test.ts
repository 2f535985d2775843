import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db';
import { createPostgresDb, type Db } from './client';

/** The texts of the statements prepared on the connection that runs this (one transaction: one connection). */
const preparedOn = async (tx: Pick<Db, 'query'>) =>
  (await tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map((row) => row.statement);

describe('prepared statements on PostgreSQL (docs/decisions/0078-prepared-statements.md)', () => {
  let database: Awaited<ReturnType<typeof createTestDb>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDb();
    db = createPostgresDb(database.url!, { preparedTexts: 2 });
    await db.exec('CREATE TABLE prepared_probe (n int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('prepares a text with parameters once per connection and runs it again by name, with new values each time', async () => {
    const insert = 'INSERT INTO prepared_probe (n, label) VALUES ($1, $2) RETURNING n, label';
    await db.transaction(async (tx) => {
      expect((await tx.query(insert, [1, 'one'])).rows).toEqual([{ n: 1, label: 'one' }]);
      expect((await tx.query(insert, [2, 'two'])).rows).toEqual([{ n: 2, label: 'two' }]);
      expect((await preparedOn(tx)).filter((text) => text === insert)).toHaveLength(1);
    });
    // Outside a transaction too (the pool hands out any of its connections).
    expect((await db.query('SELECT label FROM prepared_probe WHERE n = $1', [2])).rows).toEqual([{ label: 'two' }]);
  });

  it('does not prepare a text without parameters, which may hold several statements', async () => {
    await db.transaction(async (tx) => {
      await tx.query('SELECT count(*) FROM prepared_probe');
      await tx.query("UPDATE prepared_probe SET label = label WHERE false; SELECT 1");
      expect(await preparedOn(tx)).not.toContain('SELECT count(*) FROM prepared_probe');
    });
  });

  it('does not prepare a text with an optional filter, whose best plan depends on whether the filter is given', async () => {
    const optional = 'SELECT n FROM prepared_probe WHERE ($1::int IS NULL OR n < $1) ORDER BY n';
    await db.transaction(async (tx) => {
      expect((await tx.query(optional, [null])).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect((await tx.query(optional, [2])).rows).toEqual([{ n: 1 }]);
      expect(await preparedOn(tx)).not.toContain(optional);
    });
  });

  it('runs texts past the configured number unnamed, and still answers them', async () => {
    // Two texts were prepared above; this one is the third.
    const third = 'SELECT n FROM prepared_probe WHERE label = $1';
    await db.transaction(async (tx) => {
      expect((await tx.query(third, ['one'])).rows).toEqual([{ n: 1 }]);
      expect((await tx.query(third, ['two'])).rows).toEqual([{ n: 2 }]);
      expect(await preparedOn(tx)).not.toContain(third);
    });
  });

  it('keeps a connection usable after a prepared text fails, and prepares it when it succeeds', async () => {
    const duplicate = 'INSERT INTO prepared_probe (n, label) VALUES ($1, $2) RETURNING n, label';
    await expect(db.query(duplicate, [1, 'again'])).rejects.toThrow(/duplicate key/);
    expect((await db.query(duplicate, [3, 'three'])).rows).toEqual([{ n: 3, label: 'three' }]);
    // A text PostgreSQL cannot parse is never named on the connection, and the next statement on it runs.
    const roomy = createPostgresDb(database.url!, { preparedTexts: 10 });
    try {
      await roomy.transaction(async (tx) => {
        await tx.query('SAVEPOINT before_typo');
        await expect(tx.query('SELEC n FROM prepared_probe WHERE n = $1', [1])).rejects.toThrow(/syntax error/);
        await tx.query('ROLLBACK TO SAVEPOINT before_typo');
        expect((await tx.query('SELECT label FROM prepared_probe WHERE n = $1', [3])).rows).toEqual([{ label: 'three' }]);
        expect(await preparedOn(tx)).toEqual(['SELECT label FROM prepared_probe WHERE n = $1']);
      });
    } finally {
      await roomy.close();
    }
  });
});
