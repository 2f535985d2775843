import type { PaymentLink } from '@fipay/contracts/payments';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { PaymentLinksPage } from './payment-links-page';

const link: PaymentLink = {
  id: 'link_1',
  livemode: false,
  name: 'Ankara fabric, 6 yards',
  description: '',
  amount: 2_500_000,
  currency: 'NGN',
  slug: 'ankara-6',
  url: 'http://localhost/pay/ankara-6',
  redirectUrl: null,
  collectPhone: false,
  active: true,
  paidCount: 2,
  paidTotal: 5_000_000,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('PaymentLinksPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
    const pagination = { currentPage: 1, totalPages: 1, pageSize: 20, totalItems: 1 };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data: { links: [link], pagination } }), { status: 200 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says that what a link collected is counted before refunds', async () => {
    render(
      <MemoryRouter>
        <PaymentLinksPage />
      </MemoryRouter>,
      { wrapper: QueryWrapper },
    );
    const links = await screen.findByRole('region', { name: 'Payment links' });
    expect(within(links).getByText('Collected ₦50,000.00 from 2 payments, before refunds')).toBeInTheDocument();
  });
});
