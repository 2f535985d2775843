import { refundMessages, type TransactionDetail } from '@fipay/contracts/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { useAuthStore } from '../../../stores/auth-store';
import { sessionFixture } from '../../../test/session-fixture';
import { paidPayment } from '../test-fixtures';
import { TransactionDetailDialog } from './transaction-detail-dialog';

const reference = 'fp_4b1c2d3e4f5a6b7c8d9e';

const paid: TransactionDetail = {
  ...paidPayment({ id: '5a0b6c1d-0000-4000-8000-000000000010', reference }),
  timeline: [{ type: 'charge.success', message: 'Paid with Visa ending 4081.', at: '2026-11-25T10:00:00.000Z' }],
  refunds: [],
  refundable: 4_500_000,
};

const refunded = {
  id: '6b1c7d2e-0000-4000-8000-000000000011',
  transactionReference: reference,
  livemode: false,
  amount: 4_500_000,
  currency: 'NGN',
  status: 'processed',
  reason: '',
  failureReason: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  processedAt: '2026-11-26T09:00:00.000Z',
};

type Refusal = { status: number; message: string; code: string };

/**
 * Answers GET /transactions/{reference} with the payment and POST /refunds with the refund asked for, processed (or
 * with `refusal`, the server's answer when it will not refund); returns the mock.
 */
function stubServer(payment: TransactionDetail = paid, refusal?: Refusal) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && refusal) {
      const answer = { isSuccessful: false, message: refusal.message, data: { code: refusal.code } };
      return new Response(JSON.stringify(answer), { status: refusal.status, headers: { 'Content-Type': 'application/json' } });
    }
    const body =
      init?.method === 'POST'
        ? { isSuccessful: true, message: 'Refund processed.', data: { ...refunded, amount: (JSON.parse(String(init.body)) as { amount: number }).amount } }
        : { isSuccessful: true, message: 'OK', data: payment };
    return new Response(JSON.stringify(body), { status: init?.method === 'POST' ? 201 : 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const refundCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/**
 * The refund's question is a dialog over the payment's: Radix lets it take clicks a render after it shows (the layer
 * beneath stops taking them first), so wait for that as a person would before clicking in it.
 */
async function question(name: string | RegExp) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toHaveStyle({ pointerEvents: 'auto' }));
  return dialog;
}

function renderDialog() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <TransactionDetailDialog reference={reference} onClose={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
  return user;
}


describe('refunding a payment', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it('asks first, naming the amount, the customer and the payment; Cancel sends nothing', async () => {
    const fetchMock = stubServer();
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    expect(within(detail).getByLabelText('Amount to refund (₦)')).toHaveValue('45000');
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));

    const confirm = await question('Refund ₦45,000.00?');
    expect(confirm).toHaveAccessibleDescription(expect.stringContaining('₦45,000.00 goes back to Chidi Okeke (chidi@customer.ng)'));
    expect(within(confirm).getByText(reference)).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(refundCalls(fetchMock)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund ₦45,000.00?' })).not.toBeInTheDocument());
    // Still on the payment, nothing sent, focus back on the button that asked.
    expect(screen.getByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refund' })).toHaveFocus());
    expect(refundCalls(fetchMock)).toHaveLength(0);

    // Escape closes the question only, and sends nothing either.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await question('Refund ₦45,000.00?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund ₦45,000.00?' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' })).toBeInTheDocument();
    expect(refundCalls(fetchMock)).toHaveLength(0);
  });

  it('sends the refund once confirmed, with the amount and reason asked about', async () => {
    const fetchMock = stubServer();
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    await user.clear(within(detail).getByLabelText('Amount to refund (₦)'));
    await user.type(within(detail).getByLabelText('Amount to refund (₦)'), '5,000');
    await user.type(within(detail).getByLabelText('Reason (optional)'), 'One yard short');
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));

    const confirm = await question('Refund ₦5,000.00?');
    expect(within(confirm).getByText('One yard short')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Refund ₦5,000.00' }));

    await waitFor(() => expect(refundCalls(fetchMock)).toHaveLength(1));
    const [url, init] = refundCalls(fetchMock)[0]!;
    expect(url).toBe('/api/v1/refunds');
    expect(JSON.parse(String(init!.body))).toEqual({ reference, amount: 500_000, reason: 'One yard short' });
    expect(await screen.findByText('₦5,000.00 refunded.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Refund ₦/ })).not.toBeInTheDocument();
  });

  it('asks nothing for an amount it would refuse', async () => {
    const fetchMock = stubServer();
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    await user.clear(within(detail).getByLabelText('Amount to refund (₦)'));
    await user.type(within(detail).getByLabelText('Amount to refund (₦)'), '50,000');
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    expect(within(detail).getByText('Enter an amount up to ₦45,000.00.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /^Refund ₦/ })).not.toBeInTheDocument();
    expect(refundCalls(fetchMock)).toHaveLength(0);
  });

  it("offers what the server will accept: after a payout, only what the balance not yet paid out covers", async () => {
    const fetchMock = stubServer({ ...paid, refundable: 1_000_000 });
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    expect(within(detail).getByText(/^Up to ₦10,000\.00, taken from your balance not yet paid out/)).toBeInTheDocument();
    expect(within(detail).getByLabelText('Amount to refund (₦)')).toHaveValue('10000');
    await user.clear(within(detail).getByLabelText('Amount to refund (₦)'));
    await user.type(within(detail).getByLabelText('Amount to refund (₦)'), '45,000');
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    expect(within(detail).getByText('Enter an amount up to ₦10,000.00.')).toBeInTheDocument();
    expect(refundCalls(fetchMock)).toHaveLength(0);
  });

  it('says why nothing can be refunded now when the balance not yet paid out is gone', async () => {
    stubServer({ ...paid, refundable: 0 });
    renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    expect(within(detail).getByText(/₦45,000\.00 is left on this payment, but your balance not yet paid out is too low/)).toBeInTheDocument();
    expect(within(detail).getByRole('button', { name: 'Refund' })).toBeDisabled();
  });

  it("shows the server's refusal above the form, keeps the amount, and leaves the payment open", async () => {
    const fetchMock = stubServer(paid, { status: 422, message: refundMessages.balanceShort, code: 'UNPROCESSABLE' });
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    await user.click(within(await question('Refund ₦45,000.00?')).getByRole('button', { name: 'Refund ₦45,000.00' }));

    await waitFor(() => expect(refundCalls(fetchMock)).toHaveLength(1));
    expect(await within(detail).findByRole('alert')).toHaveTextContent(refundMessages.balanceShort);
    expect(screen.queryByRole('dialog', { name: /^Refund ₦/ })).not.toBeInTheDocument();
    expect(within(detail).getByLabelText('Amount to refund (₦)')).toHaveValue('45000');
    expect(screen.queryByText('₦45,000.00 refunded.')).not.toBeInTheDocument();
  });

  it('names the customer by email alone when the payment has no name', async () => {
    stubServer({ ...paid, customer: { email: 'chidi@customer.ng', name: '', phone: null } });
    const user = renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    await user.click(within(detail).getByRole('button', { name: 'Refund' }));
    expect(await question('Refund ₦45,000.00?')).toHaveAccessibleDescription(expect.stringContaining('₦45,000.00 goes back to chidi@customer.ng, from your available balance.'));
  });

  it('offers no refund on a payment that did not succeed', async () => {
    stubServer({ ...paid, status: 'failed', fee: null, net: null, paidAt: null, refundable: 0 });
    renderDialog();
    const detail = await screen.findByRole('dialog', { name: '₦45,000.00 from chidi@customer.ng' });
    expect(within(detail).getByText('Failed')).toBeInTheDocument();
    expect(within(detail).queryByRole('heading', { name: 'Refund' })).not.toBeInTheDocument();
    expect(within(detail).queryByLabelText('Amount to refund (₦)')).not.toBeInTheDocument();
  });
});
