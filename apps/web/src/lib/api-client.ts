import { refreshResponse } from '@fipay/contracts/auth';
import { errorEnvelope } from '@fipay/contracts/envelope';
import { ACCESS_TOKEN_REFRESH_MARGIN_SECONDS } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import type { z } from 'zod';
import { useAuthStore } from '../stores/auth-store';
import { expiresWithin } from './jwt';

export const API_BASE = '/api/v1';

type ErrorData = z.infer<typeof errorEnvelope>['data'];
type EnvelopeSchema = z.ZodType<{ isSuccessful: boolean; message: string; data: unknown }>;

/** A non-2xx (or unsuccessful) answer. `message` is the server's text, empty when it sent none. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly data: ErrorData = null,
  ) {
    super(message);
  }

  get code(): string | undefined {
    return this.data?.code;
  }

  get fieldErrors(): Record<string, string> {
    return this.data?.errors ?? {};
  }
}

/**
 * The text a screen shows for a failed call: the server's message when there is one,
 * `fallback` when the server answered without one, `thrownFallback` when no answer came at all.
 */
export function errorMessage(error: unknown, fallback: string, thrownFallback: string = messages.unexpectedError) {
  if (error instanceof ApiError) return error.message || fallback;
  return thrownFallback;
}

type Query = Record<string, string | number | undefined>;

export type RequestOptions = {
  body?: unknown;
  query?: Query;
  /** Send the bearer token when the user is signed in. Off for the sign-in and recovery calls. */
  auth?: boolean;
  /** Refresh an expiring token first. Off for calls that must not rotate the refresh token (logout). */
  refresh?: boolean;
  /**
   * A bearer token to send instead of the company session's (the back office's reviewer token).
   * Nothing is refreshed, and a 401 leaves the company session alone.
   */
  token?: string;
  signal?: AbortSignal;
};

export function buildUrl(path: string, query?: Query) {
  const url = `${API_BASE}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = errorEnvelope.safeParse(payload);
  if (parsed.success) return new ApiError(status, parsed.data.message, parsed.data.data);
  const message =
    typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
      ? payload.message
      : '';
  return new ApiError(status, message);
}

let pendingRefresh: Promise<string> | null = null;

async function refreshTokens(userId: string, refreshToken: string): Promise<string> {
  try {
    const response = await fetch(buildUrl('auth/refresh'), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId, refreshToken }),
    });
    const payload = await readJson(response);
    if (!response.ok) throw toApiError(response.status, payload);
    const parsed = refreshResponse.safeParse(payload);
    if (!parsed.success || !parsed.data.isSuccessful) throw toApiError(response.status, payload);
    useAuthStore.getState().setTokens(parsed.data.data);
    return parsed.data.data.accessToken;
  } catch (error) {
    useAuthStore.getState().logout();
    throw error instanceof ApiError ? error : new ApiError(401, messages.refreshInvalid);
  }
}

/**
 * The access token to send, refreshed first when it expires within the margin.
 * Concurrent callers share one refresh: the server rotates the refresh token on
 * every use and treats a second use of the old one as theft.
 */
async function currentAccessToken(): Promise<string | null> {
  const { user, accessToken, refreshToken } = useAuthStore.getState();
  if (!user || !accessToken || !refreshToken) return null;
  if (pendingRefresh) return pendingRefresh;
  if (!expiresWithin(accessToken, ACCESS_TOKEN_REFRESH_MARGIN_SECONDS)) return accessToken;
  pendingRefresh = refreshTokens(user.id, refreshToken).finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

export async function apiRequest<S extends EnvelopeSchema>(
  method: string,
  path: string,
  schema: S,
  { body, query, auth = true, refresh = true, token: explicitToken, signal }: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let token: string | null = null;
  if (explicitToken !== undefined) token = explicitToken || null;
  else if (auth) token = refresh ? await currentAccessToken() : useAuthStore.getState().accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(response);

  if (!response.ok) {
    if (response.status === 401 && token && explicitToken === undefined) useAuthStore.getState().logout();
    throw toApiError(response.status, payload);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, messages.genericError);
  }
  if (!parsed.data.isSuccessful) throw toApiError(response.status, payload);
  return parsed.data;
}

export const api = {
  get: <S extends EnvelopeSchema>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('GET', path, schema, options),
  post: <S extends EnvelopeSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('POST', path, schema, { ...options, body }),
  put: <S extends EnvelopeSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('PUT', path, schema, { ...options, body }),
  patch: <S extends EnvelopeSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
    apiRequest('PATCH', path, schema, { ...options, body }),
  delete: <S extends EnvelopeSchema>(path: string, schema: S, options?: RequestOptions) =>
    apiRequest('DELETE', path, schema, options),
};
