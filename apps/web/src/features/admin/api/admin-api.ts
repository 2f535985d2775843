import {
  assignResponse,
  caseResponse,
  claimResponse,
  decisionResponse,
  noteResponse,
  queueResponse,
  revealResponse,
  reviewerListResponse,
  reviewerLoginResponse,
  reviewerLogoutResponse,
  reviewerMeResponse,
  reviewerResponse,
  reviewerTwoFactorEnableResponse,
  reviewerTwoFactorSetupResponse,
  setPasswordResponse,
  type CreateReviewerRequest,
  type QueueQuery,
  type RejectRequest,
  type RequestChangesRequest,
  type RevealRequest,
  type ReviewerLoginRequest,
} from '@fipay/contracts/back-office';
import type { z } from 'zod';
import { ApiError, apiRequest, buildUrl } from '../../../lib/api-client';
import { useAdminSession } from '../admin-session';

type EnvelopeSchema = z.ZodType<{ isSuccessful: boolean; message: string; data: unknown }>;

/** Calls an /admin route with the reviewer's token; a 401 ends the back-office session. */
async function call<S extends EnvelopeSchema>(
  method: string,
  path: string,
  schema: S,
  options: { body?: unknown; query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
) {
  const token = useAdminSession.getState().session?.token ?? '';
  try {
    return await apiRequest(method, `admin/${path}`, schema, { ...options, token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) useAdminSession.getState().clear();
    throw error;
  }
}

const caseUrl = (companyId: string, action = '') =>
  `applications/${encodeURIComponent(companyId)}${action ? `/${action}` : ''}`;

export const adminApi = {
  setPassword: (token: string, password: string) =>
    apiRequest('POST', 'admin/auth/set-password', setPasswordResponse, { body: { token, password }, token: '' }),
  login: (body: ReviewerLoginRequest) =>
    apiRequest('POST', 'admin/auth/login', reviewerLoginResponse, { body, token: '' }),
  setupTwoFactor: () => call('POST', 'auth/2fa/setup', reviewerTwoFactorSetupResponse),
  enableTwoFactor: (otp: string) => call('POST', 'auth/2fa/enable', reviewerTwoFactorEnableResponse, { body: { otp } }),
  logout: () => call('POST', 'auth/logout', reviewerLogoutResponse),
  me: () => call('GET', 'me', reviewerMeResponse),

  queue: (query: QueueQuery, signal?: AbortSignal) =>
    call('GET', 'applications', queueResponse, { query: query as Record<string, string | number | undefined>, signal }),
  getCase: (companyId: string, signal?: AbortSignal) => call('GET', caseUrl(companyId), caseResponse, { signal }),
  claim: (companyId: string) => call('POST', caseUrl(companyId, 'claim'), claimResponse),
  assign: (companyId: string, reviewerId: string | null) =>
    call('POST', caseUrl(companyId, 'assign'), assignResponse, { body: { reviewerId } }),
  addNote: (companyId: string, text: string) => call('POST', caseUrl(companyId, 'notes'), noteResponse, { body: { text } }),
  reveal: (companyId: string, body: RevealRequest) => call('POST', caseUrl(companyId, 'reveal'), revealResponse, { body }),
  approve: (companyId: string) => call('POST', caseUrl(companyId, 'approve'), decisionResponse),
  reject: (companyId: string, body: RejectRequest) => call('POST', caseUrl(companyId, 'reject'), decisionResponse, { body }),
  requestChanges: (companyId: string, body: RequestChangesRequest) =>
    call('POST', caseUrl(companyId, 'request-changes'), decisionResponse, { body }),

  reviewers: () => call('GET', 'reviewers', reviewerListResponse),
  createReviewer: (body: CreateReviewerRequest) => call('POST', 'reviewers', reviewerResponse, { body }),
};

/** Downloads a case's audit trail as CSV (admin): the file comes with the bearer token, so it is fetched, then saved. */
export async function downloadAuditCsv(companyId: string) {
  const token = useAdminSession.getState().session?.token ?? '';
  const response = await fetch(buildUrl(`admin/${caseUrl(companyId, 'audit.csv')}`), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
  });
  if (!response.ok) {
    if (response.status === 401) useAdminSession.getState().clear();
    let message = '';
    try {
      message = ((await response.json()) as { message?: string }).message ?? '';
    } catch {
      // Not JSON: the generic message below.
    }
    throw new ApiError(response.status, message);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `audit-${companyId}.csv`;
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
