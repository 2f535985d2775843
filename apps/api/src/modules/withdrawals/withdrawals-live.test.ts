import { describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../../test/fixtures';
import { usePaystackReplay } from '../../test/paystack-replay';
import { post, walletBalances } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';

// Live naira withdrawals through the payouts' transfer provider, against the local server replaying Paystack's
// published answers (POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference).
const { fake, server } = usePaystackReplay({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } } });

let funds = 0;
/** An approved company in live mode, with live naira available and a settlement bank account. */
async function liveCompany(naira: bigint) {
  await refreshRates(server.app.ctx);
  const session = await login(server, await createVerifiedUser(server));
  const companyId = session.user.companyId as string;
  await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [companyId]);
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', '0001234567', 'Live Foods Ltd', 'Zenith Bank', '057', 'x', '1234')`,
    [companyId],
  );
  // Live money as a settled payment leaves it: owed by the acquirer, available to the company.
  await server.db.transaction((tx) =>
    post(tx, {
      livemode: true,
      companyId,
      kind: 'test_setup',
      reference: `live-wd-${Date.now()}-${(funds += 1)}`,
      lines: [
        { account: { code: 'acquirer_clearing', currency: 'NGN' }, amount: naira },
        { account: { companyId, code: 'available', currency: 'NGN' }, amount: -naira },
      ],
    }),
  );
  return { companyId, token: session.accessToken as string };
}

const live = (token: string, key: string) => ({ token, headers: { 'FiPay-Mode': 'live', 'Idempotency-Key': key } });
const available = async (companyId: string) => (await walletBalances(server.db, companyId, true)).get('NGN')!;
/** The job's next attempt, now rather than in ten minutes. */
const dueNow = (id: string) => server.db.query('UPDATE withdrawals SET next_attempt_at = now() WHERE id = $1', [id]);

describe('live naira withdrawals through Paystack', () => {
  it('sends the transfer to Paystack under our reference, waits while it is pending, and pays once Paystack says so', async () => {
    const company = await liveCompany(500_000n);
    const made = await server.api.post('/withdrawals', { asset: 'NGN', amount: '120000', to: 'settlement_account' }, live(company.token, 'live-wd-1'));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ livemode: true, status: 'pending' });
    await server.app.withdrawals.drain();
    const recipient = fake.requests.find((r) => r.path === '/transferrecipient')!;
    expect(recipient.body).toMatchObject({ type: 'nuban', account_number: '0001234567', bank_code: '057', currency: 'NGN' });
    const sent = fake.requests.find((r) => r.path === '/transfer')!;
    expect(sent.body).toMatchObject({ source: 'balance', amount: 120000 });
    const reference = (sent.body as { reference: string }).reference;
    expect(reference).toMatch(/^wd-[0-9a-f]{20}$/);
    // Pending at Paystack: still pending here, the money in transit.
    expect((await server.api.get(`/withdrawals/${made.body.data.id}`, live(company.token, 'x'))).body.data.status).toBe('pending');
    expect(await available(company.companyId)).toMatchObject({ available: 380_000n, payoutsInTransit: 120_000n });

    fake.settleTransfer(reference, 'success');
    await dueNow(made.body.data.id);
    await server.app.withdrawals.drain();
    expect(fake.requests.filter((r) => r.path === '/transfer')).toHaveLength(1);
    expect(fake.requests.some((r) => r.path === `/transfer/verify/${reference}`)).toBe(true);
    expect((await server.api.get(`/withdrawals/${made.body.data.id}`, live(company.token, 'x'))).body.data.status).toBe('paid');
    expect(await available(company.companyId)).toMatchObject({ available: 380_000n, payoutsInTransit: 0n });
  });

  it('returns the money when the bank fails the transfer', async () => {
    const company = await liveCompany(500_000n);
    const made = await server.api.post('/withdrawals', { asset: 'NGN', amount: '50000', to: 'settlement_account' }, live(company.token, 'live-wd-2'));
    expect(made.status).toBe(201);
    await server.app.withdrawals.drain();
    const reference = (fake.requests.find((r) => r.path === '/transfer')!.body as { reference: string }).reference;
    fake.settleTransfer(reference, 'failed');
    await dueNow(made.body.data.id);
    await server.app.withdrawals.drain();
    const got = (await server.api.get(`/withdrawals/${made.body.data.id}`, live(company.token, 'x'))).body.data;
    expect(got).toMatchObject({ status: 'failed', failureReason: 'The transfer failed at the bank.' });
    expect(await available(company.companyId)).toMatchObject({ available: 500_000n, payoutsInTransit: 0n });
  });
});
