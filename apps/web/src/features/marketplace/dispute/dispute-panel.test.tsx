import { disputeMessages, type TradeDetail } from '@fipay/contracts/trade-disputes';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { stubCalls, stubServer } from '../../../test/stub-server';
import { DisputePanel } from './dispute-panel';

const TRADE_ID = 'c0000000-0000-4000-8000-000000000024';

const trade = (dispute: TradeDetail['dispute'], extra: Partial<TradeDetail> = {}): TradeDetail => ({
  id: TRADE_ID,
  livemode: false,
  offerId: 'f0000000-0000-4000-8000-000000000001',
  role: 'buyer',
  counterparty: { name: 'Kano Crypto Desk Ltd', tag: null },
  status: 'disputed',
  asset: 'USDT',
  fiat: 'NGN',
  amount: '20000000',
  price: '165000',
  fiatAmount: '3300000',
  sellerFee: '100000',
  buyerFee: '50000',
  method: 'ng_bank_transfer',
  payTo: null,
  payBy: null,
  releaseBy: '2026-11-26T09:10:00.000Z',
  paidAt: '2026-11-26T08:10:00.000Z',
  endedAt: null,
  sellerAskedCancel: false,
  buyerAskedCancel: false,
  cancelReason: null,
  disputedBy: 'seller',
  ruling: null,
  rulingBuyerAmount: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  dispute,
  ...extra,
});

const open = {
  status: 'open' as const,
  openedBy: 'seller' as const,
  openedAt: '2026-11-26T09:00:00.000Z',
  evidenceBy: '2026-11-26T21:00:00.000Z',
  canWrite: true,
  mine: null,
  otherWrote: true,
  endedAt: null,
};

function renderPanel() {
  render(
    <>
      <DisputePanel tradeId={TRADE_ID} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return userEvent.setup();
}

describe('DisputePanel', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('lets the party write its statement, checked before sending, then edit it', async () => {
    const server = stubServer({
      [`GET /trades/${TRADE_ID}`]: () => ({ data: trade(open) }),
      [`POST /trades/${TRADE_ID}/dispute/statement`]: (body) => ({
        message: disputeMessages.statementSaved,
        data: { ...open, mine: { body: body!.body, createdAt: '2026-11-26T09:30:00.000Z', updatedAt: '2026-11-26T09:30:00.000Z' } },
      }),
    });
    const user = renderPanel();
    expect(await screen.findByRole('heading', { name: 'Dispute open' })).toBeInTheDocument();
    expect(screen.getByText(/Opened .* by the seller/)).toBeInTheDocument();
    expect(screen.getByText(/The other side has written its statement./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText(disputeMessages.statementMissing)).toBeInTheDocument();
    expect(stubCalls(server, 'POST', `/trades/${TRADE_ID}/dispute/statement`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Your statement'), 'I paid at 10:02; reference GT-4471.');
    await user.click(screen.getByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText(disputeMessages.statementSaved)).toBeInTheDocument();
    expect(stubCalls(server, 'POST', `/trades/${TRADE_ID}/dispute/statement`)[0]!.body).toEqual({ body: 'I paid at 10:02; reference GT-4471.' });
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.getByLabelText('Your statement')).toHaveValue('I paid at 10:02; reference GT-4471.');
  });

  it('shows the server’s refusal under the form', async () => {
    stubServer({
      [`GET /trades/${TRADE_ID}`]: () => ({ data: trade(open) }),
      [`POST /trades/${TRADE_ID}/dispute/statement`]: () => ({ status: 409, message: disputeMessages.disputeEnded, data: { code: 'CONFLICT' } }),
    });
    const user = renderPanel();
    await user.type(await screen.findByLabelText('Your statement'), 'Late words.');
    await user.click(screen.getByRole('button', { name: 'Send statement' }));
    expect(await screen.findByText(disputeMessages.disputeEnded)).toBeInTheDocument();
  });

  it('shows a decided dispute with the ruling and the statement kept, and nothing for a trade never disputed', async () => {
    const ruled = { ...open, status: 'ruled' as const, canWrite: false, mine: { body: 'Paid on time.', createdAt: open.openedAt, updatedAt: open.openedAt }, endedAt: '2026-11-26T22:00:00.000Z' };
    stubServer({ [`GET /trades/${TRADE_ID}`]: () => ({ data: trade(ruled, { status: 'resolved', ruling: 'split', rulingBuyerAmount: '8000000' }) }) });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Dispute decided' })).toBeInTheDocument();
    expect(screen.getByText(/Split between both. 8 USDT went to the buyer./)).toBeInTheDocument();
    expect(screen.getByText('Paid on time.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('renders nothing for a trade that never went to dispute', async () => {
    const server = stubServer({ [`GET /trades/${TRADE_ID}`]: () => ({ data: trade(null, { status: 'paid', disputedBy: null }) }) });
    renderPanel();
    await vi.waitFor(() => expect(server).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByText('Loading the dispute…')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
