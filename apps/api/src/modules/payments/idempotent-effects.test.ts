import { refundMessages, testCards } from '@fipay/contracts/payments';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { usePaystackReplay } from '../../test/paystack-replay';

/**
 * An Idempotency-Key kept with its effect (docs/decisions/0039-idempotency-keys-kept-with-their-effect.md). A
 * process killed after its effect committed and before its answer was kept leaves the key running with no answer;
 * a minute later a retry takes the key over. Here that state is made by hand after a real first request (its kept
 * answer taken away, the claim aged past the minute), and the retry must answer with what the first request made,
 * not make a second refund, transaction, payment link or payout.
 */

const { fake, server } = usePaystackReplay();

async function merchant() {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', '0123456789', 'ADEBAYO FOODS LTD', 'First Bank of Nigeria', '011', 'not-used-here', '5678')`,
    [session.user.companyId],
  );
  return { key, companyId: session.user.companyId as string };
}

async function paidCharge(key: string, amount: number) {
  const { reference } = (await server.api.post('/transactions/initialize', { amount, email: 'buyer@shop.ng' }, { token: key })).body.data as { reference: string };
  const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { number: testCards[0].number, expiry: '12/39', cvv: '123' });
  expect(paid.body.data.status).toBe('success');
  return reference;
}

/** What a process killed between its effect's commit and keeping its answer leaves behind, a minute and more later. */
const crashAfterEffect = (companyId: string, key: string) =>
  server.db.query(
    "UPDATE idempotency_keys SET status = 'running', response_status = NULL, response_body = NULL, created_at = now() - interval '2 minutes' WHERE company_id = $1 AND key = $2",
    [companyId, key],
  );

const count = async (table: 'refunds' | 'transactions' | 'payment_links' | 'payouts', companyId: string) =>
  Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE company_id = $1`, [companyId])).rows[0]!.n);

describe('a retry after the first request died with its effect made', () => {
  it('answers with the refund already made, and no second refund moves money', async () => {
    const { key, companyId } = await merchant();
    const reference = await paidCharge(key, 1_000_000);
    await paidCharge(key, 1_000_000);
    const headers = { 'Idempotency-Key': 'refund-1' };
    const first = await server.api.post('/refunds', { reference, amount: 250_000 }, { token: key, headers });
    expect(first).toMatchObject({ status: 201, body: { message: refundMessages.created, data: { status: 'processed', amount: 250_000 } } });
    const available = (await server.api.get('/balance', { token: key })).body.data.balances[0].available as number;

    await crashAfterEffect(companyId, 'refund-1');
    const retried = await server.api.post('/refunds', { reference, amount: 250_000 }, { token: key, headers });
    expect(retried).toMatchObject({ status: 201, body: { message: refundMessages.created, data: { id: first.body.data.id, amount: 250_000 } } });
    expect(await count('refunds', companyId)).toBe(1);
    expect((await server.api.get('/balance', { token: key })).body.data.balances[0].available).toBe(available);
    // And it is kept as the answer from then on.
    const replayed = await server.api.post('/refunds', { reference, amount: 250_000 }, { token: key, headers });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(first.body.data.id);
  });

  it('answers with the transaction, the payment link and the payout already made', async () => {
    const { key, companyId } = await merchant();
    const started = await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key, headers: { 'Idempotency-Key': 'init-1' } });
    expect(started.status).toBe(201);
    await crashAfterEffect(companyId, 'init-1');
    const again = await server.api.post('/transactions/initialize', { amount: 500_000, email: 'buyer@shop.ng' }, { token: key, headers: { 'Idempotency-Key': 'init-1' } });
    expect(again).toMatchObject({ status: 201, body: { data: started.body.data } });
    expect(await count('transactions', companyId)).toBe(1);

    const link = { name: 'Jollof rice tray', amount: 1_500_000 };
    const made = await server.api.post('/payment-links', link, { token: key, headers: { 'Idempotency-Key': 'link-1' } });
    expect(made.status).toBe(201);
    await crashAfterEffect(companyId, 'link-1');
    const madeAgain = await server.api.post('/payment-links', link, { token: key, headers: { 'Idempotency-Key': 'link-1' } });
    expect(madeAgain).toMatchObject({ status: 201, body: { data: { id: made.body.data.id, slug: made.body.data.slug } } });
    expect(await count('payment_links', companyId)).toBe(1);

    await paidCharge(key, 300_000);
    const payout = await server.api.post('/payouts', undefined, { token: key, headers: { 'Idempotency-Key': 'payout-1' } });
    expect(payout.body.data.status).toBe('paid');
    await paidCharge(key, 300_000);
    await crashAfterEffect(companyId, 'payout-1');
    const payoutAgain = await server.api.post('/payouts', undefined, { token: key, headers: { 'Idempotency-Key': 'payout-1' } });
    expect(payoutAgain).toMatchObject({ status: payout.status, body: { data: { id: payout.body.data.id, amount: payout.body.data.amount } } });
    expect(await count('payouts', companyId)).toBe(1);
    // The second payment is still in the available balance: nothing was paid out twice.
    expect((await server.api.get('/balance', { token: key })).body.data.balances[0].available).toBeGreaterThan(0);
  });

  it('opens a live checkout at Paystack for the transaction already made when the first request could not', async () => {
    const session = await login(server, await createVerifiedUser(server));
    await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [session.user.companyId]);
    const live = { token: session.accessToken, headers: { 'FiPay-Mode': 'live', 'Idempotency-Key': 'live-init-1' } };
    const body = { amount: 700_000, email: 'ada@customer.ng' };
    // Paystack does not answer: the transaction is made here, the checkout is not.
    fake.on('/transaction/initialize', () => 'hang');
    const lost = await server.api.post('/transactions/initialize', body, live);
    expect(lost.status).toBe(502);
    fake.reset();
    const retried = await server.api.post('/transactions/initialize', body, live);
    expect(retried.status).toBe(201);
    expect(retried.body.data.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(await count('transactions', session.user.companyId)).toBe(1);
    const atPaystack = () => fake.requests.filter((r) => r.path === '/transaction/initialize' && (r.body as { reference: string }).reference === retried.body.data.reference);
    expect(atPaystack()).toHaveLength(1);
    // The page Paystack gave is kept: a retry after a crash answers with it without asking Paystack again.
    await crashAfterEffect(session.user.companyId, 'live-init-1');
    expect((await server.api.post('/transactions/initialize', body, live)).body.data).toEqual(retried.body.data);
    expect(atPaystack()).toHaveLength(1);
  });
});
