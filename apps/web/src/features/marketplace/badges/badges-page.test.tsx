import { badgeCriteria, type Badges } from '@fipay/contracts/reputation';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/stub-server';
import { clearToasts, renderPage, signIn } from '../test-setup';
import { BadgesPage } from './badges-page';

const standing: Badges = {
  criteria: badgeCriteria.map((c) => ({ ...c })),
  current: 'power',
  since: '2026-11-20T10:00:00.000Z',
  lostAt: null,
  computedAt: '2026-11-26T10:00:00.000Z',
  verified: true,
  trades90d: 312,
  completionBps: 9312,
};

describe('BadgesPage', () => {
  beforeEach(signIn);
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToasts();
  });

  it('shows the badge held, the figures and every level with its criteria', async () => {
    stubServer({ 'GET /marketplace/badges': () => ({ data: standing }) });
    renderPage(<BadgesPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Power Trader' })).toBeInTheDocument();
    expect(screen.getByText('312')).toBeInTheDocument();
    expect(screen.getByText('93.1%')).toBeInTheDocument();
    const power = screen.getByRole('listitem', { name: 'Power Trader' });
    expect(within(power).getByText('Yours')).toBeInTheDocument();
    expect(power).toHaveTextContent('Trade count met.');
    const expert = screen.getByRole('listitem', { name: 'Expert Trader' });
    expect(expert).toHaveTextContent('688 more completed trades to go.');
    expect(expert).toHaveTextContent('Completion needed: 90%.');
  });

  it('says a lost badge was lost, and that badges need a verified business', async () => {
    stubServer({ 'GET /marketplace/badges': () => ({ data: { ...standing, current: null, since: null, lostAt: '2026-11-25T10:00:00.000Z', verified: false } }) });
    renderPage(<BadgesPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'No badge yet' })).toBeInTheDocument();
    expect(screen.getByText(/Your last badge was lost on/)).toBeInTheDocument();
    expect(screen.getByText(/Badges go to verified businesses only/)).toBeInTheDocument();
  });
});
