import { beforeEach, describe, expect, it } from 'vitest';
import { sessionFixture } from '../test/session-fixture';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';
import { KYC_STORAGE_KEY, useKycStore } from './kyc-store';
import { queryClient } from '../lib/query-client';
import { NOTIFICATION_STORAGE_KEY, readStoredNotifications, storeNotifications } from '../lib/notification-storage';

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null, showBalance: true });
    useKycStore.getState().reset();
  });

  it('persists the session under auth-storage with showBalance on by default', () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    expect(stored.state).toEqual({
      user: session.user,
      company: session.company,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      showBalance: true,
    });
  });

  it('toggles the balance visibility', () => {
    useAuthStore.getState().toggleBalance();
    expect(useAuthStore.getState().showBalance).toBe(false);
    useAuthStore.getState().toggleBalance();
    expect(useAuthStore.getState().showBalance).toBe(true);
  });

  it('replaces the token pair', () => {
    useAuthStore.getState().setSession(sessionFixture());
    useAuthStore.getState().setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(useAuthStore.getState()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('logout clears user and tokens, keeps the company and clears kyc-storage', () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().hydrateFromApplication(session.company.application);
    expect(localStorage.getItem(KYC_STORAGE_KEY)).not.toBeNull();

    useAuthStore.getState().logout();

    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      company: session.company,
    });
    expect(localStorage.getItem(KYC_STORAGE_KEY)).toBeNull();
    expect(useKycStore.getState()).toMatchObject({
      businessType: null,
      businessProfile: null,
      documents: [],
      representatives: [],
      bankDetails: null,
    });
    const stored = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    expect(stored.state).toMatchObject({ user: null, accessToken: null, company: session.company });
  });

  it('logout clears notification-storage and every server answer held in the query cache', () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    const welcome = { id: 'n-1', title: 'Welcome to FiPay', message: 'Hi Ada', createdAt: '2026-11-20T10:00:00.000Z', readAt: null };
    storeNotifications(session.user.id, { latest: [welcome], unreadCount: 1 });
    queryClient.setQueryData(['account'], { user: session.user });
    expect(localStorage.getItem(NOTIFICATION_STORAGE_KEY)).toContain('Welcome to FiPay');

    useAuthStore.getState().logout();

    expect(localStorage.getItem(NOTIFICATION_STORAGE_KEY)).toBeNull();
    expect(readStoredNotifications(session.user.id)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it("empties the query cache when another user's session replaces this one, not when tokens rotate", () => {
    useAuthStore.getState().setSession(sessionFixture());
    queryClient.setQueryData(['account'], { user: 'ada' });
    useAuthStore.getState().setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(queryClient.getQueryData(['account'])).toEqual({ user: 'ada' });

    const other = sessionFixture();
    useAuthStore.getState().setSession({ ...other, user: { ...other.user, id: 'another-user' } });
    expect(queryClient.getQueryData(['account'])).toBeUndefined();
  });
});

describe('kyc store', () => {
  beforeEach(() => {
    localStorage.clear();
    useKycStore.getState().reset();
  });

  it("copies the application at sign-in and persists SPEC's fields, never the resolved account", () => {
    const { application } = sessionFixture().company;
    useKycStore.getState().hydrateFromApplication(application);
    useKycStore.setState({
      resolvedAccount: { account_name: 'ACME LOGISTICS LTD', account_number: '0123456789', bank_code: '058', bank_name: 'GTBank' },
    });

    expect(useKycStore.getState()).toMatchObject({
      businessType: application.businessType,
      businessProfile: application.businessProfile,
      documents: application.documents,
      representatives: application.representatives,
    });
    const stored = JSON.parse(localStorage.getItem(KYC_STORAGE_KEY) ?? 'null') as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(
      [
        'bankDetails',
        'banks',
        'businessProfile',
        'businessType',
        'documents',
        'representatives',
      ].sort(),
    );
  });
});
