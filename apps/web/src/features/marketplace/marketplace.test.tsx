import type { MarketOffer, OfferView, TradeView } from '@fipay/contracts/marketplace';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { renderPage, signedInTestMode } from '../../test/page-setup';
import { stubCalls, stubServer } from '../../test/stub-server';
import { marginToBps } from './components/offer-form-dialog';
import { MarketplacePage } from './marketplace-page';
import { OffersPage } from './offers-page';
import { FavoritesPage } from './favorites-page';
import { timeLeft, TradePage } from './trade-page';

const offer: OfferView = {
  id: 'o1000000-0000-4000-8000-000000000001',
  livemode: false,
  side: 'sell',
  asset: 'USDT',
  fiat: 'NGN',
  priceKind: 'fixed',
  price: '165000',
  marginBps: null,
  total: '500000000',
  remaining: '450000000',
  minTrade: '10000000',
  maxTrade: '200500000',
  windowMinutes: 30,
  terms: 'Business accounts only.',
  minCompletedTrades: 0,
  status: 'active',
  methods: [{ method: 'fipay_balance', paymentMethodId: null }],
  mine: false,
  createdAt: '2026-11-26T12:00:00.000Z',
};
const listed: MarketOffer = { ...offer, priceNow: '165000', vendor: { name: 'Bisi Foods Ltd', tag: 'bisi', trades30d: 12, completionBps: 9_750, avgReleaseSeconds: 420, badge: 'power' } };

const trade = (over: Partial<TradeView>): TradeView => ({
  id: 't1000000-0000-4000-8000-000000000001',
  livemode: false,
  offerId: offer.id,
  role: 'buyer',
  counterparty: { name: 'Bisi Foods Ltd', tag: 'bisi' },
  status: 'awaiting_payment',
  asset: 'USDT',
  fiat: 'NGN',
  amount: '30000000',
  price: '165000',
  fiatAmount: '4950000',
  sellerFee: '0',
  buyerFee: '30000',
  method: 'ng_bank_transfer',
  payTo: { accountName: 'BISI FOODS LIMITED', bankName: 'First Bank of Nigeria', bankCode: '011', accountNumber: '0000014579', currency: 'NGN' },
  payBy: new Date(Date.now() + 29 * 60_000 + 30_000).toISOString(),
  releaseBy: null,
  paidAt: null,
  endedAt: null,
  sellerAskedCancel: false,
  buyerAskedCancel: false,
  cancelReason: null,
  disputedBy: null,
  ruling: null,
  rulingBuyerAmount: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});

describe('the margin of a floating price', () => {
  it('reads a percentage exactly into basis points, and refuses what is not one or out of bounds', () => {
    expect(marginToBps('1.5')).toBe(150);
    expect(marginToBps('-0.25%')).toBe(-25);
    expect(marginToBps('0')).toBe(0);
    expect(marginToBps('50')).toBe(5000);
    expect(marginToBps('50.01')).toBeNull();
    expect(marginToBps('1.005')).toBeNull();
    expect(marginToBps('one')).toBeNull();
  });

  it('counts down a window as minutes and seconds, and never below zero', () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    expect(timeLeft('2026-11-26T12:29:05.000Z', now)).toBe('29:05');
    expect(timeLeft('2026-11-26T13:02:05.000Z', now)).toBe('1:02:05');
    expect(timeLeft('2026-11-26T11:00:00.000Z', now)).toBe('0:00');
  });
});

describe('the marketplace signed out', () => {
  it('lists the live offers from the public list and asks the visitor to sign in to trade', async () => {
    useAuthStore.getState().logout();
    const fetchMock = stubServer({ 'GET /public/marketplace/offers': () => ({ data: { offers: [listed], floatingShown: true, nextCursor: null } }) });
    renderPage('/marketplace', <MarketplacePage />, '/marketplace');
    const row = within(await screen.findByRole('list', { name: 'Offers' })).getAllByRole('listitem')[0]!;
    expect(row).toHaveTextContent('Bisi Foods Ltd');
    expect(row).toHaveTextContent('12 trades in 30 days · 97% completion · releases in 7 min on average');
    expect(row).toHaveTextContent('Power Trader');
    expect(row).toHaveTextContent('1,650.00 NGN per USDT');
    expect(row).toHaveTextContent('10 USDT – 200.5 USDT');
    expect(within(row).getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute('href', '/login');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/public/marketplace/offers?side=sell&asset=USDT&fiat=NGN');
  });
});

describe('signed in', () => {
  signedInTestMode();

  it('takes an offer: the amount at the asset’s precision, the trade priced first, then opened once', async () => {
    const fetchMock = stubServer({
      'GET /marketplace/offers': () => ({ data: { offers: [listed], floatingShown: false, nextCursor: null } }),
      'GET /favorites': () => ({ data: { offers: [] } }),
      'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }),
      'POST /trades/quote': () => ({
        data: { offerId: offer.id, side: 'buy', asset: 'USDT', fiat: 'NGN', amount: '20000000', price: '165000', fiatAmount: '3300000', sellerFee: '0', buyerFee: '20000', usdCents: '2001', method: 'fipay_balance' },
      }),
      'POST /trades': () => ({ status: 201, data: trade({ status: 'completed', method: 'fipay_balance', payTo: null }) }),
    });
    const user = renderPage('/marketplace', <MarketplacePage />, '/marketplace');
    expect(await screen.findByText('The market rate is out of date', { exact: false })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Buy USDT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy USDT from Bisi Foods Ltd' });
    await user.type(within(dialog).getByLabelText('Amount (USDT)'), '20.0000001');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('USDT amounts have at most 6 decimal places.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/trades/quote')).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Amount (USDT)'));
    await user.type(within(dialog).getByLabelText('Amount (USDT)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('33,000.00 NGN')).toBeInTheDocument();
    expect(within(dialog).getByText('19.98 USDT')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/trades/quote')[0]!.body).toEqual({ offerId: offer.id, amount: '20000000', method: 'fipay_balance' });
    await user.click(within(dialog).getByRole('button', { name: 'Buy 20 USDT' }));
    await expect.poll(() => stubCalls(fetchMock, 'POST', '/trades').length).toBe(1);
    expect(stubCalls(fetchMock, 'POST', '/trades')[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('posts an offer with every amount in the smallest units, and shows a refusal under its field', async () => {
    let posts = 0;
    const fetchMock = stubServer({
      'GET /offers': () => ({ data: { offers: posts > 1 ? [offer] : [] } }),
      'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }),
      'POST /offers': () =>
        (posts += 1) === 1
          ? { status: 422, message: 'Check the offer.', data: { code: 'UNPROCESSABLE', errors: { maxTrade: 'The maximum per trade is at most the amount offered.' } } }
          : { status: 201, data: offer },
    });
    const user = renderPage('/dashboard/offers', <OffersPage />, '/dashboard/offers');
    expect(await screen.findByText('No offers yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post an offer' });
    await user.type(within(dialog).getByLabelText('Price (NGN per 1 USDT)'), '1,650.5');
    await user.type(within(dialog).getByLabelText('Amount offered (USDT)'), '500');
    await user.type(within(dialog).getByLabelText('Least per trade (USDT)'), '10');
    await user.type(within(dialog).getByLabelText('Most per trade (USDT)'), '600');
    await user.click(within(dialog).getByRole('button', { name: 'Post offer' }));
    expect(await within(dialog).findByText('The maximum per trade is at most the amount offered.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'POST', '/offers')[0]!.body).toEqual({
      side: 'sell',
      asset: 'USDT',
      fiat: 'NGN',
      price: '165050',
      total: '500000000',
      minTrade: '10000000',
      maxTrade: '600000000',
      methods: [{ method: 'fipay_balance' }],
      windowMinutes: 30,
      minCompletedTrades: 0,
    });
    await user.clear(within(dialog).getByLabelText('Most per trade (USDT)'));
    await user.type(within(dialog).getByLabelText('Most per trade (USDT)'), '200.5');
    await user.click(within(dialog).getByRole('button', { name: 'Post offer' }));
    expect(await within(await screen.findByRole('list', { name: 'Your offers' })).findByText('Selling USDT for NGN')).toBeInTheDocument();
    const [first, second] = stubCalls(fetchMock, 'POST', '/offers');
    // A refused body is a new request: it goes with a new key.
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key']);
  });

  it('shows the buyer where to pay and marks the trade paid only once confirmed', async () => {
    const fetchMock = stubServer({
      'GET /trades/t1000000-0000-4000-8000-000000000001': () => ({ data: { ...trade({}), dispute: null } }),
      'POST /trades/t1000000-0000-4000-8000-000000000001/paid': () => ({ message: 'Marked as paid.', data: trade({ status: 'paid', paidAt: new Date().toISOString(), releaseBy: new Date(Date.now() + 3_600_000).toISOString() }) }),
    });
    const user = renderPage('/dashboard/trades/:tradeId', <TradePage />, `/dashboard/trades/${trade({}).id}`);
    expect(await screen.findByRole('heading', { name: /^Pay 49,500\.00 NGN within 29:/ })).toBeInTheDocument();
    expect(screen.getByText('0000014579')).toBeInTheDocument();
    expect(screen.getByText('29.97 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    const confirm = await screen.findByRole('dialog', { name: 'Have you paid?' });
    expect(stubCalls(fetchMock, 'POST', `/trades/${trade({}).id}/paid`)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for the seller to release' })).toBeInTheDocument();
    // The buyer may dispute only once the seller's release window has passed.
    expect(screen.getByRole('button', { name: 'Open dispute' })).toBeDisabled();
  });

  it('lets the seller release a paid trade', async () => {
    const paid = trade({ role: 'seller', status: 'paid', paidAt: new Date().toISOString(), releaseBy: new Date(Date.now() + 3_600_000).toISOString() });
    // The server's trade as it stands: released once the seller releases it.
    let now: TradeView = paid;
    stubServer({
      [`GET /trades/${paid.id}`]: () => ({ data: { ...now, dispute: null } }),
      [`POST /trades/${paid.id}/release`]: () => {
        now = { ...paid, status: 'completed', endedAt: new Date().toISOString() };
        return { message: 'Released.', data: now };
      },
    });
    const user = renderPage('/dashboard/trades/:tradeId', <TradePage />, `/dashboard/trades/${paid.id}`);
    expect(await screen.findByRole('heading', { name: 'The buyer says it paid 49,500.00 NGN' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release USDT' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Release 30 USDT?' })).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('The seller released 30 USDT.')).toBeInTheDocument();
  });

  it.each([
    ['buyer', 'buyer', 'You opened a dispute.'],
    ['seller', 'seller', 'You opened a dispute.'],
    ['buyer', 'seller', 'The seller, Bisi Foods Ltd (@bisi), opened a dispute.'],
    ['seller', 'buyer', 'The buyer, Bisi Foods Ltd (@bisi), opened a dispute.'],
    ['buyer', 'system', 'The release window ran out, so the trade went to a FiPay agent.'],
    ['seller', 'system', 'The release window ran out, so the trade went to a FiPay agent.'],
  ] as const)('tells the %s of a trade disputed by the %s who opened it', async (role, disputedBy, said) => {
    const disputed = trade({ role, status: 'disputed', disputedBy, paidAt: '2026-11-26T12:10:00.000Z', releaseBy: '2026-11-26T13:10:00.000Z' });
    stubServer({ [`GET /trades/${disputed.id}`]: () => ({ data: { ...disputed, dispute: null } }) });
    renderPage('/dashboard/trades/:tradeId', <TradePage />, `/dashboard/trades/${disputed.id}`);
    const step = await screen.findByRole('region', { name: 'What happens now' });
    expect(within(step).getByRole('heading', { name: 'In dispute' })).toBeInTheDocument();
    expect(within(step).getByText(said, { exact: false })).toBeInTheDocument();
    if (disputedBy !== role) expect(within(step).queryByText(/You opened/)).toBeNull();
  });

  it('stars an offer on the marketplace, and trades on it from Favorite Offers; one that stopped shows why', async () => {
    let saved = false;
    const fetchMock = stubServer({
      'GET /marketplace/offers': () => ({ data: { offers: [listed], floatingShown: true, nextCursor: null } }),
      'GET /favorites': () => ({
        data: { offers: saved ? [{ ...listed, savedAt: '2026-11-26T12:00:00.000Z' }, { ...listed, id: 'o2', status: 'closed', priceNow: null, marginBps: 150, priceKind: 'floating', savedAt: '2026-11-25T12:00:00.000Z' }] : [] },
      }),
      [`PUT /offers/${offer.id}/favorite`]: () => {
        saved = true;
        return { message: 'Saved to your favourite offers.', data: { offerId: offer.id, favorite: true } };
      },
      'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }),
    });
    const user = renderPage('/marketplace', <MarketplacePage />, '/marketplace');
    const star = await screen.findByRole('button', { name: 'Save to favourite offers' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(await screen.findByRole('button', { name: 'Remove from favourite offers' })).toHaveAttribute('aria-pressed', 'true');
    expect(stubCalls(fetchMock, 'PUT', `/offers/${offer.id}/favorite`)).toHaveLength(1);
  });

  it('lists the favourite offers, with the trade button only on one that takes trades', async () => {
    stubServer({
      'GET /favorites': () => ({
        data: {
          offers: [
            { ...listed, savedAt: '2026-11-26T12:00:00.000Z' },
            { ...listed, id: 'o2', status: 'closed', priceNow: null, marginBps: 150, priceKind: 'floating', price: null, savedAt: '2026-11-25T12:00:00.000Z' },
          ],
        },
      }),
      'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }),
    });
    const user = renderPage('/dashboard/favorites', <FavoritesPage />, '/dashboard/favorites');
    const [open, closed] = within(await screen.findByRole('list', { name: 'Favourite offers' })).getAllByRole('listitem');
    expect(open).toHaveTextContent('1,650.00 NGN per USDT');
    expect(closed).toHaveTextContent('Market rate +1.5%');
    expect(closed).toHaveTextContent('The market rate is out of date');
    expect(closed).toHaveTextContent('Closed');
    expect(within(closed!).queryByRole('button', { name: 'Buy USDT' })).toBeNull();
    await user.click(within(open!).getByRole('button', { name: 'Buy USDT' }));
    expect(await screen.findByRole('dialog', { name: 'Buy USDT from Bisi Foods Ltd' })).toBeInTheDocument();
  });
});
