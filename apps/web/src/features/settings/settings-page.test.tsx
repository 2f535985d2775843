import type { Account } from '@fipay/contracts/account';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { SettingsPage } from './settings-page';

type Overrides = { [K in keyof Account]?: Partial<Account[K]> };

function accountFixture(overrides: Overrides = {}): Account {
  const base: Account = {
    user: {
      id: '0b9f4c0e-8f1b-4c53-9b7e-2f0d6c1a2b3c',
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'ada@acme.ng',
      phone: '+2348012345678',
      emailVerifiedAt: '2026-03-03T12:00:00.000Z',
      createdAt: '2026-03-01T12:00:00.000Z',
    },
    company: {
      id: '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'Acme Logistics Ltd',
      email: 'hello@acme.ng',
      phone: '+23412345678',
      website: 'https://acme.ng',
      country: { id: 160, name: 'Nigeria' },
      address: '12 Marina Road, Lagos',
      registrationNo: 'RC1234567',
      createdAt: '2026-03-01T12:00:00.000Z',
    },
    kyb: { status: 'IN_PROGRESS', currentStep: 3, submittedAt: null, rejectionFinal: false },
    security: { twoFactorMethod: null, passwordChangedAt: null },
  };
  return {
    user: { ...base.user, ...overrides.user },
    company: { ...base.company, ...overrides.company },
    kyb: { ...base.kyb, ...overrides.kyb },
    security: { ...base.security, ...overrides.security },
  };
}

const ok = (account: Account) =>
  new Response(JSON.stringify({ isSuccessful: true, message: 'Account loaded.', data: account }), { status: 200 });

function stubFetch(...answers: (Response | Error | 'pending')[]) {
  const mock = vi.fn(async (url: string, _init?: RequestInit) => {
    // The emails card under the details asks for its own settings.
    if (String(url).endsWith('/account/email-preferences')) {
      return new Response(JSON.stringify({ isSuccessful: true, message: 'Email settings loaded.', data: { payments: true, refunds: true, payouts: true } }), { status: 200 });
    }
    // So does the FiPay tag card.
    if (String(url).endsWith('/tag')) {
      const tag = { tag: 'acme', display: '@acme', claimedAt: '2026-03-03T12:00:00.000Z', nextChangeAt: null, changeIntervalDays: 30, releaseHoldDays: 90 };
      return new Response(JSON.stringify({ isSuccessful: true, message: 'FiPay tag loaded.', data: tag }), { status: 200 });
    }
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'pending') return new Promise<Response>(() => {});
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

function renderSettings() {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  return user;
}

const card = (name: string) => screen.getByRole('region', { name });

/** The value shown beside a label in a details card. */
function valueOf(region: HTMLElement, label: string) {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('SettingsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(sessionFixture());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the user's and the company's details as the server holds them", async () => {
    const fetchMock = stubFetch(ok(accountFixture()));
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();

    const you = await screen.findByRole('region', { name: 'Your details' });
    expect(valueOf(you, 'Name')).toHaveTextContent('Ada Okafor');
    expect(valueOf(you, 'Email')).toHaveTextContent('ada@acme.ng');
    expect(valueOf(you, 'Phone')).toHaveTextContent('+2348012345678');
    expect(valueOf(you, 'Email verification')).toHaveTextContent('Verified on 3 Mar 2026');

    const company = card('Company');
    expect(valueOf(company, 'Name')).toHaveTextContent('Acme Logistics Ltd');
    expect(valueOf(company, 'Email')).toHaveTextContent('hello@acme.ng');
    expect(valueOf(company, 'Phone')).toHaveTextContent('+23412345678');
    expect(within(valueOf(company, 'Website')).getByRole('link', { name: 'https://acme.ng' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(valueOf(company, 'Country')).toHaveTextContent('Nigeria');
    expect(valueOf(company, 'Address')).toHaveTextContent('12 Marina Road, Lagos');
    expect(valueOf(company, 'Registration number')).toHaveTextContent('RC1234567');

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/account/me');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('says when the email is not verified', async () => {
    stubFetch(ok(accountFixture({ user: { emailVerifiedAt: null } })));
    renderSettings();
    const you = await screen.findByRole('region', { name: 'Your details' });
    expect(valueOf(you, 'Email verification')).toHaveTextContent('Not verified');
  });

  it.each([
    [null, 1, 'Not started', 'Start KYC', '/kyc'],
    ['IN_PROGRESS', 3, 'In progress', 'Continue KYC', '/kyc/documents'],
    ['IN_PROGRESS', 5, 'In progress', 'Continue KYC', '/kyc/bank-details'],
    ['REJECTED', 4, 'Rejected', 'Start KYC Again', '/kyc/representative'],
    ['CHANGES_REQUESTED', 3, 'Changes requested', 'Proceed to KYC', '/kyc/documents'],
  ])('with KYC status %s at step %s shows "%s" and links to continue', async (status, currentStep, words, action, href) => {
    stubFetch(ok(accountFixture({ kyb: { status, currentStep } })));
    renderSettings();
    const kyb = await screen.findByRole('region', { name: 'Business verification (KYC)' });
    expect(valueOf(kyb, 'Status')).toHaveTextContent(words);
    expect(within(kyb).getByRole('link', { name: action })).toHaveAttribute('href', href);
  });

  it('offers no new start after a final rejection', async () => {
    stubFetch(ok(accountFixture({ kyb: { status: 'REJECTED', currentStep: 1, rejectionFinal: true } })));
    renderSettings();
    const kyb = await screen.findByRole('region', { name: 'Business verification (KYC)' });
    expect(valueOf(kyb, 'Status')).toHaveTextContent('Rejected');
    expect(within(kyb).getByText(/this decision is final/)).toBeInTheDocument();
    expect(within(kyb).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says which step comes next while the KYC is in progress', async () => {
    stubFetch(ok(accountFixture({ kyb: { status: 'IN_PROGRESS', currentStep: 3 } })));
    renderSettings();
    const kyb = await screen.findByRole('region', { name: 'Business verification (KYC)' });
    expect(within(kyb).getByText('Not submitted yet. Next: step 3 of 5, Documents.')).toBeInTheDocument();
  });

  it.each([
    ['SUBMITTED', 'Under review', 'Submitted on 20 Nov 2026. We are reviewing your documents.'],
    ['APPROVED', 'Approved', 'Your business is verified. You have full access.'],
  ])('with KYC status %s shows "%s" and no link to the onboarding', async (status, words, text) => {
    stubFetch(ok(accountFixture({ kyb: { status, currentStep: 5, submittedAt: '2026-11-20T12:00:00.000Z' } })));
    renderSettings();
    const kyb = await screen.findByRole('region', { name: 'Business verification (KYC)' });
    expect(valueOf(kyb, 'Status')).toHaveTextContent(words);
    expect(within(kyb).getByText(text)).toBeInTheDocument();
    expect(within(kyb).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    [null, 'Off'],
    ['authenticator', 'On: authenticator app'],
    ['email', 'On: email code'],
  ] as const)('shows two-factor %s as "%s" and links to Security', async (twoFactorMethod, words) => {
    stubFetch(ok(accountFixture({ security: { twoFactorMethod } })));
    renderSettings();
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(valueOf(security, 'Two-factor authentication')).toHaveTextContent(words);
    expect(within(security).getByRole('link', { name: 'Manage security' })).toHaveAttribute('href', '/dashboard/security');
  });

  it('shows when the password was last changed', async () => {
    stubFetch(ok(accountFixture({ security: { passwordChangedAt: '2026-05-14T12:00:00.000Z' } })));
    renderSettings();
    const security = await screen.findByRole('region', { name: 'Security' });
    expect(valueOf(security, 'Password')).toHaveTextContent('Last changed on 14 May 2026');
  });

  it('shows a loading state until the account arrives', () => {
    stubFetch('pending');
    renderSettings();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account...');
    expect(screen.queryByRole('region', { name: 'Your details' })).not.toBeInTheDocument();
  });

  it("shows the server's error and loads again on 'Try again'", async () => {
    stubFetch(
      new Response(JSON.stringify({ isSuccessful: false, message: 'Something went wrong. Please try again.', data: null }), {
        status: 500,
      }),
      ok(accountFixture()),
    );
    const user = renderSettings();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the server could not be reached when the request fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(new TypeError('Failed to fetch'));
    renderSettings();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
  });
});
