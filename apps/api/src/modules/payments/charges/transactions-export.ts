import { Readable } from 'node:stream';
import type { TransactionFilters } from '@fipay/contracts/payments';
import type { Db, Queryable } from '../../../db/client';
import { CSV_BOM, csvRow, csvSql } from '../../../lib/csv';
import type { Scope } from '../../webhooks/events';
import { filteredWhere } from './transactions';

/** Lines per query when the database cannot stream one (the embedded one), or while COPY_EXPORTS_AT_ONCE stream. */
export const EXPORT_BATCH = 5000;
/**
 * Exports streaming from COPY at once in this process. Each holds a pooled connection for its whole download, at the
 * pace its client reads, so a few slow downloads could otherwise take the pool from every other request; exports
 * beyond this go in keyset batches, which give their connection back between queries.
 */
export const COPY_EXPORTS_AT_ONCE = 2;
let copyExports = 0;

/** How many exports are streaming from COPY now (the tests read it). */
export function copyExportsStreaming(): number {
  return copyExports;
}
const EXPORT_COLUMNS = [
  'reference',
  'created_at',
  'paid_at',
  'status',
  'channel',
  'currency',
  'amount',
  'fee',
  'net',
  'refunded',
  'customer_email',
  'customer_name',
  'customer_phone',
  'payment_link_id',
  'payment_link_name',
  'card',
  'gateway_response',
  // Appended (ADR 0076), so a reader of the columns before it reads them where they were.
  'purpose',
] as const;

/**
 * One CSV line per transaction, written by the database in the columns' order (lib/csv.ts `csvSql`). Status,
 * channel and currency go as they are: their CHECKs keep them to lower-case words and `NGN`.
 */
const EXPORT_LINE = csvSql.row([
  csvSql.text('t.reference'),
  csvSql.lagos('t.created_at'),
  csvSql.lagos('t.paid_at'),
  't.status',
  't.channel',
  't.currency',
  csvSql.naira('t.amount'),
  csvSql.naira('t.fee'),
  csvSql.naira('t.net'),
  csvSql.naira('t.refunded_amount'),
  csvSql.text('t.customer_email'),
  csvSql.text('t.customer_name'),
  csvSql.text('t.customer_phone'),
  't.payment_link_id',
  csvSql.text('l.name'),
  csvSql.text("CASE WHEN t.card_last4 <> '' THEN coalesce(t.card_brand, 'Card') || ' ' || t.card_last4 END"),
  csvSql.text('t.gateway_response'),
  't.purpose',
]);

const EXPORT_FROM = 'FROM transactions t LEFT JOIN payment_links l ON l.id = t.payment_link_id AND l.company_id = t.company_id';
const NEWEST_FIRST = 'ORDER BY t.created_at DESC, t.id DESC';

type ExportDb = Queryable & Partial<Pick<Db, 'copyLines'>>;

/**
 * The filtered view as CSV (RFC 4180, a byte-order mark, newest first), with memory flat however many lines there
 * are. The database formats each line (a payment link's name by a join). PostgreSQL sends them all from one
 * `COPY … TO STDOUT`, at the pace the client reads them (`Db.copyLines`), up to COPY_EXPORTS_AT_ONCE exports at a
 * time; the embedded database, which answers one query at a time for the whole server, and exports past that bound
 * give them in keyset batches of EXPORT_BATCH, so other requests run between.
 */
export function exportTransactionsCsv(db: ExportDb, scope: Scope, filters: TransactionFilters): Readable {
  const head = Buffer.from(CSV_BOM + csvRow([...EXPORT_COLUMNS]));
  const filtered = filteredWhere(scope, filters, null);
  if (!filtered) return Readable.from([head]);
  if (!db.copyLines || copyExports >= COPY_EXPORTS_AT_ONCE) return Readable.from(inBatches(db, scope, filters, head));
  copyExports += 1;
  const lines = db.copyLines(`SELECT ${EXPORT_LINE} ${EXPORT_FROM} WHERE ${filtered.where} ${NEWEST_FIRST}`, filtered.params);
  const stream = Readable.from(withHead(head, lines));
  // Ended, failed or abandoned by its client, the stream closes once; ending early (even before it was first read, when
  // the generator's own `finally` never runs) ends `lines` too, which gives its connection back (ADR 0079).
  stream.once('close', () => {
    copyExports -= 1;
    lines.destroy();
  });
  return stream;
}

async function* withHead(head: Buffer, lines: Readable): AsyncGenerator<Buffer> {
  try {
    yield head;
    yield* lines;
  } finally {
    // Ending early (the client went away, even before the first line) ends `lines` too, which gives its connection back.
    lines.destroy();
  }
}

async function* inBatches(db: Queryable, scope: Scope, filters: TransactionFilters, head: Buffer): AsyncGenerator<Buffer | string> {
  yield head;
  let after: string | null = null;
  for (;;) {
    const filtered = filteredWhere(scope, filters, after);
    if (!filtered) return;
    const { rows } = await db.query<{ id: string; line: string }>(
      `SELECT t.id, ${EXPORT_LINE} AS line ${EXPORT_FROM} WHERE ${filtered.where} ${NEWEST_FIRST} LIMIT $${filtered.params.length + 1}`,
      [...filtered.params, EXPORT_BATCH],
    );
    if (rows.length === 0) return;
    yield rows.map((row) => row.line).join('');
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
