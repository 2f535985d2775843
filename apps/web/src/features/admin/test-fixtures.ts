import type { AuditEntry, Case, CaseState, Reviewer, ReviewerListItem } from '@fipay/contracts/back-office';
import { vi } from 'vitest';
import { useAdminSession } from './admin-session';

export const COMPANY_ID = '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b';
export const REP_ID = '2c9a1f3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b';

export const adminReviewer: Reviewer = { id: 'a0000000-0000-4000-8000-000000000001', email: 'ada@fipay.ng', name: 'Ada Obi', role: 'admin', twoFactorEnabled: true };
export const plainReviewer: Reviewer = { id: 'b0000000-0000-4000-8000-000000000002', email: 'tunde@fipay.ng', name: 'Tunde Bello', role: 'reviewer', twoFactorEnabled: true };

/** Signs a reviewer into the back-office store, as the sign-in page would. */
export function signInAs(reviewer: Reviewer) {
  useAdminSession
    .getState()
    .setSession({ token: `fpr_${reviewer.role}`, scope: 'full', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeoutSeconds: 1800 }, reviewer);
}

export function reviewerItem(reviewer: Reviewer, extra: Partial<ReviewerListItem> = {}): ReviewerListItem {
  return { ...reviewer, passwordSet: true, disabled: false, createdAt: '2026-11-01T09:00:00.000Z', lastSignInAt: '2026-11-20T09:00:00.000Z', ...extra };
}

export const ok = (data: unknown, message = 'OK') => ({ status: 200, body: { isSuccessful: true, message, data } as unknown });
export const fail = (status: number, message: string, data: unknown = null) => ({ status, body: { isSuccessful: false, message, data } as unknown });

type Answer = { status: number; body: unknown } | Response;

/** Replaces fetch with answers given in call order; the last one repeats. */
export function stubFetch(...answers: { status: number; body: unknown }[]) {
  let call = 0;
  const mock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
type Route = [method: string, path: string | RegExp, answer: Answer | ((init: RequestInit | undefined) => Answer)];

/**
 * Replaces fetch with a small router: each call is matched by method and path (after /api/v1/);
 * an unmatched call fails the test loudly.
 */
export function stubApi(routes: Route[]) {
  const mock = vi.fn(async (input: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = String(input).replace(/^\/api\/v1\//, '').split('?')[0]!;
    const route = routes.find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)));
    if (!route) throw new Error(`Unexpected ${method} ${path}`);
    const answer = typeof route[2] === 'function' ? route[2](init) : route[2];
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    calls: (method: string, path: string) =>
      mock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET').toUpperCase() === method && String(url).replace(/^\/api\/v1\//, '').split('?')[0] === path),
  };
}

export function caseFixture(overrides: Partial<Case> = {}): Case {
  return {
    company: {
      id: COMPANY_ID,
      name: 'Adebayo Foods Ltd',
      email: 'hello@adebayofoods.ng',
      phone: '+2348012345678',
      website: 'https://adebayofoods.ng',
      country: 'Nigeria',
      address: '3 Broad Street, Lagos Island',
      registrationNo: 'RC1234567',
      createdAt: '2026-11-10T09:00:00.000Z',
    },
    firstUser: { id: 'u1', firstName: 'Bola', lastName: 'Adebayo', email: 'bola@adebayofoods.ng', phone: '08031234567', emailVerified: true },
    application: {
      status: 'SUBMITTED',
      businessType: 'Registered Business',
      subType: 'SME',
      profile: null,
      currentStep: 5,
      submittedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
      rejectionReason: null,
      rejectionFinal: false,
      assignee: null,
      createdAt: '2026-11-10T09:00:00.000Z',
    },
    cacNumber: 'RC1234567',
    documents: [],
    representatives: [
      {
        id: REP_ID,
        position: 'Director',
        fullName: 'Ngozi Eze',
        email: 'ngozi@adebayofoods.ng',
        phone: '08034567890',
        idType: 'NIN',
        idNumberMasked: '*******8901',
        isRepApproved: true,
        consentName: 'Ngozi Eze',
        consentAt: '2026-11-19T10:00:00.000Z',
      },
    ],
    bankDetails: {
      currency: 'NGN',
      bankName: 'First Bank',
      bankCode: '011',
      accountNumber: '0000014579',
      accountName: 'ADEBAYO FOODS LIMITED',
      bvnMasked: '*******5678',
      nameMatch: { result: 'exact', companyName: 'ADEBAYO FOODS', accountName: 'ADEBAYO FOODS' },
    },
    reviewItems: [],
    notes: [],
    history: [],
    permissions: { claim: true, assign: true, decide: false, reveal: true, exportAudit: true },
    ...overrides,
  };
}

/** What an action answers besides its own result: the parts of the case it may have changed. */
export function caseStateOf({ application, reviewItems, notes, history, permissions }: Case): CaseState {
  return { application, reviewItems, notes, history, permissions };
}

/** An audit entry as the server writes it after an action. */
export function auditEntry(action: string, actor = adminReviewer): AuditEntry {
  return {
    id: `audit-${action}`,
    occurredAt: '2026-11-21T09:00:00.000Z',
    actorType: 'reviewer',
    actorId: actor.id,
    actorName: actor.name,
    action,
    companyId: COMPANY_ID,
    before: null,
    after: null,
  };
}
