import { ABANDON_AFTER_HOURS, MAX_CARD_ATTEMPTS, paymentMessages, SANDBOX_OTP, testCards } from '@fipay/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveBlockMessages } from '@fipay/contracts/live-mode';
import { createVerifiedUser, login, checkoutCode } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { ledgerDiscrepancies } from '../ledger/ledger';
import { feeFor } from './charges/fees';
import { luhnValid, notExpired } from './charges/checkout';
import { COPY_EXPORTS_AT_ONCE, copyExportsStreaming, EXPORT_BATCH, exportTransactionsCsv } from './charges/transactions-export';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await ledgerDiscrepancies(server.db)).toEqual([]);
});
afterAll(() => server.close());

const card = (outcome: (typeof testCards)[number]['outcome']) => ({ number: testCards.find((c) => c.outcome === outcome)!.number, expiry: '12/39', cvv: '123' });

/** A company with a test secret key. */
async function merchant() {
  const user = await createVerifiedUser(server);
  const session = await login(server, user);
  const key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  return { session, key, companyId: session.user.companyId as string, email: user.email };
}

async function link(key: string, body: Record<string, unknown> = {}) {
  const res = await server.api.post('/payment-links', { name: 'Ankara fabric', description: '6 yards', amount: 2_500_000, ...body }, { token: key });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; slug: string; url: string; amount: number | null };
}

async function startPayment(slug: string, body: Record<string, unknown> = {}) {
  const res = await server.api.post(`/pay/${slug}`, { email: 'ada@customer.ng', name: 'Ada Obi', ...body });
  expect(res.status).toBe(201);
  return res.body.data as { reference: string; authorizationUrl: string };
}

const balance = async (key: string) => {
  const { currency, available, pending } = (await server.api.get('/balance', { token: key })).body.data.balances[0] as { currency: string; available: number; pending: number };
  return { currency, available, pending };
};
const eventTypes = async (key: string) => ((await server.api.get('/events?pageSize=100', { token: key })).body.data.events as { type: string }[]).map((e) => e.type);

describe('payment links', () => {
  it('are created with a fixed or open amount, listed, searched, edited and deactivated, each with its event', async () => {
    const { key, session } = await merchant();
    const fixed = await link(key, { slug: 'Ankara-Sale' });
    expect(fixed).toMatchObject({ slug: 'ankara-sale', url: 'http://app.test/pay/ankara-sale', amount: 2_500_000 });
    const open = await link(key, { name: 'Donation', amount: null, collectPhone: true });
    expect(open.slug).toMatch(/^[a-z0-9]{10}$/);
    expect(open.amount).toBeNull();

    const taken = await server.api.post('/payment-links', { name: 'Again', amount: 10_000, slug: 'ankara-sale' }, { token: key });
    expect(taken).toMatchObject({ status: 400, body: { message: paymentMessages.slugTaken, data: { errors: { slug: paymentMessages.slugTaken } } } });
    for (const bad of [{ amount: 9_999 }, { amount: 100.5 }, { slug: '-x' }, { redirectUrl: 'javascript:alert(1)' }, { name: ' ' }, { currency: 'USD' }]) {
      const res = await server.api.post('/payment-links', { name: 'Bad', amount: 10_000, ...bad }, { token: key });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.data.errors)).toEqual([Object.keys(bad)[0]]);
    }

    const list = await server.api.get('/payment-links', { token: session.accessToken });
    expect(list.body.data.links.map((l: { name: string }) => l.name)).toEqual(['Donation', 'Ankara fabric']);
    expect(list.body.data.pagination).toEqual({ currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 2 });
    const searched = await server.api.get('/payment-links?search=ankara', { token: key });
    expect(searched.body.data.links.map((l: { id: string }) => l.id)).toEqual([fixed.id]);
    expect((await server.api.get('/payment-links?search=%25', { token: key })).body.data.links).toEqual([]);

    const edited = await server.api.patch(`/payment-links/${fixed.id}`, { name: 'Ankara fabric (6 yards)', active: false }, { token: key });
    expect(edited.body.data).toMatchObject({ name: 'Ankara fabric (6 yards)', active: false });
    expect((await server.api.patch(`/payment-links/${fixed.id}`, {}, { token: key })).status).toBe(400);
    expect(await eventTypes(key)).toEqual(expect.arrayContaining(['payment_link.updated', 'payment_link.created']));
    const updatedEvent = (await server.api.get('/events?type=payment_link.updated', { token: key })).body.data.events[0];
    expect(updatedEvent.data.previousAttributes).toEqual({ name: 'Ankara fabric', active: true });
  });

  it('are seen only by their own company and mode', async () => {
    const owner = await merchant();
    const other = await merchant();
    const { id } = await link(owner.key);
    for (const answer of [
      await server.api.get(`/payment-links/${id}`, { token: other.key }),
      await server.api.patch(`/payment-links/${id}`, { active: false }, { token: other.key }),
      await server.api.get('/payment-links/not-an-id', { token: owner.key }),
    ]) {
      expect(answer.body).toEqual({ isSuccessful: false, message: paymentMessages.linkNotFound, data: { code: 'NOT_FOUND' } });
    }
    await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [owner.companyId]);
    const live = { token: owner.session.accessToken, headers: { 'FiPay-Mode': 'live' } };
    expect((await server.api.get(`/payment-links/${id}`, live)).status).toBe(404);
    expect((await server.api.get('/payment-links', live)).body.data.links).toEqual([]);
  });

  it('have a public page: the business, the link, a test label; unknown and inactive links say so', async () => {
    const { key } = await merchant();
    const { slug, id } = await link(key);
    const page = await server.api.get(`/pay/${slug.toUpperCase()}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual({
      slug,
      livemode: false,
      active: true,
      name: 'Ankara fabric',
      description: '6 yards',
      amount: 2_500_000,
      currency: 'NGN',
      collectPhone: false,
      business: { name: expect.any(String), verified: false },
      // A test link always takes test payments.
      acceptingPayments: true,
    });
    expect(JSON.stringify(page.body)).not.toContain(id);
    expect(await server.api.get('/pay/no-such-link')).toMatchObject({ status: 404, body: { message: paymentMessages.payPageNotFound } });
    await server.api.patch(`/payment-links/${id}`, { active: false }, { token: key });
    expect((await server.api.get(`/pay/${slug}`)).body.data.active).toBe(false);
    expect(await server.api.post(`/pay/${slug}`, { email: 'a@b.ng', name: 'A B' })).toMatchObject({ status: 409, body: { message: paymentMessages.payPageInactive } });
  });

  it('take the amount from the customer when the link has none, and the phone when asked', async () => {
    const { key } = await merchant();
    const { slug } = await link(key, { amount: null, collectPhone: true });
    const noAmount = await server.api.post(`/pay/${slug}`, { email: 'a@b.ng', name: 'A B', phone: '08012345678' });
    expect(noAmount.body.data.errors).toEqual({ amount: paymentMessages.amountRequired });
    const noPhone = await server.api.post(`/pay/${slug}`, { email: 'a@b.ng', name: 'A B', amount: 50_000 });
    expect(Object.keys(noPhone.body.data.errors)).toEqual(['phone']);
    const { reference } = await startPayment(slug, { amount: 50_000, phone: '08012345678' });
    const detail = await server.api.get(`/transactions/${reference}`, { token: key });
    expect(detail.body.data).toMatchObject({ amount: 50_000, status: 'pending', customer: { email: 'ada@customer.ng', name: 'Ada Obi', phone: '08012345678' } });
  });
});

describe('the sandbox checkout', () => {
  it('takes the success card: fee and net fixed, pending balance, link totals, event, notification and receipt', async () => {
    const { key, session, email } = await merchant();
    const { slug, id } = await link(key);
    const { reference, authorizationUrl } = await startPayment(slug);
    const code = await checkoutCode(server, reference);
    expect(code).toMatch(/^ck-[0-9a-f]{40}$/);
    expect(authorizationUrl).toBe(`http://app.test/checkout/${code}`);
    const checkout = await server.api.get(`/checkout/${code}`);
    // Public to whoever has the access code: the customer's address masked.
    expect(checkout.body.data).toMatchObject({ reference, status: 'pending', amount: 2_500_000, email: 'ad...@customer.ng', step: null, attemptsLeft: MAX_CARD_ATTEMPTS });
    expect(JSON.stringify(checkout.body)).not.toContain('ada@customer.ng');

    const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('success'));
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe(paymentMessages.paymentSuccessful);
    expect(paid.body.data).toMatchObject({ status: 'success', channel: 'card', returnUrl: `http://app.test/checkout/${code}` });

    const { fee, net } = feeFor(2_500_000);
    expect(fee).toBe(47_500); // 1.5% of ₦25,000 = ₦375, plus ₦100
    const detail = (await server.api.get(`/transactions/verify/${reference}`, { token: key })).body.data;
    expect(detail).toMatchObject({ status: 'success', fee, net, channel: 'card', card: { brand: 'Visa', last4: '4081' }, paymentLinkId: id });
    expect(detail.timeline.map((t: { type: string }) => t.type)).toEqual(['transaction.initialized', 'charge.success', 'charge.available']);
    // Test mode makes a charge available at once unless TEST_SETTLEMENT_DELAY_SECONDS says otherwise.
    expect(await balance(key)).toEqual({ currency: 'NGN', available: net, pending: 0 });
    expect((await server.api.get(`/payment-links/${id}`, { token: key })).body.data).toMatchObject({ paidCount: 1, paidTotal: 2_500_000 });
    expect(await eventTypes(key)).toContain('charge.success');
    const latest = await server.api.get('/notification/user/latest', { token: session.accessToken });
    expect(latest.body.data.notifications[0].title).toBe('Test payment received');
    // A test payment emails its customer only at an address of the business's own users: nobody can have the
    // platform mail strangers with test payments.
    const queued = async (to: string) => (await server.db.query("SELECT count(*)::int AS n FROM outbox_emails WHERE kind = 'payment_receipt' AND recipient = $1", [to])).rows[0];
    expect(await queued('ada@customer.ng')).toEqual({ n: 0 });
    const own = await startPayment(slug, { email: email.toUpperCase() });
    expect((await server.api.post(`/checkout/${await checkoutCode(server, own.reference)}/card`, card('success'))).status).toBe(200);
    // The business's own user also gets its 'Payment received' emails (one per payment): the receipt is among them.
    let receipt = await server.mail.waitFor(email);
    for (let i = 0; i < 4 && !receipt.subject.includes('Your receipt'); i++) receipt = await server.mail.waitFor(email);
    expect(receipt.subject).toMatch(/^\[Test\] Your receipt from /);
    expect(receipt.text).toContain(own.reference);
    expect(receipt.text).toContain('₦25,000.00');
    expect(receipt.text).not.toContain('4084084084084081');
    expect(await queued('ada@customer.ng')).toEqual({ n: 0 });

    // Paid once: a second card, an OTP or a transfer on the same checkout is refused and changes nothing.
    expect(await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('success'))).toMatchObject({ status: 409, body: { message: paymentMessages.alreadyPaid } });
    expect((await server.api.post(`/checkout/${await checkoutCode(server, reference)}/bank-transfer`)).status).toBe(409);
    expect(await balance(key)).toEqual({ currency: 'NGN', available: 2 * net, pending: 0 });
  });

  it('asks for an OTP with the OTP card and pays with 123456 only', async () => {
    const { key } = await merchant();
    const { reference } = await startPayment((await link(key)).slug);
    const asked = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('otp'));
    expect(asked.body).toMatchObject({ message: paymentMessages.otpSent, data: { status: 'pending', step: 'otp' } });
    expect(await server.api.post(`/checkout/${await checkoutCode(server, reference)}/otp`, { otp: '000000' })).toMatchObject({ status: 422, body: { data: { errors: { otp: paymentMessages.otpInvalid } } } });
    const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/otp`, { otp: SANDBOX_OTP });
    expect(paid.body.data).toMatchObject({ status: 'success', step: null });
    expect((await balance(key)).available).toBe(feeFor(2_500_000).net);
    const otpFirst = await startPayment((await link(key)).slug);
    expect(await server.api.post(`/checkout/${await checkoutCode(server, otpFirst.reference)}/otp`, { otp: SANDBOX_OTP })).toMatchObject({ status: 409, body: { message: paymentMessages.otpNotExpected } });
  });

  it('declines with a clear message, records charge.failed each time, and fails after three declines with no money moved', async () => {
    const { key } = await merchant();
    const { reference } = await startPayment((await link(key)).slug);
    const declined = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('declined'));
    expect(declined.body).toMatchObject({ message: paymentMessages.cardDeclined, data: { status: 'pending', attemptsLeft: 2, gatewayResponse: paymentMessages.cardDeclined } });
    const poor = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('insufficient_funds'));
    expect(poor.body).toMatchObject({ message: paymentMessages.insufficientFunds, data: { attemptsLeft: 1 } });
    const unknown = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { number: '4242 4242 4242 4242', expiry: '01/40', cvv: '999' });
    expect(unknown.body).toMatchObject({ message: paymentMessages.tooManyAttempts, data: { status: 'failed', attemptsLeft: 0 } });
    expect(await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('success'))).toMatchObject({ status: 409, body: { message: paymentMessages.tooManyAttempts } });
    expect((await eventTypes(key)).filter((t) => t === 'charge.failed')).toHaveLength(3);
    expect(await balance(key)).toEqual({ currency: 'NGN', available: 0, pending: 0 });
    const detail = (await server.api.get(`/transactions/${reference}`, { token: key })).body.data;
    expect(detail).toMatchObject({ status: 'failed', fee: null, net: null, card: { last4: '4242' } });
  });

  it('refuses bad card details as field errors without counting an attempt', async () => {
    const { key } = await merchant();
    const { reference } = await startPayment((await link(key)).slug);
    const cases: [Record<string, string>, string, string][] = [
      [{ number: '4084084084084082' }, 'number', paymentMessages.cardNumberInvalid],
      [{ number: '1234' }, 'number', paymentMessages.cardNumberInvalid],
      [{ expiry: '13/30' }, 'expiry', paymentMessages.expiryInvalid],
      [{ expiry: '01/20' }, 'expiry', paymentMessages.cardExpired],
      [{ cvv: '12' }, 'cvv', paymentMessages.cvvInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, { ...card('success'), ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.data.errors).toEqual({ [field]: message });
    }
    expect((await server.api.get(`/checkout/${await checkoutCode(server, reference)}`)).body.data).toMatchObject({ status: 'pending', attemptsLeft: MAX_CARD_ATTEMPTS });
  });

  it('pays by bank transfer once the simulated transfer arrives', async () => {
    const { key } = await merchant();
    const { reference } = await startPayment((await link(key)).slug);
    expect(await server.api.post(`/checkout/${await checkoutCode(server, reference)}/bank-transfer/simulate`)).toMatchObject({ status: 409, body: { message: paymentMessages.transferNotStarted } });
    const shown = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/bank-transfer`);
    expect(shown.body.data).toMatchObject({ step: 'bank_transfer', bankTransfer: { bankName: 'FiPay Sandbox Bank', accountNumber: expect.stringMatching(/^\d{10}$/) } });
    const again = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/bank-transfer`);
    expect(again.body.data.bankTransfer.accountNumber).toBe(shown.body.data.bankTransfer.accountNumber);
    const paid = await server.api.post(`/checkout/${await checkoutCode(server, reference)}/bank-transfer/simulate`);
    expect(paid.body.data).toMatchObject({ status: 'success', channel: 'bank_transfer', bankTransfer: null });
    expect((await server.api.get(`/transactions/${reference}`, { token: key })).body.data).toMatchObject({ channel: 'bank_transfer', card: null });
  });

  it('says until when the transfer account is valid, and which link the payment came from', async () => {
    const { key } = await merchant();
    const { slug } = await link(key);
    const { reference } = await startPayment(slug);
    const code = await checkoutCode(server, reference);
    expect((await server.api.get(`/checkout/${code}`)).body.data).toMatchObject({ paymentLink: { slug }, bankTransfer: null });
    const shown = (await server.api.post(`/checkout/${code}/bank-transfer`)).body.data;
    const { createdAt } = (await server.api.get(`/transactions/${reference}`, { token: key })).body.data as { createdAt: string };
    // The payment is closed (abandoned) that long after it started; the account takes it until then.
    expect(shown.bankTransfer.expiresAt).toBe(new Date(Date.parse(createdAt) + ABANDON_AFTER_HOURS * 3_600_000).toISOString());
    expect(shown.paymentLink).toEqual({ slug });
    expect((await server.api.get(`/checkout/${code}`)).body.data.bankTransfer.expiresAt).toBe(shown.bankTransfer.expiresAt);

    const started = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng' }, { token: key });
    expect((await server.api.get(`/checkout/${started.body.data.accessCode}`)).body.data.paymentLink).toBeNull();
  });

  it('pays once when the same checkout is paid from many tabs at once', async () => {
    const { key } = await merchant();
    const { reference } = await startPayment((await link(key)).slug);
    const code = await checkoutCode(server, reference);
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.api.post(`/checkout/${code}/card`, card('success'))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await balance(key)).toEqual({ currency: 'NGN', available: feeFor(2_500_000).net, pending: 0 });
    const entries = await server.db.query("SELECT count(*)::int AS n FROM journal_entries WHERE reference = $1 AND kind = 'charge'", [reference]);
    expect(entries.rows[0]).toEqual({ n: 1 });
  });

  it('is found by its access code only: a reference, a guess or junk finds nothing, and another company sees nothing', async () => {
    expect((await server.api.get('/checkout/fp_00000000000000000000')).status).toBe(404);
    expect((await server.api.get('/checkout/%3Cscript%3E')).status).toBe(404);
    expect(await server.api.get(`/checkout/ck-${'0'.repeat(40)}`)).toMatchObject({ status: 404, body: { message: paymentMessages.checkoutNotFound } });
    const owner = await merchant();
    const other = await merchant();
    const { reference } = await startPayment((await link(owner.key)).slug);
    // A checkout named by its reference (the merchant's, often guessable: order-1042) is not found, paid or declined.
    expect(await server.api.get(`/checkout/${reference}`)).toMatchObject({ status: 404, body: { message: paymentMessages.checkoutNotFound } });
    expect((await server.api.post(`/checkout/${reference}/card`, card('declined'))).status).toBe(404);
    expect((await server.api.get(`/checkout/${await checkoutCode(server, reference)}`)).body.data).toMatchObject({ status: 'pending', attemptsLeft: MAX_CARD_ATTEMPTS });
    expect((await server.api.get(`/transactions/${reference}`, { token: other.key })).status).toBe(404);
    expect((await server.api.get(`/transactions/verify/${reference}`, { token: other.key })).status).toBe(404);
    expect((await server.api.get(`/transactions?search=${reference}`, { token: other.key })).body.data.transactions).toEqual([]);
  });
});

describe('the merchant API', () => {
  it('initializes with a reference, metadata and callback, refuses a used reference, and sends the customer back with it', async () => {
    const { key } = await merchant();
    const res = await server.api.post(
      '/transactions/initialize',
      { amount: 150_000, email: 'Buyer@Shop.ng', reference: 'order-1042', callbackUrl: 'https://shop.example/thanks?from=fipay', metadata: { orderId: 1042 } },
      { token: key },
    );
    expect(res.status).toBe(201);
    const { accessCode } = res.body.data as { accessCode: string };
    expect(res.body.data).toEqual({ reference: 'order-1042', accessCode, authorizationUrl: `http://app.test/checkout/${accessCode}` });
    const again = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng', reference: 'order-1042' }, { token: key });
    expect(again).toMatchObject({ status: 409, body: { message: paymentMessages.referenceTaken, data: { errors: { reference: paymentMessages.referenceTaken } } } });
    // The merchant's return address is not shown while the payment is open; once paid, the customer is sent there.
    const open = (await server.api.get(`/checkout/${accessCode}`)).body.data;
    expect(open.returnUrl).toBe(`http://app.test/checkout/${accessCode}`);
    expect(JSON.stringify(open)).not.toContain('shop.example');
    const paid = await server.api.post(`/checkout/${accessCode}/card`, card('success'));
    expect(paid.body.data.returnUrl).toBe('https://shop.example/thanks?from=fipay&reference=order-1042&trxref=order-1042');
    const verified = (await server.api.get('/transactions/verify/order-1042', { token: key })).body.data;
    expect(verified).toMatchObject({ status: 'success', amount: 150_000, fee: 2_250, net: 147_750, metadata: { orderId: 1042 }, customer: { email: 'buyer@shop.ng' } });
    let eleven: unknown = 1;
    for (let i = 0; i < 11; i++) eleven = { a: eleven };
    for (const bad of [{ metadata: { x: 'a\u0000b' } }, { metadata: [1] }, { metadata: eleven }, { amount: 0 }, { reference: 'a b' }, { callbackUrl: 'ftp://x' }]) {
      const r = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng', ...bad }, { token: key });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    // Nested 5,000 levels deep (a 10 KB body): a field error, not a stack overflow.
    const deep = `{"amount":150000,"email":"b@shop.ng","metadata":{"a":${'['.repeat(5_000)}1${']'.repeat(5_000)}}}`;
    const deepAnswer = await server.api.request('POST', '/api/v1/transactions/initialize', { rawBody: deep, token: key });
    expect(deepAnswer).toMatchObject({ status: 400, body: { data: { errors: { metadata: paymentMessages.metadataInvalid } } } });
    let ten: unknown = 1;
    for (let i = 0; i < 9; i++) ten = { a: ten };
    expect((await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng', metadata: ten }, { token: key })).status).toBe(201);
  });

  it("makes references in Paystack's documented alphabet, refuses others with a field error, and still serves those made before with an underscore", async () => {
    const { key, companyId } = await merchant();
    const made = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng' }, { token: key });
    expect(made.body.data.reference).toMatch(/^fp-[0-9a-f]{20}$/);
    for (const reference of ['order_1042', 'order 1042', 'order/1042', 'order+1042']) {
      const refused = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng', reference }, { token: key });
      expect(refused, reference).toMatchObject({ status: 400, body: { data: { errors: { reference: paymentMessages.referenceInvalid } } } });
    }
    expect((await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng', reference: 'Order.1042=a-b' }, { token: key })).status).toBe(201);

    // A checkout started before the rule, under the `fp_` references made then: paid, found, verified and refunded as before.
    const old = 'fp_0a1b2c3d4e5f60718293';
    await server.db.query(
      "INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, customer_name) VALUES ($1, false, $2, 150000, 'sandbox', 'ada@customer.ng', 'Ada Obi')",
      [companyId, old],
    );
    expect((await server.api.post(`/checkout/${await checkoutCode(server, old)}/card`, card('success'))).body.data).toMatchObject({ status: 'success' });
    expect((await server.api.get(`/transactions/verify/${old}`, { token: key })).body.data).toMatchObject({ reference: old, status: 'success' });
    expect((await server.api.get(`/transactions?search=${old}`, { token: key })).body.data.transactions.map((t: { reference: string }) => t.reference)).toEqual([old]);
    const refund = await server.api.post('/refunds', { reference: old, amount: 50_000 }, { token: key });
    expect(refund).toMatchObject({ status: 201, body: { data: { status: 'processed', transactionReference: old, amount: 50_000 } } });
  });

  it('refuses live charges while no live provider is set up', async () => {
    const { session, companyId } = await merchant();
    await server.db.query("INSERT INTO kyb_applications (company_id, status) VALUES ($1, 'APPROVED')", [companyId]);
    const res = await server.api.post('/transactions/initialize', { amount: 150_000, email: 'b@shop.ng' }, { token: session.accessToken, headers: { 'FiPay-Mode': 'live' } });
    expect(res).toMatchObject({ status: 503, body: { message: liveBlockMessages.payments_not_set_up } });
  });

  it('lists transactions newest first with filters and cursor pages that neither skip nor repeat', async () => {
    const { key } = await merchant();
    const a = await link(key, { name: 'A' });
    const b = await link(key, { name: 'B', amount: null });
    const refs: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const { reference } = await startPayment(i % 2 ? b.slug : a.slug, { amount: 10_000 + i, email: `buyer${i}@shop.ng` });
      refs.push(reference);
      if (i % 3 === 0) await server.api.post(`/checkout/${await checkoutCode(server, reference)}/card`, card('success'));
    }
    const newest = [...refs].reverse();
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: { transactions: { reference: string }[]; nextCursor: string | null } } } = await server.api.get(
        `/transactions?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
        { token: key },
      );
      pages.push(...res.body.data.transactions.map((t) => t.reference));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(pages).toEqual(newest);

    const refsOf = async (query: string) => ((await server.api.get(`/transactions?${query}`, { token: key })).body.data.transactions as { reference: string }[]).map((t) => t.reference);
    expect(await refsOf('status=success')).toEqual([refs[6], refs[3], refs[0]]);
    expect(await refsOf(`paymentLinkId=${b.id}`)).toEqual([refs[5], refs[3], refs[1]]);
    expect(await refsOf('channel=card&status=success')).toEqual([refs[6], refs[3], refs[0]]);
    expect(await refsOf('search=BUYER4@shop.ng')).toEqual([refs[4]]);
    expect(await refsOf(`search=${refs[2]}`)).toEqual([refs[2]]);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect(await refsOf(`from=${today}&to=${today}`)).toEqual(newest);
    expect(await refsOf('to=2020-01-01')).toEqual([]);
    expect(await refsOf('paymentLinkId=nope')).toEqual([]);
    for (const bad of ['status=paid', 'from=2026-13-01', 'from=2026-02-30', 'from=0001-01-01', 'to=0000-01-01', 'from=0000-06-15', 'to=1999-12-31', 'cursor=xyz', 'pageSize=0', 'channel=cash']) {
      const answer = await server.api.get(`/transactions?${bad}`, { token: key });
      expect(answer.status, bad).toBe(400);
      if (bad.startsWith('from=') || bad.startsWith('to=')) expect(answer.body.message, bad).toBe(paymentMessages.dateInvalid);
    }
    expect((await server.api.get('/transactions/export?from=0001-01-01', { token: key })).status).toBe(400);
  });
});

/** The fields of one CSV line whose fields are all quoted (RFC 4180: a quote inside is doubled). */
const fields = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replaceAll('""', '"'));

describe('the CSV export', () => {
  const csv = async (key: string, query = '') => {
    const res = await fetch(`${server.baseUrl}/api/v1/transactions/export${query}`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="fipay-test-transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read the names as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"reference","created_at"')).toBe(true);
    return text.slice(1).trimEnd().split('\r\n').slice(1);
  };

  it('matches the filtered list, in naira with two decimals, with would-be formulas made plain text', async () => {
    const { key } = await merchant();
    const { slug } = await link(key, { amount: null });
    const paid = await startPayment(slug, { amount: 123_456, name: '=HYPERLINK("http://evil")' });
    await server.api.post(`/checkout/${await checkoutCode(server, paid.reference)}/card`, card('success'));
    const unpaid = await startPayment(slug, { amount: 50_000 });
    const all = await csv(key);
    expect(all.map((line) => fields(line)[0])).toEqual([unpaid.reference, paid.reference]);
    const [row] = await csv(key, '?status=success');
    const cells = fields(row!);
    const { fee, net } = feeFor(123_456);
    expect(cells.slice(3, 10)).toEqual(['success', 'card', 'NGN', '1234.56', (fee / 100).toFixed(2), (net / 100).toFixed(2), '0.00']);
    expect(cells[11]).toBe(`'=HYPERLINK("http://evil")`);
    // Times in Lagos time with the offset, and the payment link by its name as well as its id.
    const detail = (await server.api.get(`/transactions/${paid.reference}`, { token: key })).body.data;
    const lagos = (iso: string) => `${new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    expect(cells.slice(1, 3)).toEqual([lagos(detail.createdAt), lagos(detail.paidAt)]);
    expect(cells.slice(13, 15)).toEqual([detail.paymentLinkId, 'Ankara fabric']);
    expect(await csv(key, '?status=failed')).toEqual([]);
    expect((await fetch(`${server.baseUrl}/api/v1/transactions/export?status=nope`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(400);
  });

  it('streams every row across batches, newest first, none twice', async () => {
    const { key, companyId } = await merchant();
    const count = 2 * EXPORT_BATCH + 1;
    await server.db.query(
      `INSERT INTO transactions (company_id, livemode, reference, amount, provider, customer_email, created_at)
       SELECT $1, false, 'bulk_' || lpad(g::text, 6, '0'), 10000 + g, 'sandbox', 'bulk@shop.ng', now() - make_interval(secs => g)
         FROM generate_series(1, $2::int) g`,
      [companyId, count],
    );
    const lines = await csv(key);
    expect(lines).toHaveLength(count);
    const references = lines.map((line) => fields(line)[0]!);
    expect(new Set(references).size).toBe(count);
    expect(references.slice(0, 2)).toEqual(['bulk_000001', 'bulk_000002']);
    expect(references.at(-1)).toBe(`bulk_${String(count).padStart(6, '0')}`);

    // Many exports at once: a few stream from COPY (each holding a connection until its client has read it all),
    // the rest go in batches that give their connection back; every one has the same bytes.
    const whole = async (stream: NodeJS.ReadableStream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    };
    const scope = { companyId, livemode: false };
    const alone = await whole(exportTransactionsCsv(server.db, scope, {}));
    expect(copyExportsStreaming()).toBe(0);
    const many = Array.from({ length: COPY_EXPORTS_AT_ONCE + 2 }, () => exportTransactionsCsv(server.db, scope, {}));
    expect(copyExportsStreaming()).toBe(process.env.TEST_DB === 'postgres' ? COPY_EXPORTS_AT_ONCE : 0);
    for (const bytes of await Promise.all(many.map(whole))) expect(bytes.equals(alone)).toBe(true);
    expect(copyExportsStreaming()).toBe(0);
    // One given up half read closes its COPY and frees its place.
    const abandoned = exportTransactionsCsv(server.db, scope, {});
    await new Promise((resolve) => abandoned.once('readable', resolve));
    abandoned.destroy();
    // One given up before it was read at all: its generator never started, so only the stream's close ends the COPY
    // stream it opened, which gives the connection back (db/copy-lines.ts).
    const opened: NodeJS.ReadableStream[] = [];
    const recording = new Proxy(server.db, {
      get: (target, name, receiver) =>
        name === 'copyLines' && target.copyLines
          ? (sql: string, params: unknown[]) => {
              const lines = target.copyLines!(sql, params);
              opened.push(lines);
              return lines;
            }
          : (Reflect.get(target, name, receiver) as unknown),
    });
    exportTransactionsCsv(recording, scope, {}).destroy();
    expect(opened).toHaveLength(process.env.TEST_DB === 'postgres' ? 1 : 0);
    await expect.poll(() => opened.every((lines) => (lines as unknown as { destroyed: boolean }).destroyed), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => copyExportsStreaming(), { timeout: 10_000 }).toBe(0);
    const copying = async () =>
      (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'COPY (%' AND state <> 'idle'")).rows[0]!.n;
    await expect.poll(copying, { timeout: 10_000 }).toBe(0);
  });
});

describe('card checks', () => {
  it('knows the Luhn digit and the end of an expiry month', () => {
    for (const c of testCards) expect(luhnValid(c.number)).toBe(true);
    expect(luhnValid('4084084084084082')).toBe(false);
    const now = new Date('2026-11-25T12:00:00Z');
    expect(notExpired('11/26', now)).toBe(true);
    expect(notExpired('10/26', now)).toBe(false);
    expect(notExpired('01/27', now)).toBe(true);
  });
});
