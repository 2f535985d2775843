import type { z } from 'zod';
import { marketMessages } from '@fipay/contracts/marketplace';
import {
  disputeMessages,
  disputeStatusLabels,
  disputeStatuses,
  type DisputeCase,
  type DisputeQueueItem,
  type DisputeStatus,
  type disputeQueueQuery,
  type rulingRequest,
  type TradeDispute,
} from '@fipay/contracts/trade-disputes';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import type { Merchant } from '../../plugins/merchant-auth';
import { appendAudit, userActor, type AuditActor } from '../audit/audit-log';
import { entriesByReference } from '../ledger/entries-by-reference';
import { attachmentLinkForAgent, chatForAgent } from './chat';
import { findTrade, ruleOnTrade, type Trade } from './trades';

/**
 * Disputes of marketplace trades (docs/decisions/0086-trade-disputes.md): each side's statement, the dispute as a
 * party sees it, and the back office's queue, case and ruling. The rows are opened and ended by the trade engine
 * (dispute-rows.ts); the ruling itself is the engine's `ruleOnTrade`.
 */

type Party = 'seller' | 'buyer';
type DisputeRow = { trade_id: string; livemode: boolean; status: DisputeStatus; opened_by: 'seller' | 'buyer' | 'system'; opened_at: Date; evidence_by: Date; ended_at: Date | null; evidence_open: boolean };
type StatementRow = { party: Party; body: string; created_at: Date; updated_at: Date };

const DISPUTE_COLUMNS = 'trade_id, livemode, status, opened_by, opened_at, evidence_by, ended_at, evidence_by > now() AS evidence_open';
/** The entries a trade posts (trades.ts): into escrow, a swap, out of escrow by release, return or split. */
const TRADE_ENTRY_KINDS = ['trade.escrow', 'trade.swap', 'trade.release', 'trade.return', 'trade.split'] as const;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const partyOf = (trade: Trade, companyId: string): Party => (trade.sellerCompanyId === companyId ? 'seller' : 'buyer');

async function disputeRow(db: Queryable, tradeId: string, lock = false): Promise<DisputeRow | undefined> {
  const { rows } = await db.query<DisputeRow>(`SELECT ${DISPUTE_COLUMNS} FROM trade_disputes WHERE trade_id = $1${lock ? ' FOR UPDATE' : ''}`, [tradeId]);
  return rows[0];
}

async function statementsOf(db: Queryable, tradeId: string): Promise<Map<Party, StatementRow>> {
  const { rows } = await db.query<StatementRow>('SELECT party, body, created_at, updated_at FROM trade_dispute_statements WHERE trade_id = $1', [tradeId]);
  return new Map(rows.map((row) => [row.party, row]));
}

/** The dispute as `party` sees it: its own statement and whether the other side wrote one; null for a trade never disputed. */
async function disputeFor(db: Queryable, tradeId: string, party: Party): Promise<TradeDispute | null> {
  const row = await disputeRow(db, tradeId);
  if (!row) return null;
  const statements = await statementsOf(db, tradeId);
  const mine = statements.get(party);
  return {
    status: row.status,
    openedBy: row.opened_by,
    openedAt: row.opened_at.toISOString(),
    evidenceBy: row.evidence_by.toISOString(),
    canWrite: row.status === 'open' && row.evidence_open,
    mine: mine ? { body: mine.body, createdAt: mine.created_at.toISOString(), updatedAt: mine.updated_at.toISOString() } : null,
    otherWrote: statements.has(party === 'seller' ? 'buyer' : 'seller'),
    endedAt: iso(row.ended_at),
  };
}

/** The dispute of a trade the merchant is a party to (GET /trades/:id). */
export const tradeDispute = (db: Queryable, merchant: Merchant, trade: Trade) => disputeFor(db, trade.id, partyOf(trade, merchant.companyId));

const merchantActor = (merchant: Merchant): AuditActor => (merchant.via.kind === 'dashboard' ? userActor(merchant.via.userId) : { type: 'system', name: `API key ${merchant.via.keyId}` });

/**
 * Writes or replaces the merchant's side's statement on a disputed trade: only while the dispute is open and its
 * evidence deadline has not passed, under the dispute's row lock (a ruling takes the same lock, so a statement is in
 * before it or refused after it). In the writer's audit trail.
 */
export async function writeStatement(ctx: AppContext, merchant: Merchant, tradeId: string, body: string): Promise<TradeDispute> {
  return ctx.db.transaction(async (tx) => {
    const trade = await findTrade(tx, merchant, tradeId);
    if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
    const party = partyOf(trade, merchant.companyId);
    const dispute = await disputeRow(tx, trade.id, true);
    if (!dispute) throw new AppError('CONFLICT', disputeMessages.notDisputed);
    if (dispute.status !== 'open') throw new AppError('CONFLICT', disputeMessages.disputeEnded);
    if (!dispute.evidence_open) throw new AppError('CONFLICT', disputeMessages.evidenceClosed(dispute.evidence_by.toISOString()));
    const { rows } = await tx.query<{ created: boolean }>(
      `INSERT INTO trade_dispute_statements (trade_id, party, company_id, body) VALUES ($1, $2, $3, $4)
       ON CONFLICT (trade_id, party) DO UPDATE SET body = excluded.body, updated_at = now()
       RETURNING (xmax = 0) AS created`,
      [trade.id, party, merchant.companyId, body],
    );
    await appendAudit(tx, {
      actor: merchantActor(merchant),
      action: rows[0]!.created ? 'trade.dispute_statement_written' : 'trade.dispute_statement_edited',
      companyId: merchant.companyId,
      after: { trade: trade.id, party, body },
    });
    return (await disputeFor(tx, trade.id, party))!;
  });
}

// ---- The back office

export async function disputeQueue(ctx: AppContext, query: z.output<typeof disputeQueueQuery>) {
  const counted = await ctx.db.query<{ status: DisputeStatus; n: string }>('SELECT status, count(*)::text AS n FROM trade_disputes GROUP BY status');
  const counts = Object.fromEntries(disputeStatuses.map((status) => [status, 0])) as Record<DisputeStatus, number>;
  for (const row of counted.rows) counts[row.status] = Number(row.n);
  // Open disputes oldest first (the longest wait on top, trade_disputes_open_idx); ended ones newest end first.
  const order = query.status === 'open' ? 'd.opened_at ASC, d.trade_id' : 'd.ended_at DESC, d.trade_id';
  const { rows } = await ctx.db.query<
    DisputeRow & { asset: DisputeQueueItem['asset']; amount: string; fiat: DisputeQueueItem['fiat']; fiat_amount: string; seller_id: string; seller_name: string; buyer_id: string; buyer_name: string; seller_wrote: boolean; buyer_wrote: boolean }
  >(
    `SELECT d.trade_id, d.livemode, d.status, d.opened_by, d.opened_at, d.evidence_by, d.ended_at, d.evidence_by > now() AS evidence_open,
            t.asset, t.amount::text AS amount, t.fiat, t.fiat_amount::text AS fiat_amount,
            s.id AS seller_id, s.name AS seller_name, b.id AS buyer_id, b.name AS buyer_name,
            EXISTS (SELECT 1 FROM trade_dispute_statements x WHERE x.trade_id = d.trade_id AND x.party = 'seller') AS seller_wrote,
            EXISTS (SELECT 1 FROM trade_dispute_statements x WHERE x.trade_id = d.trade_id AND x.party = 'buyer') AS buyer_wrote
       FROM trade_disputes d JOIN trades t ON t.id = d.trade_id
       JOIN companies s ON s.id = t.seller_company_id JOIN companies b ON b.id = t.buyer_company_id
      WHERE d.status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [query.status, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const disputes: DisputeQueueItem[] = rows.map((row) => ({
    tradeId: row.trade_id,
    livemode: row.livemode,
    status: row.status,
    asset: row.asset,
    amount: row.amount,
    fiat: row.fiat,
    fiatAmount: row.fiat_amount,
    seller: { companyId: row.seller_id, name: row.seller_name },
    buyer: { companyId: row.buyer_id, name: row.buyer_name },
    openedBy: row.opened_by,
    openedAt: row.opened_at.toISOString(),
    evidenceBy: row.evidence_by.toISOString(),
    evidenceOpen: row.status === 'open' && row.evidence_open,
    sellerWrote: row.seller_wrote,
    buyerWrote: row.buyer_wrote,
    endedAt: iso(row.ended_at),
  }));
  return { disputes, pagination: paginationOf(query, counts[query.status]), counts };
}

type TradeFacts = {
  id: string;
  livemode: boolean;
  status: DisputeCase['trade']['status'];
  asset: DisputeCase['trade']['asset'];
  fiat: DisputeCase['trade']['fiat'];
  amount: string;
  price: string;
  fiat_amount: string;
  seller_fee: string;
  buyer_fee: string;
  method: DisputeCase['trade']['method'];
  created_at: Date;
  pay_by: Date | null;
  paid_at: Date | null;
  release_by: Date | null;
  ended_at: Date | null;
  seller_company_id: string;
  buyer_company_id: string;
  ruling: 'release' | 'return' | 'split' | null;
  ruling_buyer_amount: string | null;
  ruling_reason: string | null;
  ruled_by: string | null;
  ruled_by_name: string | null;
};

async function party(db: Queryable, companyId: string, livemode: boolean) {
  const { rows } = await db.query<{ name: string; completed: number; disputes: number }>(
    `SELECT c.name,
            (SELECT count(*)::int FROM trades t WHERE t.livemode = $2 AND $1 IN (t.seller_company_id, t.buyer_company_id) AND t.status = 'completed') AS completed,
            (SELECT count(*)::int FROM trades t WHERE t.livemode = $2 AND $1 IN (t.seller_company_id, t.buyer_company_id) AND t.disputed_at IS NOT NULL) AS disputes
       FROM companies c WHERE c.id = $1`,
    [companyId, livemode],
  );
  return { companyId, name: rows[0]!.name, completedTrades: rows[0]!.completed, disputes: rows[0]!.disputes };
}

/** A dispute's case: the trade, both parties, both statements, the chat, the trade's ledger entries and the ruling. */
export async function disputeCase(ctx: AppContext, tradeId: string): Promise<DisputeCase> {
  const dispute = isUuid(tradeId) ? await disputeRow(ctx.db, tradeId) : undefined;
  if (!dispute) throw new AppError('NOT_FOUND', disputeMessages.disputeNotFound);
  const { rows } = await ctx.db.query<TradeFacts>(
    `SELECT t.id, t.livemode, t.status, t.asset, t.fiat, t.amount::text AS amount, t.price::text AS price, t.fiat_amount::text AS fiat_amount,
            t.seller_fee::text AS seller_fee, t.buyer_fee::text AS buyer_fee, t.method, t.created_at, t.pay_by, t.paid_at, t.release_by, t.ended_at,
            t.seller_company_id, t.buyer_company_id, t.ruling, t.ruling_buyer_amount::text AS ruling_buyer_amount, t.ruling_reason, t.ruled_by, r.name AS ruled_by_name
       FROM trades t LEFT JOIN reviewers r ON r.id = t.ruled_by WHERE t.id = $1`,
    [tradeId],
  );
  const trade = rows[0]!;
  const statements = await statementsOf(ctx.db, tradeId);
  const statement = (side: Party): DisputeCase['statements']['seller'] => {
    const row = statements.get(side);
    if (row) return { state: 'written', body: row.body, updatedAt: row.updated_at.toISOString() };
    // Awaited while the side may still write; missing once it can no longer (the deadline passed, or the dispute ended).
    return { state: dispute.status === 'open' && dispute.evidence_open ? 'awaited' : 'missing', body: null, updatedAt: null };
  };
  return {
    trade: {
      id: trade.id,
      livemode: trade.livemode,
      status: trade.status,
      asset: trade.asset,
      fiat: trade.fiat,
      amount: trade.amount,
      price: trade.price,
      fiatAmount: trade.fiat_amount,
      sellerFee: trade.seller_fee,
      buyerFee: trade.buyer_fee,
      method: trade.method,
      createdAt: trade.created_at.toISOString(),
      payBy: iso(trade.pay_by),
      paidAt: iso(trade.paid_at),
      releaseBy: iso(trade.release_by),
      endedAt: iso(trade.ended_at),
    },
    seller: await party(ctx.db, trade.seller_company_id, trade.livemode),
    buyer: await party(ctx.db, trade.buyer_company_id, trade.livemode),
    dispute: {
      status: dispute.status,
      openedBy: dispute.opened_by,
      openedAt: dispute.opened_at.toISOString(),
      evidenceBy: dispute.evidence_by.toISOString(),
      evidenceOpen: dispute.status === 'open' && dispute.evidence_open,
      endedAt: iso(dispute.ended_at),
    },
    statements: { seller: statement('seller'), buyer: statement('buyer') },
    chat: await chatForAgent(ctx, tradeId),
    ledger: await entriesByReference(ctx.db, trade.livemode, TRADE_ENTRY_KINDS, trade.id),
    ruling:
      trade.ruling && trade.ruling_buyer_amount !== null && trade.ruling_reason !== null
        ? { outcome: trade.ruling, buyerAmount: trade.ruling_buyer_amount, reason: trade.ruling_reason, by: trade.ruled_by ? { id: trade.ruled_by, name: trade.ruled_by_name ?? '' } : null }
        : null,
  };
}

/**
 * An agent's ruling on an open dispute (the engine's `ruleOnTrade`: the escrow moved, audited in both companies,
 * `trade.resolved`, both told in the app and by email). A dispute already ruled or withdrawn answers 409 and moves
 * nothing; the engine's guarded update and the dispute row hold the same under a race.
 */
export async function ruleOnDispute(ctx: AppContext, reviewer: { id: string }, tradeId: string, input: z.output<typeof rulingRequest>): Promise<DisputeCase> {
  const dispute = isUuid(tradeId) ? await disputeRow(ctx.db, tradeId) : undefined;
  if (!dispute) throw new AppError('NOT_FOUND', disputeMessages.disputeNotFound);
  if (dispute.status !== 'open') throw new AppError('CONFLICT', disputeMessages.alreadyDecided(disputeStatusLabels[dispute.status].toLowerCase()));
  if (input.outcome !== 'split' && input.buyerAmount !== undefined) {
    throw new AppError('VALIDATION_FAILED', disputeMessages.splitOnly, { errors: { buyerAmount: disputeMessages.splitOnly } });
  }
  await ruleOnTrade(ctx, reviewer.id, tradeId, { outcome: input.outcome, buyerAmount: input.buyerAmount, reason: input.reason });
  return disputeCase(ctx, tradeId);
}

/** A link to one attachment of a disputed trade's chat, for the agent (a trade never disputed has no case: 404). */
export async function disputeAttachment(ctx: AppContext, tradeId: string, messageId: string) {
  const dispute = isUuid(tradeId) ? await disputeRow(ctx.db, tradeId) : undefined;
  if (!dispute) throw new AppError('NOT_FOUND', disputeMessages.disputeNotFound);
  return attachmentLinkForAgent(ctx, tradeId, messageId);
}
