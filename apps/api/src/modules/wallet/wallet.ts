import { randomUUID } from 'node:crypto';
import { assetCodes, type AssetCode } from '@fipay/contracts/assets';
import { rational } from '@fipay/contracts/rational';
import { convertAmount, type Rate } from '@fipay/contracts/rates';
import {
  statementRange,
  walletMessages,
  walletValueCurrencies,
  type TestFunds,
  type Wallet,
  type WalletAsset,
  type WalletOverview,
  type WalletStatement,
  type WalletStatementQuery,
} from '@fipay/contracts/wallet';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bindEffect, earlierEffect, type IdempotencyClaim } from '../../plugins/idempotent-effects';
import { accountDailyFlows, accountStatement, AmountTooLargeError, post, walletBalances, type AccountStatementLine } from '../ledger/ledger';
import { addDays, lagosDay, lagosDayStart } from '../../lib/lagos';
import { notifyCompanySql } from '../notifications/notify';
import { listRates } from '../rates/rates';
import { recordEvent, type Scope } from '../webhooks/events';
import { counterpartyOf, resolveCounterparties } from './counterparties';

/**
 * The wallet (docs/decisions/0072-the-wallet-page-statements-and-test-funds.md): balances of every asset with their
 * worth, statements of each asset's available balance, and test funds. The money is the ledger's (ADR 0069); the
 * rates are the rates module's (ADR 0066).
 */

/** Added today (UTC) per asset in test mode. */
async function testFundsToday(db: Queryable, companyId: string): Promise<Map<AssetCode, bigint>> {
  const { rows } = await db.query<{ asset: AssetCode; added: string }>(
    "SELECT asset, added::text AS added FROM wallet_test_funds_days WHERE company_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date",
    [companyId],
  );
  return new Map(rows.map((row) => [row.asset, BigInt(row.added)]));
}

/**
 * Every asset's balances and worth in one mode: one query of the balances, one of the rates (and in test mode one of
 * today's test funds), whatever the number of assets. Worth is rounded down (it never shows more than converting the
 * asset would give the business); a stale or unknown rate gives no worth, and the page still loads.
 */
export async function getWallet(ctx: Pick<AppContext, 'db' | 'config'>, scope: Scope, now = new Date()): Promise<Wallet> {
  const [balances, rates, addedToday] = await Promise.all([
    walletBalances(ctx.db, scope.companyId, scope.livemode),
    listRates(ctx, now),
    scope.livemode ? Promise.resolve(null) : testFundsToday(ctx.db, scope.companyId),
  ]);
  const rateOf = new Map<string, Rate>(rates.rates.map((rate) => [`${rate.base}/${rate.quote}`, rate]));
  const totals = { USD: 0n, NGN: 0n };
  let complete = true;
  const assets: WalletAsset[] = assetCodes.map((asset) => {
    const balance = balances.get(asset);
    const available = balance?.available ?? 0n;
    const held = balance?.held ?? 0n;
    const pending = balance?.pending ?? 0n;
    const total = available + held + pending;
    let rateStale = false;
    const value = { USD: null as string | null, NGN: null as string | null };
    for (const quote of walletValueCurrencies) {
      const rate = rateOf.get(`${asset}/${quote}`);
      if (!rate?.exact || rate.stale) {
        rateStale = true;
        if (total !== 0n) complete = false;
        continue;
      }
      const worth = convertAmount(total, asset, quote, rational(BigInt(rate.exact.numerator), BigInt(rate.exact.denominator)), 'down');
      value[quote] = worth.toString();
      totals[quote] += worth;
    }
    return {
      asset,
      available: available.toString(),
      held: held.toString(),
      pending: pending.toString(),
      total: total.toString(),
      value,
      rateStale,
      testFunds: addedToday ? { dailyCap: ctx.config.testFundsDailyCaps[asset].toString(), addedToday: (addedToday.get(asset) ?? 0n).toString() } : null,
    };
  });
  return { livemode: scope.livemode, asOf: rates.asOf, assets, total: { USD: totals.USD.toString(), NGN: totals.NGN.toString(), complete } };
}

/** One page of lines of the company's available balance in `asset`, with the counterparties their kinds know. */
export async function walletStatement(ctx: Pick<AppContext, 'db'>, scope: Scope, asset: AssetCode, query: WalletStatementQuery): Promise<WalletStatement> {
  const lines = await statementLines(ctx.db, scope, asset, { ...query, limit: query.limit + 1 });
  const page = lines.slice(0, query.limit);
  const found = await resolveCounterparties(ctx.db, scope, page);
  return {
    asset,
    lines: page.map((line) => ({
      id: line.lineId,
      at: line.at.toISOString(),
      kind: line.kind,
      description: line.description,
      counterparty: counterpartyOf(found, line),
      amount: line.amount.toString(),
      balanceAfter: line.balanceAfter.toString(),
    })),
    nextBefore: lines.length > query.limit ? page.at(-1)!.lineId : null,
  };
}

/** Lines of the company's available account in `asset`, newest first, filtered (the page's and the export's query). */
export function statementLines(
  db: Queryable,
  scope: Scope,
  asset: AssetCode,
  query: { from?: string; to?: string; direction?: 'in' | 'out'; before?: string | null; limit: number },
): Promise<AccountStatementLine[]> {
  const { from, to } = statementRange(query);
  return accountStatement(
    db,
    { companyId: scope.companyId, livemode: scope.livemode, code: 'available', currency: asset },
    { before: query.before ?? null, limit: query.limit, from, to, direction: query.direction ?? null },
  );
}

type TestFundsRow = { id: string; asset: AssetCode; amount: string; created_at: Date; added: string | null };

async function loadTestFunds(ctx: Pick<AppContext, 'db' | 'config'>, scope: Scope, id: string): Promise<TestFunds> {
  const { rows } = await ctx.db.query<TestFundsRow>(
    `SELECT f.id, f.asset, f.amount::text AS amount, f.created_at, d.added::text AS added
       FROM wallet_test_funds f
       LEFT JOIN wallet_test_funds_days d ON d.company_id = f.company_id AND d.asset = f.asset AND d.day = (f.created_at AT TIME ZONE 'UTC')::date
      WHERE f.id = $1 AND f.company_id = $2`,
    [id, scope.companyId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Test funds ${id} not found`);
  return {
    id: row.id,
    asset: row.asset,
    amount: row.amount,
    createdAt: row.created_at.toISOString(),
    addedToday: row.added ?? row.amount,
    dailyCap: ctx.config.testFundsDailyCaps[row.asset].toString(),
  };
}

const overCap = async (ctx: Pick<AppContext, 'db' | 'config'>, scope: Scope, asset: AssetCode): Promise<AppError> => {
  const cap = ctx.config.testFundsDailyCaps[asset];
  const added = (await testFundsToday(ctx.db, scope.companyId)).get(asset) ?? 0n;
  const left = cap > added ? cap - added : 0n;
  const message = walletMessages.testFundsOverCap(asset, cap, left);
  return new AppError('UNPROCESSABLE', message, { errors: { amount: message } });
};

const pgConstraint = (error: unknown) =>
  typeof error === 'object' && error !== null && 'constraint' in error ? String((error as { constraint: unknown }).constraint) : undefined;

/**
 * Test funds (test mode only): `amount` of `asset` from the platform's test faucet to the company's available balance,
 * within the asset's daily cap. Its row, the Idempotency-Key (when given), the event and its webhook deliveries are written
 * first; then one posting statement writes the entry, adds to the day's total (whose CHECK refuses a total past the
 * cap, under the ledger's locks, so concurrent requests never pass it together) and notifies the company's users
 * (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 */
export async function addTestFunds(
  ctx: Pick<AppContext, 'db' | 'config'>,
  options: { scope: Scope; asset: AssetCode; amount: bigint; claim?: IdempotencyClaim | null },
): Promise<TestFunds> {
  const { scope, asset, amount, claim } = options;
  if (scope.livemode) throw new AppError('FORBIDDEN', walletMessages.testFundsLiveMode);
  const earlier = earlierEffect(claim, 'test_funds');
  if (earlier) return loadTestFunds(ctx, scope, earlier);
  if (amount > ctx.config.testFundsDailyCaps[asset]) throw await overCap(ctx, scope, asset);
  const id = randomUUID();
  const notice = walletMessages.testFundsNotice(asset, amount);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO wallet_test_funds (id, company_id, asset, amount) VALUES ($1, $2, $3, $4)', [id, scope.companyId, asset, amount.toString()]);
      await bindEffect(tx, claim, 'test_funds', id);
      await recordEvent(tx, scope, 'wallet.test_funds_added', { id, object: 'test_funds', asset, amount: amount.toString() });
      await post(
        tx,
        {
          livemode: false,
          companyId: scope.companyId,
          kind: 'test_funds',
          reference: id,
          description: 'Test funds',
          lines: [
            { account: { companyId: scope.companyId, code: 'available', currency: asset }, amount: -amount },
            { account: { code: 'test_faucet', currency: asset }, amount },
          ],
        },
        {
          also: (param, posted) => `day_total AS (
             INSERT INTO wallet_test_funds_days AS d (company_id, asset, day, added, cap)
             SELECT ${param(scope.companyId)}::uuid, ${param(asset)}::text, (now() AT TIME ZONE 'UTC')::date, ${param(amount.toString())}::numeric, ${param(ctx.config.testFundsDailyCaps[asset].toString())}::numeric
               FROM ${posted}
             ON CONFLICT (company_id, asset, day) DO UPDATE SET added = d.added + EXCLUDED.added, cap = EXCLUDED.cap
             RETURNING company_id
           ), told AS (
             ${notifyCompanySql({ from: 'day_total', companyId: 'day_total.company_id', title: `${param(notice.title)}::text`, message: `${param(notice.message)}::text`, where: 'true' })}
             RETURNING 1
           )`,
        },
      );
    });
  } catch (error) {
    if (pgConstraint(error) === 'wallet_test_funds_within_cap' || error instanceof AmountTooLargeError) throw await overCap(ctx, scope, asset);
    throw error;
  }
  return loadTestFunds(ctx, scope, id);
}

/** The company's accounts of an asset that make its wallet: moves between them are neither in nor out. */
const WALLET_FLOW_ACCOUNTS = ['available', 'pending', 'held'] as const;

/**
 * The dashboard's 'Transaction Overview' (ADR 0076): what came into and went out of the company's wallet in `asset`
 * (available, pending and held together) on each Lagos day of the last `days` (today included, every day present),
 * from the ledger in one query (`accountDailyFlows`): payments and top-ups when paid, transfers received and test funds
 * in; transfers sent, payouts and refunds out. The mode is the credential's.
 */
export async function walletOverview(ctx: Pick<AppContext, 'db'>, scope: Scope, asset: AssetCode, days: number, now = new Date()): Promise<WalletOverview> {
  const first = addDays(lagosDay(now), -(days - 1));
  const flows = await accountDailyFlows(
    ctx.db,
    { companyId: scope.companyId, livemode: scope.livemode, currency: asset, codes: WALLET_FLOW_ACCOUNTS },
    lagosDayStart(first),
  );
  const byDay = new Map(flows.map((flow) => [flow.day, flow]));
  let totalIn = 0n;
  let totalOut = 0n;
  const list = Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const flow = byDay.get(date);
    totalIn += flow?.in ?? 0n;
    totalOut += flow?.out ?? 0n;
    return { date, in: (flow?.in ?? 0n).toString(), out: (flow?.out ?? 0n).toString(), count: flow?.count ?? 0 };
  });
  return { asset, livemode: scope.livemode, days: list, totals: { in: totalIn.toString(), out: totalOut.toString() } };
}
