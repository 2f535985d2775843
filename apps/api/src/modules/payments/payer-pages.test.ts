import { messages } from '@fipay/contracts/messages';
import { nairaMessage, paymentMessages, SANDBOX_OTP, testCards, type Checkout, type PayPage } from '@fipay/contracts/payments';
import { within } from '@testing-library/dom';
// @ts-expect-error jsdom ships no types; it is the web tests' DOM, used here to read the pages as a browser would.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, login } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/server';
import { checkoutPage, documentOf, payPage, type Page } from './charges/payer-html';

/**
 * The payer pages as a customer's browser gets them without JavaScript: the HTML the server draws and the plain
 * forms it posts. What the script adds (checks before sending, Use, tabs in place, copying) is tested in
 * apps/web/src/payer/enhance.test.ts and in the browser (e2e/payments.spec.ts).
 */

/** What these tests read of an element (the API's types know no DOM). */
type El = {
  getAttribute(name: string): string | null;
  textContent: string | null;
  className: string;
  hidden: boolean;
  disabled: boolean;
  value: string;
  nextElementSibling: El | null;
  querySelector(selector: string): El | null;
  dataset: Record<string, string | undefined>;
};
/** The page's body as a browser reads it, for queries by role and label. */
function read(html: string) {
  const document = (new JSDOM(html) as { window: { document: { body: unknown; querySelector(selector: string): El | null } } }).window.document;
  return { document, page: within(document.body as never) };
}
/** An element found by a query, as these tests read it. */
const el = (element: unknown) => element as El;
const drawn = (page: Page) => read(documentOf(page, '/assets/payer-test.js'));

const reference = 'fp-9a8b7c6d5e4f3a2b1c0d';
const code = `ck-${'5f4e3d2c1b'.repeat(4)}`;
const pending: Checkout = {
  reference,
  provider: 'sandbox',
  livemode: false,
  status: 'pending',
  amount: 120_050,
  currency: 'NGN',
  email: 'tu...@customer.ng',
  business: { name: 'Adebayo Foods' },
  step: null,
  bankTransfer: null,
  paymentLink: null,
  attemptsLeft: 3,
  returnUrl: `http://app.test/checkout/${code}`,
  paidAt: null,
  channel: null,
  gatewayResponse: '',
};
const failed: Checkout = { ...pending, status: 'failed', attemptsLeft: 0, gatewayResponse: 'Declined' };
const account = { bankName: 'FiPay Sandbox Bank', accountNumber: '9912345678', accountName: 'FiPay / Adebayo Foods', expiresAt: '2026-11-27T09:30:00.000Z' };

describe('a payment that failed after three declines (as drawn)', () => {
  it('leads back to the payment link it came from, to start a new payment', () => {
    const { page } = drawn(checkoutPage({ ...failed, paymentLink: { slug: 'ankara-fabric' }, returnUrl: 'https://shop.example/thanks?reference=x' }, code));
    expect(page.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(page.getByText(paymentMessages.tooManyAttempts)).toBeTruthy();
    expect(page.getByText('Last answer from the bank: Declined')).toBeTruthy();
    expect(page.getByRole('link', { name: 'Start a new payment' }).getAttribute('href')).toBe('/pay/ankara-fabric');
  });

  it("leads back to the business's site when the business sent the customer here", () => {
    const { page } = drawn(checkoutPage({ ...failed, returnUrl: 'https://shop.example/thanks?from=fipay&reference=x&trxref=x' }, code));
    expect(page.getByRole('link', { name: 'Return to Adebayo Foods' }).getAttribute('href')).toBe('https://shop.example/thanks?from=fipay&reference=x&trxref=x');
  });

  it('says what to do when there is nowhere to go back to', () => {
    const { page } = drawn(checkoutPage(failed, code));
    expect(page.getByText('To pay, go back to Adebayo Foods and start a new payment there.')).toBeTruthy();
    expect(page.queryByRole('link')).toBeNull();
  });

  it('leads back from an abandoned payment too', () => {
    const { page } = drawn(checkoutPage({ ...pending, status: 'abandoned', paymentLink: { slug: 'donation' } }, code));
    expect(page.getByRole('heading', { name: 'Payment closed' })).toBeTruthy();
    expect(page.getByText(paymentMessages.checkoutClosed)).toBeTruthy();
    expect(page.getByRole('link', { name: 'Start a new payment' }).getAttribute('href')).toBe('/pay/donation');
  });
});

describe('the bank transfer account (as drawn)', () => {
  const transfer: Checkout = { ...pending, step: 'bank_transfer', bankTransfer: account };

  it('says until when it is valid, in Lagos time', () => {
    const { page } = drawn(checkoutPage(transfer, code));
    expect(page.getByText('9912345678')).toBeTruthy();
    const until = page.getByText('Valid until').nextElementSibling!;
    expect(until.textContent).toBe('27 Nov 2026, 10:30 (Lagos time)');
    expect(until.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T09:30:00.000Z');
  });

  it('has a copy button for the script to show, with an empty status for screen readers, and the number selectable in one tap', () => {
    const { page, document } = drawn(checkoutPage(transfer, code));
    // Invisible until the script can copy (a button that does nothing is worse than none), its place kept so nothing moves.
    const copy = document.querySelector('button[data-copy]')!;
    expect(copy.className.split(' ')).toContain('wait');
    expect(copy.getAttribute('aria-label')).toBe('Copy account number');
    expect(copy.dataset.copy).toBe('9912345678');
    expect(page.getByRole('status').textContent).toBe('');
    expect(page.getByText('9912345678').className).toContain('acctno');
  });

  it('says when the account could not be made, with the button to try again', () => {
    const { page } = drawn(
      checkoutPage(pending, code, { method: 'bank_transfer', notice: { tone: 'error', text: 'Bank transfers are not available right now. Pay by card or try again later.' } }, 503),
    );
    expect(page.getByRole('alert').textContent).toBe('Bank transfers are not available right now. Pay by card or try again later.');
    expect(page.getByRole('tab', { name: 'Bank transfer' }).getAttribute('aria-selected')).toBe('true');
    expect(el(page.getByRole('button', { name: 'Get account details' })).disabled).toBe(false);
  });

  it('offers no simulation on a live payment', () => {
    const { page } = drawn(checkoutPage({ ...transfer, livemode: true }, code));
    expect(page.getByText('9912345678')).toBeTruthy();
    expect(page.queryByRole('button', { name: 'Simulate the transfer arriving' })).toBeNull();
    expect(page.queryByText('Test mode: no real money moves')).toBeNull();
  });
});

describe('paying by card (as drawn)', () => {
  it('shows the amount, the payer, the card tab chosen and the test cards with their outcomes in test mode', () => {
    const { page } = drawn(checkoutPage(pending, code));
    expect(page.getByText('₦1,200.50')).toBeTruthy();
    expect(page.getByText('tu...@customer.ng')).toBeTruthy();
    expect(page.getByText('Test mode: no real money moves')).toBeTruthy();
    expect(page.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe('true');
    expect(page.getByRole('heading', { name: 'Test cards' })).toBeTruthy();
    expect(page.getByText(`Any future expiry date and any 3-digit CVV. OTP: ${SANDBOX_OTP}.`)).toBeTruthy();
    for (const card of testCards) expect(page.getByText(card.description)).toBeTruthy();
    expect(page.getAllByRole('button', { name: 'Use' })).toHaveLength(testCards.length);
    expect(page.getByRole('button', { name: 'Pay ₦1,200.50' })).toBeTruthy();
  });

  it('shows no test cards on a live payment', () => {
    const { page } = drawn(checkoutPage({ ...pending, livemode: true }, code));
    expect(page.getByRole('button', { name: 'Pay ₦1,200.50' })).toBeTruthy();
    expect(page.queryByRole('heading', { name: 'Test cards' })).toBeNull();
  });

  it('shows the tries left after a decline', () => {
    const { page } = drawn(checkoutPage({ ...pending, attemptsLeft: 1 }, code, { notice: { tone: 'error', text: paymentMessages.cardDeclined } }));
    expect(page.getByRole('alert').textContent).toBe(paymentMessages.cardDeclined);
    expect(page.getByText('1 try left')).toBeTruthy();
  });
});

describe('a paid checkout and one being confirmed (as drawn)', () => {
  it('shows the receipt and leads back to the business', () => {
    const { page } = drawn(
      checkoutPage({ ...pending, status: 'success', paidAt: '2026-11-26T09:15:00.000Z', channel: 'card', returnUrl: 'https://shop.example/thanks?reference=x' }, code),
    );
    expect(page.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(page.getByText('paid to Adebayo Foods')).toBeTruthy();
    expect(page.getByText(reference)).toBeTruthy();
    expect(page.getByText('26 Nov 2026, 10:15')).toBeTruthy();
    expect(page.getByText('Card')).toBeTruthy();
    expect(page.getByText('Email').nextElementSibling!.textContent).toBe('tu...@customer.ng');
    expect(page.getByRole('link', { name: 'Return to Adebayo Foods' }).getAttribute('href')).toBe('https://shop.example/thanks?reference=x');
  });

  it('names where a live receipt was sent, and has no way back when the receipt is the end', () => {
    const { page } = drawn(checkoutPage({ ...pending, livemode: true, status: 'success', paidAt: '2026-11-26T09:15:00.000Z', channel: 'bank_transfer' }, code));
    expect(page.getByText('Receipt sent to').nextElementSibling!.textContent).toBe('tu...@customer.ng');
    expect(page.getByText('Bank transfer')).toBeTruthy();
    expect(page.queryByRole('link')).toBeNull();
  });

  it('waits for Paystack to confirm a live payment, and offers to look again without the script', () => {
    const { page, document } = drawn(checkoutPage({ ...pending, provider: 'paystack', livemode: true }, code));
    expect(page.getByText(paymentMessages.confirming)).toBeTruthy();
    expect(page.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(page.getByRole('link', { name: 'Check again' }).getAttribute('href')).toBe(`/checkout/${code}`);
    expect(document.querySelector('[data-poll]')!.getAttribute('data-poll')).toBe(`/api/v1/checkout/${code}`);
  });
});

describe('the payment link page (as drawn)', () => {
  const link: PayPage = {
    slug: 'ankara-fabric',
    livemode: true,
    active: true,
    name: 'Ankara fabric',
    description: 'Six yards.\nDelivered in Lagos.',
    amount: 2_500_000,
    currency: 'NGN',
    collectPhone: true,
    business: { name: 'Adebayo Foods', verified: true },
    acceptingPayments: true,
  };

  it('shows what is paid for, to whom, and asks for the customer and the phone the business wants', () => {
    const { page } = drawn(payPage(link));
    expect(page.getByRole('heading', { name: 'Ankara fabric' })).toBeTruthy();
    expect(page.getByText('Verified business')).toBeTruthy();
    expect(page.getByText('₦25,000.00')).toBeTruthy();
    expect(page.getByLabelText('Email address')).toBeTruthy();
    expect(page.getByLabelText('Full name')).toBeTruthy();
    expect(page.getByLabelText('Phone number')).toBeTruthy();
    expect(page.queryByLabelText('Amount (₦)')).toBeNull();
    expect(page.getByRole('button', { name: 'Pay ₦25,000.00' })).toBeTruthy();
  });

  it('tells the customer only that a business that cannot take payments cannot, before anything is typed', () => {
    const { page } = drawn(payPage({ ...link, acceptingPayments: false }));
    expect(page.getByRole('heading', { name: 'Ankara fabric' })).toBeTruthy();
    expect(page.getByText(paymentMessages.businessCannotTakePayments)).toBeTruthy();
    expect(page.getByText('This business cannot take payments right now.', { exact: false })).toBeTruthy();
    expect(page.queryByRole('textbox')).toBeNull();
    expect(page.queryByRole('button')).toBeNull();
  });
});

describe('the pages over HTTP, as plain forms', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    const user = await createVerifiedUser(server, { companyName: 'Adebayo Foods' });
    const session = await login(server, user);
    key = (await server.api.post('/api-keys', {}, { token: session.accessToken })).body.data.secretKey as string;
  });
  afterAll(() => server.close());

  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    return { response, html: await response.text() };
  };
  const post = async (path: string, fields: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { response, html: await response.text() };
  };
  const link = async (body: Record<string, unknown>) => {
    const res = await server.api.post('/payment-links', { name: 'Donation', ...body }, { token: key });
    expect(res.status).toBe(201);
    return res.body.data.slug as string;
  };
  /** Starts a payment on the link's page as a customer does; answers the checkout's path. */
  const start = async (slug: string, fields: Record<string, string> = {}) => {
    const { response } = await post(`/pay/${slug}`, { email: 'tunde@customer.ng', name: 'Tunde Bello', ...fields });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/checkout\/ck-[0-9a-f]{40}$/);
    return location;
  };
  const card = (outcome: (typeof testCards)[number]['outcome']) => ({ number: testCards.find((c) => c.outcome === outcome)!.number, expiry: '12/39', cvv: '123' });

  it('serves the page as HTML that draws itself: styles inline, no script of its own inline, nothing cached', async () => {
    const slug = await link({ amount: 2_500_000 });
    const { response, html } = await get(`/pay/${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const { page } = read(html);
    expect(page.getByRole('heading', { name: 'Donation' })).toBeTruthy();
    expect(page.getByText('Test mode: no real money moves')).toBeTruthy();
  });

  it('refuses what the link will not take, keeps what was typed, and starts the payment once it is right', async () => {
    const slug = await link({ amount: null, collectPhone: true });
    const refused = await post(`/pay/${slug}`, { amount: '50', email: 'not-an-email', name: ' ', phone: '' });
    expect(refused.response.status).toBe(400);
    const { page } = read(refused.html);
    expect(page.getByLabelText('Amount (₦)').getAttribute('aria-invalid')).toBe('true');
    expect(page.getByText(nairaMessage)).toBeTruthy();
    expect(page.getByText(messages.emailInvalid)).toBeTruthy();
    expect(page.getByText(paymentMessages.customerNameRequired)).toBeTruthy();
    expect(page.getByText(messages.phoneInvalid)).toBeTruthy();
    expect(el(page.getByLabelText('Email address')).value).toBe('not-an-email');
    expect(page.getByLabelText('Email address').getAttribute('aria-describedby')).toBe('f-email-error');
    expect((await server.api.get('/transactions', { token: key })).body.data.transactions).toEqual([]);

    const checkout = await start(slug, { amount: '1,200.50', phone: '+234 803 000 0000' });
    const { page: pay } = read((await get(checkout)).html);
    expect(pay.getByText('₦1,200.50')).toBeTruthy();
    expect(pay.getByText('tu...@customer.ng')).toBeTruthy();
  });

  it('says an unknown link or checkout is not one, and an inactive link that it is no longer active', async () => {
    const unknownLink = await get('/pay/no-such-link');
    expect(unknownLink.response.status).toBe(404);
    expect(read(unknownLink.html).page.getByRole('heading', { name: 'Payment link not found' })).toBeTruthy();
    expect(read(unknownLink.html).page.getByText(paymentMessages.payPageNotFound)).toBeTruthy();

    const unknown = await get('/checkout/ck_unknown');
    expect(unknown.response.status).toBe(404);
    expect(read(unknown.html).page.getByRole('heading', { name: 'Payment not found' })).toBeTruthy();
    expect(read(unknown.html).page.getByText('Check the link the business sent you, or start the payment again from its page.')).toBeTruthy();

    const created = await server.api.post('/payment-links', { name: 'Old stock', amount: 100_000 }, { token: key });
    const { id, slug } = created.body.data as { id: string; slug: string };
    expect((await server.api.patch(`/payment-links/${id}`, { active: false }, { token: key })).status).toBe(200);
    const inactive = await get(`/pay/${slug}`);
    expect(read(inactive.html).page.getByRole('heading', { name: 'This link is no longer active' })).toBeTruthy();
    expect(read(inactive.html).page.getByText(paymentMessages.payPageInactive)).toBeTruthy();
  });

  it('fills a test card with Use when the script is not there', async () => {
    const checkout = await start(await link({ amount: 100_000 }));
    const { page } = read((await get(`${checkout}?card=${card('success').number}`)).html);
    expect(el(page.getByLabelText('Card number')).value).toBe('4084 0840 8408 4081');
    expect(el(page.getByLabelText('Expiry (MM/YY)')).value).toBe('12/30');
    expect(el(page.getByLabelText('CVV')).value).toBe('123');
    // Only the test cards: nothing else typed into the address lands in the form.
    const other = read((await get(`${checkout}?card=4111111111111111`)).html).page;
    expect(el(other.getByLabelText('Card number')).value).toBe('');
  });

  it('says what is wrong with the card and charges nothing; a decline shows in the bank\'s words with the tries left; a good card pays', async () => {
    const checkout = await start(await link({ amount: 120_050 }));
    const wrong = await post(`${checkout}/card`, { number: '', expiry: '13/30', cvv: '12' });
    expect(wrong.response.status).toBe(400);
    const { page } = read(wrong.html);
    expect(page.getByText(paymentMessages.cardNumberInvalid)).toBeTruthy();
    expect(page.getByText(paymentMessages.expiryInvalid)).toBeTruthy();
    expect(page.getByText(paymentMessages.cvvInvalid)).toBeTruthy();
    expect(page.getByLabelText('CVV').getAttribute('aria-describedby')).toBe('f-cvv-error');

    const declined = await post(`${checkout}/card`, card('declined'));
    expect(declined.response.status).toBe(200);
    const after = read(declined.html).page;
    expect(after.getByRole('alert').textContent).toBe(paymentMessages.cardDeclined);
    expect(after.getByText('2 tries left')).toBeTruthy();
    expect(after.getByLabelText('Card number')).toBeTruthy();
    // Its address opened again (a reload) goes back to the checkout, never posting again.
    const again = await get(`${checkout}/card`);
    expect([again.response.status, again.response.headers.get('location')]).toEqual([303, checkout]);

    const paid = await post(`${checkout}/card`, { number: '4084 0840 8408 4081', expiry: '12/39', cvv: '123' });
    expect([paid.response.status, paid.response.headers.get('location')]).toEqual([303, checkout]);
    const receipt = read((await get(checkout)).html).page;
    expect(receipt.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(receipt.getByText('paid to Adebayo Foods')).toBeTruthy();
    expect(receipt.getByText('Card')).toBeTruthy();
    // A payment from a link without a redirect ends on its receipt: no way onward.
    expect(receipt.queryByRole('link')).toBeNull();
  });

  it('asks for the OTP, shows a wrong one under the field, and completes the payment with the right one', async () => {
    const checkout = await start(await link({ amount: 100_000 }));
    expect((await post(`${checkout}/card`, card('otp'))).response.status).toBe(303);
    const { page } = read((await get(checkout)).html);
    expect(page.getByText(paymentMessages.otpSent)).toBeTruthy();
    expect(page.queryByRole('tab', { name: 'Card' })).toBeNull();
    expect(page.getByText(`Test mode: ${SANDBOX_OTP}`)).toBeTruthy();

    const wrong = await post(`${checkout}/otp`, { otp: '000000' });
    const refused = read(wrong.html).page;
    expect(refused.getByText(paymentMessages.otpInvalid)).toBeTruthy();
    expect(refused.getByLabelText('OTP').getAttribute('aria-describedby')).toBe('f-otp-error');
    expect(refused.getByLabelText('OTP').getAttribute('aria-invalid')).toBe('true');

    expect((await post(`${checkout}/otp`, { otp: SANDBOX_OTP })).response.status).toBe(303);
    expect(read((await get(checkout)).html).page.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
  });

  it('gets an account for this payment, then confirms the transfer in test mode', async () => {
    const checkout = await start(await link({ amount: 120_050 }));
    const tab = read((await get(`${checkout}?method=bank_transfer`)).html).page;
    expect(tab.getByRole('tab', { name: 'Bank transfer' }).getAttribute('aria-selected')).toBe('true');
    expect(tab.getByText('Pay from your bank app into an account made for this payment.')).toBeTruthy();

    expect((await post(`${checkout}/bank-transfer`)).response.status).toBe(303);
    const { page } = read((await get(checkout)).html);
    expect(page.getByRole('tab', { name: 'Bank transfer' }).getAttribute('aria-selected')).toBe('true');
    expect(page.getByText(paymentMessages.transferAccountShown)).toBeTruthy();
    expect(page.getByText('FiPay Sandbox Bank')).toBeTruthy();
    expect(page.getByText('FiPay / Adebayo Foods')).toBeTruthy();
    expect(page.getByText(/^99\d{8}$/)).toBeTruthy();

    expect((await post(`${checkout}/bank-transfer/simulate`)).response.status).toBe(303);
    const receipt = read((await get(checkout)).html).page;
    expect(receipt.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    expect(receipt.getByText('Bank transfer')).toBeTruthy();
  });

  it('fails a payment after three declines and leads back to its link', async () => {
    const slug = await link({ amount: 100_000 });
    const checkout = await start(slug);
    for (let i = 0; i < 3; i += 1) await post(`${checkout}/card`, card('declined'));
    const { page } = read((await get(checkout)).html);
    expect(page.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
    expect(page.getByRole('link', { name: 'Start a new payment' }).getAttribute('href')).toBe(`/pay/${slug}`);
    // A step on a closed payment shows the payment as it is, with the server's word.
    const late = await post(`${checkout}/card`, card('success'));
    expect(late.response.status).toBe(409);
    expect(read(late.html).page.getByRole('heading', { name: 'Payment failed' })).toBeTruthy();
  });

  it("sends the customer back to the business's site from a payment it started", async () => {
    const started = await server.api.post('/transactions/initialize', { amount: 100_000, email: 'ada@customer.ng', callbackUrl: 'https://shop.example/thanks?from=fipay' }, { token: key });
    const checkout = new URL(started.body.data.authorizationUrl as string).pathname;
    expect((await post(`${checkout}/card`, card('success'))).response.status).toBe(303);
    const { page } = read((await get(checkout)).html);
    const back = page.getByRole('link', { name: 'Return to Adebayo Foods' }).getAttribute('href')!;
    expect(new URL(back).searchParams.get('reference')).toBe(started.body.data.reference);
    expect(back.startsWith('https://shop.example/thanks?from=fipay&')).toBe(true);
  });

  it('escapes what businesses and customers typed', async () => {
    const slug = await link({ amount: 100_000, name: '<img src=x onerror=alert(1)>', description: '"quoted" & <b>bold</b>' });
    const { html } = await get(`/pay/${slug}`);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const refused = await post(`/pay/${slug}`, { email: '"><script>alert(1)</script>', name: 'Ada' });
    expect(refused.html).not.toContain('<script>alert(1)');
  });

  it('answers odd requests without a server error', async () => {
    const slug = await link({ amount: null });
    const checkout = await start(slug, { amount: '500' });
    const odd: [string, RequestInit][] = [
      [`/pay/${slug}`, { method: 'POST' }],
      [`/pay/${slug}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ['a'], name: { x: 1 }, amount: 5 }) }],
      [`/pay/${slug}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a&email=b&__proto__=x&amount=%FF' }],
      [`/pay/${slug}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }],
      [`/pay/${slug}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `name=${'x'.repeat(9000)}` }],
      [`${checkout}?method=bank_transfer&method=card&card=1&card=2`, {}],
      [`${checkout}/card`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'number=4084084084084081&number=1&expiry=12%2F39&cvv=123' }],
      [`${checkout}/otp`, { method: 'POST' }],
      [`/checkout/${'x'.repeat(90)}/bank-transfer`, { method: 'POST' }],
      [`/pay/%00%ff`, {}],
    ];
    for (const [path, init] of odd) {
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
      expect(response.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
    }
  });
});

describe('the pages under their rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ rateRules: { payPagePerIp: { limit: 3, windowSeconds: 600 } } });
  });
  afterAll(() => server.close());

  it('count every drawing of a page, refused forms too, and say plainly when there were too many', async () => {
    const session = await login(server, await createVerifiedUser(server));
    const { slug } = (await server.api.post('/payment-links', { name: 'Donation', amount: null }, { token: session.accessToken })).body.data as { slug: string };
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=1&email=x&name=' };
    expect((await fetch(`${server.baseUrl}/pay/${slug}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/pay/${slug}`, form)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/pay/${slug}`, form)).status).toBe(400);
    const limited = await fetch(`${server.baseUrl}/pay/${slug}`, form);
    expect(limited.status).toBe(429);
    expect(read(await limited.text()).page.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect((await fetch(`${server.baseUrl}/checkout/ck-${'0'.repeat(40)}`)).status).toBe(429);
  });
});
