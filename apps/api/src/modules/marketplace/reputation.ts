import type { AssetCode } from '@fipay/contracts/assets';
import {
  badgeCriteria,
  reputationMessages as text,
  type BadgeLevel,
  type Badges,
  type Feedback,
  type FeedbackRating,
  type Partner,
  type PartnerMark,
  type Statistics,
  type StatisticsWindow,
  type TradeFeedback,
} from '@fipay/contracts/reputation';
import { marketMessages } from '@fipay/contracts/marketplace';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { isUuid } from '../../lib/db-values';
import { AppError } from '../../lib/errors';
import { recordEvent } from '../webhooks/events';
import { notifyOnceSql } from '../notifications/notify';
import { findTrade, modeNote, shown, type Trade } from './trades';

/**
 * The marketplace's reputation (docs/decisions/0087-marketplace-reputation.md): feedback on ended trades, marks on
 * trade partners, a business's trade statistics and the Trader Program badges the job keeps.
 */

type Scope = { companyId: string; livemode: boolean };

/** Trades that ended with the asset delivered or ruled on: the only ones feedback can be left on. */
const FEEDBACK_STATUSES = ['completed', 'resolved'];

type FeedbackRow = { author_company_id: string; rating: FeedbackRating; comment: string; created_at: Date; updated_at: Date; editable_until: Date };

const toFeedback = (row: FeedbackRow): Feedback => ({
  rating: row.rating,
  comment: row.comment,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  editableUntil: row.editable_until.toISOString(),
});

async function feedbackOf(db: Queryable, scope: Scope, trade: Trade): Promise<TradeFeedback> {
  const { rows } = await db.query<FeedbackRow & { open: boolean }>(
    'SELECT author_company_id, rating, comment, created_at, updated_at, editable_until, editable_until > now() AS open FROM trade_feedback WHERE trade_id = $1',
    [trade.id],
  );
  const mine = rows.find((row) => row.author_company_id === scope.companyId);
  const theirs = rows.find((row) => row.author_company_id !== scope.companyId);
  return {
    canLeave: FEEDBACK_STATUSES.includes(trade.status) && (!mine || mine.open),
    mine: mine ? toFeedback(mine) : null,
    theirs: theirs ? toFeedback(theirs) : null,
  };
}

/** A trade's feedback as one of its parties sees it; 404 for a trade not the scope's (another company's or mode's). */
export async function tradeFeedback(db: Queryable, scope: Scope, tradeId: string): Promise<TradeFeedback> {
  const trade = await findTrade(db, scope, tradeId);
  if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
  return feedbackOf(db, scope, trade);
}

/** Both sides' feedback for a trade already found for its party (GET /trades/:id). */
export const feedbackForTrade = (db: Queryable, scope: Scope, trade: Trade) => feedbackOf(db, scope, trade);

/**
 * Leaves the scope's feedback on a trade it is a party to, or changes it while its editing window runs: one row per
 * trade and side, written by one upsert whose update is guarded by `editable_until`. The other side and the author
 * get a `trade.feedback_left` event in the same transaction.
 */
export async function leaveFeedback(ctx: AppContext, scope: Scope, tradeId: string, input: { rating: FeedbackRating; comment?: string }): Promise<TradeFeedback> {
  return ctx.db.transaction(async (tx) => {
    const trade = await findTrade(tx, scope, tradeId);
    if (!trade) throw new AppError('NOT_FOUND', marketMessages.tradeNotFound);
    if (!FEEDBACK_STATUSES.includes(trade.status)) throw new AppError('CONFLICT', text.feedbackNotYet);
    const subject = trade.sellerCompanyId === scope.companyId ? trade.buyerCompanyId : trade.sellerCompanyId;
    const comment = (input.comment ?? '').trim();
    const { rows } = await tx.query<{ created: boolean }>(
      `INSERT INTO trade_feedback (trade_id, author_company_id, subject_company_id, livemode, rating, comment, editable_until)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))
       ON CONFLICT (trade_id, author_company_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()
        WHERE trade_feedback.editable_until > now()
       RETURNING (xmax = 0) AS created`,
      [trade.id, scope.companyId, subject, trade.livemode, input.rating, comment, ctx.config.reputation.feedbackEditDays],
    );
    if (!rows[0]) throw new AppError('CONFLICT', text.feedbackLocked);
    const by = trade.sellerCompanyId === scope.companyId ? 'seller' : 'buyer';
    const object = { tradeId: trade.id, by, rating: input.rating, comment, edited: !rows[0].created };
    for (const companyId of [scope.companyId, subject]) await recordEvent(tx, { companyId, livemode: trade.livemode }, 'trade.feedback_left', object, null);
    // The business rated is told, once per trade until it reads it; a change before then rewrites that notice.
    const notice = feedbackNotice(trade, by, input.rating, comment, !rows[0].created);
    await tx.query(`WITH ${notifyOnceSql({ name: 'n', companyId: '$1::uuid', title: '$2::text', message: '$3::text', topic: '$4::text', refresh: true })} SELECT 1`, [
      subject,
      notice.title,
      notice.message,
      feedbackTopic(trade.id),
    ]);
    return feedbackOf(tx, scope, trade);
  });
}

/** The topic of the notifications of feedback left on a trade: one unread per user (migration 0057). */
export const feedbackTopic = (tradeId: string) => `trade-feedback:${tradeId}`;

const FEEDBACK_COMMENT_SHOWN = 200;

/** What the business rated is told: who, how, on which trade, and the start of the comment. */
function feedbackNotice(trade: Trade, by: 'seller' | 'buyer', rating: FeedbackRating, comment: string, edited: boolean) {
  const quoted = comment.length === 0 ? '.' : `: "${comment.length > FEEDBACK_COMMENT_SHOWN ? `${comment.slice(0, FEEDBACK_COMMENT_SHOWN - 1)}…` : comment}"`;
  return {
    title: `${edited ? 'Feedback changed' : 'New feedback'}${modeNote(trade.livemode)}`,
    message: `The ${by} ${edited ? 'changed its feedback on you to' : 'left you'} ${rating} feedback on the trade of ${shown(trade.asset, trade.amount)}${quoted}`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Trade partners

type PartnerRow = {
  partner: string;
  name: string;
  tag: string | null;
  trades: number;
  completed: number;
  last_trade_at: Date;
  volume: { asset: AssetCode; amount: string }[];
  mark: PartnerMark | null;
  positive: number;
  negative: number;
};

/** The businesses the scope has traded with in its mode (or one of them), the latest trade first. */
async function partners(db: Queryable, scope: Scope, only: string | null): Promise<Partner[]> {
  const { rows } = await db.query<PartnerRow>(
    `WITH mine AS (
       SELECT CASE WHEN seller_company_id = $1 THEN buyer_company_id ELSE seller_company_id END AS partner, status, asset, amount, created_at
         FROM trades WHERE (seller_company_id = $1 OR buyer_company_id = $1) AND livemode = $2
     ), per AS (
       SELECT partner, count(*)::int AS trades, count(*) FILTER (WHERE status = 'completed')::int AS completed, max(created_at) AS last_trade_at
         FROM mine WHERE $3::uuid IS NULL OR partner = $3::uuid GROUP BY partner
     )
     SELECT per.partner, per.trades, per.completed, per.last_trade_at, c.name, pm.mark,
            (SELECT tag FROM fipay_tags WHERE company_id = c.id AND released_at IS NULL) AS tag,
            (SELECT coalesce(json_agg(json_build_object('asset', v.asset, 'amount', v.amount::text) ORDER BY v.asset), '[]')
               FROM (SELECT asset, sum(amount) AS amount FROM mine WHERE mine.partner = per.partner AND status = 'completed' GROUP BY asset) v) AS volume,
            (SELECT count(*) FROM trade_feedback f WHERE f.author_company_id = per.partner AND f.subject_company_id = $1 AND f.livemode = $2 AND f.rating = 'positive')::int AS positive,
            (SELECT count(*) FROM trade_feedback f WHERE f.author_company_id = per.partner AND f.subject_company_id = $1 AND f.livemode = $2 AND f.rating = 'negative')::int AS negative
       FROM per JOIN companies c ON c.id = per.partner
       LEFT JOIN partner_marks pm ON pm.company_id = $1 AND pm.livemode = $2 AND pm.partner_company_id = per.partner
      ORDER BY per.last_trade_at DESC, per.partner
      LIMIT 500`,
    [scope.companyId, scope.livemode, only],
  );
  return rows.map((row) => ({
    id: row.partner,
    name: row.name,
    tag: row.tag,
    trades: row.trades,
    completed: row.completed,
    volume: row.volume,
    lastTradeAt: row.last_trade_at.toISOString(),
    mark: row.mark,
    positive: row.positive,
    negative: row.negative,
  }));
}

export const listPartners = (db: Queryable, scope: Scope) => partners(db, scope, null);

async function onePartner(db: Queryable, scope: Scope, id: string): Promise<Partner> {
  const found = isUuid(id) && id !== scope.companyId ? (await partners(db, scope, id))[0] : undefined;
  if (!found) throw new AppError('NOT_FOUND', text.partnerNotFound);
  return found;
}

/** Marks a business the scope has traded with in its mode trusted or blocked (404 for any other). */
export async function markPartner(db: Queryable, scope: Scope, id: string, mark: PartnerMark): Promise<Partner> {
  await onePartner(db, scope, id);
  await db.query(
    `INSERT INTO partner_marks (company_id, livemode, partner_company_id, mark) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, livemode, partner_company_id) DO UPDATE SET mark = EXCLUDED.mark, updated_at = now()`,
    [scope.companyId, scope.livemode, id, mark],
  );
  return onePartner(db, scope, id);
}

export async function unmarkPartner(db: Queryable, scope: Scope, id: string): Promise<Partner> {
  await onePartner(db, scope, id);
  await db.query('DELETE FROM partner_marks WHERE company_id = $1 AND livemode = $2 AND partner_company_id = $3', [scope.companyId, scope.livemode, id]);
  return onePartner(db, scope, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics

type WindowRow = {
  trades: number;
  completed: number;
  cancelled: number;
  ended: number;
  avg_pay: number | null;
  avg_release: number | null;
  disputes_opened: number;
  disputes_lost: number;
  positive: number;
  negative: number;
  volume: { asset: AssetCode; bought: string; sold: string }[];
};

/**
 * One window of the scope's trades, by when they opened (`since` null: all time). A dispute is lost when its ruling
 * went wholly to the other side: a return for the buyer, a release for the seller; a split is lost by neither.
 */
async function statisticsWindow(db: Queryable, scope: Scope, since: Date | null): Promise<StatisticsWindow> {
  const { rows } = await db.query<WindowRow>(
    `WITH mine AS (
       SELECT t.*, CASE WHEN t.seller_company_id = $1 THEN 'seller' ELSE 'buyer' END AS role
         FROM trades t WHERE (t.seller_company_id = $1 OR t.buyer_company_id = $1) AND t.livemode = $2 AND ($3::timestamptz IS NULL OR t.created_at >= $3::timestamptz)
     )
     SELECT count(*)::int AS trades,
            count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
            count(*) FILTER (WHERE status IN ('completed', 'cancelled', 'resolved'))::int AS ended,
            round(avg(extract(epoch FROM paid_at - created_at)) FILTER (WHERE role = 'buyer' AND paid_at IS NOT NULL))::int AS avg_pay,
            round(avg(extract(epoch FROM ended_at - paid_at)) FILTER (WHERE role = 'seller' AND status = 'completed' AND paid_at IS NOT NULL))::int AS avg_release,
            count(*) FILTER (WHERE disputed_by = role)::int AS disputes_opened,
            count(*) FILTER (WHERE status = 'resolved' AND ((role = 'seller' AND ruling = 'release') OR (role = 'buyer' AND ruling = 'return')))::int AS disputes_lost,
            (SELECT count(*) FROM trade_feedback f JOIN mine m ON m.id = f.trade_id WHERE f.subject_company_id = $1 AND f.rating = 'positive')::int AS positive,
            (SELECT count(*) FROM trade_feedback f JOIN mine m ON m.id = f.trade_id WHERE f.subject_company_id = $1 AND f.rating = 'negative')::int AS negative,
            (SELECT coalesce(json_agg(json_build_object('asset', v.asset, 'bought', v.bought::text, 'sold', v.sold::text) ORDER BY v.asset), '[]')
               FROM (SELECT asset, coalesce(sum(amount) FILTER (WHERE role = 'buyer'), 0) AS bought, coalesce(sum(amount) FILTER (WHERE role = 'seller'), 0) AS sold
                       FROM mine WHERE status = 'completed' GROUP BY asset) v) AS volume
       FROM mine`,
    [scope.companyId, scope.livemode, since],
  );
  const row = rows[0]!;
  return {
    trades: row.trades,
    completed: row.completed,
    cancelled: row.cancelled,
    completionBps: row.ended === 0 ? null : Math.floor((row.completed * 10_000) / row.ended),
    volume: row.volume,
    avgPaySeconds: row.avg_pay,
    avgReleaseSeconds: row.avg_release,
    disputesOpened: row.disputes_opened,
    disputesLost: row.disputes_lost,
    positiveFeedback: row.positive,
    negativeFeedback: row.negative,
  };
}

/** The scope's trade statistics: the last 30 days, all time, and trades per UTC day over the last 30. */
export async function tradeStatistics(db: Queryable, scope: Scope, now = new Date()): Promise<Statistics> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows: daily } = await db.query<{ date: string; trades: number; completed: number }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date, count(t.id)::int AS trades, count(t.id) FILTER (WHERE t.status = 'completed')::int AS completed
       FROM generate_series(($3::timestamptz AT TIME ZONE 'UTC')::date::timestamp - interval '29 days', ($3::timestamptz AT TIME ZONE 'UTC')::date::timestamp, interval '1 day') d
       LEFT JOIN trades t ON (t.seller_company_id = $1 OR t.buyer_company_id = $1) AND t.livemode = $2
        AND t.created_at >= (d AT TIME ZONE 'UTC') AND t.created_at < ((d + interval '1 day') AT TIME ZONE 'UTC')
      GROUP BY d ORDER BY d`,
    [scope.companyId, scope.livemode, now],
  );
  return { last30Days: await statisticsWindow(db, scope, since), allTime: await statisticsWindow(db, scope, null), daily };
}

// ---------------------------------------------------------------------------------------------------------------
// Badges

/**
 * Recomputes every badge (the job): each company and mode with trades that ended in the last 90 days, or holding a
 * badge, gets the highest level whose criteria it meets now, or none (a badge missed is lost). A level kept keeps
 * its `since`. Then copies each vendor's 30-day completion rate onto its open offers. Answers how many companies hold
 * a badge, how many lost theirs in this run, and how many offers changed rank.
 */
export async function recomputeBadges(db: Queryable, now = new Date()): Promise<{ granted: number; lost: number; offersReranked: number }> {
  const [expert, power] = [badgeCriteria.find((c) => c.level === 'expert')!, badgeCriteria.find((c) => c.level === 'power')!];
  const { rows } = await db.query<{ level: BadgeLevel | null; was: BadgeLevel | null }>(
    `WITH parties AS (
       SELECT seller_company_id AS company_id, livemode, status, ended_at FROM trades WHERE ended_at > $1::timestamptz - interval '90 days'
       UNION ALL
       SELECT buyer_company_id, livemode, status, ended_at FROM trades WHERE ended_at > $1::timestamptz - interval '90 days'
     ), facts AS (
       SELECT company_id, livemode, count(*) FILTER (WHERE status = 'completed')::int AS completed, count(*)::int AS ended,
              count(*) FILTER (WHERE status = 'completed' AND ended_at > $1::timestamptz - interval '30 days')::int AS completed30,
              count(*) FILTER (WHERE ended_at > $1::timestamptz - interval '30 days')::int AS ended30
         FROM parties GROUP BY company_id, livemode
     ), everyone AS (
       SELECT company_id, livemode, completed, ended, completed30, ended30 FROM facts
       UNION ALL
       SELECT b.company_id, b.livemode, 0, 0, 0, 0 FROM company_badges b
        WHERE (b.level IS NOT NULL OR b.completion_bps IS NOT NULL OR b.completion_bps_30d IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.company_id = b.company_id AND f.livemode = b.livemode)
     ), levels AS (
       SELECT e.company_id, e.livemode, e.completed, CASE WHEN e.ended > 0 THEN e.completed * 10000 / e.ended END AS bps,
              CASE WHEN e.ended30 > 0 THEN e.completed30 * 10000 / e.ended30 END AS bps30,
              CASE WHEN k.status IS DISTINCT FROM 'APPROVED' OR e.ended = 0 THEN NULL
                   WHEN e.completed >= $2 AND e.completed * 10000 / e.ended >= $3 THEN 'expert'
                   WHEN e.completed >= $4 AND e.completed * 10000 / e.ended >= $5 THEN 'power' END AS level
         FROM everyone e LEFT JOIN kyb_applications k ON k.company_id = e.company_id
     ), before AS (
       SELECT b.company_id, b.livemode, b.level FROM company_badges b JOIN levels l USING (company_id, livemode)
     )
     INSERT INTO company_badges AS b (company_id, livemode, level, trades_90d, completion_bps, completion_bps_30d, since, lost_at, computed_at)
     SELECT company_id, livemode, level, completed, bps, bps30, CASE WHEN level IS NOT NULL THEN $1::timestamptz END, NULL, $1::timestamptz FROM levels
     ON CONFLICT (company_id, livemode) DO UPDATE SET
       level = EXCLUDED.level,
       trades_90d = EXCLUDED.trades_90d,
       completion_bps = EXCLUDED.completion_bps,
       completion_bps_30d = EXCLUDED.completion_bps_30d,
       since = CASE WHEN EXCLUDED.level IS NULL THEN NULL WHEN b.level IS NOT DISTINCT FROM EXCLUDED.level THEN b.since ELSE $1::timestamptz END,
       lost_at = CASE WHEN EXCLUDED.level IS NOT NULL THEN NULL WHEN b.level IS NOT NULL THEN $1::timestamptz ELSE b.lost_at END,
       computed_at = $1::timestamptz
     RETURNING b.level, (SELECT level FROM before WHERE before.company_id = b.company_id AND before.livemode = b.livemode) AS was`,
    [now, expert.minTrades90d, expert.minCompletionBps, power.minTrades90d, power.minCompletionBps],
  );
  // Each open offer carries its vendor's 30-day completion rate, the marketplace list's tie-break after the price.
  const ranked = await db.query(
    `UPDATE offers o SET vendor_completion_bps = r.bps
       FROM (SELECT x.id, coalesce(b.completion_bps_30d, -1) AS bps FROM offers x
               LEFT JOIN company_badges b ON b.company_id = x.company_id AND b.livemode = x.livemode
              WHERE x.status <> 'closed') r
      WHERE o.id = r.id AND o.vendor_completion_bps <> r.bps`,
  );
  return {
    granted: rows.filter((row) => row.level !== null).length,
    lost: rows.filter((row) => row.level === null && row.was !== null).length,
    offersReranked: ranked.rowCount ?? 0,
  };
}

/** Where the scope stands: the criteria, its badge as the job last set it, and whether its business is verified. */
export async function badgeStanding(db: Queryable, scope: Scope): Promise<Badges> {
  const { rows } = await db.query<{ level: BadgeLevel | null; since: Date | null; lost_at: Date | null; computed_at: Date | null; trades_90d: number | null; completion_bps: number | null; verified: boolean }>(
    `SELECT b.level, b.since, b.lost_at, b.computed_at, b.trades_90d, b.completion_bps,
            coalesce((SELECT status = 'APPROVED' FROM kyb_applications WHERE company_id = $1), false) AS verified
       FROM (SELECT 1) one LEFT JOIN company_badges b ON b.company_id = $1 AND b.livemode = $2`,
    [scope.companyId, scope.livemode],
  );
  const row = rows[0]!;
  return {
    criteria: badgeCriteria.map((c) => ({ ...c })),
    current: row.level,
    since: row.since?.toISOString() ?? null,
    lostAt: row.lost_at?.toISOString() ?? null,
    computedAt: row.computed_at?.toISOString() ?? null,
    verified: row.verified,
    trades90d: row.trades_90d ?? 0,
    completionBps: row.completion_bps,
  };
}
