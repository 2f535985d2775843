import type {
  CaseState,
  CreateReviewerRequest,
  QueueQuery,
  RejectRequest,
  RequestChangesRequest,
  RevealRequest,
  ReviewerLoginRequest,
} from '@fipay/contracts/back-office';
import type { LimitDecisionInput, LimitRequestStatus } from '@fipay/contracts/daily-limits';
import { backOfficeEndpoints as endpoints } from '@fipay/contracts/endpoints/back-office';
import { limitReviewEndpoints } from '@fipay/contracts/endpoints/daily-limits';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, endpointUrl, saveDownload, type CallArgs, type CallOptions, type ClientEndpoint } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { useAdminSession } from '../admin-session';

type ReviewerEndpoint = ClientEndpoint & { access: 'reviewer' | 'reviewer-enrolment' | 'admin' };
type ReviewerOptions<E extends ReviewerEndpoint> = Omit<CallOptions<E>, 'token'>;

/** Calls a back-office endpoint with the reviewer's token; a 401 ends the back-office session. */
export async function call<E extends ReviewerEndpoint>(
  endpoint: E,
  ...[options]: object extends ReviewerOptions<E> ? [options?: ReviewerOptions<E>] : [options: ReviewerOptions<E>]
) {
  const token = useAdminSession.getState().session?.token ?? '';
  try {
    return await callApi(endpoint, ...([{ ...options, token }] as CallArgs<E>));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token) useAdminSession.getState().clear();
    throw error;
  }
}

export const adminApi = {
  setPassword: (token: string, password: string) => callApi(endpoints.setPassword, { body: { token, password } }),
  login: (body: ReviewerLoginRequest) => callApi(endpoints.login, { body }),
  setupTwoFactor: () => call(endpoints.setupTwoFactor),
  enableTwoFactor: (otp: string) => call(endpoints.enableTwoFactor, { body: { otp } }),
  logout: () => call(endpoints.logout),
  me: () => call(endpoints.me),

  queue: (query: QueueQuery, signal?: AbortSignal) => call(endpoints.queue, { query, signal }),
  getCase: (companyId: string, signal?: AbortSignal) => call(endpoints.getCase, { params: { companyId }, signal }),
  claim: (companyId: string) => call(endpoints.claim, { params: { companyId } }),
  assign: (companyId: string, reviewerId: string | null) => call(endpoints.assign, { params: { companyId }, body: { reviewerId } }),
  addNote: (companyId: string, text: string) => call(endpoints.addNote, { params: { companyId }, body: { text } }),
  reveal: (companyId: string, body: RevealRequest) => call(endpoints.reveal, { params: { companyId }, body }),
  approve: (companyId: string) => call(endpoints.approve, { params: { companyId } }),
  reject: (companyId: string, body: RejectRequest) => call(endpoints.reject, { params: { companyId }, body }),
  requestChanges: (companyId: string, body: RequestChangesRequest) =>
    call(endpoints.requestChanges, { params: { companyId }, body }),
  payoutHold: (companyId: string, signal?: AbortSignal) => call(endpoints.payoutHold, { params: { companyId }, signal }),
  holdPayouts: (companyId: string, reason: string) => call(endpoints.holdPayouts, { params: { companyId }, body: { reason } }),
  releasePayouts: (companyId: string) => call(endpoints.releasePayouts, { params: { companyId } }),

  reviewers: () => call(endpoints.listReviewers),
  liveReadiness: (signal?: AbortSignal) => call(endpoints.liveReadiness, { signal }),
  createReviewer: (body: CreateReviewerRequest) => call(endpoints.createReviewer, { body }),
};

/** Downloads a case's audit trail as CSV (admin): the file comes with the bearer token, so it is fetched, then saved. */
export async function downloadAuditCsv(companyId: string) {
  const token = useAdminSession.getState().session?.token ?? '';
  const response = await fetch(endpointUrl(endpoints.auditCsv, { companyId }), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
  });
  if (response.status === 401) useAdminSession.getState().clear();
  return saveDownload(response, `audit-${companyId}.csv`);
}

const adminKeys = {
  all: ['admin'] as const,
  case: (companyId: string) => ['admin', 'case', companyId] as const,
  reviewers: ['admin', 'reviewers'] as const,
  queue: ['admin', 'queue'] as const,
  liveReadiness: ['admin', 'live-readiness'] as const,
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

/** Whether a company's live payouts are held (issue 13); holding and releasing answer the new state. */
export function payoutHoldQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: ['admin', 'payout-hold', companyId] as const,
    queryFn: ({ signal }) => adminApi.payoutHold(companyId, signal).then(({ data }) => data.hold),
  });
}

export function usePayoutHoldAction(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) => (reason === null ? adminApi.releasePayouts(companyId) : adminApi.holdPayouts(companyId, reason)),
    onSuccess: ({ data }) => queryClient.setQueryData(payoutHoldQueryOptions(companyId).queryKey, data.hold),
  });
}

/**
 * Whether this server can take live payments (docs/decisions/0056-operators-see-live-readiness.md). The server asks
 * Paystack at most once in 15 seconds while not ready, so the page asks again every 30 seconds while it is open.
 */
export function liveReadinessQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.liveReadiness,
    queryFn: ({ signal }) => adminApi.liveReadiness(signal).then(({ data }) => data),
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** The limit-request queue of one status (docs/decisions/0070-daily-limits-and-limit-requests.md). */
export function limitQueueQueryOptions(status: LimitRequestStatus, page: number) {
  return queryOptions({
    queryKey: ['admin', 'limit-requests', status, page] as const,
    queryFn: ({ signal }) => call(limitReviewEndpoints.queue, { query: { status, page }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

export function limitCaseQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: ['admin', 'limit-request', requestId] as const,
    queryFn: ({ signal }) => call(limitReviewEndpoints.get, { params: { requestId }, signal }).then(({ data }) => data),
    staleTime: 0,
  });
}

export function useLimitDecision(requestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LimitDecisionInput) => call(limitReviewEndpoints.decide, { params: { requestId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
