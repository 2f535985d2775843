import { describe, expect, it } from 'vitest';
import { paymentMessages } from '@fipay/contracts/payments';
import { paystackSample } from '../../test/paystack-samples';
import { createVerifiedUser, login } from '../../test/fixtures';
import { usePaystackReplay } from '../../test/paystack-replay';
import { ledgerDiscrepancies } from '../ledger/ledger';

// Inbound provider webhooks are stored by the route and applied by the inbox worker (provider-inbox.ts, ADR 0054).
const { fake, server, sign, deliver } = usePaystackReplay({ secret: 'sk_test_paystack_secret_for_the_inbox' });
const inbox = async () =>
  (await server.db.query<{ provider: string; event_key: string; type: string; outcome: string | null; attempts: number; last_error: string | null; processed: boolean }>(
    'SELECT provider, event_key, type, outcome, attempts, last_error, processed_at IS NOT NULL AS processed FROM provider_inbox ORDER BY id',
  )).rows;

async function livePendingCharge() {
  const session = await login(server, await createVerifiedUser(server));
  await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [session.user.companyId]);
  const live = { token: session.accessToken, headers: { 'FiPay-Mode': 'live' } };
  const res = await server.api.post('/transactions/initialize', { amount: 250_000, email: 'ada@customer.ng' }, live);
  expect(res.status).toBe(201);
  return { live, reference: res.body.data.reference as string };
}

describe('the provider inbox', () => {
  it('stores a signed webhook once and answers at once, applies it by the worker, and tries again after an outage', async () => {
    const { live, reference } = await livePendingCharge();
    const { id } = fake.settle(reference, 'success');
    const sample = paystackSample('chargeSuccess');
    const raw = JSON.stringify({ ...sample, data: { ...sample.data, id, reference } });

    // A forged one is refused and nothing is kept.
    expect(await deliver(raw, sign(raw, 'sk_test_someone_else'))).toMatchObject({ status: 401, body: { message: paymentMessages.webhookSignatureInvalid } });
    expect(await inbox()).toEqual([]);

    // Paystack does not answer the verification: the webhook is still answered 200 at once, stored once however
    // often it comes, and the worker's failed attempt is kept with its reason for the next one.
    fake.on('/transaction/verify/', () => 'hang');
    const answers = await Promise.all([deliver(raw), deliver(raw), deliver(raw)]);
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array(3).fill([200, 'Event received.']));
    expect(await server.providerInboxSettled(raw)).toBe('failed');
    const [failed] = await inbox();
    expect(failed).toMatchObject({ provider: 'paystack', event_key: `charge.success:${id}`, type: 'charge.success', outcome: null, processed: false, attempts: 1 });
    expect(failed!.last_error).toMatch(/no answer within 500 ms/);
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.status).toBe('pending');

    // Paystack answers again; the event's next attempt comes (brought forward here) and credits the charge once.
    fake.on('/transaction/verify/', (query, body, original) => original!(query, body));
    await server.db.query('UPDATE provider_inbox SET next_attempt_at = now(), last_error = NULL');
    server.app.providerInbox.kick();
    expect(await server.providerInboxSettled(raw)).toBe('applied');
    expect(await inbox()).toEqual([expect.objectContaining({ outcome: 'applied', processed: true, attempts: 2, last_error: null })]);
    // While it waited, the body was kept to apply; applied, it is gone (it names the customer), its digest kept.
    expect((await server.db.query("SELECT payload, payload_sha256 FROM provider_inbox")).rows).toEqual([{ payload: '', payload_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect((await server.api.get(`/transactions/${reference}`, live)).body.data.status).toBe('success');

    // A repeat of an applied event is acknowledged and changes nothing.
    expect(await deliver(raw)).toMatchObject({ status: 200, body: { message: 'Event received.' } });
    expect(await server.providerInboxSettled(raw)).toBe('applied');
    expect(await inbox()).toHaveLength(1);
    const entries = await server.db.query("SELECT count(*)::int AS n FROM journal_entries WHERE reference = $1 AND kind = 'charge'", [reference]);
    expect(entries.rows[0]).toEqual({ n: 1 });
    expect(await ledgerDiscrepancies(server.db)).toEqual([]);
  });

  it('acknowledges without storing what it does not act on', async () => {
    const before = (await inbox()).length;
    const other = JSON.stringify(paystackSample('customerIdentificationSuccess'));
    expect(await deliver(other)).toMatchObject({ status: 200, body: { message: 'Event acknowledged.' } });
    expect(await deliver('not json')).toMatchObject({ status: 200, body: { message: 'Event acknowledged.' } });
    expect(await inbox()).toHaveLength(before);
  });
});
