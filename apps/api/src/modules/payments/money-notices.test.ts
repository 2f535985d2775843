import { emailPreferenceMessages } from '@fipay/contracts/account';
import { testCards } from '@fipay/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function merchant(bankAccount: string) {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  await server.db.query(
    `INSERT INTO kyb_bank_details (company_id, currency, account_number, account_name, bank_name, bank_code, bvn_encrypted, bvn_last4)
     VALUES ($1, 'NGN', $2, 'ADEBAYO FOODS LTD', 'First Bank of Nigeria', '011', 'not-used-here', '5678')`,
    [session.user.companyId, bankAccount],
  );
  return { key, token: session.accessToken, email: user.email };
}

async function paidCharge(key: string, amount: number) {
  const { reference } = (await server.api.post('/transactions/initialize', { amount, email: 'buyer@shop.ng' }, { token: key })).body.data as { reference: string };
  expect((await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { number: testCards[0].number, expiry: '12/39', cvv: '123' })).body.data.status).toBe('success');
  return reference;
}

const emailsTo = async (to: string) =>
  (await server.db.query<{ kind: string; subject: string; body_text: string }>('SELECT kind, subject, body_text FROM outbox_emails WHERE recipient = $1 ORDER BY id', [to])).rows.filter(
    (email) => ['payment_received', 'refund_update', 'payout_update'].includes(email.kind),
  );
const titles = async (token: string) =>
  ((await server.api.get('/notification/user?pageSize=50', { token })).body.data.notifications as { title: string; message: string }[]).map((n) => n.title);

describe('the business is told as its money moves', () => {
  it('by notification and by email, for payments, refunds and payouts (paid or failed), each email kind turned off per user', async () => {
    const { key, token, email } = await merchant('0123456789');
    expect(await server.api.get('/account/email-preferences', { token })).toMatchObject({ status: 200, body: { message: emailPreferenceMessages.loaded, data: { payments: true, refunds: true, payouts: true } } });

    const reference = await paidCharge(key, 1_000_000);
    await server.api.post('/refunds', { reference, amount: 100_000 }, { token: key });
    await server.api.post('/payouts', undefined, { token: key });
    expect((await emailsTo(email)).map((e) => [e.kind, e.subject])).toEqual([
      ['payment_received', '[Test] Payment received'],
      ['refund_update', '[Test] Refund processed'],
      ['payout_update', '[Test] Payout paid'],
    ]);
    // As delivered over SMTP (the outbox forgets a body once it is sent), the verification email first.
    const delivered = async () => {
      let mail = await server.mail.waitFor(email);
      while (mail.subject === 'Verify your email address') mail = await server.mail.waitFor(email);
      return mail;
    };
    const [payment, refund, payout] = [await delivered(), await delivered(), await delivered()];
    expect(payment.text).toContain(`You received ₦10,000.00 from buyer@shop.ng (reference ${reference}).`);
    expect(payment.text).toContain('http://app.test/dashboard/transactions');
    expect(refund.text).toContain(`₦1,000.00 of payment ${reference} was refunded to the customer.`);
    expect(payout.text).toContain('was paid to your First Bank of Nigeria account ending 6789.');
    expect(payout.text).toContain('http://app.test/dashboard/transactions?tab=payouts');
    expect(await titles(token)).toEqual(expect.arrayContaining(['Test payment received', 'Test refund processed', 'Test payout paid']));

    // Payments and payouts emails off: the notifications still come, the emails do not; refunds still email.
    const saved = await server.api.patch('/account/email-preferences', { payments: false, payouts: false }, { token });
    expect(saved).toMatchObject({ status: 200, body: { message: emailPreferenceMessages.saved, data: { payments: false, refunds: true, payouts: false } } });
    expect((await server.api.patch('/account/email-preferences', { payments: 'no' }, { token })).status).toBe(400);
    // A secret key is for the merchant API; a user's email settings are the dashboard's.
    expect((await server.api.get('/account/email-preferences', { token: key })).status).toBe(403);
    const second = await paidCharge(key, 500_000);
    await server.api.post('/refunds', { reference: second, amount: 50_000 }, { token: key });
    await server.api.post('/payouts', undefined, { token: key });
    expect((await emailsTo(email)).map((e) => e.subject)).toEqual(['[Test] Payment received', '[Test] Refund processed', '[Test] Payout paid', '[Test] Refund processed']);
    expect((await titles(token)).filter((title) => title === 'Test payment received')).toHaveLength(2);
  });

  it('by email when a payout fails', async () => {
    const { key, email } = await merchant('0123456000');
    await paidCharge(key, 300_000);
    await server.api.post('/payouts', undefined, { token: key });
    expect((await emailsTo(email)).find((e) => e.kind === 'payout_update')?.subject).toBe('[Test] Payout failed');
    let failed = await server.mail.waitFor(email);
    while (failed.subject !== '[Test] Payout failed') failed = await server.mail.waitFor(email);
    expect(failed.text).toContain('could not be paid to your First Bank of Nigeria account ending 6000');
    expect(failed.text).toContain('The money is back in your available balance.');
  });
});
