import type { Transaction } from '@fipay/contracts/payments';

/** A test-mode card payment of ₦45,000 as the API lists it, paid and not refunded; `overrides` change any field. */
export function paidPayment(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: '5a0b6c1d-0000-4000-8000-000000000001',
    reference: 'fp_1111aaaa2222bbbb3333',
    livemode: false,
    amount: 4_500_000,
    fee: 77_500,
    net: 4_422_500,
    currency: 'NGN',
    status: 'success',
    purpose: 'payment',
    channel: 'card',
    customer: { email: 'chidi@customer.ng', name: 'Chidi Okeke', phone: null },
    card: { brand: 'Visa', last4: '4081' },
    paymentLinkId: null,
    refundedAmount: 0,
    availableAt: '2026-11-25T10:00:00.000Z',
    payoutId: null,
    settlementId: null,
    gatewayResponse: 'Approved',
    metadata: {},
    paidAt: '2026-11-25T10:00:00.000Z',
    createdAt: '2026-11-25T09:59:00.000Z',
    ...overrides,
  };
}
