import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { QueryWrapper } from '../../../test/query-wrapper';
import { sessionFixture } from '../../../test/session-fixture';
import { EmailPreferencesCard } from './email-preferences-card';

const answer = (data: unknown, status = 200) => new Response(JSON.stringify({ isSuccessful: status < 400, message: status < 400 ? 'Email settings loaded.' : 'Something went wrong.', data }), { status });

describe('EmailPreferencesCard', () => {
  beforeEach(() => useAuthStore.setState(sessionFixture()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each money email as the server holds it and turns one off with a PATCH of that one topic', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (init?.method === 'PATCH') return answer({ payments: false, refunds: true, payouts: true });
        return answer({ payments: true, refunds: true, payouts: true });
      }),
    );
    render(<EmailPreferencesCard />, { wrapper: QueryWrapper });
    const card = screen.getByRole('region', { name: 'Emails about your money' });
    const payments = await within(card).findByRole('checkbox', { name: /Payments received/ });
    expect(payments).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: /Refunds/ })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: /Payouts/ })).toBeChecked();

    await userEvent.click(payments);
    await vi.waitFor(() => expect(payments).not.toBeChecked());
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toMatch(/\/api\/v1\/account\/email-preferences$/);
    expect(patch.body).toEqual({ payments: false });
  });

  it('says so when the settings cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(null, 500)));
    render(<EmailPreferencesCard />, { wrapper: QueryWrapper });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
