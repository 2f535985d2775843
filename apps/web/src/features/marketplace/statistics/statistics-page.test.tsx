import type { Statistics, StatisticsWindow } from '@fipay/contracts/reputation';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/stub-server';
import { clearToasts, renderPage, signIn } from '../test-setup';
import { StatisticsPage } from './statistics-page';

const recent: StatisticsWindow = {
  trades: 4,
  completed: 2,
  cancelled: 1,
  completionBps: 5000,
  volume: [{ asset: 'USDT', bought: '0', sold: '30000000' }],
  avgPaySeconds: null,
  avgReleaseSeconds: 300,
  disputesOpened: 1,
  disputesLost: 1,
  positiveFeedback: 1,
  negativeFeedback: 1,
};
const statistics: Statistics = {
  last30Days: recent,
  allTime: { ...recent, trades: 40, completed: 35, completionBps: 8750, avgReleaseSeconds: 7500, volume: [{ asset: 'BTC', bought: '150000000', sold: '1' }] },
  daily: Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, trades: i % 5, completed: i % 3 === 0 ? i % 5 : 0 })),
};

describe('StatisticsPage', () => {
  beforeEach(signIn);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows the 30-day figures, switches to all time, and charts each day', async () => {
    stubServer({ 'GET /marketplace/statistics': () => ({ data: statistics }) });
    const user = renderPage(<StatisticsPage />);
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByText('2 completed, 1 cancelled')).toBeInTheDocument();
    expect(screen.getByText('5 min')).toBeInTheDocument();
    expect(screen.getByText('30.00 USDT')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '60 trades opened in the last 30 days, at most 4 in a day' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'All time' }));
    expect(screen.getByText('87.5%')).toBeInTheDocument();
    expect(screen.getByText('2 h 5 min')).toBeInTheDocument();
    expect(screen.getByText('1.50 BTC')).toBeInTheDocument();
    expect(screen.getByText('0.00000001 BTC')).toBeInTheDocument();
  });
});
