import type { Checkout } from '@fipay/contracts/payments';
import { paymentMessages } from '@fipay/contracts/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { CheckoutRoute } from './checkout-page';

const reference = 'fp_9a8b7c6d5e4f3a2b1c0d';

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
  returnUrl: `http://localhost:3000/checkout/${reference}`,
  paidAt: null,
  channel: null,
  gatewayResponse: '',
};

const failed: Checkout = { ...pending, status: 'failed', attemptsLeft: 0, gatewayResponse: 'Declined' };

/** The customer's phone opens the checkout; GET /checkout/{reference} answers `checkout`. */
function openCheckout(checkout: Checkout) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: checkout }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/checkout/${reference}`]}>
        <Routes>
          <Route path="/checkout/:reference" element={<CheckoutRoute />} />
          <Route path="/pay/:slug" element={<h1>Pay page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('a payment that failed after three declines', () => {
  it('leads back to the payment link it came from, to start a new payment', async () => {
    const user = openCheckout({ ...failed, paymentLink: { slug: 'ankara-fabric' }, returnUrl: 'https://shop.example/thanks?reference=x' });
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
    window.history.replaceState(null, '', `/checkout/${reference}`);
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
    const user = openCheckout(transfer);
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
    const user = openCheckout(transfer);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Copy account number' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copying did not work here. Select the account number and copy it.');
    expect(screen.getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
  });
});
