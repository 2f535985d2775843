import { emptyEnvelope, envelope } from '@fipay/contracts/envelope';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useAuthStore } from '../stores/auth-store';
import { fakeJwt, nowSeconds, sessionFixture } from '../test/session-fixture';
import { api, ApiError } from './api-client';

const ok = (data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ isSuccessful: true, message: 'OK', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fail = (status: number, message: string, data: unknown = null) =>
  new Response(JSON.stringify({ isSuccessful: false, message, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(handler: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => Promise.resolve(handler(input, init ?? {})));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  (fetchMock.mock.calls as FetchArgs[]).filter(([url]) => url.startsWith(`/api/v1/${path}`));

const authHeader = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.Authorization;

const anyData = envelope(z.unknown());

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends no Authorization header and never refreshes without a session', async () => {
    const fetchMock = stubFetch(() => ok([]));
    await api.get('countries', anyData);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBeUndefined();
  });

  it('uses a token that is not about to expire as it is', async () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    const fetchMock = stubFetch(() => ok());
    await api.get('notification/user/latest', anyData);
    expect(callsTo(fetchMock, 'auth/refresh')).toHaveLength(0);
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBe(`Bearer ${session.accessToken}`);
  });

  it('refreshes once for two concurrent requests when the token expires within 60 s', async () => {
    useAuthStore.getState().setSession(sessionFixture({ accessToken: fakeJwt(nowSeconds() + 30) }));
    const freshToken = fakeJwt(nowSeconds() + 15 * 60);
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const fetchMock = stubFetch(async (url) => {
      if (url.endsWith('/auth/refresh')) {
        await refreshGate;
        return ok({ accessToken: freshToken, refreshToken: 'refresh-2' });
      }
      return ok({ url });
    });

    const first = api.get('notification/user/latest', anyData);
    const second = api.get('notification/user', anyData, { query: { page: 1, pageSize: 10 } });
    releaseRefresh();
    await Promise.all([first, second]);

    const refreshCalls = callsTo(fetchMock, 'auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]?.[1]?.body))).toEqual({
      userId: sessionFixture().user.id,
      refreshToken: 'refresh-1',
    });
    const protectedCalls = (fetchMock.mock.calls as FetchArgs[]).filter(([url]) => !url.endsWith('/auth/refresh'));
    expect(protectedCalls.map(([url]) => url)).toEqual([
      '/api/v1/notification/user/latest',
      '/api/v1/notification/user?page=1&pageSize=10',
    ]);
    for (const [, init] of protectedCalls) expect(authHeader(init)).toBe(`Bearer ${freshToken}`);
    expect(useAuthStore.getState()).toMatchObject({ accessToken: freshToken, refreshToken: 'refresh-2' });
  });

  it('treats an undecodable token as expiring', async () => {
    useAuthStore.getState().setSession(sessionFixture({ accessToken: 'not-a-jwt' }));
    const fetchMock = stubFetch((url) =>
      url.endsWith('/auth/refresh')
        ? ok({ accessToken: fakeJwt(nowSeconds() + 900), refreshToken: 'refresh-2' })
        : ok(),
    );
    await api.get('bank/list', anyData);
    expect(callsTo(fetchMock, 'auth/refresh')).toHaveLength(1);
  });

  it('logs out when the refresh fails, keeping the company, and rejects the waiting requests', async () => {
    const session = sessionFixture({ accessToken: fakeJwt(nowSeconds() - 5) });
    useAuthStore.getState().setSession(session);
    const fetchMock = stubFetch((url) =>
      url.endsWith('/auth/refresh') ? fail(401, 'Your session has expired. Please sign in again.') : ok(),
    );

    const results = await Promise.allSettled([
      api.get('notification/user/latest', anyData),
      api.get('bank/list', anyData),
    ]);

    expect(callsTo(fetchMock, 'auth/refresh')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
    }
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      company: session.company,
    });
  });

  it('logs out when the refresh request cannot reach the server', async () => {
    useAuthStore.getState().setSession(sessionFixture({ accessToken: fakeJwt(nowSeconds() + 10) }));
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('bank/list', anyData)).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('throws a typed ApiError carrying status, server message and data', async () => {
    stubFetch(() =>
      fail(400, 'Please correct the highlighted fields.', {
        code: 'VALIDATION_FAILED',
        errors: { 'company.email': 'Enter a valid email address.' },
      }),
    );
    const error = await api.post('auth/signup', emptyEnvelope, {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Please correct the highlighted fields.');
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.fieldErrors).toEqual({ 'company.email': 'Enter a valid email address.' });
  });

  it('logs out on a 401 to an authenticated call but not to an anonymous one', async () => {
    stubFetch(() => fail(401, 'Incorrect email/phone or password.', { code: 'INVALID_CREDENTIALS' }));
    useAuthStore.getState().setSession(sessionFixture());
    await expect(api.post('auth/login/initiate', anyData, {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().user).not.toBeNull();

    await expect(api.get('notification/user/latest', anyData)).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().user).toBeNull();
  });
});
