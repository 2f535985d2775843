import type { Checkout } from '@fipay/contracts/payments';
import { paymentMessages, SANDBOX_OTP } from '@fipay/contracts/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { CheckoutRoute } from './checkout-page';

const reference = 'fp_9a8b7c6d5e4f3a2b1c0d';
/** The checkout's access code: the address the customer is sent to (not the payment's reference). */
const code = 'ck_5f4e3d2c1b0a9f8e7d6c';

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
  returnUrl: `http://localhost:3000/checkout/${code}`,
  paidAt: null,
  channel: null,
  gatewayResponse: '',
};

const failed: Checkout = { ...pending, status: 'failed', attemptsLeft: 0, gatewayResponse: 'Declined' };

type Answer = { status?: number; message?: string; data: unknown };
/** What the server answers a step: by method and path after /api/v1, e.g. 'POST /checkout/code/card'. */
type Steps = Record<string, Answer | ((body: unknown) => Answer)>;

const envelope = ({ status = 200, message = 'OK', data }: Answer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The customer's phone opens the checkout at its access code: GET /checkout/{code} answers `checkout`, and each
 * step the page posts answers what `steps` says (the checkout after it). Returns the user and the fetch mock.
 */
function openCheckout(checkout: Checkout, steps: Steps = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace('/api/v1', '')}`;
    if (key === `GET /checkout/${code}`) return envelope({ data: checkout });
    const step = steps[key];
    if (!step) return envelope({ status: 404, message: 'Not found.', data: { code: 'NOT_FOUND' } });
    return envelope(typeof step === 'function' ? step(init?.body ? JSON.parse(String(init.body)) : undefined) : step);
  });
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/checkout/${code}`]}>
        <Routes>
          <Route path="/checkout/:code" element={<CheckoutRoute />} />
          <Route path="/pay/:slug" element={<h1>Pay page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, fetchMock };
}

const posted = (fetchMock: ReturnType<typeof openCheckout>['fetchMock'], path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && url === `/api/v1${path}`).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

afterEach(() => vi.unstubAllGlobals());

describe('a payment that failed after three declines', () => {
  it('leads back to the payment link it came from, to start a new payment', async () => {
    const { user } = openCheckout({ ...failed, paymentLink: { slug: 'ankara-fabric' }, returnUrl: 'https://shop.example/thanks?reference=x' });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.tooManyAttempts)).toBeInTheDocument();
    const again = screen.getByRole('link', { name: 'Start a new payment' });
    expect(again).toHaveAttribute('href', '/pay/ankara-fabric');
    await user.click(again);
    expect(await screen.findByRole('heading', { name: 'Pay page' })).toBeInTheDocument();
  });

  it("leads back to the business's site when the business sent the customer here", async () => {
    openCheckout({ ...failed, returnUrl: 'https://shop.example/thanks?from=fipay&reference=x&trxref=x' });
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Adebayo Foods' })).toHaveAttribute('href', 'https://shop.example/thanks?from=fipay&reference=x&trxref=x');
  });

  it('says what to do when there is nowhere to go back to', async () => {
    window.history.replaceState(null, '', `/checkout/${code}`);
    openCheckout(failed);
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('To pay, go back to Adebayo Foods and start a new payment there.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('leads back from an abandoned payment too', async () => {
    openCheckout({ ...pending, status: 'abandoned', paymentLink: { slug: 'donation' } });
    expect(await screen.findByRole('heading', { name: 'Payment closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new payment' })).toHaveAttribute('href', '/pay/donation');
  });
});

describe('the bank transfer account', () => {
  const transfer: Checkout = {
    ...pending,
    step: 'bank_transfer',
    bankTransfer: { bankName: 'FiPay Sandbox Bank', accountNumber: '9912345678', accountName: 'FiPay / Adebayo Foods', expiresAt: '2026-11-27T09:30:00.000Z' },
  };

  it('says until when it is valid, in Lagos time', async () => {
    openCheckout(transfer);
    expect(await screen.findByText('9912345678')).toBeInTheDocument();
    const until = screen.getByText('Valid until').nextElementSibling!;
    expect(until).toHaveTextContent('27 Nov 2026, 10:30 (Lagos time)');
    expect(until.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T09:30:00.000Z');
  });

  it('copies the account number and says so on the button and to screen readers', async () => {
    const { user } = openCheckout(transfer);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const copy = await screen.findByRole('button', { name: 'Copy account number' });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('9912345678'));
    expect(await navigator.clipboard.readText()).toBe('9912345678');
    expect(screen.getByRole('button', { name: 'Copied account number' })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('The account number is copied.');
  });

  it('says how to copy it when the browser will not', async () => {
    const { user } = openCheckout(transfer);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copying did not work here. Select the account number and copy it.');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
  });
});

describe('paying by card', () => {
  const paid: Checkout = { ...pending, status: 'success', paidAt: '2026-11-26T09:15:00.000Z', channel: 'card', gatewayResponse: 'Approved' };

  it('shows the amount, the test cards in test mode, and takes the card the customer typed', async () => {
    const { user, fetchMock } = openCheckout(pending, { [`POST /checkout/${code}/card`]: { message: 'Payment successful.', data: paid } });
    expect(await screen.findByText('₦1,200.50')).toBeInTheDocument();
    expect(screen.getByText('tu...@customer.ng')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Card' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Test cards' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Card number'), '4084 0840 8408 4081');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,200.50' }));

    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(posted(fetchMock, `/checkout/${code}/card`)).toEqual([{ number: '4084084084084081', expiry: '12/30', cvv: '123' }]);
  });

  it('fills a test card with Use', async () => {
    const { user } = openCheckout(pending);
    await screen.findByRole('heading', { name: 'Test cards' });
    await user.click(screen.getAllByRole('button', { name: 'Use' })[0]!);
    expect(screen.getByLabelText('Card number')).toHaveValue('4084 0840 8408 4081');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    expect(screen.getByLabelText('CVV')).toHaveValue('123');
  });

  it('says what is wrong with the card before sending anything', async () => {
    const { user, fetchMock } = openCheckout(pending);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦1,200.50' }));
    expect(await screen.findByText(paymentMessages.cardNumberInvalid)).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.expiryInvalid)).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.cvvInvalid)).toBeInTheDocument();
    expect(posted(fetchMock, `/checkout/${code}/card`)).toHaveLength(0);
  });

  it("shows a decline in the bank's words and the tries left, and keeps the form", async () => {
    const declined: Checkout = { ...pending, attemptsLeft: 2, gatewayResponse: 'Declined' };
    const { user } = openCheckout(pending, { [`POST /checkout/${code}/card`]: { message: paymentMessages.cardDeclined, data: declined } });
    await screen.findByRole('heading', { name: 'Test cards' });
    // The third test card: declined by the bank.
    await user.click(screen.getAllByRole('button', { name: 'Use' })[2]!);
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,200.50' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(paymentMessages.cardDeclined);
    expect(screen.getByText('2 tries left')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
  });

  it('shows no test cards on a live payment', async () => {
    openCheckout({ ...pending, livemode: true });
    expect(await screen.findByRole('button', { name: 'Pay ₦1,200.50' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Test cards' })).not.toBeInTheDocument();
  });
});

describe('the OTP step', () => {
  const otp: Checkout = { ...pending, step: 'otp' };

  it('asks for the OTP and completes the payment with it', async () => {
    const paid: Checkout = { ...pending, status: 'success', paidAt: '2026-11-26T09:15:00.000Z', channel: 'card' };
    const { user, fetchMock } = openCheckout(otp, { [`POST /checkout/${code}/otp`]: { message: 'Payment successful.', data: paid } });
    expect(await screen.findByText(paymentMessages.otpSent)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Card' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('OTP'), SANDBOX_OTP);
    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(posted(fetchMock, `/checkout/${code}/otp`)).toEqual([{ otp: SANDBOX_OTP }]);
  });

  it("shows the server's refusal of a wrong OTP under the field", async () => {
    const refusal = { status: 422, message: 'Check the OTP.', data: { code: 'UNPROCESSABLE', errors: { otp: paymentMessages.otpInvalid } } };
    const { user } = openCheckout(otp, { [`POST /checkout/${code}/otp`]: refusal });
    await user.type(await screen.findByLabelText('OTP'), '000000');
    await user.click(screen.getByRole('button', { name: 'Complete payment' }));
    expect(await screen.findByText(paymentMessages.otpInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('OTP')).toHaveAccessibleDescription(expect.stringContaining(paymentMessages.otpInvalid));
  });
});

describe('paying by bank transfer', () => {
  const account = { bankName: 'FiPay Sandbox Bank', accountNumber: '9912345678', accountName: 'FiPay / Adebayo Foods', expiresAt: '2026-11-27T09:30:00.000Z' };

  it('gets an account for this payment, then confirms the transfer in test mode', async () => {
    const withAccount: Checkout = { ...pending, step: 'bank_transfer', bankTransfer: account };
    const paid: Checkout = { ...withAccount, status: 'success', paidAt: '2026-11-26T09:20:00.000Z', channel: 'bank_transfer' };
    const { user, fetchMock } = openCheckout(pending, {
      [`POST /checkout/${code}/bank-transfer`]: { message: 'Account ready.', data: withAccount },
      [`POST /checkout/${code}/bank-transfer/simulate`]: { message: 'Payment successful.', data: paid },
    });
    await user.click(await screen.findByRole('tab', { name: 'Bank transfer' }));
    expect(screen.getByText('Pay from your bank app into an account made for this payment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get account details' }));

    expect(await screen.findByText('9912345678')).toBeInTheDocument();
    expect(screen.getByText(paymentMessages.transferAccountShown)).toBeInTheDocument();
    expect(screen.getByText('FiPay Sandbox Bank')).toBeInTheDocument();
    expect(screen.getByText('FiPay / Adebayo Foods')).toBeInTheDocument();
    expect(posted(fetchMock, `/checkout/${code}/bank-transfer`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Simulate the transfer arriving' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Bank transfer')).toBeInTheDocument();
  });

  it('says when the account could not be made', async () => {
    const { user } = openCheckout(pending, {
      [`POST /checkout/${code}/bank-transfer`]: { status: 503, message: 'Bank transfers are not available right now. Pay by card or try again later.', data: { code: 'SERVICE_UNAVAILABLE' } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Bank transfer' }));
    await user.click(screen.getByRole('button', { name: 'Get account details' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank transfers are not available right now. Pay by card or try again later.');
    expect(screen.getByRole('button', { name: 'Get account details' })).toBeEnabled();
  });

  it('offers no simulation on a live payment', async () => {
    openCheckout({ ...pending, livemode: true, step: 'bank_transfer', bankTransfer: account });
    expect(await screen.findByText('9912345678')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simulate the transfer arriving' })).not.toBeInTheDocument();
  });
});

describe('a paid checkout', () => {
  it('shows the receipt and leads back to the business', async () => {
    openCheckout({ ...pending, status: 'success', paidAt: '2026-11-26T09:15:00.000Z', channel: 'card', returnUrl: 'https://shop.example/thanks?reference=x' });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('paid to Adebayo Foods')).toBeInTheDocument();
    expect(screen.getByText(reference)).toBeInTheDocument();
    expect(screen.getByText('Card')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Adebayo Foods' })).toHaveAttribute('href', 'https://shop.example/thanks?reference=x');
  });

  it('waits for Paystack to confirm a live payment', async () => {
    openCheckout({ ...pending, provider: 'paystack', livemode: true });
    expect(await screen.findByText(paymentMessages.confirming)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });
});

describe('a checkout that cannot be shown', () => {
  it('says an unknown address is not a payment', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ status: 404, message: 'Checkout not found.', data: { code: 'NOT_FOUND' } })));
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/checkout/ck_unknown']}>
          <Routes>
            <Route path="/checkout/:code" element={<CheckoutRoute />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    expect(screen.getByText('Check the link the business sent you, or start the payment again from its page.')).toBeInTheDocument();
  });
});
