import { endpointPath, type AnyEndpoint } from '@fipay/contracts/endpoint';
import { MODE_HEADER } from '@fipay/contracts/developers';
import { authEndpoints } from '@fipay/contracts/endpoints/auth';
import type { ErrorCode } from '@fipay/contracts/error-codes';
import { errorEnvelope } from '@fipay/contracts/envelope';
import { ACCESS_TOKEN_REFRESH_MARGIN_SECONDS } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import type { z } from 'zod';
import { useAuthStore } from '../stores/auth-store';
import { currentMode } from '../stores/mode-store';
import { expiresWithin } from './jwt';

export const API_BASE = '/api/v1';

type ErrorData = z.infer<typeof errorEnvelope>['data'];
type EnvelopeSchema = z.ZodType<{ isSuccessful: boolean; message: string; data: unknown }>;

/** The code of an answer that carried none (a proxy's page, an unreadable body), from its status. */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 422) return 'UNPROCESSABLE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 502 || status === 503 || status === 504) return 'BAD_GATEWAY';
  return 'INTERNAL';
}

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

  get code(): ErrorCode {
    return this.data?.code ?? codeForStatus(this.status);
  }

  /** Keyed by the request's own field path ('user.email', '0.email', a document's docKey). */
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

/** An endpoint the client can call: its success answer is the envelope. */
export type ClientEndpoint = AnyEndpoint & { response: EnvelopeSchema };

type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S extends z.ZodType }
  ? { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** Back-office endpoints are called with the reviewer's token; nothing else sends one explicitly. */
type Session<E> = E extends { access: 'reviewer' | 'reviewer-enrolment' | 'admin' } ? { token: string } : { token?: never };

export type CallOptions<E extends ClientEndpoint> = Part<E, 'params'> &
  Part<E, 'query'> &
  Part<E, 'body'> &
  Session<E> & {
    /** Refresh an expiring token first. Off for calls that must not rotate the refresh token. */
    refresh?: boolean;
    signal?: AbortSignal;
    /** Sent as the Idempotency-Key header (merchant POSTs): a retry with the same key gets the first answer. */
    idempotencyKey?: string;
  };

export type CallArgs<E extends ClientEndpoint> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type QueryValues = Record<string, unknown>;

/** The address of an endpoint, its path parameters filled in and its query appended. */
export function endpointUrl(endpoint: Pick<AnyEndpoint, 'path'>, params?: object, query?: QueryValues) {
  const url = `${API_BASE}${endpointPath(endpoint, params as Record<string, unknown> | undefined)}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
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

/** The typed error of a refused call; an answer that is not the error envelope keeps only its message. */
export function toApiError(status: number, payload: unknown): ApiError {
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
  const endpoint = authEndpoints.refresh;
  try {
    const response = await fetch(endpointUrl(endpoint), {
      method: endpoint.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId, refreshToken }),
    });
    const payload = await readJson(response);
    if (!response.ok) throw toApiError(response.status, payload);
    const parsed = endpoint.response.safeParse(payload);
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
export async function currentAccessToken(): Promise<string | null> {
  const { user, accessToken, refreshToken } = useAuthStore.getState();
  if (!user || !accessToken || !refreshToken) return null;
  if (pendingRefresh) return pendingRefresh;
  if (!expiresWithin(accessToken, ACCESS_TOKEN_REFRESH_MARGIN_SECONDS)) return accessToken;
  pendingRefresh = refreshTokens(user.id, refreshToken).finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

/**
 * Calls an endpoint through its contract: the path, parameters, query and body are checked
 * when compiling, the answer is parsed with the contract's schema, and a refusal becomes an
 * ApiError with its code. Company endpoints send the user's access token (refreshed first when
 * about to expire; a 401 signs the user out); anonymous ones send none; back-office ones send
 * the reviewer token given, and a 401 leaves the company session alone.
 */
export async function callApi<E extends ClientEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<z.output<E['response']>> {
  const { params, query, body, token: reviewerToken, refresh = true, signal, idempotencyKey } = (options ?? {}) as {
    params?: object;
    query?: QueryValues;
    body?: unknown;
    token?: string;
    refresh?: boolean;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  // Merchant endpoints take the dashboard's session too, in the mode the user has chosen.
  const companySession = endpoint.access === 'company' || endpoint.access === 'merchant';
  let token: string | null = null;
  if (companySession) token = refresh ? await currentAccessToken() : useAuthStore.getState().accessToken;
  else if (endpoint.access !== 'anonymous') token = reviewerToken || null;

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (endpoint.access === 'merchant') headers[MODE_HEADER] = currentMode();
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  const response = await fetch(endpointUrl(endpoint, params, query), {
    method: endpoint.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readJson(response);

  if (!response.ok) {
    if (response.status === 401 && token && companySession) useAuthStore.getState().logout();
    throw toApiError(response.status, payload);
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${endpoint.method} ${endpoint.path}`, parsed.error);
    throw new ApiError(response.status, messages.genericError);
  }
  const answer = parsed.data as z.output<E['response']>;
  if (!answer.isSuccessful) throw toApiError(response.status, payload);
  return answer;
}

/** Saves a file answer under the name its Content-Disposition gives (else `fallbackName`); refusals become ApiErrors. */
export async function saveDownload(response: Response, fallbackName: string): Promise<string> {
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}

/** Downloads a merchant endpoint's file (an export) with the dashboard's session in the chosen mode. */
export async function downloadMerchantFile(endpoint: AnyEndpoint, query: QueryValues, fallbackName: string, params: Record<string, string> = {}): Promise<string> {
  const token = await currentAccessToken();
  const response = await fetch(endpointUrl(endpoint, params, query), {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), Accept: 'text/csv', [MODE_HEADER]: currentMode() },
  });
  if (response.status === 401 && token) useAuthStore.getState().logout();
  return saveDownload(response, fallbackName);
}
