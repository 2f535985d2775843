import type { Partner } from '@fipay/contracts/reputation';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCalls, stubServer } from '../../../test/stub-server';
import { clearToasts, renderPage, signIn } from '../test-setup';
import { PartnersPage } from './partners-page';

const kola: Partner = {
  id: 'd1000000-0000-4000-8000-000000000001',
  name: 'Kola Exports Ltd',
  tag: 'kola',
  trades: 3,
  completed: 2,
  volume: [
    { asset: 'ETH', amount: '1500000000000000001' },
    { asset: 'USDT', amount: '30000000' },
  ],
  lastTradeAt: '2026-11-26T10:00:00.000Z',
  mark: null,
  positive: 2,
  negative: 0,
};
const bisi: Partner = { ...kola, id: 'd1000000-0000-4000-8000-000000000002', name: 'Bisi Foods', tag: null, trades: 1, completed: 0, volume: [], mark: 'blocked', positive: 0, negative: 1 };

describe('PartnersPage', () => {
  beforeEach(signIn);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('lists partners with counts and exact volume, and blocks and unblocks one', async () => {
    let partners = [kola, bisi];
    const fetchMock = stubServer({
      'GET /partners': () => ({ data: { partners } }),
      [`PUT /partners/${kola.id}`]: (body) => {
        partners = [{ ...kola, mark: body!.mark as 'blocked' }, bisi];
        return { message: 'Trade partner updated.', data: partners[0] };
      },
      [`DELETE /partners/${bisi.id}`]: () => {
        partners = [partners[0]!, { ...bisi, mark: null }];
        return { message: 'Mark removed.', data: partners[1] };
      },
    });
    const user = renderPage(<PartnersPage title="Recent Trade Partners" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Recent Trade Partners' })).toBeInTheDocument();
    const row = await screen.findByRole('listitem', { name: 'Kola Exports Ltd' });
    expect(row).toHaveTextContent('@kola');
    expect(row).toHaveTextContent('3 trades, 2 completed');
    // Wei to the last digit: BigInt, never a Number.
    expect(row).toHaveTextContent('Volume: 1.500000000000000001 ETH, 30.00 USDT');
    expect(row).toHaveTextContent('2 positive, 0 negative');
    const blocked = screen.getByRole('listitem', { name: 'Bisi Foods' });
    expect(within(blocked).getByText('blocked')).toBeInTheDocument();
    expect(blocked).toHaveTextContent('Volume: none completed yet');

    await user.click(within(row).getByRole('button', { name: 'Block Kola Exports Ltd' }));
    expect(await screen.findByText('Trade partner updated.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'PUT', `/partners/${kola.id}`)[0]!.body).toEqual({ mark: 'blocked' });
    expect(await within(screen.getByRole('listitem', { name: 'Kola Exports Ltd' })).findByText('blocked')).toBeInTheDocument();

    await user.click(within(screen.getByRole('listitem', { name: 'Bisi Foods' })).getByRole('button', { name: 'Clear the mark on Bisi Foods' }));
    expect(await screen.findByText('Mark removed.')).toBeInTheDocument();
    expect(stubCalls(fetchMock, 'DELETE', `/partners/${bisi.id}`)).toHaveLength(1);
  });

  it('says when there are no partners yet', async () => {
    stubServer({ 'GET /partners': () => ({ data: { partners: [] } }) });
    renderPage(<PartnersPage />);
    expect(await screen.findByText('No trade partners yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Trade Partners' })).toBeInTheDocument();
  });
});
