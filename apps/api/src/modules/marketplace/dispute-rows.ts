import { disputeMessages } from '@fipay/contracts/trade-disputes';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * A disputed trade's dispute row (docs/decisions/0086-trade-disputes.md), written in the transaction that moves the
 * trade: opened with its evidence deadline when the trade goes to dispute, ended when it is ruled on or the seller
 * releases after all. Kept apart from trades.ts so the engine calls one line at each of those places.
 */

type DisputedTrade = { id: string; livemode: boolean; disputedBy: 'seller' | 'buyer' | 'system' | null };

export async function openDispute(tx: Queryable, config: Pick<Config, 'market'>, trade: DisputedTrade): Promise<void> {
  await tx.query(
    `INSERT INTO trade_disputes (trade_id, livemode, opened_by, evidence_by) VALUES ($1, $2, $3, now() + make_interval(hours => $4))
     ON CONFLICT (trade_id) DO NOTHING`,
    [trade.id, trade.livemode, trade.disputedBy ?? 'system', config.market.disputeEvidenceHours],
  );
}

/** The seller released a disputed trade after all: its dispute is withdrawn (nothing when the trade was never disputed). */
export async function withdrawDispute(tx: Queryable, tradeId: string): Promise<void> {
  await tx.query("UPDATE trade_disputes SET status = 'withdrawn', ended_at = now() WHERE trade_id = $1 AND status = 'open'", [tradeId]);
}

/**
 * Ends the dispute of a trade just ruled on, in the ruling's transaction (the trade's row is locked by its guarded
 * update; this takes the dispute's, as a statement does, so a statement is either in before the ruling or refused
 * after it). The agent may rule before the evidence deadline (ADR 0086: the case shows a statement still awaited).
 */
export async function endDisputeByRuling(tx: Queryable, tradeId: string): Promise<void> {
  const { rowCount } = await tx.query("UPDATE trade_disputes SET status = 'ruled', ended_at = now() WHERE trade_id = $1 AND status = 'open'", [tradeId]);
  if (!rowCount) throw new AppError('CONFLICT', disputeMessages.alreadyDecided('decided'));
}
