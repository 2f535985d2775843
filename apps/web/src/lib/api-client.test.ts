import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import { backOfficeEndpoints } from '@fipay/contracts/endpoints/back-office';
import { bankEndpoints } from '@fipay/contracts/endpoints/banks';
import { companyEndpoints } from '@fipay/contracts/endpoints/company';
import { countryEndpoints } from '@fipay/contracts/endpoints/countries';
import { eventEndpoints } from '@fipay/contracts/endpoints/developers';
import { notificationEndpoints } from '@fipay/contracts/endpoints/notifications';
import { errorCode, type ErrorCode } from '@fipay/contracts/error-codes';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { useAuthStore } from '../stores/auth-store';
import { useModeStore } from '../stores/mode-store';
import { fakeJwt, nowSeconds, sessionFixture } from '../test/session-fixture';
import { ApiError, callApi } from './api-client';

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

const latest = { notifications: [], unreadCount: 0 };
const page = { notifications: [], pagination: { currentPage: 1, totalPages: 0, pageSize: 10, totalItems: 0 } };

/** Answers each call as its endpoint's contract says. */
function contractAnswers(url: string) {
  if (url.startsWith('/api/v1/notification/user/latest')) return ok(latest);
  if (url.startsWith('/api/v1/notification/user')) return ok(page);
  return ok([]);
}

const signupBody = {
  company: {
    name: 'Acme Ltd',
    email: 'hello@acme.ng',
    phone: '+2348012345678',
    website: 'https://acme.ng',
    countryId: 1,
    address: '1 Marina, Lagos',
    registrationNo: 'RC123456',
  },
  user: { firstName: 'Ada', lastName: 'Obi', email: 'ada@acme.ng', phone: '+2348012345679', password: 'a-long-passphrase' },
};

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
    useModeStore.setState({ byUser: {} });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends no Authorization header and never refreshes without a session', async () => {
    const fetchMock = stubFetch(() => ok([]));
    await callApi(countryEndpoints.list);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBeUndefined();
  });

  it('uses a token that is not about to expire as it is', async () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    const fetchMock = stubFetch(() => ok(latest));
    await callApi(notificationEndpoints.latest);
    expect(callsTo(fetchMock, 'auth/refresh')).toHaveLength(0);
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBe(`Bearer ${session.accessToken}`);
  });

  it("sends the session and the user's chosen mode to merchant endpoints, and no mode elsewhere", async () => {
    const session = sessionFixture();
    useAuthStore.getState().setSession(session);
    const fetchMock = stubFetch(() => ok({ events: [], pagination: { currentPage: 1, totalPages: 0, pageSize: 20, totalItems: 0 } }));
    const modeOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('FiPay-Mode');
    await callApi(eventEndpoints.list, { query: {} });
    expect(modeOf(0)).toBe('test');
    useModeStore.getState().setMode(session.user.id, 'live');
    await callApi(eventEndpoints.list, { query: {} });
    expect(modeOf(1)).toBe('live');
    expect(authHeader(fetchMock.mock.calls[1]?.[1])).toBe(`Bearer ${session.accessToken}`);
    // Another user on this browser keeps their own choice.
    useModeStore.getState().setMode('someone-else', 'test');
    await callApi(eventEndpoints.list, { query: {} });
    expect(modeOf(2)).toBe('live');
    stubFetch(() => ok(latest));
    const latestMock = vi.mocked(fetch);
    await callApi(notificationEndpoints.latest);
    expect(new Headers(latestMock.mock.calls[0]?.[1]?.headers).get('FiPay-Mode')).toBeNull();
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
      return contractAnswers(url);
    });

    const first = callApi(notificationEndpoints.latest);
    const second = callApi(notificationEndpoints.list, { query: { page: 1, pageSize: 10 } });
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
        : ok([]),
    );
    await callApi(bankEndpoints.list);
    expect(callsTo(fetchMock, 'auth/refresh')).toHaveLength(1);
  });

  it('logs out when the refresh fails, keeping the company, and rejects the waiting requests', async () => {
    const session = sessionFixture({ accessToken: fakeJwt(nowSeconds() - 5) });
    useAuthStore.getState().setSession(session);
    const fetchMock = stubFetch((url) =>
      url.endsWith('/auth/refresh') ? fail(401, 'Your session has expired. Please sign in again.') : contractAnswers(url),
    );

    const results = await Promise.allSettled([callApi(notificationEndpoints.latest), callApi(bankEndpoints.list)]);

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
    await expect(callApi(bankEndpoints.list)).rejects.toBeInstanceOf(ApiError);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('throws a typed ApiError carrying status, code, server message and field errors by request path', async () => {
    stubFetch(() =>
      fail(409, 'An account with this email already exists.', {
        code: 'CONFLICT',
        errors: { 'user.email': 'An account with this email already exists.' },
      }),
    );
    const error = await callApi(authEndpoints.signup, { body: signupBody }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expectTypeOf(apiError.code).toEqualTypeOf<ErrorCode>();
    expect(apiError.status).toBe(409);
    expect(apiError.message).toBe('An account with this email already exists.');
    expect(apiError.code).toBe(errorCode.CONFLICT);
    expect(apiError.fieldErrors).toEqual({ 'user.email': 'An account with this email already exists.' });
  });

  it('gives an answer without the error envelope a code from its status', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await callApi(countryEndpoints.list).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'BAD_GATEWAY', message: '', fieldErrors: {} });
  });

  it('refuses an answer that does not match the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => ok({ unexpected: true }));
    await expect(callApi(countryEndpoints.list)).rejects.toMatchObject({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
  });

  it('fills path parameters from the contract, encoded, and sends the body as JSON', async () => {
    useAuthStore.getState().setSession(sessionFixture());
    const fetchMock = stubFetch(() => ok(null));
    await callApi(companyEndpoints.removeRepresentative, { params: { email: 'ada+1@acme.ng' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/company/remove-representative/ada%2B1%40acme.ng');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
  });

  it('sends the reviewer token given to back-office endpoints and keeps the company session on their 401', async () => {
    useAuthStore.getState().setSession(sessionFixture());
    const fetchMock = stubFetch(() => fail(401, 'Your back-office session has ended.', { code: 'UNAUTHORIZED' }));
    await expect(callApi(backOfficeEndpoints.me, { token: 'fpr_reviewer' })).rejects.toMatchObject({ status: 401 });
    expect(authHeader(fetchMock.mock.calls[0]?.[1])).toBe('Bearer fpr_reviewer');
    expect(useAuthStore.getState().user).not.toBeNull();
  });

  it('types every call from its contract', () => {
    // Compile-time only: `npm run typecheck` fails if any of these lines stops being an error.
    const typeChecks = () => {
      // @ts-expect-error a path string is not an endpoint
      void callApi('company/me');
      // @ts-expect-error the body misses the user
      void callApi(authEndpoints.signup, { body: { company: signupBody.company } });
      // @ts-expect-error a body field of the wrong type
      void callApi(authEndpoints.loginInitiate, { body: { email: 'ada@acme.ng', password: 12345678 } });
      // @ts-expect-error an endpoint with a path parameter needs it
      void callApi(companyEndpoints.removeRepresentative);
      // @ts-expect-error a parameter the path does not have
      void callApi(notificationEndpoints.markRead, { params: { notificationId: 'n1' } });
      // @ts-expect-error an endpoint without a body takes none
      void callApi(companyEndpoints.me, { body: {} });
      // @ts-expect-error a back-office endpoint needs the reviewer token
      void callApi(backOfficeEndpoints.me);
    };
    expect(typeChecks).toBeTypeOf('function');
    type CompanyAnswer = Awaited<ReturnType<typeof callApi<typeof companyEndpoints.me>>>;
    expectTypeOf<CompanyAnswer['data']>().toHaveProperty('application');
  });

  it('logs out on a 401 to an authenticated call but not to an anonymous one', async () => {
    stubFetch(() => fail(401, 'Incorrect email/phone or password.', { code: 'INVALID_CREDENTIALS' }));
    useAuthStore.getState().setSession(sessionFixture());
    await expect(callApi(authEndpoints.loginInitiate, { body: { email: 'ada@acme.ng', password: 'wrong-password' } })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(useAuthStore.getState().user).not.toBeNull();

    await expect(callApi(notificationEndpoints.latest)).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().user).toBeNull();
  });
});
