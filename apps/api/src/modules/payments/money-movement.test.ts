import { paymentMessages, refundMessages, payoutMessages, testCards } from '@fipay/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { payoutHoldMessages } from '@fipay/contracts/back-office';
import { liveModeMessages } from '@fipay/contracts/live-mode';
import { createReviewerAccount, mailWithSubject } from '../../test/back-office-fixtures';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { feeFor } from './charges/fees';
import { failRefund, startRefund } from './refunds/refunds';
import { releaseDue } from './payouts/balances';
import { duePayouts, payOut, payoutsDue } from './payouts/payouts';
import { abandonStale } from './charges/transactions';

/** `now`: charges are available at once (test mode's default). `later`: an hour after payment. */
let now: TestServer;
let later: TestServer;
beforeAll(async () => {
  // 50 refunds at once from one key would otherwise meet the per-key limit of 25 a second.
  const rateRules = { merchantTestPerKey: { limit: 1000, windowSeconds: 1 } };
  [now, later] = await Promise.all([startTestServer({ rateRules }), startTestServer({ rateRules, env: { TEST_SETTLEMENT_DELAY_SECONDS: '3600' } })]);
});
afterEach(async () => {
  for (const server of [now, later]) expect(await ledgerDiscrepancies(server.db)).toEqual([]);
});
afterAll(async () => {
  await Promise.all([now.close(), later.close()]);
});

const successCard = { number: testCards[0].number, expiry: '12/39', cvv: '123' };

async function merchant(server: TestServer, bankAccount: string | null = '0123456789') {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  const companyId = session.user.companyId as string;
  if (bankAccount) {
    await server.db.query(
      `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
       VALUES ($1, 'NGN', $2, 'ADEBAYO FOODS LTD', 'First Bank of Nigeria', '011', 'not-used-here', '5678')`,
      [companyId, bankAccount],
    );
  }
  return { session, key, companyId, email: user.email };
}

/** A paid charge of `amount` kobo through the merchant API and the sandbox checkout, by `email` (an outside buyer unless given). */
async function paidCharge(server: TestServer, key: string, amount: number, email = 'buyer@shop.ng') {
  const started = await server.api.post('/transactions/initialize', { amount, email }, { token: key });
  const { reference } = started.body.data as { reference: string };
  const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, successCard);
  expect(paid.body.data.status).toBe('success');
  return reference;
}

const balance = async (server: TestServer, key: string) => {
  const { currency, available, pending } = (await server.api.get('/balance', { token: key })).body.data.balances[0] as { currency: string; available: number; pending: number };
  return { currency, available, pending };
};
const events = async (server: TestServer, key: string, type: string) =>
  (await server.api.get(`/events?type=${type}&pageSize=100`, { token: key })).body.data.events as { data: { object: Record<string, unknown> } }[];

describe('refunds', () => {
  it('refund part, then the rest, never more than what is left, with events, the timeline and the customer told', async () => {
    const { key, email } = await merchant(now);
    // Paid by one of the business's own users: a test customer is emailed only at such an address.
    const reference = await paidCharge(now, key, 1_000_000, email);
    const { net } = feeFor(1_000_000);
    expect(await balance(now, key)).toEqual({ currency: 'NGN', available: net, pending: 0 });
    // A refund is taken from the available balance, which holds the net: another payment makes room for the whole amount.
    const other = await paidCharge(now, key, 100_000);
    const funded = net + feeFor(100_000).net;

    const part = await now.api.post('/refunds', { reference, amount: 300_000, reason: 'One item out of stock' }, { token: key });
    expect(part.status).toBe(201);
    expect(part.body.data).toMatchObject({ transactionReference: reference, amount: 300_000, status: 'processed', reason: 'One item out of stock' });
    expect(await balance(now, key)).toEqual({ currency: 'NGN', available: funded - 300_000, pending: 0 });
    const tooMuch = await now.api.post('/refunds', { reference, amount: 700_001 }, { token: key });
    expect(tooMuch).toMatchObject({ status: 400, body: { data: { errors: { amount: refundMessages.tooMuch } } } });
    const rest = await now.api.post('/refunds', { reference }, { token: key });
    expect(rest.body.data.amount).toBe(700_000);
    expect(await now.api.post('/refunds', { reference }, { token: key })).toMatchObject({ status: 409, body: { message: refundMessages.nothingLeft } });

    const detail = (await now.api.get(`/transactions/${reference}`, { token: key })).body.data;
    expect(detail.refundedAmount).toBe(1_000_000);
    expect(detail.refunds.map((r: { amount: number }) => r.amount)).toEqual([300_000, 700_000]);
    expect(detail.timeline.map((t: { type: string }) => t.type)).toEqual([
      'transaction.initialized',
      'charge.success',
      'charge.available',
      'refund.pending',
      'refund.processed',
      'refund.pending',
      'refund.processed',
    ]);
    expect((await events(now, key, 'refund.processed')).map((e) => e.data.object.amount)).toEqual([700_000, 300_000]);
    const mail = await now.mail.waitFor(email);
    expect(mail.subject).toMatch(/^\[Test\] Your receipt/);
    // The refund emails follow the receipt.
    await expect.poll(async () => (await now.db.query("SELECT count(*)::int AS n FROM outbox_emails WHERE kind = 'refund_processed' AND recipient = $1", [email])).rows[0]).toEqual({ n: 2 });
    // Each says what was refunded of which payment, and links the payment's receipt.
    // (The customer here is the business's own user, who also gets the business's notices.)
    const refundMails = [await mailWithSubject(now, email, /refunded ₦3,000\.00$/), await mailWithSubject(now, email, /refunded ₦7,000\.00$/)];
    for (const refundMail of refundMails) expect(refundMail.subject).toMatch(/^\[Test\] .+ refunded ₦/);
    for (const refundMail of refundMails) {
      expect(refundMail.text).toContain(`of your payment ${reference}.`);
      expect(refundMail.text).toContain('This was a test refund: no money moved.');
      expect(refundMail.text).toMatch(/Your payment: http\S+\/checkout\/\S+/);
    }
    // A refund of a test payment by an outside address mails nobody.
    expect((await now.api.post('/refunds', { reference: other, amount: 1 }, { token: key })).status).toBe(201);
    expect((await now.db.query("SELECT count(*)::int AS n FROM outbox_emails WHERE recipient = 'buyer@shop.ng'")).rows[0]).toEqual({ n: 0 });
    // The fee is the business's cost: the refunds took the full amount from a balance that held the net.
    expect((await balance(now, key)).available).toBe(funded - 1_000_000 - 1);
    expect((await now.api.get(`/transactions/${other}`, { token: key })).body.data.refundedAmount).toBe(1);
  });

  it('are refused for a payment not made, and for another company or the other mode', async () => {
    const owner = await merchant(now);
    const other = await merchant(now);
    const started = await now.api.post('/transactions/initialize', { amount: 50_000, email: 'a@b.ng' }, { token: owner.key });
    const unpaid = started.body.data.reference as string;
    expect(await now.api.post('/refunds', { reference: unpaid }, { token: owner.key })).toMatchObject({ status: 409, body: { message: refundMessages.notRefundable } });
    const paid = await paidCharge(now, owner.key, 50_000);
    expect(await now.api.post('/refunds', { reference: paid }, { token: other.key })).toMatchObject({ status: 404, body: { message: paymentMessages.transactionNotFound } });
    await now.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [owner.companyId]);
    const live = await now.api.post('/refunds', { reference: paid }, { token: owner.session.accessToken, headers: { 'FiPay-Mode': 'live' } });
    // This server has no Paystack key: live refunds are refused, in the business's words (a test payment is never seen
    // from live mode either way).
    expect(live).toMatchObject({ status: 503, body: { message: liveModeMessages.refundsUnavailable } });
  });

  it('come from the money not yet paid out: after a payout, from what is pending, the balance below zero until later payments make it up', async () => {
    const { key } = await merchant(later);
    const first = await paidCharge(later, key, 1_000_000);
    const firstNet = feeFor(1_000_000).net;
    await later.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE reference = $1", [first]);
    expect(await later.db.transaction((tx) => releaseDue(tx))).toBe(1);
    const firstPayout = (await later.api.post('/payouts', undefined, { token: key })).body.data;
    expect(firstPayout).toMatchObject({ status: 'paid', amount: firstNet });
    expect(await balance(later, key)).toEqual({ currency: 'NGN', available: 0, pending: 0 });
    const refundable = async () => (await later.api.get(`/transactions/${first}`, { token: key })).body.data.refundable as number;

    // Everything paid out and nothing on its way: nothing to refund from, and the dialog's figure says so.
    expect(await refundable()).toBe(0);
    const short = await later.api.post('/refunds', { reference: first, amount: 1_000 }, { token: key });
    expect(short).toMatchObject({ status: 422, body: { message: refundMessages.balanceShort } });
    expect((await later.api.get(`/transactions/${first}`, { token: key })).body.data).toMatchObject({ refundedAmount: 0, refunds: [] });

    // A new payment on its way: a refund of the first may take up to it.
    const second = await paidCharge(later, key, 500_000);
    const secondNet = feeFor(500_000).net;
    expect(await refundable()).toBe(secondNet);
    expect(await later.api.post('/refunds', { reference: first, amount: secondNet + 1 }, { token: key })).toMatchObject({ status: 422, body: { message: refundMessages.balanceShort } });
    expect((await later.api.post('/refunds', { reference: first, amount: 450_000 }, { token: key })).status).toBe(201);
    expect(await balance(later, key)).toEqual({ currency: 'NGN', available: -450_000, pending: secondNet });
    expect(await refundable()).toBe(secondNet - 450_000);
    expect(await later.api.post('/payouts', undefined, { token: key })).toMatchObject({ status: 409, body: { message: payoutMessages.nothingToPay } });

    // The second payment becomes available and makes up the difference; the next payout pays what is left, line by line.
    await later.db.query("UPDATE transactions SET available_at = now() - interval '1 second' WHERE reference = $1", [second]);
    expect(await later.db.transaction((tx) => releaseDue(tx))).toBe(1);
    expect(await balance(later, key)).toEqual({ currency: 'NGN', available: secondNet - 450_000, pending: 0 });
    const next = (await later.api.post('/payouts', undefined, { token: key })).body.data;
    expect(next).toMatchObject({ status: 'paid', amount: secondNet - 450_000 });
    const lines = (await later.api.get(`/payouts/${next.id}`, { token: key })).body.data.lines as { type: string; reference: string; amount: number }[];
    expect(lines.map(({ type, reference, amount }) => ({ type, reference, amount }))).toEqual([
      { type: 'refund', reference: first, amount: -450_000 },
      { type: 'payment', reference: second, amount: secondNet },
    ]);
    expect((await later.api.get(`/payouts/${firstPayout.id}`, { token: key })).body.data.lines).toEqual([expect.objectContaining({ type: 'payment', reference: first, amount: firstNet })]);
  });

  it('never take a payment past its amount or a balance below zero when 50 arrive at once', async () => {
    const { key } = await merchant(now);
    const big = await paidCharge(now, key, 1_000_000);
    const small = await paidCharge(now, key, 200_000);
    const available = (await balance(now, key)).available;
    // 25 refunds of ₦1,000 on the big payment (all fit), 25 of ₦1,000 on the small one (only as many as its amount allows).
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => now.api.post('/refunds', { reference: i % 2 ? small : big, amount: 100_000 }, { token: key })),
    );
    const made = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.every((a) => [400, 409, 422].includes(a.status))).toBe(true);
    const { rows } = await now.db.query<{ reference: string; amount: string; refunded_amount: string }>(
      'SELECT reference, amount, refunded_amount FROM transactions WHERE reference = ANY ($1)',
      [[big, small]],
    );
    for (const row of rows) expect(BigInt(row.refunded_amount) <= BigInt(row.amount)).toBe(true);
    const after = await balance(now, key);
    expect(after.available).toBe(available - made.length * 100_000);
    expect(after.available).toBeGreaterThanOrEqual(0);
    expect(rows.reduce((sum, row) => sum + BigInt(row.refunded_amount), 0n)).toBe(BigInt(made.length) * 100_000n);
  });

  it('never overdraw or refund past a payment while payments, refunds and payouts of one company run at once (ADR 0063)', async () => {
    // The ledger's locks are taken at the end of each transaction, in its posting statement, and the balance is
    // checked in that statement: refunds, payouts and new payments of one company, all at once, still keep every rule.
    const { key, companyId } = await merchant(now);
    const payments = [await paidCharge(now, key, 300_000), await paidCharge(now, key, 300_000), await paidCharge(now, key, 300_000)];
    const buyers = await Promise.all(
      Array.from({ length: 6 }, async () => (await now.api.post('/transactions/initialize', { amount: 100_000, email: 'buyer@shop.ng' }, { token: key })).body.data.reference as string),
    );
    const codes = await Promise.all(buyers.map((reference) => checkoutCode(now, reference)));
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => now.api.post('/refunds', { reference: payments[i % 3], amount: 40_000 }, { token: key })),
      ...Array.from({ length: 4 }, () => now.api.post('/payouts', undefined, { token: key })),
      ...codes.map((code) => now.api.post(`/checkout/${code}/card`, successCard)),
    ]);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const refunds = answers.slice(0, 30);
    expect(refunds.every((a) => [201, 400, 422].includes(a.status))).toBe(true);
    expect(answers.slice(34).every((a) => a.status === 200)).toBe(true);
    // No payment refunded past its amount; the money not yet paid out never below zero; the ledger holds together.
    const { rows } = await now.db.query<{ amount: string; refunded_amount: string }>('SELECT amount, refunded_amount FROM transactions WHERE reference = ANY ($1)', [payments]);
    for (const row of rows) expect(BigInt(row.refunded_amount) <= BigInt(row.amount)).toBe(true);
    const made = refunds.filter((a) => a.status === 201).length;
    expect(rows.reduce((sum, row) => sum + BigInt(row.refunded_amount), 0n)).toBe(BigInt(made) * 40_000n);
    const after = await balance(now, key);
    expect(after.available + after.pending).toBeGreaterThanOrEqual(0);
    const paidOut = await now.db.query<{ total: string | null }>("SELECT sum(amount) AS total FROM payouts WHERE company_id = $1 AND status = 'paid'", [companyId]);
    const received = 3 * feeFor(300_000).net + 6 * feeFor(100_000).net;
    expect(after.available).toBe(received - made * 40_000 - Number(paidOut.rows[0]!.total ?? 0));
    expect(await ledgerDiscrepancies(now.db)).toEqual([]);
  });

  it('that fail give the money back to the balance and to the payment, with refund.failed', async () => {
    const { key, companyId } = await merchant(now);
    const reference = await paidCharge(now, key, 300_000);
    const before = await balance(now, key);
    const { id } = await now.db.transaction((tx) => startRefund(tx, { companyId, livemode: false }, { reference, amount: 100_000, reason: '' }));
    expect((await balance(now, key)).available).toBe(before.available - 100_000);
    const failed = await now.db.transaction((tx) => failRefund(tx, id, 'The card issuer refused the refund.', 'http://app.test'));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'The card issuer refused the refund.' });
    expect(await balance(now, key)).toEqual(before);
    expect((await now.api.get(`/transactions/${reference}`, { token: key })).body.data.refundedAmount).toBe(0);
    expect(await events(now, key, 'refund.failed')).toHaveLength(1);
    // Failed is final.
    await expect(now.db.query("UPDATE refunds SET status = 'processed', processed_at = now() WHERE id = $1", [id])).rejects.toThrow('a failed row of refunds cannot become processed; it may become nothing else');
  });
});

describe('the balance and payouts', () => {
  it('release exactly the charges that are due', async () => {
    const { key } = await merchant(later);
    const due = await paidCharge(later, key, 500_000);
    const notYet = await paidCharge(later, key, 700_000);
    await later.db.query("UPDATE transactions SET available_at = now() - interval '1 minute' WHERE reference = $1", [due]);
    await later.db.transaction((tx) => releaseDue(tx));
    expect(await balance(later, key)).toEqual({ currency: 'NGN', available: feeFor(500_000).net, pending: feeFor(700_000).net });
    const [a, b] = await Promise.all([due, notYet].map(async (r) => (await later.api.get(`/transactions/${r}`, { token: key })).body.data));
    expect(a.timeline.at(-1).type).toBe('charge.available');
    expect(b.timeline.at(-1).type).toBe('charge.success');
    // A second run finds nothing more to release.
    expect(await later.db.transaction((tx) => releaseDue(tx))).toBe(0);
  });

  it('pay the available balance to the bank account with the charges it covers, once', async () => {
    const { key } = await merchant(now);
    const refs = [await paidCharge(now, key, 500_000), await paidCharge(now, key, 1_500_000)];
    await now.api.post('/refunds', { reference: refs[0], amount: 50_000 }, { token: key });
    const { available } = await balance(now, key);
    expect(available).toBe(feeFor(500_000).net + feeFor(1_500_000).net - 50_000);

    const paid = await now.api.post('/payouts', undefined, { token: key });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      amount: available,
      status: 'paid',
      bankAccount: { bankName: 'First Bank of Nigeria', accountName: 'ADEBAYO FOODS LTD', accountNumber: '******6789' },
      transactionCount: 2,
    });
    expect(JSON.stringify(paid.body)).not.toContain('0123456789');
    expect(await balance(now, key)).toEqual({ currency: 'NGN', available: 0, pending: 0 });
    const { rows } = await now.db.query<{ code: string; balance: string }>(
      "SELECT code, balance FROM ledger_accounts WHERE company_id IS NULL AND livemode = false AND code = 'bank'",
    );
    expect(Number(rows[0]!.balance)).toBeLessThan(0);

    const detail = (await now.api.get(`/payouts/${paid.body.data.id}`, { token: key })).body.data;
    expect(detail.transactions.map((t: { reference: string }) => t.reference).sort()).toEqual([...refs].sort());
    // Its lines: each payment at its net (with its amount and fee), the refund taken, adding up to the payout.
    expect(detail.lines).toEqual([
      expect.objectContaining({ type: 'payment', reference: refs[0], amount: feeFor(500_000).net, gross: 500_000, fee: feeFor(500_000).fee }),
      expect.objectContaining({ type: 'payment', reference: refs[1], amount: feeFor(1_500_000).net, gross: 1_500_000, fee: feeFor(1_500_000).fee }),
      expect.objectContaining({ type: 'refund', reference: refs[0], amount: -50_000, gross: null, fee: null }),
    ]);
    expect(detail.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(available);
    const csv = await fetch(`${now.baseUrl}/api/v1/payouts/${paid.body.data.id}/export`, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows_ = (await csv.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows_[0]).toBe('"type","at","reference","description","gross","fee","amount"');
    expect(rows_.slice(1).map((line) => line.split(',')[0])).toEqual(['"payment"', '"payment"', '"refund"', '"total"']);
    expect(rows_[3]).toContain('"-500.00"');
    expect(rows_[4]!.endsWith(`"${(available / 100).toFixed(2)}"`)).toBe(true);
    const other = await merchant(now);
    expect((await fetch(`${now.baseUrl}/api/v1/payouts/${paid.body.data.id}/export`, { headers: { authorization: `Bearer ${other.key}` } })).status).toBe(404);
    const list = (await now.api.get('/payouts', { token: key })).body.data;
    expect(list).toMatchObject({ payouts: [{ id: paid.body.data.id, transactionCount: 2 }], hold: null, pagination: { totalItems: 1 } });
    expect(await events(now, key, 'payout.paid')).toHaveLength(1);
    // The dashboard's totals, kept as the money moved: received gross, refunded, paid out.
    const totals = (await now.api.get('/balance', { token: key })).body.data.balances[0];
    expect(totals).toMatchObject({ received: 2_000_000, refunded: 50_000, paidOut: available });
    const daily = (await now.api.get('/transactions/daily?days=7', { token: key })).body.data;
    expect(daily.days).toHaveLength(7);
    expect(daily.days.at(-1)).toEqual({ date: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10), amount: 2_000_000, count: 2 });
    expect(daily.days.slice(0, 6).every((d: { amount: number }) => d.amount === 0)).toBe(true);
    expect((await now.api.get('/transactions/daily?days=91', { token: key })).status).toBe(400);
    expect(await now.api.post('/payouts', undefined, { token: key })).toMatchObject({ status: 409, body: { message: payoutMessages.nothingToPay } });
    // A payment started two days ago and paid today counts today.
    const started = (await now.api.post('/transactions/initialize', { amount: 300_000, email: 'buyer@shop.ng' }, { token: key })).body.data as { reference: string };
    await now.db.query("UPDATE transactions SET created_at = now() - interval '2 days' WHERE reference = $1", [started.reference]);
    expect((await now.api.post(`/checkout/${await checkoutCode(now, started.reference)}/card`, successCard)).body.data.status).toBe('success');
    const after = (await now.api.get('/transactions/daily?days=7', { token: key })).body.data;
    expect(after.days.at(-1)).toMatchObject({ amount: 2_300_000, count: 3 });
    expect(after.days.slice(0, 6).every((d: { amount: number }) => d.amount === 0)).toBe(true);
  });

  it('that fail return the money to available and tell the company', async () => {
    const { key, session } = await merchant(now, '0123456000');
    await paidCharge(now, key, 800_000);
    const { available } = await balance(now, key);
    const failed = await now.api.post('/payouts', undefined, { token: key });
    expect(failed.body.data).toMatchObject({ status: 'failed', amount: available, transactionCount: 0, failureReason: expect.stringContaining('could not find this account') });
    expect(await balance(now, key)).toEqual({ currency: 'NGN', available, pending: 0 });
    expect(await events(now, key, 'payout.failed')).toHaveLength(1);
    const latest = (await now.api.get('/notification/user/latest', { token: session.accessToken })).body.data.notifications[0];
    expect(latest).toMatchObject({ title: 'Test payout failed' });
    expect(latest.message).toContain('ending 6000');
  });

  it('wait for a bank account, and the daily run pays each company once a day', async () => {
    const without = await merchant(now, null);
    await paidCharge(now, without.key, 300_000);
    expect(await now.api.post('/payouts', undefined, { token: without.key })).toMatchObject({
      status: 409,
      body: { message: payoutMessages.noBankAccount },
    });

    const withBank = await merchant(now);
    await paidCharge(now, withBank.key, 300_000);
    const due = await duePayouts(now.db);
    expect(due).toContainEqual({ companyId: withBank.companyId, livemode: false });
    const first = await payoutsDue(now.app.ctx, due);
    expect(first.paid).toBeGreaterThanOrEqual(1);
    expect((await now.api.get('/payouts', { token: withBank.key })).body.data.payouts).toHaveLength(1);
    await paidCharge(now, withBank.key, 300_000);
    expect(await duePayouts(now.db)).not.toContainEqual({ companyId: withBank.companyId, livemode: false });
    // A second instance's run with a list made before the first run paid (the list is made outside the payout's lock).
    expect(await payoutsDue(now.app.ctx, [{ companyId: withBank.companyId, livemode: false }])).toEqual({ paid: 0, failed: 0, skipped: 1 });
    expect((await now.api.get('/payouts', { token: withBank.key })).body.data.payouts).toHaveLength(1);
    expect((await balance(now, withBank.key)).available).toBe(feeFor(300_000).net);
    expect((await now.api.get('/payouts', { token: without.key })).body.data.payouts).toEqual([]);
  });

  it('are seen only by their own company, and paying out on demand is for test mode', async () => {
    const owner = await merchant(now);
    await paidCharge(now, owner.key, 300_000);
    const id = (await now.api.post('/payouts', undefined, { token: owner.key })).body.data.id as string;
    const other = await merchant(now);
    expect(await now.api.get(`/payouts/${id}`, { token: other.key })).toMatchObject({ status: 404, body: { message: payoutMessages.notFound } });
    expect((await now.api.get('/payouts/not-an-id', { token: owner.key })).status).toBe(404);
    await now.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [owner.companyId]);
    const live = { token: owner.session.accessToken, headers: { 'FiPay-Mode': 'live' } };
    expect(await now.api.post('/payouts', undefined, live)).toMatchObject({ status: 403, body: { message: payoutMessages.testOnly } });
    expect((await now.api.get(`/payouts/${id}`, live)).status).toBe(404);
  });
});

describe('the payout hold', () => {
  it('stops live payouts with a reason the company sees, audited, until a reviewer releases it', async () => {
    const reviewer = await createReviewerAccount(now);
    const { key, session, companyId } = await merchant(now);
    await now.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [companyId]);
    const url = `/admin/applications/${companyId}/payout-hold`;
    const asReviewer = { token: reviewer.token };
    expect((await now.api.get(url, asReviewer)).body.data).toEqual({ hold: null });
    expect((await now.api.post(url, { reason: ' ' }, asReviewer)).body.data.errors).toEqual({ reason: payoutHoldMessages.reasonRequired });
    // A company's own session is not a back-office session.
    expect((await now.api.post(url, { reason: 'x' }, { token: session.accessToken })).status).toBe(403);

    const held = await now.api.post(url, { reason: 'Unusual refund activity under review.' }, asReviewer);
    expect(held.body).toMatchObject({ message: payoutHoldMessages.held, data: { hold: { reason: 'Unusual refund activity under review.', since: expect.any(String) } } });
    expect(await now.api.post(url, { reason: 'Again' }, asReviewer)).toMatchObject({ status: 409, body: { message: payoutHoldMessages.alreadyHeld } });
    const shown = (await now.api.get('/payouts', { token: key })).body.data.hold;
    expect(shown).toMatchObject({ reason: 'Unusual refund activity under review.' });
    const notice = (await now.api.get('/notification/user/latest', { token: session.accessToken })).body.data.notifications[0];
    expect(notice).toMatchObject({ title: 'Live payouts on hold' });

    const live = { companyId, livemode: true };
    expect(await now.db.transaction((tx) => payOut(now.app.ctx, tx, live))).toEqual({ skipped: payoutMessages.onHold });
    // Test mode is not held: a business can still try its integration.
    await paidCharge(now, key, 300_000);
    expect((await now.api.post('/payouts', undefined, { token: key })).body.data.status).toBe('paid');

    const released = await now.api.delete(url, asReviewer);
    expect(released.body).toMatchObject({ message: payoutHoldMessages.released, data: { hold: null } });
    expect(await now.api.delete(url, asReviewer)).toMatchObject({ status: 409, body: { message: payoutHoldMessages.notHeld } });
    expect(await now.db.transaction((tx) => payOut(now.app.ctx, tx, live))).not.toEqual({ skipped: payoutMessages.onHold });
    const audit = await now.db.query<{ action: string; actor_id: string }>("SELECT action, actor_id FROM audit_log WHERE company_id = $1 AND action LIKE 'payouts.%' ORDER BY id", [companyId]);
    expect(audit.rows).toEqual([
      { action: 'payouts.held', actor_id: reviewer.id },
      { action: 'payouts.released', actor_id: reviewer.id },
    ]);
    expect((await now.api.get('/admin/applications/00000000-0000-4000-8000-000000000000/payout-hold', asReviewer)).status).toBe(404);
  });
});

describe('unpaid checkouts', () => {
  it('are abandoned after 24 hours and cannot be paid', async () => {
    const { key } = await merchant(now);
    const started = await now.api.post('/transactions/initialize', { amount: 50_000, email: 'late@b.ng' }, { token: key });
    const reference = started.body.data.reference as string;
    await now.db.query("UPDATE transactions SET created_at = now() - interval '25 hours' WHERE reference = $1", [reference]);
    expect(await now.db.transaction((tx) => abandonStale(tx))).toBeGreaterThanOrEqual(1);
    expect((await now.api.get(`/checkout/${await checkoutCode(now, reference)}`)).body.data.status).toBe('abandoned');
    expect(await now.api.post(`/checkout/${await checkoutCode(now, reference)}/card`, successCard)).toMatchObject({ status: 409, body: { message: paymentMessages.checkoutClosed } });
  });
});

describe('the old payout names, until 31 May 2027 (ADR 0055)', () => {
  it('answer on the old routes, marked deprecated with their successor, and keep the old fields and events for those who use them', async () => {
    const { key, companyId, session } = await merchant(now);
    // Endpoints that existed before the rename: one subscribed to the old name, one to everything.
    const subscribed = async (events: string[]) =>
      (
        await now.db.query<{ id: string }>(
          "INSERT INTO webhook_endpoints (company_id, livemode, url, enabled_events, secret_ciphertext) VALUES ($1, false, 'https://hooks.adebayo.ng/fipay', $2, 'not-used-here') RETURNING id",
          [companyId, events],
        )
      ).rows[0]!.id;
    const old = await subscribed(['settlement.paid']);
    const all = await subscribed(['*']);
    const reference = await paidCharge(now, key, 200_000);

    const made = await now.api.post('/settlements/payout-now', undefined, { token: key });
    expect(made).toMatchObject({ status: 201, body: { message: payoutMessages.paidOut, data: { status: 'paid', transactionCount: 1 } } });
    expect(made.headers.get('deprecation')).toBe('@1795651200');
    expect(made.headers.get('sunset')).toBe('Mon, 31 May 2027 00:00:00 GMT');
    expect(made.headers.get('link')).toBe('</api/v1/payouts>; rel="successor-version"');
    const id = made.body.data.id as string;

    const list = await now.api.get('/settlements', { token: key });
    expect(list.body.data).toMatchObject({ settlements: [{ id }], pagination: { totalItems: 1 }, hold: null });
    expect(list.headers.get('link')).toBe('</api/v1/payouts>; rel="successor-version"');
    expect((await now.api.get('/payouts', { token: key })).body.data).toMatchObject({ payouts: [{ id }] });
    const detail = await now.api.get(`/settlements/${id}`, { token: key });
    expect(detail.body.data).toEqual((await now.api.get(`/payouts/${id}`, { token: key })).body.data);
    expect(detail.headers.get('link')).toBe(`</api/v1/payouts/${id}>; rel="successor-version"`);
    // A refusal on an old route carries the headers too; the new routes carry none.
    const missing = await now.api.get('/settlements/not-an-id', { token: key });
    expect(missing).toMatchObject({ status: 404, body: { message: payoutMessages.notFound } });
    expect(missing.headers.get('deprecation')).toBe('@1795651200');
    expect((await now.api.get(`/payouts/${id}`, { token: key })).headers.get('deprecation')).toBeNull();
    const csv = await fetch(`${now.baseUrl}/api/v1/settlements/${id}/export`, { headers: { authorization: `Bearer ${key}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('link')).toBe(`</api/v1/payouts/${id}/export>; rel="successor-version"`);

    // A payment names its payout under both names.
    expect((await now.api.get(`/transactions/${reference}`, { token: key })).body.data).toMatchObject({ payoutId: id, settlementId: id });

    // The new event and the old one, the same object; each endpoint gets what it subscribed to.
    const [paid] = await events(now, key, 'payout.paid');
    const [legacy] = await events(now, key, 'settlement.paid');
    expect(paid!.data.object).toMatchObject({ id, status: 'paid' });
    expect(legacy!.data.object).toEqual(paid!.data.object);
    const delivered = async (endpointId: string) =>
      (
        await now.db.query<{ type: string }>('SELECT e.type FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE d.endpoint_id = $1 ORDER BY e.type', [endpointId])
      ).rows.map((row) => row.type);
    expect(await delivered(old)).toEqual(['settlement.paid']);
    expect(await delivered(all)).toEqual(expect.arrayContaining(['payout.paid', 'settlement.paid']));

    // A new subscription names the new events; the old names are refused.
    const refused = await now.api.post('/webhook-endpoints', { url: 'https://hooks.adebayo.ng/new', enabledEvents: ['settlement.paid'] }, { token: session.accessToken, headers: { 'FiPay-Mode': 'test' } });
    expect(refused).toMatchObject({ status: 400, body: { data: { code: 'VALIDATION_FAILED' } } });
    expect(refused.body.data.errors['enabledEvents.0']).toContain('payout.paid');

    // The document marks the old routes deprecated, and only them.
    const document = (await (await fetch(`${now.baseUrl}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { deprecated?: boolean }>> };
    expect(document.paths['/api/v1/settlements']!.get!.deprecated).toBe(true);
    expect(document.paths['/api/v1/settlements/payout-now']!.post!.deprecated).toBe(true);
    expect(document.paths['/api/v1/payouts']!.get!.deprecated).toBeUndefined();
    expect(document.paths['/api/v1/payouts']!.post!.deprecated).toBeUndefined();
  });
});
