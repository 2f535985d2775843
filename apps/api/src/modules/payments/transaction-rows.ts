import type { Channel, Transaction, TransactionPurpose } from '@fipay/contracts/payments';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { kobo, koboOrNull } from '../../lib/minor-units';
import { notifyCompanySql } from '../notifications/notify';
import type { StatementPart } from '../ledger/ledger';

/** A transaction as stored (migrations 0012, 0013 and 0021), and as the API shows it. */
export type TransactionRow = {
  id: string;
  company_id: string;
  livemode: boolean;
  /** The merchant's reference: unique per company and mode, shown to the merchant and its customer. */
  reference: string;
  /** Ours at Paystack: unique across the platform; never shown to the merchant (migration 0021). */
  provider_reference: string;
  /** payment or top_up (migration 0041). */
  purpose: TransactionPurpose;
  amount: string;
  currency: 'NGN';
  fee: string | null;
  net: string | null;
  status: Transaction['status'];
  provider: 'sandbox' | 'paystack';
  channel: Channel | null;
  customer_email: string;
  customer_name: string;
  customer_phone: string | null;
  payment_link_id: string | null;
  callback_url: string | null;
  metadata: Record<string, unknown>;
  card_last4: string | null;
  card_brand: string | null;
  failed_attempts: number;
  gateway_response: string;
  sandbox_step: 'otp' | 'bank_transfer' | null;
  bank_transfer_account: string | null;
  paid_at: Date | null;
  created_at: Date;
  available_at: Date | null;
  released_at: Date | null;
  refunded_amount: string;
  payout_id: string | null;
  access_code: string;
};
export const TRANSACTION_COLUMNS = `id, company_id, livemode, reference, provider_reference, amount, currency, fee, net, status, provider, channel, customer_email, customer_name,
  customer_phone, payment_link_id, callback_url, metadata, card_last4, card_brand, failed_attempts, gateway_response, sandbox_step,
  bank_transfer_account, paid_at, created_at, available_at, released_at, refunded_amount, payout_id, access_code, purpose`;


export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    reference: row.reference,
    livemode: row.livemode,
    amount: kobo(row.amount),
    fee: koboOrNull(row.fee),
    net: koboOrNull(row.net),
    currency: row.currency,
    status: row.status,
    purpose: row.purpose,
    channel: row.channel,
    customer: { email: row.customer_email, name: row.customer_name, phone: row.customer_phone },
    card: row.card_last4 ? { brand: row.card_brand ?? 'card', last4: row.card_last4 } : null,
    paymentLinkId: row.payment_link_id,
    refundedAmount: kobo(row.refunded_amount),
    availableAt: row.available_at ? row.available_at.toISOString() : null,
    payoutId: row.payout_id,
    // Deprecated name of payoutId, answered until 31 May 2027 (docs/decisions/0055-payments-by-concept-and-payouts-by-name.md).
    settlementId: row.payout_id,
    gatewayResponse: row.gateway_response,
    metadata: row.metadata,
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function addHistory(tx: Queryable, transactionId: string, type: string, message: string): Promise<void> {
  await tx.query('INSERT INTO transaction_history (transaction_id, type, message) VALUES ($1, $2, $3)', [transactionId, type, message]);
}

/**
 * Runs `update` (an UPDATE of one transaction ending in RETURNING ${TRANSACTION_COLUMNS}) and, when it changed
 * the row, adds the timeline entry (and `more` after it, in order), in one statement (one round trip). Answers the
 * updated row, or undefined.
 */
export async function updateWithHistory(
  tx: Queryable,
  update: string,
  params: unknown[],
  type: string,
  message: string,
  more: { type: string; message: string }[] = [],
): Promise<TransactionRow | undefined> {
  const n = params.length;
  const entries = [{ type, message }, ...more];
  const { rows } = await tx.query<TransactionRow>(
    `WITH t AS (${update}), h AS (
       INSERT INTO transaction_history (transaction_id, type, message)
       SELECT t.id, x.type, x.message FROM t, unnest($${n + 1}::text[], $${n + 2}::text[]) WITH ORDINALITY AS x(type, message, position) ORDER BY x.position
     ) SELECT * FROM t`,
    [...params, entries.map((e) => e.type), entries.map((e) => e.message)],
  );
  return rows[0];
}

/** What a stored reference looks like: anything else names no transaction. */
export const VALID_REFERENCE = /^[A-Za-z0-9._=-]{6,100}$/;

/** For a checkout: the business's name as `company_name` and the slug of the payment link it came from as `link_slug`. */
const CHECKOUT_EXTRAS = `, (SELECT c.name FROM companies c WHERE c.id = transactions.company_id) AS company_name,
  (SELECT l.slug FROM payment_links l WHERE l.id = transactions.payment_link_id) AS link_slug`;

async function findBy<Row extends TransactionRow>(
  db: Queryable,
  where: { column: 'id' | 'provider_reference' | 'access_code'; value: string } | { scope: { companyId: string; livemode: boolean }; reference: string },
  lock: boolean,
  forCheckout: boolean,
): Promise<Row | undefined> {
  const [condition, params] =
    'scope' in where
      ? ['company_id = $1 AND livemode = $2 AND reference = $3', [where.scope.companyId, where.scope.livemode, where.reference]]
      : [`${where.column} = $1`, [where.value]];
  const { rows } = await db.query<Row>(`SELECT ${TRANSACTION_COLUMNS}${forCheckout ? CHECKOUT_EXTRAS : ''} FROM transactions WHERE ${condition}${lock ? ' FOR UPDATE' : ''}`, params);
  return rows[0];
}

/**
 * The scope's transaction with this merchant reference, locked for update when asked. References are unique per
 * company and mode only (migration 0021): another business's, or the other mode's, is never found here.
 */
export async function findTransactionRow(db: Queryable, scope: { companyId: string; livemode: boolean }, reference: string, lock = false): Promise<TransactionRow | undefined> {
  return VALID_REFERENCE.test(reference) ? findBy(db, { scope, reference }, lock, false) : undefined;
}

/** The transaction Paystack knows by this reference (ours, `provider_reference`: unique across the platform), locked when asked. */
export async function findByProviderReference(db: Queryable, providerReference: string, lock = false): Promise<TransactionRow | undefined> {
  return VALID_REFERENCE.test(providerReference) ? findBy(db, { column: 'provider_reference', value: providerReference }, lock, false) : undefined;
}

/** The transaction with this id (an id read from our own rows), locked when asked. */
export async function findTransactionById(db: Queryable, id: string, lock = false): Promise<TransactionRow | undefined> {
  return findBy(db, { column: 'id', value: id }, lock, false);
}

const VALID_ACCESS_CODE = /^ck-[0-9a-f]{40,64}$/;

/** A new checkout's access code: `ck-` and 40 hex characters, 160 random bits. */
export const newAccessCode = () => `ck-${randomBytes(20).toString('hex')}`;

/** The public address of a transaction's checkout and receipt, by its access code. */
export const checkoutUrl = (appUrl: string, row: Pick<TransactionRow, 'access_code'>) => `${appUrl}/checkout/${row.access_code}`;

/** The transaction whose public checkout has this access code, with what the checkout shows (CHECKOUT_EXTRAS). */
export async function findCheckoutRow<Row extends TransactionRow>(db: Queryable, code: string, lock = false): Promise<Row | undefined> {
  return VALID_ACCESS_CODE.test(code) ? findBy<Row>(db, { column: 'access_code', value: code }, lock, true) : undefined;
}

type Totals = { received?: number; receivedCount?: number; refunded?: number; paidOut?: number };

type Counters = { paymentLink?: { id: string; amount: number } | null; notification?: { title: string; message: string } };

/**
 * The company's shared counters as parts of a statement (CTEs; StatementPart): its kept totals (migration 0013), then
 * a payment link's counters, then the notification each user of the company gets, in that order (each part reads
 * the row of the one before it), and all after the rows of `after` when given. A money path writes them after its
 * postings (ADR 0038), in its posting statement, so they add no round trip while the ledger's locks are held
 * (docs/decisions/0063-money-paths-lock-the-ledger-last.md).
 */
export function countersSql(
  scope: { companyId: string; livemode: boolean },
  change: Totals,
  also: Counters = {},
): (param: Parameters<StatementPart>[0], after: string | null) => string {
  return (param, after) => {
    const title = param(also.notification?.title ?? null);
    return `m AS (
         INSERT INTO money_totals AS m (company_id, livemode, currency, received, received_count, refunded, paid_out)
         SELECT ${param(scope.companyId)}::uuid, ${param(scope.livemode)}::boolean, 'NGN', ${param(change.received ?? 0)}::bigint,
                ${param(change.receivedCount ?? 0)}::int, ${param(change.refunded ?? 0)}::bigint, ${param(change.paidOut ?? 0)}::bigint
          WHERE ${after ? `(SELECT count(*) FROM ${after}) >= 0` : 'true'}
         ON CONFLICT (company_id, livemode, currency) DO UPDATE SET received = m.received + EXCLUDED.received, received_count = m.received_count + EXCLUDED.received_count,
           refunded = m.refunded + EXCLUDED.refunded, paid_out = m.paid_out + EXCLUDED.paid_out
         RETURNING company_id
       ), k AS (
         UPDATE payment_links SET paid_count = paid_count + 1, paid_total = paid_total + ${param(also.paymentLink?.amount ?? 0)}::bigint
           FROM m WHERE payment_links.id = ${param(also.paymentLink?.id ?? null)}::uuid RETURNING 1
       ), n AS (
         ${notifyCompanySql({
           from: 'm',
           companyId: 'm.company_id',
           title: `${title}::text`,
           message: `${param(also.notification?.message ?? '')}::text`,
           where: `${title}::text IS NOT NULL AND (SELECT count(*) FROM k) >= 0`,
         })}
         RETURNING 1
       )`;
  };
}

/** Adds to the company's kept totals (and the counters of `countersSql`) in one statement of its own, in the transaction that moves the money. */
export async function addToTotals(tx: Queryable, scope: { companyId: string; livemode: boolean }, change: Totals, also: Counters = {}): Promise<void> {
  const params: unknown[] = [];
  const parts = countersSql(scope, change, also)((value) => `$${params.push(value)}`, null);
  await tx.query(`WITH ${parts} SELECT 1`, params);
}

/** Records an event a provider sent (migration 0013), in the transaction that applies it; false when it was recorded before (a repeated delivery). */
export async function recordProviderEvent(tx: Queryable, event: { key: string; type: string }): Promise<boolean> {
  const { rows } = await tx.query<{ key: string }>(
    "INSERT INTO provider_events (provider, key, type) VALUES ('paystack', $1, $2) ON CONFLICT DO NOTHING RETURNING key",
    [event.key.slice(0, 200), event.type.slice(0, 100)],
  );
  return rows.length > 0;
}

/**
 * Whether the customer of `row` may be emailed (receipts, refunds). Live: always. Test mode needs no business
 * verification, so anyone could make test payments to any address and have us mail it: a test customer is
 * emailed only at an address of one of the business's own users (docs/decisions/0037-live-charges-and-refunds-checked-at-paystack.md).
 */
export async function mayEmailCustomer(tx: Queryable, row: Pick<TransactionRow, 'livemode' | 'company_id' | 'customer_email'>): Promise<boolean> {
  if (row.livemode) return true;
  const { rows } = await tx.query<{ team: boolean }>('SELECT EXISTS (SELECT 1 FROM users WHERE email = lower($2) AND company_id = $1) AS team', [row.company_id, row.customer_email]);
  return rows[0]?.team === true;
}

