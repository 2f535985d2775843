import { describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../../test/fixtures';
import { usePaystackReplay } from '../../test/paystack-replay';
import { post, walletBalances } from '../ledger/ledger';
import { refreshRates } from '../rates/rates';
import { sendDueWithdrawals } from './sending';

// Live naira withdrawals through the payouts' transfer provider, against the local server replaying Paystack's
// published answers (POST /transferrecipient, POST /transfer, GET /transfer/verify/:reference) and its published
// transfer webhooks (transfer.success, transfer.failed, transfer.reversed). A naira withdrawal costs ₦25 here.
const { fake, server, webhook, sign } = usePaystackReplay({ rateRules: { signupPerIp: { limit: 1000, windowSeconds: 3600 } }, env: { WITHDRAWAL_FEES: '{"NGN":"25"}' } });

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
    expect(made.body.data).toMatchObject({ livemode: true, status: 'pending', fee: '2500' });
    await server.app.withdrawals.drain();
    const recipient = fake.requests.find((r) => r.path === '/transferrecipient')!;
    expect(recipient.body).toMatchObject({ type: 'nuban', account_number: '0001234567', bank_code: '057', currency: 'NGN' });
    const sent = fake.requests.find((r) => r.path === '/transfer')!;
    // The bank is sent the amount; the fee stays with the platform.
    expect(sent.body).toMatchObject({ source: 'balance', amount: 120000 });
    const reference = (sent.body as { reference: string }).reference;
    expect(reference).toMatch(/^wd-[0-9a-f]{20}$/);
    // Pending at Paystack: still pending here, the money in transit.
    expect((await server.api.get(`/withdrawals/${made.body.data.id}`, live(company.token, 'x'))).body.data.status).toBe('pending');
    expect(await available(company.companyId)).toMatchObject({ available: 377_500n, payoutsInTransit: 120_000n });

    fake.settleTransfer(reference, 'success');
    await dueNow(made.body.data.id);
    await server.app.withdrawals.drain();
    expect(fake.requests.filter((r) => r.path === '/transfer')).toHaveLength(1);
    expect(fake.requests.some((r) => r.path === `/transfer/verify/${reference}`)).toBe(true);
    expect((await server.api.get(`/withdrawals/${made.body.data.id}`, live(company.token, 'x'))).body.data.status).toBe('paid');
    expect(await available(company.companyId)).toMatchObject({ available: 377_500n, payoutsInTransit: 0n });
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
    // The amount and the fee come back.
    expect(await available(company.companyId)).toMatchObject({ available: 500_000n, payoutsInTransit: 0n });
  });
});

/** A live withdrawal sent to Paystack and pending there: its id and our transfer reference. */
async function sentWithdrawal(company: { token: string }, amount: string, key: string) {
  const made = await server.api.post('/withdrawals', { asset: 'NGN', amount, to: 'settlement_account' }, live(company.token, key));
  expect(made.status).toBe(201);
  await server.app.withdrawals.drain();
  const sent = fake.requests.filter((r) => r.path === '/transfer').at(-1)!;
  return { id: made.body.data.id as string, reference: (sent.body as { reference: string }).reference };
}
const shown = async (company: { token: string }, id: string) => (await server.api.get(`/withdrawals/${id}`, live(company.token, 'x'))).body.data;
const withdrawalEvents = async (company: { token: string }, type: string) =>
  ((await server.api.get(`/events?type=${type}`, live(company.token, 'x'))).body.data.events as unknown[]).length;
const entries = async (id: string, kind: string) => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM journal_entries WHERE reference = $1 AND kind = $2', [id, kind])).rows[0]!.n);

describe("live naira withdrawals settled by Paystack's transfer webhook", () => {
  it('pays on transfer.success at once, once for repeated deliveries and the job racing it; a later reversal changes nothing', async () => {
    const company = await liveCompany(500_000n);
    const { id, reference } = await sentWithdrawal(company, '100000', 'live-wd-hook-1');
    expect((await shown(company, id)).status).toBe('pending');

    const raw = fake.settleTransfer(reference, 'success');
    expect((await webhook(raw, sign('forged'))).status).toBe(401);
    expect((await shown(company, id)).status).toBe('pending');
    // Two deliveries of the event and the job's own re-check, all at once: one settles it.
    await dueNow(id);
    const [first, second] = await Promise.all([webhook(raw), webhook(raw), server.app.withdrawals.drain()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await shown(company, id)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    expect(await entries(id, 'withdrawal.paid')).toBe(1);
    expect(await withdrawalEvents(company, 'withdrawal.paid')).toBe(1);
    expect(await available(company.companyId)).toMatchObject({ available: 397_500n, payoutsInTransit: 0n });
    // Verified with Paystack before it was applied: the webhook's own body is never trusted.
    expect(fake.requests.some((r) => r.path === `/transfer/verify/${reference}`)).toBe(true);

    // A reversal after the payment: as with a payout, the money has left; it is logged for a person.
    const reversed = fake.settleTransfer(reference, 'reversed');
    expect(await webhook(reversed)).toMatchObject({ status: 200, outcome: 'applied' });
    expect((await shown(company, id)).status).toBe('paid');
    expect(await entries(id, 'withdrawal.failed')).toBe(0);
    expect(await available(company.companyId)).toMatchObject({ available: 397_500n, payoutsInTransit: 0n });
  });

  it('returns the amount and the fee on transfer.failed or a transfer.reversed before payment, each once', async () => {
    const company = await liveCompany(500_000n);
    const failed = await sentWithdrawal(company, '100000', 'live-wd-hook-2');
    const reversed = await sentWithdrawal(company, '200000', 'live-wd-hook-3');
    expect(await available(company.companyId)).toMatchObject({ available: 195_000n, payoutsInTransit: 300_000n });

    const failedRaw = fake.settleTransfer(failed.reference, 'failed');
    expect(await webhook(failedRaw)).toMatchObject({ status: 200, outcome: 'applied' });
    expect(await shown(company, failed.id)).toMatchObject({ status: 'failed', failureReason: 'The transfer failed at the bank.' });
    expect(await available(company.companyId)).toMatchObject({ available: 297_500n, payoutsInTransit: 200_000n });

    const reversedRaw = fake.settleTransfer(reversed.reference, 'reversed');
    await Promise.all([webhook(reversedRaw), webhook(reversedRaw)]);
    expect(await shown(company, reversed.id)).toMatchObject({ status: 'failed', failureReason: 'The transfer was reversed by the bank.' });
    expect(await entries(reversed.id, 'withdrawal.failed')).toBe(1);
    expect(await withdrawalEvents(company, 'withdrawal.failed')).toBe(2);
    expect(await available(company.companyId)).toMatchObject({ available: 500_000n, payoutsInTransit: 0n });

    // A delivery again later, and the job asking again, change nothing.
    expect((await webhook(failedRaw)).status).toBe(200);
    expect(await sendDueWithdrawals(server.app.ctx, [failed.id])).toEqual({ paid: 0, failed: 0, pending: 1, retry: 0 });
    expect(await entries(failed.id, 'withdrawal.failed')).toBe(1);
    expect(await available(company.companyId)).toMatchObject({ available: 500_000n, payoutsInTransit: 0n });
  });

  it('leaves a transfer that is neither a payout nor a withdrawal alone', async () => {
    const company = await liveCompany(100_000n);
    const { id, reference } = await sentWithdrawal(company, '50000', 'live-wd-hook-4');
    // Paystack's published sample names a transfer of its own (made from its dashboard).
    const raw = fake.settleTransfer(reference, 'success').replaceAll(reference, 'transfer-made-elsewhere-1');
    expect(await webhook(raw)).toMatchObject({ status: 200, outcome: 'ignored' });
    expect((await shown(company, id)).status).toBe('pending');
  });
});
