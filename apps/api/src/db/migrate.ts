import type { Db } from './client';
import { sql as init } from './migrations/0001-init';
import { sql as kyb } from './migrations/0002-kyb';
import { sql as accountSecurity } from './migrations/0003-account-security';
import { sql as backOffice } from './migrations/0004-back-office';
import { sql as reviewItemState } from './migrations/0005-review-item-state';
import { sql as tokenHousekeeping } from './migrations/0006-token-housekeeping';
import { sql as notificationCounts } from './migrations/0007-notification-counts';
import { sql as kybStatusCounts } from './migrations/0008-kyb-status-counts';
import { sql as developerPlatform } from './migrations/0009-developer-platform';
import { sql as ledger } from './migrations/0010-ledger';
import { sql as notificationPositions } from './migrations/0011-notification-positions';
import { sql as payments } from './migrations/0012-payments';
import { sql as refundsAndSettlements } from './migrations/0013-refunds-and-settlements';
import { sql as liveTransfers } from './migrations/0014-live-transfers';
import { sql as liveChargeChecks } from './migrations/0015-live-charge-checks';
import { sql as idempotentEffects } from './migrations/0016-idempotent-effects';
import { sql as refundsFromPendingMoney } from './migrations/0017-refunds-from-pending-money';
import { sql as moneyEmails } from './migrations/0018-money-emails';
import { sql as refundAttention } from './migrations/0019-refund-attention';
import { sql as checkoutAccessCodes } from './migrations/0020-checkout-access-codes';
import { sql as providerWebhookArrivals } from './migrations/0021-provider-webhook-arrivals';
import { sql as merchantReferences } from './migrations/0022-merchant-references';
import { sql as statusTransitions } from './migrations/0023-status-transitions';
import { sql as providerInbox } from './migrations/0024-provider-inbox';
import { sql as payouts } from './migrations/0025-payouts';
import { sql as signInProofs } from './migrations/0026-sign-in-proofs';
import { sql as refusedWebhookArrivals } from './migrations/0027-refused-webhook-arrivals';
import { sql as ledgerChecksInOnePass } from './migrations/0029-ledger-checks-in-one-pass';
import { sql as rates } from './migrations/0031-rates';
import { sql as paymentMethods } from './migrations/0032-payment-methods';
import { sql as fipayTags } from './migrations/0033-fipay-tags';
import { sql as ledgerPerAsset } from './migrations/0034-ledger-per-asset';
import { sql as transfers } from './migrations/0038-transfers';
import { sql as dailyLimits } from './migrations/0035-daily-limits';
import { sql as walletTestFunds } from './migrations/0037-wallet-test-funds';
import { sql as walletFreezes } from './migrations/0039-wallet-freezes';
import { sql as withdrawals } from './migrations/0040-withdrawals';
import { sql as topUps } from './migrations/0041-top-ups';
import { sql as withdrawalTransitions } from './migrations/0045-withdrawal-transitions';
import { sql as marketplace } from './migrations/0047-marketplace';
import { sql as tradeChat } from './migrations/0048-trade-chat';
import { sql as tradeDisputes } from './migrations/0049-trade-disputes';
import { sql as marketplaceReputation } from './migrations/0050-marketplace-reputation';
import { sql as offerFavorites } from './migrations/0052-offer-favorites';
import { sql as offersMarketOrder } from './migrations/0054-offers-market-order';
import { sql as announcements } from './migrations/0055-announcements';
import { sql as notificationTopics } from './migrations/0057-notification-topics';
import { sql as postingInOneStatement } from './migrations/0058-posting-in-one-statement';
import { sql as signInProofSeal } from './migrations/0059-sign-in-proof-seal';
import { sql as ledgerLineSearch } from './migrations/0060-ledger-line-search';
import { sql as ledgerLinesByDirection } from './migrations/0061-ledger-lines-by-direction';

/** Applied in order, each once. Never edit one that has shipped; add a new one. */
export const migrations: { id: string; sql: string }[] = [
  { id: '0001-init', sql: init },
  { id: '0002-kyb', sql: kyb },
  { id: '0003-account-security', sql: accountSecurity },
  { id: '0004-back-office', sql: backOffice },
  { id: '0005-review-item-state', sql: reviewItemState },
  { id: '0006-token-housekeeping', sql: tokenHousekeeping },
  { id: '0007-notification-counts', sql: notificationCounts },
  { id: '0008-kyb-status-counts', sql: kybStatusCounts },
  { id: '0009-developer-platform', sql: developerPlatform },
  { id: '0010-ledger', sql: ledger },
  { id: '0011-notification-positions', sql: notificationPositions },
  { id: '0012-payments', sql: payments },
  { id: '0013-refunds-and-settlements', sql: refundsAndSettlements },
  { id: '0014-live-transfers', sql: liveTransfers },
  { id: '0015-live-charge-checks', sql: liveChargeChecks },
  { id: '0016-idempotent-effects', sql: idempotentEffects },
  { id: '0017-refunds-from-pending-money', sql: refundsFromPendingMoney },
  { id: '0018-money-emails', sql: moneyEmails },
  { id: '0019-refund-attention', sql: refundAttention },
  { id: '0020-checkout-access-codes', sql: checkoutAccessCodes },
  { id: '0021-provider-webhook-arrivals', sql: providerWebhookArrivals },
  { id: '0022-merchant-references', sql: merchantReferences },
  { id: '0023-status-transitions', sql: statusTransitions },
  { id: '0024-provider-inbox', sql: providerInbox },
  { id: '0025-payouts', sql: payouts },
  { id: '0026-sign-in-proofs', sql: signInProofs },
  { id: '0027-refused-webhook-arrivals', sql: refusedWebhookArrivals },
  { id: '0029-ledger-checks-in-one-pass', sql: ledgerChecksInOnePass },
  { id: '0031-rates', sql: rates },
  { id: '0032-payment-methods', sql: paymentMethods },
  { id: '0033-fipay-tags', sql: fipayTags },
  { id: '0034-ledger-per-asset', sql: ledgerPerAsset },
  { id: '0035-daily-limits', sql: dailyLimits },
  { id: '0037-wallet-test-funds', sql: walletTestFunds },
  { id: '0038-transfers', sql: transfers },
  { id: '0039-wallet-freezes', sql: walletFreezes },
  { id: '0040-withdrawals', sql: withdrawals },
  { id: '0041-top-ups', sql: topUps },
  { id: '0045-withdrawal-transitions', sql: withdrawalTransitions },
  { id: '0047-marketplace', sql: marketplace },
  { id: '0048-trade-chat', sql: tradeChat },
  { id: '0049-trade-disputes', sql: tradeDisputes },
  { id: '0050-marketplace-reputation', sql: marketplaceReputation },
  { id: '0052-offer-favorites', sql: offerFavorites },
  { id: '0054-offers-market-order', sql: offersMarketOrder },
  { id: '0055-announcements', sql: announcements },
  { id: '0057-notification-topics', sql: notificationTopics },
  { id: '0058-posting-in-one-statement', sql: postingInOneStatement },
  { id: '0059-sign-in-proof-seal', sql: signInProofSeal },
  { id: '0060-ledger-line-search', sql: ledgerLineSearch },
  { id: '0061-ledger-lines-by-direction', sql: ledgerLinesByDirection },
];

// Any constant will do: instances starting together take turns instead of racing.
const MIGRATION_LOCK = 72_413_001;

/** The migrations this build knows that the database has not recorded as applied. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations');
  const done = new Set(rows.map((r) => r.id));
  return migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
}

/** Applies pending migrations in one transaction: all of them or none. */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}
