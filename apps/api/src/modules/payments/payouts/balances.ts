import { formatNaira, type BalanceAmount } from '@fipay/contracts/payments';
import { topUpMessages } from '@fipay/contracts/wallet';
import type { AppContext } from '../../../context';
import type { Queryable } from '../../../db/client';
import { nextBusinessDay } from '../../../lib/business-days';
import { kobo } from '../../../lib/minor-units';
import type { Scope } from '../../webhooks/events';
import { companyBalances, lockAccounts, post, type Entry } from '../../ledger/ledger';
import { TRANSACTION_COLUMNS, updateWithHistory, type TransactionRow } from '../transaction-rows';

/**
 * A company's balances (docs/decisions/0032-refunds-and-settlements.md): a charge's net waits in the pending
 * balance until its date (the next business day live, lib/business-days.ts), then moves to available (release),
 * from which payouts.ts pays the company out.
 */

/** When a charge paid at `paidAt` becomes available: the next business day live; after the configured delay in test mode. */
export function availableAtFor(ctx: AppContext, livemode: boolean, paidAt: Date): Date {
  return livemode ? nextBusinessDay(paidAt, ctx.config.publicHolidays) : new Date(paidAt.getTime() + ctx.config.testSettlementDelaySeconds * 1000);
}

/** The ledger entry of a charge's net moving from pending to available. */
export function releaseEntry(row: TransactionRow, net: number): Entry {
  return {
    livemode: row.livemode,
    companyId: row.company_id,
    kind: 'release',
    // Keyed like the charge's entry, by the provider reference (unique across businesses; migration 0021).
    reference: row.provider_reference,
    description: row.purpose === 'top_up' ? `${topUpMessages.description(row.reference)} available` : `Charge ${row.reference} available`,
    lines: [
      { account: { companyId: row.company_id, code: 'pending', currency: row.currency }, amount: net },
      { account: { companyId: row.company_id, code: 'available', currency: row.currency }, amount: -net },
    ],
  };
}

/** The charge's net moves from pending to available: one ledger entry, in `tx`. */
export async function releaseCharge(tx: Queryable, row: TransactionRow): Promise<TransactionRow> {
  // A released charge is a paid one: its net is set (the table's check).
  const net = kobo(row.net!);
  const released = await updateWithHistory(
    tx,
    `UPDATE transactions SET released_at = now() WHERE id = $1 AND status = 'success' AND released_at IS NULL RETURNING ${TRANSACTION_COLUMNS}`,
    [row.id],
    'charge.available',
    `${formatNaira(net)} added to the available balance.`,
  );
  if (!released) return row;
  if (net > 0) await post(tx, releaseEntry(released, net));
  return released;
}

/**
 * Releases the charges whose date has come, oldest first, at most `limit` per run; rows another run holds are
 * skipped. The rows first, then every account the run moves, all at once (the one lock order).
 */
export async function releaseDue(tx: Queryable, limit = 500): Promise<number> {
  const { rows } = await tx.query<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM transactions WHERE status = 'success' AND released_at IS NULL AND available_at <= now()
      ORDER BY available_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  if (rows.length === 0) return 0;
  await lockAccounts(
    tx,
    rows.flatMap((row) =>
      (['pending', 'available'] as const).map((code) => ({ companyId: row.company_id, code, currency: row.currency, livemode: row.livemode })),
    ),
  );
  for (const row of rows) await releaseCharge(tx, row);
  return rows.length;
}

/** The scope's money in NGN, the one currency it holds: the ledger's balances and the totals kept as money moved. */
export async function balancesOf(db: Queryable, scope: Scope): Promise<BalanceAmount[]> {
  const [balances, totals] = await Promise.all([
    companyBalances(db, scope.companyId, scope.livemode),
    db.query<{ received: string; refunded: string; paid_out: string }>(
      "SELECT received, refunded, paid_out FROM money_totals WHERE company_id = $1 AND livemode = $2 AND currency = 'NGN'",
      [scope.companyId, scope.livemode],
    ),
  ]);
  const ngn = balances.find((b) => b.currency === 'NGN');
  const kept = totals.rows[0];
  return [
    {
      currency: 'NGN',
      available: ngn?.available ?? 0,
      pending: ngn?.pending ?? 0,
      payoutsInTransit: ngn?.payoutsInTransit ?? 0,
      received: kobo(kept?.received ?? 0),
      refunded: kobo(kept?.refunded ?? 0),
      paidOut: kobo(kept?.paid_out ?? 0),
    },
  ];
}
