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
  type CaseState,
  type CreateReviewerRequest,
  type QueueQuery,
  type RejectRequest,
  type RequestChangesRequest,
  type RevealRequest,
  type ReviewerLoginRequest,
} from '@fipay/contracts/back-office';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest, buildUrl } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
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

const adminKeys = {
  all: ['admin'] as const,
  case: (companyId: string) => ['admin', 'case', companyId] as const,
  reviewers: ['admin', 'reviewers'] as const,
  queue: ['admin', 'queue'] as const,
};

/**
 * One case as the reviewer opens it. Opening is audited and signs every document link, so it is
 * asked for once per visit to the page and never again behind the reviewer's back (focus,
 * reconnect); each action answers the parts it changed (CaseState), which are applied here.
 */
export function caseQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: adminKeys.case(companyId),
    queryFn: ({ signal }) => adminApi.getCase(companyId, signal).then(({ data }) => data),
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** One page of the queue as filtered; the page keeps showing the last answer while the next filter loads. */
export function queueQueryOptions(query: QueueQuery) {
  return queryOptions({
    queryKey: [...adminKeys.queue, query] as const,
    queryFn: ({ signal }) => adminApi.queue(query, signal).then(({ data }) => data),
    // Other reviewers move applications all the time: each visit asks again (the last answer shows meanwhile).
    staleTime: 0,
  });
}

/** Every reviewer, for admins: the Reviewers page lists them, the case page offers the assignable ones. */
export function reviewersQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.reviewers,
    queryFn: () => adminApi.reviewers().then(({ data }) => data.reviewers),
  });
}

/** Inviting a reviewer answers the new entry, which joins the cached list as it is. */
export function useInviteReviewer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewerRequest) => adminApi.createReviewer(body),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(reviewersQueryOptions().queryKey, (reviewers) => (reviewers ? [...reviewers, data] : reviewers));
    },
  });
}

/** A case action whose answer carries the case as it now stands; the cached case takes it, and nothing is read again. */
function useCaseAction<Variables, Answer extends { message: string; data: { case: CaseState } }>(
  companyId: string,
  action: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(caseQueryOptions(companyId).queryKey, (current) => (current ? { ...current, ...data.case } : current));
      // The queue's statuses, assignees and counts may have changed with it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.queue });
    },
  });
}

export const useClaimCase = (companyId: string) => useCaseAction(companyId, () => adminApi.claim(companyId));
export const useAssignCase = (companyId: string) =>
  useCaseAction(companyId, (reviewerId: string | null) => adminApi.assign(companyId, reviewerId));
export const useAddCaseNote = (companyId: string) => useCaseAction(companyId, (text: string) => adminApi.addNote(companyId, text));
export const useRevealValue = (companyId: string) => useCaseAction(companyId, (body: RevealRequest) => adminApi.reveal(companyId, body));

export type CaseDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; body: RejectRequest }
  | { kind: 'changes'; body: RequestChangesRequest };

export const useDecideCase = (companyId: string) =>
  useCaseAction(companyId, (decision: CaseDecision) => {
    if (decision.kind === 'approve') return adminApi.approve(companyId);
    if (decision.kind === 'reject') return adminApi.reject(companyId, decision.body);
    return adminApi.requestChanges(companyId, decision.body);
  });

// Another reviewer signing in on this tab must not see what the last one was shown or allowed.
useAdminSession.subscribe((state, previous) => {
  if (previous.session && state.session?.token !== previous.session.token) queryClient.removeQueries({ queryKey: adminKeys.all });
});
