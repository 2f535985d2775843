import { Readable } from 'node:stream';
import pg from 'pg';
import { assets, isAssetCode, type AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import { statementRange, type WalletStatementFilters } from '@fipay/contracts/wallet';
import type { Db, Queryable } from '../../db/client';
import { CSV_BOM, csvRow, csvSql } from '../../lib/csv';
import { accountStatementSelect, STATEMENT_LINE, statementLineRange, type StatementLineRange } from '../ledger/ledger';
import type { Scope } from '../webhooks/events';
import { counterpartyOf, counterpartySqlForms, resolveCounterparties, type CounterpartySql } from './counterparties';
import { statementLines } from './wallet';

/**
 * The wallet statement as CSV (docs/decisions/0079-the-statement-export-streams-from-copy.md, after ADR 0064's
 * transactions export): the database writes each line, and PostgreSQL sends them all from one `COPY … TO STDOUT`.
 */

/** Lines per query when the database cannot stream one (the embedded one), or while STATEMENT_COPY_EXPORTS_AT_ONCE stream. */
export const STATEMENT_EXPORT_BATCH = 5000;
/**
 * Statement exports streaming from COPY at once in this process. Each holds a pooled connection for its whole download,
 * at the pace its client reads; exports beyond this go in keyset batches, which give their connection back between
 * queries. (The transactions export keeps a bound of its own.)
 */
export const STATEMENT_COPY_EXPORTS_AT_ONCE = 2;
let copyExports = 0;

/** How many statement exports are streaming from COPY now (the tests read it). */
export const statementCopyExportsStreaming = (): number => copyExports;

const COLUMNS = ['line_id', 'created_at', 'kind', 'description', 'counterparty', 'counterparty_tag', 'asset', 'amount', 'balance_after'] as const;
const head = () => Buffer.from(CSV_BOM + csvRow([...COLUMNS]));

const L = STATEMENT_LINE;

type ExportDb = Queryable & Partial<Pick<Db, 'copyLines'>>;

/**
 * An asset's statement as CSV (RFC 4180, a byte-order mark, newest first by line id, times in UTC), with memory flat
 * however many lines there are. Amounts are exact decimals of the asset (`1.500000000000000000` ETH), never through
 * floating point. The database writes each line, the counterparty included (each entry kind's resolver in SQL,
 * counterparties.ts); PostgreSQL sends them all from one `COPY … TO STDOUT` at the pace the client reads
 * (`Db.copyLines`), up to STATEMENT_COPY_EXPORTS_AT_ONCE exports at a time; the embedded database and exports past
 * that bound read them in keyset batches of `batch` lines. Should a module register a resolver with no SQL form, the
 * export formats its lines here from the resolvers instead, as the statement page does (`statementCsvFromResolvers`).
 */
export function exportStatementCsv(db: ExportDb, scope: Scope, asset: AssetCode, filters: WalletStatementFilters, batch = STATEMENT_EXPORT_BATCH): Readable {
  const found = counterpartySqlForms();
  if (!found) return statementCsvFromResolvers(db, scope, asset, filters, batch);
  const forms = found; // non-null, for the generator below
  const dates = checkedFilters(asset, filters);
  if (!db.copyLines || copyExports >= STATEMENT_COPY_EXPORTS_AT_ONCE) return Readable.from(inBatches(db, scope, asset, filters, dates, forms, batch), { objectMode: false });
  const copyLines = db.copyLines.bind(db);
  copyExports += 1;
  let lines: Readable | null = null;
  let closed = false;
  // The lines' bounds are searched first (statementLineRange), then the COPY opens; a stream ended before it was
  // first read opens none. Ended, failed or abandoned by its client, the stream closes once, which ends `lines` too
  // (even when the generator's own `finally` never runs) and gives its connection back.
  async function* copied(): AsyncGenerator<Buffer> {
    const range = await lineRange(db, scope, asset, dates);
    if (range && !closed) {
      const { sql, params } = statementSelect(range, scope, asset, filters, forms, { before: null, limit: null });
      lines = copyLines(sql, params);
    }
    yield head();
    if (lines) yield* lines;
  }
  const stream = Readable.from(copied(), { objectMode: false });
  stream.once('close', () => {
    closed = true;
    copyExports -= 1;
    lines?.destroy();
  });
  return stream;
}

async function* inBatches(
  db: Queryable,
  scope: Scope,
  asset: AssetCode,
  filters: WalletStatementFilters,
  dates: StatementDates,
  forms: Map<string, CounterpartySql>,
  batch: number,
): AsyncGenerator<Buffer> {
  yield head();
  const range = await lineRange(db, scope, asset, dates);
  if (!range) return;
  let before: string | null = null;
  for (;;) {
    const { sql, params } = statementSelect(range, scope, asset, filters, forms, { before, limit: batch });
    const { rows } = await db.query<{ id: string; line: string }>(sql, params);
    if (rows.length === 0) return;
    yield Buffer.from(rows.map((row) => row.line).join(''));
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

type StatementDates = { from: Date | null; to: Date | null };

/** Where the company's available account in `asset` has the lines of `dates` (null: no such account, so no lines). */
const lineRange = (db: Queryable, scope: Scope, asset: AssetCode, dates: StatementDates): Promise<StatementLineRange | null> =>
  statementLineRange(db, { companyId: scope.companyId, livemode: scope.livemode, code: 'available', currency: asset }, dates);

/**
 * The export's asset and filters checked (the routes' checks give nothing else; this refuses anything else before a
 * byte is sent): an unknown asset, a direction other than in or out, a date that is no valid instant. Answers the
 * dates as instants.
 */
function checkedFilters(asset: AssetCode, filters: WalletStatementFilters): StatementDates {
  if (!isAssetCode(asset)) throw new Error(`No asset ${String(asset)}`);
  if (filters.direction !== undefined && filters.direction !== 'in' && filters.direction !== 'out') throw new Error('A statement direction is in or out');
  const { from, to } = statementRange(filters);
  return { from: instant(from), to: instant(to) };
}

/** An instant for a literal: a valid Date only (the routes' checks give nothing else). */
function instant(at: Date | null): Date | null {
  if (at && Number.isNaN(at.getTime())) throw new Error('A statement filter is not a valid instant');
  return at;
}

/**
 * The statement's lines as CSV text, one row each, newest first (with its line id too, for a batch of `page.limit`):
 * the lines `statementLines` reads (the ledger's `accountStatementSelect`: the company's available account in `asset`
 * and its mode, within `range` as `statementLineRange` found it for the same filters), each written by `csvSql` as the
 * resolvers and `formatAmount` would give it. Values are parameters; for COPY, copyLines writes them in as literals
 * (strings by `pg.escapeLiteral`, booleans and integers as such). Anything else is refused here: an unknown asset, a
 * direction other than in or out, an invalid instant, a cursor that is not a line id.
 */
export function statementSelect(
  range: StatementLineRange,
  scope: Scope,
  asset: AssetCode,
  filters: WalletStatementFilters,
  forms: Map<string, CounterpartySql>,
  page: { before: string | null; limit: number | null },
): { sql: string; params: unknown[] } {
  const { from, to } = checkedFilters(asset, filters);
  if (page.before !== null && !/^[1-9][0-9]{0,18}$/.test(page.before)) throw new Error('A statement cursor is a line id');
  if (page.limit !== null && !(Number.isSafeInteger(page.limit) && page.limit > 0)) throw new Error('A statement batch is a positive whole number');
  const decimals = assets[asset].decimals;
  return accountStatementSelect(
    range,
    { before: page.before, limit: page.limit, from, to, direction: filters.direction ?? null },
    (param) => {
      const viewer = { companyId: `${param(scope.companyId)}::uuid`, livemode: `${param(scope.livemode)}::boolean` };
      // One lateral subquery per line: each kind's form behind a filter on the line's kind, which PostgreSQL tests once
      // per line before running the form. At most one answer, as the resolvers' maps hold one per reference.
      const branches = [...forms].map(
        ([kind, form]) => `SELECT f.name, f.tag FROM (${form({ reference: L.reference }, viewer)}) f WHERE ${L.kind} = ${pg.escapeLiteral(kind)}`,
      );
      const counterparty = branches.length > 0 ? `${branches.join('\n UNION ALL ')}\n LIMIT 1` : 'SELECT NULL::text AS name, NULL::text AS tag WHERE false';
      // Kinds match ^[a-z_.]{1,60}$ (the entries' CHECK): no quote, no formula start. A line id is digits.
      const line = csvSql.row([
        L.id,
        csvSql.isoUtc(L.createdAt),
        L.kind,
        csvSql.text(L.description),
        csvSql.text('c.name'),
        csvSql.text('c.tag'),
        pg.escapeLiteral(asset),
        csvSql.units(L.amount, decimals),
        csvSql.units(L.balanceAfter, decimals),
      ]);
      // COPY sends one column, the line; a batch also reads each line's id, the next batch's cursor.
      return { columns: `${page.limit === null ? '' : `${L.id}::text AS id, `}${line} AS line`, join: `LEFT JOIN LATERAL (${counterparty}) c ON true` };
    },
  );
}

const decimal = (asset: AssetCode, amount: bigint) => formatAmount(asset, amount, { grouping: false });

/**
 * The same CSV formatted here from `statementLines` and the kinds' resolvers (what the statement page shows), in keyset
 * batches of `batch` lines: the export's way when a kind has no SQL form, and what the tests hold the database's
 * lines to.
 */
export function statementCsvFromResolvers(db: Queryable, scope: Scope, asset: AssetCode, filters: WalletStatementFilters, batch = STATEMENT_EXPORT_BATCH): Readable {
  return Readable.from(fromResolvers(db, scope, asset, filters, batch), { objectMode: false });
}

async function* fromResolvers(db: Queryable, scope: Scope, asset: AssetCode, filters: WalletStatementFilters, batch: number): AsyncGenerator<Buffer> {
  yield head();
  let before: string | null = null;
  for (;;) {
    const page = await statementLines(db, scope, asset, { ...filters, before, limit: batch });
    if (page.length === 0) return;
    const found = await resolveCounterparties(db, scope, page);
    yield Buffer.from(
      page
        .map((line) => {
          const counterparty = counterpartyOf(found, line);
          return csvRow([line.lineId, line.at.toISOString(), line.kind, line.description, counterparty?.name, counterparty?.tag, asset, decimal(asset, line.amount), decimal(asset, line.balanceAfter)]);
        })
        .join(''),
    );
    if (page.length < batch) return;
    before = page.at(-1)!.lineId;
  }
}
