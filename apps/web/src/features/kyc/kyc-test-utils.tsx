import type { Company } from '@fipay/contracts/company';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { companyQueryOptions } from '../../api/company';
import { queryClient } from '../../lib/query-client';
import { useAuthStore } from '../../stores/auth-store';
import { KycLayout } from './kyc-layout';

/** The company query's answer as the dashboard left it: the saved application the steps read. */
export function setSavedCompany(company: Company) {
  queryClient.setQueryData(companyQueryOptions().queryKey, company);
}

/** The company query's current answer. */
export function savedCompany() {
  return queryClient.getQueryData(companyQueryOptions().queryKey);
}

/**
 * Renders the onboarding layout at `path` with the given step routes; every other step path
 * and /dashboard show a heading naming the screen. Unless a test put another answer there, the
 * company query holds the session's company (the dashboard loaded it on the way in).
 */
export function renderKycRoute(path: string, steps: RouteObject[]) {
  const company = useAuthStore.getState().company;
  if (company && !savedCompany()) setSavedCompany(company);
  const placeholders = ['/kyc', '/kyc/business-profile', '/kyc/documents', '/kyc/representative', '/kyc/bank-details']
    .filter((p) => !steps.some((s) => s.path === p || (s.index && p === '/kyc')))
    .map((p) => (p === '/kyc' ? { index: true, element: <h1>Business type screen</h1> } : { path: p, element: <h1>{p} screen</h1> }));
  const router = createMemoryRouter(
    [
      { path: '/kyc', Component: KycLayout, children: [...steps, ...placeholders] as RouteObject[] },
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, router };
}

type StubbedAnswer = { status?: number; body: unknown } | Error | Promise<Response>;

/** Stubs fetch with the answers given, in order (the last repeats); returns the mock to inspect the calls. */
export function stubFetch(...answers: StubbedAnswer[]) {
  let call = 0;
  const mock = vi.fn(async (_url: string, _init?: RequestInit): Promise<Response> => {
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    if (answer instanceof Promise) return answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function requestBody(mock: ReturnType<typeof stubFetch>, index = 0): unknown {
  const init = mock.mock.calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
