import type {
  CreateReviewerRequest,
  QueueQuery,
  RejectRequest,
  RequestChangesRequest,
  RevealRequest,
  ReviewerLoginRequest,
} from '@fipay/contracts/back-office';
import { backOfficeEndpoints as endpoints } from '@fipay/contracts/endpoints/back-office';
import { ApiError, callApi, endpointUrl, type CallArgs, type CallOptions, type ClientEndpoint } from '../../../lib/api-client';
import { useAdminSession } from '../admin-session';

type ReviewerEndpoint = ClientEndpoint & { access: 'reviewer' | 'reviewer-enrolment' | 'admin' };
type ReviewerOptions<E extends ReviewerEndpoint> = Omit<CallOptions<E>, 'token'>;

/** Calls a back-office endpoint with the reviewer's token; a 401 ends the back-office session. */
async function call<E extends ReviewerEndpoint>(
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

  reviewers: () => call(endpoints.listReviewers),
  createReviewer: (body: CreateReviewerRequest) => call(endpoints.createReviewer, { body }),
};

/** Downloads a case's audit trail as CSV (admin): the file comes with the bearer token, so it is fetched, then saved. */
export async function downloadAuditCsv(companyId: string) {
  const token = useAdminSession.getState().session?.token ?? '';
  const response = await fetch(endpointUrl(endpoints.auditCsv, { companyId }), {
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
