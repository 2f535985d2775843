import type { PaymentMethod } from '@fipay/contracts/payment-methods';
import { withdrawalMessages, type Withdrawal, type WithdrawalPreview } from '@fipay/contracts/withdrawals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubCalls, stubServer } from '../../test/stub-server';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { WithdrawPage } from './withdraw-page';

const method = (id: string, overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  livemode: false,
  kind: 'us_account',
  currency: 'USD',
  country: 'US',
  accountName: 'Acme Trading Ltd',
  bankName: null,
  bankCode: '021000021',
  accountNumber: '•••••6789',
  status: 'usable',
  nameReview: 'not_needed',
  usableFrom: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const usable = method('a1000000-0000-4000-8000-000000000001');
const cooling = method('a1000000-0000-4000-8000-000000000002', { accountNumber: '•••••1111', status: 'cooling_off', usableFrom: '2099-01-01T10:00:00.000Z' });
const review = method('a1000000-0000-4000-8000-000000000003', { accountNumber: '•••••2222', status: 'needs_review', nameReview: 'needs_review' });
const pounds = method('a1000000-0000-4000-8000-000000000004', { kind: 'gb_account', currency: 'GBP', accountNumber: '••••3333' });

const preview = (codeRequired: WithdrawalPreview['codeRequired'] = null, fee = '0'): WithdrawalPreview => ({
  asset: 'USD',
  amount: '1250',
  fee,
  total: String(1250n + BigInt(fee)),
  usdCents: '1250',
  destination: { kind: 'us_account', paymentMethodId: usable.id, accountName: 'Acme Trading Ltd', bankName: null, accountNumber: '•••••6789' },
  sendLimitLeftCents: '1000000',
  codeRequired,
});
const withdrawal = (status: Withdrawal['status']): Withdrawal => ({
  id: 'c1000000-0000-4000-8000-000000000001',
  livemode: false,
  asset: 'USD',
  amount: '1250',
  fee: '0',
  usdCents: '1250',
  destination: preview().destination,
  status,
  failureReason: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  paidAt: null,
  failedAt: null,
});

const renderAt = (path: string) => renderPage('/dashboard/wallet/:asset/withdraw', <WithdrawPage />, path);

describe('WithdrawPage', () => {
  signedInTestMode();

  it('offers the usable accounts of the asset, shows why the others wait, and sends the exact amount once with one Idempotency-Key', async () => {
    let made = false;
    const fetchMock = stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: [usable, cooling, review, pounds], coolingOffSeconds: 86400 } }),
      'GET /withdrawals': () => ({ data: { withdrawals: made ? [withdrawal('paid')] : [], nextBefore: null } }),
      'POST /withdrawals/preview': () => ({ data: preview() }),
      'POST /withdrawals': () => {
        made = true;
        return { status: 201, data: withdrawal('pending') };
      },
    });
    const user = renderAt('/dashboard/wallet/USD/withdraw');
    expect(screen.getByRole('heading', { level: 1, name: 'Send USD to a bank account' })).toBeInTheDocument();
    const first = await screen.findByRole('radio', { name: /•••••6789/ });
    expect(first).toBeEnabled();
    expect(screen.getByRole('radio', { name: /•••••1111/ })).toBeDisabled();
    expect(screen.getByText(/added recently; it can receive money from/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /•••••2222/ })).toBeDisabled();
    expect(screen.getByText(withdrawalMessages.methodNeedsReview)).toBeInTheDocument();
    // A GBP account is not offered for USD.
    expect(screen.queryByRole('radio', { name: /••••3333/ })).toBeNull();
    expect(await screen.findByText('No USD withdrawals yet.')).toBeInTheDocument();

    await user.click(first);
    await user.type(screen.getByLabelText('Amount (USD)'), '12.505');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('USD amounts have at most 2 decimal places.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/withdrawals/preview')).toEqual([]);
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check and send' })).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/withdrawals/preview')[0]!.body).toEqual({ asset: 'USD', amount: '1250', to: usable.id });
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('$10,000.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'On its way' })).toBeInTheDocument();
    const sent = stubCalls(fetchMock, 'POST', '/withdrawals');
    expect(sent.map((call) => call.body)).toEqual([{ asset: 'USD', amount: '1250', to: usable.id }]);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const recent = await screen.findByRole('list');
    expect(await within(recent).findByText('Paid')).toBeInTheDocument();
  });

  it('asks for the emailed code when the preview says so', async () => {
    const fetchMock = stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: [usable], coolingOffSeconds: 86400 } }),
      'GET /withdrawals': () => ({ data: { withdrawals: [], nextBefore: null } }),
      'POST /withdrawals/preview': () => ({ data: preview('email') }),
      'POST /withdrawals': (body) =>
        body?.code === '123456' ? { status: 201, data: withdrawal('pending') } : { status: 400, message: 'Invalid code.', data: { code: 'BAD_REQUEST', errors: { code: 'Invalid code.' } } },
    });
    const user = renderAt('/dashboard/wallet/USD/withdraw');
    await user.click(await screen.findByRole('radio', { name: /•••••6789/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check and send' });
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText(withdrawalMessages.emailCodeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Emailed code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'On its way' })).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/withdrawals').at(-1)!.body).toMatchObject({ code: '123456' });
  });

  it('shows a withdrawal fee before sending, what leaves the wallet with it, and that it comes back on failure', async () => {
    stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: [usable], coolingOffSeconds: 86400 } }),
      'GET /withdrawals': () => ({ data: { withdrawals: [], nextBefore: null } }),
      'POST /withdrawals/preview': () => ({ data: preview(null, '150') }),
      'POST /withdrawals': () => ({ status: 201, data: { ...withdrawal('pending'), fee: '150' } }),
    });
    const user = renderAt('/dashboard/wallet/USD/withdraw');
    await user.click(await screen.findByRole('radio', { name: /•••••6789/ }));
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check and send' });
    expect(screen.getByText('Fee').nextSibling).toHaveTextContent('1.50 USD');
    expect(screen.getByText('Leaves your wallet').nextSibling).toHaveTextContent('14.00 USD');
    expect(screen.getByText(/If it fails, the money comes back to your available balance, the fee with it\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'On its way' })).toBeInTheDocument();
    expect(screen.getByText('12.50 USD to Acme Trading Ltd · •••••6789 (fee 1.50 USD). Its status is below.')).toBeInTheDocument();
  });

  it('says plainly that crypto cannot be sent to a bank account yet', () => {
    stubServer({});
    renderAt('/dashboard/wallet/BTC/withdraw');
    expect(screen.getByText(withdrawalMessages.cryptoNotYet('BTC'))).toBeInTheDocument();
  });
});
