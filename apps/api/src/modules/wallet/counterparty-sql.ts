import type { CounterpartySql } from './counterparties';

/**
 * The counterparty resolvers of the entry kinds other modules post (charges' `release`, `transfer`, the three
 * withdrawal kinds), as SQL for the statement export (docs/decisions/0079-the-statement-export-streams-from-copy.md).
 * Each answers exactly what its module's resolver answers, for the same lines: statement-export.test.ts holds the
 * export written by the database to the one formatted from those resolvers, on both databases. Kept here, beside the
 * registry, until those modules carry their SQL next to their resolvers.
 */

/** A uuid in the one text form a uuid key reads back as: the resolvers key their answers by it, so `A…` finds none. */
const CANONICAL_UUID = "'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'";

/** The line's reference as a uuid when it is one's text, else NULL (a cast of anything else would fail the export). */
const uuidOf = (reference: string) => `(CASE WHEN ${reference} ~ ${CANONICAL_UUID} THEN (${reference})::uuid END)`;

/** modules/payments/charges/counterparties.ts: the customer (name, else email), or the business's own top-up. */
const release: CounterpartySql = (line, viewer) => `
  SELECT CASE WHEN x.purpose = 'top_up' THEN 'Your top-up by ' || CASE WHEN x.channel = 'bank_transfer' THEN 'bank transfer' ELSE 'card' END
              ELSE coalesce(nullif(x.customer_name, ''), x.customer_email) END AS name, NULL::text AS tag
    FROM transactions x
   WHERE x.provider_reference = ${line.reference} AND x.company_id = ${viewer.companyId} AND x.livemode = ${viewer.livemode}`;

/** modules/transfers/transfers.ts: the other business's name and current tag, for the viewer's own transfers. */
const transfer: CounterpartySql = (line, viewer) => `
  SELECT o.name, (SELECT tag FROM fipay_tags WHERE company_id = o.id AND released_at IS NULL) AS tag
    FROM transfers t
    JOIN companies o ON o.id = CASE WHEN t.from_company_id = ${viewer.companyId} THEN t.to_company_id ELSE t.from_company_id END
   WHERE t.id = ${uuidOf(line.reference)} AND t.livemode = ${viewer.livemode} AND ${viewer.companyId} IN (t.from_company_id, t.to_company_id)`;

/**
 * modules/withdrawals/withdrawals.ts: the account's name and its number masked as `maskAccount` does (dots for all but
 * the last four, at least two and at most eight).
 */
const withdrawal: CounterpartySql = (line, viewer) => `
  SELECT w.account_name || ' ' || repeat('•', least(greatest(length(w.account_number) - 4, 2), 8)) || right(w.account_number, 4) AS name, NULL::text AS tag
    FROM withdrawals w
   WHERE w.id = ${uuidOf(line.reference)} AND w.company_id = ${viewer.companyId} AND w.livemode = ${viewer.livemode}`;

export const OTHER_MODULES_COUNTERPARTY_SQL: [string, CounterpartySql][] = [
  ['release', release],
  ['transfer', transfer],
  ['withdrawal', withdrawal],
  ['withdrawal.paid', withdrawal],
  ['withdrawal.failed', withdrawal],
];
