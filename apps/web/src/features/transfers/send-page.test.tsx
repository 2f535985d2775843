import { transferMessages, type Transfer, type TransferPreview } from '@fipay/contracts/transfers';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubCalls, stubServer } from '../../test/stub-server';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { SendPage } from './send-page';

const preview = (codeRequired: TransferPreview['codeRequired'] = null): TransferPreview => ({
  recipient: { name: 'Bisi Foods Ltd', tag: 'bisi', display: '@bisi' },
  asset: 'USD',
  amount: '1250',
  fee: '0',
  usdCents: '1250',
  codeRequired,
});
const transfer: Transfer = {
  id: 'c1000000-0000-4000-8000-000000000001',
  livemode: false,
  direction: 'sent',
  asset: 'USD',
  amount: '1250',
  fee: '0',
  usdCents: '1250',
  note: 'Invoice 7',
  counterparty: { name: 'Bisi Foods Ltd', tag: 'bisi', display: '@bisi' },
  createdAt: '2026-11-26T12:00:00.000Z',
};

const renderAt = (path: string) => renderPage('/dashboard/wallet/:asset/send', <SendPage />, path);

describe('SendPage', () => {
  signedInTestMode();

  it('reads the amount exactly at the asset’s precision, checks the transfer, then sends it once with one Idempotency-Key', async () => {
    let sends = 0;
    const fetchMock = stubServer({
      'POST /transfers/preview': () => ({ data: preview() }),
      // The first answer is lost to an outage; the retry carries the same key.
      'POST /transfers': () => ((sends += 1) === 1 ? { status: 503, message: 'Try again shortly.', data: { code: 'SERVICE_UNAVAILABLE' } } : { status: 201, data: transfer }),
    });
    const user = renderAt('/dashboard/wallet/USD/send?to=%40bisi');
    expect(screen.getByRole('heading', { level: 1, name: 'Send USD' })).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveValue('@bisi');

    await user.type(screen.getByLabelText('Amount (USD)'), '12.505');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('USD amounts have at most 2 decimal places.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/transfers/preview')).toEqual([]);

    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.type(screen.getByLabelText('Note (optional)'), 'Invoice 7');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check and send' })).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/transfers/preview')[0]!.body).toEqual({ asset: 'USD', amount: '1250', to: '@bisi' });
    expect(screen.getByText('Bisi Foods Ltd (@bisi)')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText('Try again shortly.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'Sent' })).toBeInTheDocument();
    expect(screen.getByText("12.50 USD is in Bisi Foods Ltd's wallet now.")).toBeInTheDocument();
    const sent = stubCalls(fetchMock, 'POST', '/transfers');
    expect(sent.map((call) => call.body)).toEqual([
      { asset: 'USD', amount: '1250', to: '@bisi', note: 'Invoice 7' },
      { asset: 'USD', amount: '1250', to: '@bisi', note: 'Invoice 7' },
    ]);
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
  });

  it('asks for an emailed code when the preview says so, sends one on request, and shows the server’s refusal by the field', async () => {
    const fetchMock = stubServer({
      'POST /transfers/preview': () => ({ data: preview('email') }),
      'POST /transfers/code': () => ({ data: { expiresInSeconds: 600, resendInSeconds: 60 } }),
      'POST /transfers': (body) =>
        body?.code === '123456' ? { status: 201, data: transfer } : { status: 400, message: 'Invalid code.', data: { code: 'BAD_REQUEST', errors: { code: 'Invalid code.' } } },
    });
    const user = renderAt('/dashboard/wallet/USD/send');
    await user.type(screen.getByLabelText('To'), 'ops@bisi.ng');
    await user.type(screen.getByLabelText('Amount (USD)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check and send' });

    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText(transferMessages.emailCodeRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText('We emailed you a code.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Emailed code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByText('Invalid code.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Emailed code'));
    await user.type(screen.getByLabelText('Emailed code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Send 12.50 USD' }));
    expect(await screen.findByRole('heading', { name: 'Sent' })).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/transfers').at(-1)!.body).toMatchObject({ to: 'ops@bisi.ng', code: '123456' });
  });

  it('says so when the address names no asset FiPay holds', () => {
    stubServer({});
    renderAt('/dashboard/wallet/XRP/send');
    expect(screen.getByText('"XRP" is not an asset FiPay holds. Choose one of NGN, USD, GBP, EUR, BTC, ETH, USDT, USDC.')).toBeInTheDocument();
  });
});
