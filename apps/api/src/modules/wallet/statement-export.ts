import { Readable } from 'node:stream';
import type { AssetCode } from '@fipay/contracts/assets';
import { formatAmount } from '@fipay/contracts/money';
import type { WalletStatementFilters } from '@fipay/contracts/wallet';
import type { Queryable } from '../../db/client';
import { CSV_BOM, csvRow } from '../../lib/csv';
import type { Scope } from '../webhooks/events';
import { counterpartyOf, resolveCounterparties } from './counterparties';
import { statementLines } from './wallet';

/** Lines per query of a statement export. */
export const STATEMENT_EXPORT_BATCH = 1000;

const COLUMNS = ['line_id', 'created_at', 'kind', 'description', 'counterparty', 'counterparty_tag', 'asset', 'amount', 'balance_after'] as const;

/**
 * An asset's statement as CSV (RFC 4180, a byte-order mark, newest first) with memory flat however many lines there
 * are: keyset batches of `batch` lines by line id (the statement's own query and index), each formatted and handed on
 * before the next is read, at the pace the client reads (a Readable pulls the next batch only when it wants more).
 * Amounts are exact decimals of the asset (`1.500000000000000000` ETH) from bigints, never through floating point;
 * times are UTC.
 */
export function exportStatementCsv(db: Queryable, scope: Scope, asset: AssetCode, filters: WalletStatementFilters, batch = STATEMENT_EXPORT_BATCH): Readable {
  return Readable.from(lines(db, scope, asset, filters, batch), { objectMode: false });
}

const decimal = (asset: AssetCode, amount: bigint) => formatAmount(asset, amount, { grouping: false });

async function* lines(db: Queryable, scope: Scope, asset: AssetCode, filters: WalletStatementFilters, batch: number): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_BOM + csvRow([...COLUMNS]));
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
