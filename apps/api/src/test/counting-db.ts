import type { Db, Queryable } from '../db/client';

/** One database transaction as a test saw it: its statements, and the index of the first that took a hot lock. */
export type CountedTransaction = { statements: string[]; lockedAt: number | null };

/**
 * A database handle that records each transaction's statements into `into` (statements outside a transaction are not
 * recorded): how many a money path runs, and how many of them run under the locks the first statement matching
 * `locks` takes (money-path-statements.test.ts, transfer-statements.test.ts).
 */
export function countingDb(db: Db, into: CountedTransaction[], locks: RegExp): Db {
  return {
    ...db,
    kind: db.kind,
    memo: db.memo,
    query: (sql, params) => db.query(sql, params),
    transaction: (fn) =>
      db.transaction((tx) => {
        const counted: CountedTransaction = { statements: [], lockedAt: null };
        into.push(counted);
        const wrapped: Queryable = {
          ...tx,
          memo: tx.memo,
          query: (sql, params) => {
            if (counted.lockedAt === null && locks.test(sql)) counted.lockedAt = counted.statements.length;
            counted.statements.push(sql);
            return tx.query(sql, params);
          },
        };
        return fn(wrapped);
      }),
    onWake: db.onWake.bind(db),
    listen: db.listen.bind(db),
    close: db.close.bind(db),
  } as Db;
}

/**
 * A database handle that records the text of every statement sent through it, in a transaction or not, into `into`
 * (BEGIN and COMMIT excluded): what one request reads, for a test that bounds it (list-statements.test.ts).
 */
export function loggingDb(db: Db, into: string[]): Db {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      into.push(sql);
      return q.query(sql, params);
    },
    exec: (sql) => {
      into.push(sql);
      return q.exec(sql);
    },
    afterCommit: (fn) => q.afterCommit(fn),
    wake: (topic) => q.wake(topic),
    memo: q.memo,
  });
  return {
    ...wrap(db),
    kind: db.kind,
    onWake: (topic, fn) => db.onWake(topic, fn),
    listen: (channel, fn) => db.listen(channel, fn),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    copyLines: db.copyLines?.bind(db),
    close: () => db.close(),
  } as Db;
}
