import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { sessionFixture } from '../../test/session-fixture';
import { ApproveRepPage } from './approve-rep-page';

const companyId = '7d4e2a10-1c3b-4e5f-8a9b-0c1d2e3f4a5b';
const repId = 'b1b2c3d4-0000-4000-8000-000000000002';
const fullLink = `/approve-rep?companyId=${companyId}&repId=${repId}&token=link-token-1`;

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/approve-rep', Component: ApproveRepPage },
      { path: '/thank-you', element: <h1>Thank-you screen</h1> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { user, router };
}

function stubFetch(...responses: (Response | Error)[]) {
  let call = 0;
  const mock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses[Math.min(call++, responses.length - 1)]!;
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('ApproveRepPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: null, company: null, accessToken: null, refreshToken: null });
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the consent text and the field', () => {
    renderAt(fullLink);
    expect(screen.getByText(/confirm that you are the official representative of this business/)).toBeInTheDocument();
    expect(screen.getByText(/listed as its primary contact/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name (for legal consent)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['the token', `/approve-rep?companyId=${companyId}&repId=${repId}`],
    ['the representative', `/approve-rep?companyId=${companyId}&token=t`],
    ['the company', `/approve-rep?repId=${repId}&token=t`],
  ])('says the link is invalid without %s, and never calls the server', async (_missing, url) => {
    const fetchMock = stubFetch(json(200, { isSuccessful: true, message: 'OK', data: null }));
    const { user } = renderAt(url);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid approval link.');
    await user.type(screen.getByLabelText('Full Name (for legal consent)'), 'Ada Okafor');
    await user.click(screen.getByRole('button', { name: 'I Approve and Consent' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the full name before calling', async () => {
    const fetchMock = stubFetch(json(200, { isSuccessful: true, message: 'OK', data: null }));
    const { user } = renderAt(fullLink);
    await user.type(screen.getByLabelText('Full Name (for legal consent)'), '   ');
    await user.click(screen.getByRole('button', { name: 'I Approve and Consent' }));
    // The form's validation settles after the click (the resolver is asynchronous): a loaded machine shows it a moment later.
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the approval without a bearer token, even when someone is signed in here, then thanks the person', async () => {
    useAuthStore.getState().setSession(sessionFixture());
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = renderAt(fullLink);
    await user.type(screen.getByLabelText('Full Name (for legal consent)'), '  Ada Okafor ');
    await user.click(screen.getByRole('button', { name: 'I Approve and Consent' }));

    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/company/approve-representative');
    expect(init!.method).toBe('PUT');
    expect((init!.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(String(init!.body))).toEqual({ companyId, repId, token: 'link-token-1', fullName: 'Ada Okafor' });

    await act(async () =>
      answer(json(200, { isSuccessful: true, message: 'Thank you! You have successfully approved your representative role.', data: null })),
    );
    expect(await screen.findByRole('heading', { name: 'Thank-you screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/thank-you');
    expect(screen.getByText('Thank you! You have successfully approved your representative role.')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Approval failed. Please try again.' when no answer comes", async () => {
    stubFetch(
      json(400, { isSuccessful: false, message: 'Invalid approval link.', data: { code: 'BAD_REQUEST' } }),
      new TypeError('Failed to fetch'),
    );
    const { user, router } = renderAt(fullLink);
    await user.type(screen.getByLabelText('Full Name (for legal consent)'), 'Ada Okafor');
    await user.click(screen.getByRole('button', { name: 'I Approve and Consent' }));
    expect(await screen.findAllByText('Invalid approval link.')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'I Approve and Consent' }));
    expect(await screen.findAllByText('Approval failed. Please try again.')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/approve-rep');
  });
});
