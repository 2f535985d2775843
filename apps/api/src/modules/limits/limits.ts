import {
  formatUsdLimit,
  limitKindLabels,
  limitKinds,
  limitMessages,
  limitTierLabels,
  MAX_LIMIT_CENTS,
  type ConfiguredTier,
  type KindLimit,
  type LimitKind,
  type LimitTier,
  type TierLimits,
} from '@fipay/contracts/daily-limits';
import { developerMessages } from '@fipay/contracts/developers';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';

/**
 * Daily limits (docs/decisions/0070-daily-limits-and-limit-requests.md): how much USD value a company may buy or
 * sell ('trade') and send per UTC day, in each mode, by its tier.
 */

export type LimitScope = { companyId: string; livemode: boolean };
type TiersConfig = Pick<Config, 'dailyLimits'>;

/** What decides a company's limits: whether it is approved, and the grant a reviewer made (none, a tier, or custom figures). */
type Standing = { approved: boolean; grant_tier: 'tier_2' | 'tier_3' | 'custom' | null; grant_trade: string | null; grant_send: string | null };

/** The standing of the company `company` (an SQL expression: a placeholder). */
const standingSql = (company: string) => `
  SELECT coalesce((SELECT a.status = 'APPROVED' FROM kyb_applications a WHERE a.company_id = ${company}), false) AS approved,
         g.tier AS grant_tier, g.trade_cents::text AS grant_trade, g.send_cents::text AS grant_send
    FROM (SELECT 1) one LEFT JOIN limit_grants g ON g.company_id = ${company}`;
const STANDING_SQL = standingSql('$1');

/** The tier and figures a standing gives: not approved, `unapproved`; approved, `approved` unless a reviewer granted more. */
export function limitsOf(config: TiersConfig, standing: Standing): { tier: LimitTier; limits: TierLimits } {
  if (!standing.approved) return { tier: 'unapproved', limits: config.dailyLimits.unapproved };
  if (standing.grant_tier === 'custom') return { tier: 'custom', limits: { trade: BigInt(standing.grant_trade!), send: BigInt(standing.grant_send!) } };
  const tier: ConfiguredTier = standing.grant_tier ?? 'approved';
  return { tier, limits: config.dailyLimits[tier] };
}

export async function companyLimits(db: Queryable, config: TiersConfig, companyId: string) {
  const { rows } = await db.query<Standing>(STANDING_SQL, [companyId]);
  return { ...limitsOf(config, rows[0]!), approved: rows[0]!.approved };
}

export type Consumption = LimitScope & {
  kind: LimitKind;
  /** The USD value moved, in whole US cents, rounded up by the caller (a part of a cent counts as a cent). */
  usdCents: bigint;
  /** What used the limit (a transfer's or trade's id), unique per company, mode and kind. */
  reference: string;
};

export type Consumed = { limitCents: bigint; usedCents: bigint; leftCents: bigint };

const refusal = (kind: LimitKind, left: bigint) =>
  new AppError('LIMIT_EXCEEDED', limitMessages.exceeded(limitKindLabels[kind], formatUsdLimit(left < 0n ? 0n : left)));

/**
 * Adds `usdCents` to the company's use of its `kind` limit today (UTC) in `livemode`, or refuses with LIMIT_EXCEEDED
 * (409) saying how much is left today. Call it inside the transaction of the send or trade it counts, so a refusal
 * or any later failure rolls the consumption back with the rest: there is no release to call.
 *
 * Atomic: one statement, `INSERT … ON CONFLICT DO UPDATE SET used = used + x WHERE used + x <= limit`, which
 * PostgreSQL evaluates on the row it has locked, so concurrent consumers of one company pass exactly up to the
 * limit. The row stays locked until the caller's transaction ends: every send (or trade) of that company, mode and
 * kind waits for the one before it here.
 *
 * Lock order (ADR 0038 and 0063): company row, money objects' rows, then this usage row, then the ledger accounts,
 * then counters. Call it before `lockAccounts`/`post`/`postEntries`. A transaction that consumes several limits (a
 * trade of two companies) calls `consumeLimits`, which takes them in one order.
 *
 * A company that is not approved has no live limits (live mode is refused before this, with 403).
 */
export async function consumeLimit(tx: Queryable, config: TiersConfig, consumption: Consumption): Promise<Consumed> {
  const params: unknown[] = [];
  const clause = limitClause(config, consumption, (value) => `$${params.push(value)}`);
  const { rows } = await tx.query<{ approved: boolean; limit_cents: string; used_cents: string | null }>(
    `WITH ${clause.sql} SELECT lim.approved, lim.limit_cents::text, (SELECT used_cents::text FROM limit_used) AS used_cents FROM limit_of lim`,
    params,
  );
  const row = rows[0]!;
  if (row.used_cents === null) throw await limitRefusal(tx, config, consumption);
  const limitCents = BigInt(row.limit_cents);
  const usedCents = BigInt(row.used_cents);
  return { limitCents, usedCents, leftCents: limitCents - usedCents };
}

/**
 * consumeLimit's statement as CTEs of a bigger statement (`limit_standing`, `limit_of`, `limit_used`, `limit_noted`),
 * with `passed`, the condition that the limit was taken (`limit_used` has its row): for a path that takes the usage
 * row in the statement that then locks the ledger's accounts (the ledger's StatementHead), so the row is held for
 * that statement and COMMIT only. The same row, taken the same way, before the same locks. When `passed` is false
 * nothing was added: `limitRefusal` says why. `after` names a CTE of one row that must run before the usage row is
 * taken (what the statement writes that nobody waits for: docs/decisions/0094-a-transfer-in-one-statement.md).
 */
export function limitClause(
  config: TiersConfig,
  consumption: Consumption,
  param: (value: unknown) => string,
  options: { name?: string; when?: string; after?: string } = {},
): { sql: string; passed: string } {
  const { companyId, livemode, kind, usdCents, reference } = consumption;
  // `name` prefixes the CTEs, so one statement can take several companies' limits; `when` (SQL over the caller's
  // CTEs) must hold for the row to be taken at all: it runs, and takes its locks, before this limit's row.
  const [standing, of, used, noted] = ['limit_standing', 'limit_of', 'limit_used', 'limit_noted'].map((cte) => (options.name ? `${options.name}_${cte}` : cte));
  const when = options.when ? ` AND (${options.when})` : '';
  if (usdCents < 0n) throw new RangeError('A limit is consumed by a USD value of zero or more');
  // Beyond any limit: refused without a row, and no bigint column is asked to hold it.
  const amount = usdCents > MAX_LIMIT_CENTS ? null : usdCents;
  const tiers = JSON.stringify(Object.fromEntries(Object.entries(config.dailyLimits).map(([tier, figures]) => [tier, { trade: String(figures.trade), send: String(figures.send) }])));
  const [company, tiersParam, kindParam, mode, cents, ref] = [companyId, tiers, kind, livemode, amount === null ? null : String(amount), reference].map(param);
  return {
    sql: `${standing} AS (${standingSql(`${company}::uuid`)}),
     ${of} AS (
       SELECT approved,
              CASE WHEN NOT approved THEN (${tiersParam}::jsonb -> 'unapproved' ->> ${kindParam}::text)::bigint
                   WHEN grant_tier = 'custom' THEN CASE ${kindParam}::text WHEN 'trade' THEN grant_trade::bigint ELSE grant_send::bigint END
                   ELSE (${tiersParam}::jsonb -> coalesce(grant_tier, 'approved') ->> ${kindParam}::text)::bigint END AS limit_cents
         FROM ${standing}),
     ${used} AS (
       INSERT INTO limit_usage AS u (company_id, livemode, kind, day, used_cents)
       SELECT ${company}::uuid, ${mode}::boolean, ${kindParam}::text, (now() AT TIME ZONE 'UTC')::date, ${cents}::bigint FROM ${of} lim${options.after ? `, ${options.after}` : ''}
        WHERE ${cents}::bigint IS NOT NULL AND ${cents}::bigint <= lim.limit_cents AND (lim.approved OR NOT ${mode}::boolean)${when}
       ON CONFLICT (company_id, livemode, kind, day)
         DO UPDATE SET used_cents = u.used_cents + excluded.used_cents
         WHERE u.used_cents + excluded.used_cents <= (SELECT limit_cents FROM ${of})
       RETURNING u.company_id, u.livemode, u.kind, u.day, u.used_cents),
     ${noted} AS (
       INSERT INTO limit_consumptions (company_id, livemode, kind, day, usd_cents, reference)
       SELECT company_id, livemode, kind, day, ${cents}::bigint, ${ref}::text FROM ${used})`,
    passed: `EXISTS (SELECT 1 FROM ${used})`,
  };
}

/**
 * Why a consumption was refused, read in the transaction that tried it (after limitClause's statement added nothing):
 * FORBIDDEN for live mode before approval, otherwise LIMIT_EXCEEDED with what is left today. The usage row, when there
 * is one, is locked by that statement, so this reads what it holds now.
 */
export async function limitRefusal(tx: Queryable, config: TiersConfig, consumption: Consumption): Promise<AppError> {
  const { companyId, livemode, kind } = consumption;
  const { rows } = await tx.query<Standing & { used_cents: string | null }>(
    `SELECT s.*, (SELECT used_cents::text FROM limit_usage WHERE company_id = $1 AND livemode = $2 AND kind = $3 AND day = (now() AT TIME ZONE 'UTC')::date) AS used_cents
       FROM (${standingSql('$1')}) s`,
    [companyId, livemode, kind],
  );
  const row = rows[0]!;
  if (livemode && !row.approved) return new AppError('FORBIDDEN', developerMessages.liveModeLocked);
  return refusal(kind, limitsOf(config, row).limits[kind] - BigInt(row.used_cents ?? '0'));
}

/**
 * The refusal of a value beyond any limit there can be (more than MAX_LIMIT_CENTS), for a caller that finds it before
 * it writes anything (a value that large may not even fit the columns it would be written to): consumeLimit's answer,
 * with what is left today.
 */
export async function beyondAnyLimit(db: Queryable, config: TiersConfig, scope: { companyId: string; livemode: boolean }, kind: LimitKind): Promise<AppError> {
  const left = await limitsLeft(db, config, scope.companyId, scope.livemode);
  return refusal(kind, BigInt(left.limits.find((limit) => limit.kind === kind)!.leftCents));
}

/** Consumptions in the one order their usage rows are taken in (company, mode, kind), by consumeLimits and in one statement alike. */
export function inLimitOrder(consumptions: Consumption[]): Consumption[] {
  const key = (c: Consumption) => `${c.companyId}|${c.livemode ? 1 : 0}|${c.kind}`;
  return [...consumptions].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Several consumptions in one transaction, taken in one order (company, mode, kind) so two transactions cannot wait on each other. */
export async function consumeLimits(tx: Queryable, config: TiersConfig, consumptions: Consumption[]): Promise<Consumed[]> {
  const ordered = inLimitOrder(consumptions);
  const results = new Map<Consumption, Consumed>();
  for (const consumption of ordered) results.set(consumption, await consumeLimit(tx, config, consumption));
  return consumptions.map((c) => results.get(c)!);
}

export const kindLimit = (kind: LimitKind, limitCents: bigint, usedCents: bigint): KindLimit => {
  const left = limitCents > usedCents ? limitCents - usedCents : 0n;
  return {
    kind,
    label: limitKindLabels[kind],
    limitCents: String(limitCents),
    usedCents: String(usedCents),
    leftCents: String(left),
    limit: formatUsdLimit(limitCents),
    used: formatUsdLimit(usedCents),
    left: formatUsdLimit(left),
  };
};

export type LimitsLeft = { tier: LimitTier; tierLabel: string; approved: boolean; day: string; resetsAt: string; limits: KindLimit[] };

/** For each kind, today's (UTC) limit, what was used and what is left, for the company in `livemode`. */
export async function limitsLeft(db: Queryable, config: TiersConfig, companyId: string, livemode: boolean): Promise<LimitsLeft> {
  const { tier, limits, approved } = await companyLimits(db, config, companyId);
  const { rows } = await db.query<{ kind: LimitKind; used_cents: string; day: string }>(
    `SELECT k.kind, coalesce(u.used_cents, 0)::text AS used_cents, to_char(d.day, 'YYYY-MM-DD') AS day
       FROM (SELECT (now() AT TIME ZONE 'UTC')::date AS day) d
      CROSS JOIN unnest($3::text[]) AS k(kind)
       LEFT JOIN limit_usage u ON u.company_id = $1 AND u.livemode = $2 AND u.kind = k.kind AND u.day = d.day`,
    [companyId, livemode, [...limitKinds]],
  );
  const used = new Map(rows.map((row) => [row.kind, BigInt(row.used_cents)]));
  const day = rows[0]!.day;
  // Live mode before approval has nothing to spend: the figures say so rather than show the test-mode tier's.
  const limitOf = (kind: LimitKind) => (livemode && !approved ? 0n : limits[kind]);
  return {
    tier,
    tierLabel: limitTierLabels[tier],
    approved,
    day,
    resetsAt: new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString(),
    limits: limitKinds.map((kind) => kindLimit(kind, limitOf(kind), used.get(kind) ?? 0n)),
  };
}
