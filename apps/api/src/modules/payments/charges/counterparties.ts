import { registerCounterpartyResolver } from '../../wallet/counterparties';

/**
 * Who is on the other side of a payment's line on a wallet statement (ADR 0072's resolvers, ADR 0076): the available
 * balance's line of a payment is its release (kind `release`, keyed by the provider reference). A customer's payment
 * names the customer; the business's own top-up says so, with how it was paid. A reference that is not one of the
 * viewer's transactions in its mode gets none.
 */
registerCounterpartyResolver('release', async (db, references, viewer) => {
  const { rows } = await db.query<{ provider_reference: string; purpose: string; channel: string | null; customer_name: string; customer_email: string }>(
    `SELECT provider_reference, purpose, channel, customer_name, customer_email FROM transactions
      WHERE company_id = $1 AND livemode = $2 AND provider_reference = ANY($3::text[])`,
    [viewer.companyId, viewer.livemode, references],
  );
  return new Map(
    rows.map((row) => [
      row.provider_reference,
      {
        name:
          row.purpose === 'top_up'
            ? `Your top-up by ${row.channel === 'bank_transfer' ? 'bank transfer' : 'card'}`
            : row.customer_name || row.customer_email,
        tag: null,
      },
    ]),
  );
});
