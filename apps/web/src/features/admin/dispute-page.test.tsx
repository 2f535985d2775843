import { disputeMessages, type DisputeCase } from '@fipay/contracts/trade-disputes';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { DisputePage } from './dispute-page';
import { DisputesPage } from './disputes-page';
import { fail, ok, plainReviewer, signInAs, stubApi } from './test-fixtures';

const TRADE_ID = 'c0000000-0000-4000-8000-000000000024';
const SELLER = 'a1000000-0000-4000-8000-000000000001';
const BUYER = 'b2000000-0000-4000-8000-000000000002';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      {
        path: '/admin',
        Component: AdminLayout,
        children: [
          { path: 'disputes', Component: DisputesPage },
          { path: 'disputes/:tradeId', Component: DisputePage },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup() };
}

const queueItem = {
  tradeId: TRADE_ID,
  livemode: false,
  status: 'open' as const,
  asset: 'USDT' as const,
  amount: '20000000',
  fiat: 'NGN' as const,
  fiatAmount: '3300000',
  seller: { companyId: SELLER, name: 'Kano Crypto Desk Ltd' },
  buyer: { companyId: BUYER, name: 'Adebayo Foods Ltd' },
  openedBy: 'seller' as const,
  openedAt: '2026-11-26T09:00:00.000Z',
  evidenceBy: '2026-11-26T21:00:00.000Z',
  evidenceOpen: false,
  sellerWrote: false,
  buyerWrote: true,
  endedAt: null,
};

const disputeCase = (overrides: Partial<DisputeCase> = {}): DisputeCase => ({
  trade: {
    id: TRADE_ID,
    livemode: false,
    status: 'disputed',
    asset: 'USDT',
    fiat: 'NGN',
    amount: '20000000',
    price: '165000',
    fiatAmount: '3300000',
    sellerFee: '100000',
    buyerFee: '50000',
    method: 'ng_bank_transfer',
    createdAt: '2026-11-26T08:00:00.000Z',
    payBy: '2026-11-26T08:30:00.000Z',
    paidAt: '2026-11-26T08:10:00.000Z',
    releaseBy: '2026-11-26T09:10:00.000Z',
    endedAt: null,
  },
  seller: { companyId: SELLER, name: 'Kano Crypto Desk Ltd', completedTrades: 41, disputes: 2 },
  buyer: { companyId: BUYER, name: 'Adebayo Foods Ltd', completedTrades: 7, disputes: 1 },
  dispute: { status: 'open', openedBy: 'seller', openedAt: '2026-11-26T09:00:00.000Z', evidenceBy: '2026-11-26T21:00:00.000Z', evidenceOpen: false, endedAt: null },
  statements: {
    seller: { state: 'missing', body: null, updatedAt: null },
    buyer: { state: 'written', body: 'I paid at 10:02; the bank reference is GT-4471.', updatedAt: '2026-11-26T09:30:00.000Z' },
  },
  chat: {
    messages: [
      { id: 'm1', seq: '1', tradeId: TRADE_ID, author: 'system', mine: false, systemEvent: 'disputed', body: '', attachment: null, createdAt: '2026-11-26T09:00:00.000Z' },
      { id: 'm2', seq: '2', tradeId: TRADE_ID, author: 'buyer', mine: false, systemEvent: null, body: 'Receipt attached.', attachment: { name: 'receipt.pdf', contentType: 'application/pdf', size: 2048 }, createdAt: '2026-11-26T09:05:00.000Z' },
    ],
    reads: { seller: null, buyer: '2' },
  },
  ledger: [
    {
      id: 'e1',
      kind: 'trade.escrow',
      description: 'Marketplace trade: into escrow',
      createdAt: '2026-11-26T08:00:00.000Z',
      lines: [
        { companyId: SELLER, account: 'available', currency: 'USDT', amount: '20100000' },
        { companyId: SELLER, account: 'escrow', currency: 'USDT', amount: '-20100000' },
      ],
    },
  ],
  ruling: null,
  ...overrides,
});

describe('disputes in the back office', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
    signInAs(plainReviewer);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('lists open disputes with their deadline and statements, each leading to its case; the nav links the queue', async () => {
    stubApi([
      [
        'GET',
        'admin/disputes',
        ok({ disputes: [queueItem], pagination: { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 1 }, counts: { open: 1, ruled: 3, withdrawn: 0 } }),
      ],
    ]);
    renderAt('/admin/disputes');
    const link = await screen.findByRole('link', { name: '20 USDT' });
    expect(link).toHaveAttribute('href', `/admin/disputes/${TRADE_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('for 33,000.00 NGN')).toBeInTheDocument();
    expect(within(row).getByText('Deadline passed')).toBeInTheDocument();
    expect(within(row).getByText('Seller no statement')).toBeInTheDocument();
    expect(within(row).getByText('Buyer wrote')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Ruled\s*3$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Disputes' })).toHaveAttribute('href', '/admin/disputes');
  });

  it('shows the case with a missing statement and the ledger, and rules a split sent in the smallest units', async () => {
    const ruled = disputeCase({
      dispute: { ...disputeCase().dispute, status: 'ruled', endedAt: '2026-11-26T22:00:00.000Z' },
      ruling: { outcome: 'split', buyerAmount: '8000000', reason: 'The buyer paid 40 % of the naira.', by: { id: plainReviewer.id, name: plainReviewer.name } },
    });
    const api = stubApi([
      ['GET', `admin/disputes/${TRADE_ID}`, ok(disputeCase())],
      ['POST', `admin/disputes/${TRADE_ID}/ruling`, ok(ruled, disputeMessages.ruled)],
      ['GET', `admin/disputes/${TRADE_ID}/attachments/m2`, ok({ url: 'https://files.example/receipt.pdf', name: 'receipt.pdf', contentType: 'application/pdf', expiresAt: '2026-11-26T10:00:00.000Z' })],
    ]);
    const { user } = renderAt(`/admin/disputes/${TRADE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: /Dispute: 20 USDT for 33,000.00 NGN/ })).toBeInTheDocument();
    const seller = screen.getByRole('article', { name: "Seller's statement" });
    expect(within(seller).getByText(/The seller wrote no statement before the deadline/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: "Buyer's statement" })).getByText('I paid at 10:02; the bank reference is GT-4471.')).toBeInTheDocument();
    expect(screen.getByText(/^Dispute opened ·/)).toBeInTheDocument();
    expect(screen.getByText('Receipt attached.')).toBeInTheDocument();
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    await user.click(screen.getByRole('button', { name: 'receipt.pdf' }));
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith('https://files.example/receipt.pdf', '_blank', 'noopener,noreferrer'));
    const ledger = screen.getByRole('table', { name: 'Marketplace trade: into escrow' });
    expect(within(ledger).getByRole('row', { name: /Seller escrow\s+20.1 USDT/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kano Crypto Desk Ltd' })).toHaveAttribute('href', `/admin/applications/${SELLER}`);

    await user.click(screen.getByLabelText(/^Split between both/));
    await user.type(screen.getByLabelText(/^To the buyer/), '20');
    await user.type(screen.getByLabelText('Reason (both businesses read it)'), 'The buyer paid 40 % of the naira.');
    await user.click(screen.getByRole('button', { name: 'Record ruling' }));
    expect(await screen.findByText(/more than 0 and less than 20 USDT/)).toBeInTheDocument();
    expect(api.calls('POST', `admin/disputes/${TRADE_ID}/ruling`)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^To the buyer/));
    await user.type(screen.getByLabelText(/^To the buyer/), '8');
    await user.click(screen.getByRole('button', { name: 'Record ruling' }));
    expect(await screen.findByText(/Split between both: 8 USDT to the buyer by Tunde Bello/)).toBeInTheDocument();
    const [, init] = api.calls('POST', `admin/disputes/${TRADE_ID}/ruling`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ outcome: 'split', buyerAmount: '8000000', reason: 'The buyer paid 40 % of the naira.' });
    expect(screen.queryByRole('button', { name: 'Record ruling' })).not.toBeInTheDocument();
  });

  it('asks to confirm a ruling before the deadline while a statement is awaited, and shows a refusal of a decided dispute', async () => {
    const early = disputeCase({
      dispute: { ...disputeCase().dispute, evidenceOpen: true },
      statements: { seller: { state: 'awaited', body: null, updatedAt: null }, buyer: disputeCase().statements.buyer },
    });
    const api = stubApi([
      ['GET', `admin/disputes/${TRADE_ID}`, ok(early)],
      ['POST', `admin/disputes/${TRADE_ID}/ruling`, fail(409, disputeMessages.alreadyDecided('ruled'), { code: 'CONFLICT' })],
    ]);
    const { user } = renderAt(`/admin/disputes/${TRADE_ID}`);
    expect(await screen.findByText(/No statement yet. The seller can write one until/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason (both businesses read it)'), 'The bank confirmed the transfer.');
    await user.click(screen.getByRole('button', { name: 'Record ruling' }));
    expect(await screen.findByText('Confirm, or wait for the deadline.')).toBeInTheDocument();
    expect(api.calls('POST', `admin/disputes/${TRADE_ID}/ruling`)).toHaveLength(0);
    await user.click(screen.getByLabelText(/Rule before the deadline: the seller may still write/));
    await user.click(screen.getByRole('button', { name: 'Record ruling' }));
    expect(await screen.findByText(disputeMessages.alreadyDecided('ruled'))).toBeInTheDocument();
    expect(JSON.parse(String(api.calls('POST', `admin/disputes/${TRADE_ID}/ruling`)[0]![1]?.body))).toEqual({ outcome: 'release', reason: 'The bank confirmed the transfer.' });
  });
});
