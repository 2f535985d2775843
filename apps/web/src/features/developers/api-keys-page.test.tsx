import type { ApiKey } from '@fipay/contracts/developers';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { ApiKeysPage } from './api-keys-page';

const session = sessionFixture();

const publishable: ApiKey = {
  id: 'a1000000-0000-4000-8000-000000000001',
  livemode: false,
  kind: 'publishable',
  key: 'pk_test_2f8c4e6a1b3d5f7091a2b4c6d8e0f1a3',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};
const secret: ApiKey = { ...publishable, id: 'a1000000-0000-4000-8000-000000000002', kind: 'secret', key: 'sk_test_…9f2e', lastUsedAt: '2026-11-25T14:30:00.000Z' };
const wholeSecret = 'sk_test_7c1e9a3f5b2d4e6a8c0b1d3f5a7c9e2b4d6f9f2e';
const rolledSecret = 'sk_test_0d2f4b6a8c1e3a5c7e9b2d4f6a8c0e1b3d5f7a4c';

type Answer = { status?: number; message?: string; data: unknown };
type Route = (body: unknown) => Answer;

const respond = ({ status = 200, message = 'OK', data }: Answer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

/** The server, by method and path after /api/v1: each answers from what was sent. Returns the fetch mock. */
function stubServer(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname.replace('/api/v1', '')}`];
    if (!route) return respond({ status: 404, message: 'Not found.', data: { code: 'NOT_FOUND' } });
    return respond(route(init?.body ? JSON.parse(String(init.body)) : undefined));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof stubServer>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && input === `/api/v1${path}`).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));

function renderPage() {
  const user = userEvent.setup();
  render(
    <>
      <ApiKeysPage />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return user;
}

describe('ApiKeysPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it("lists the current mode's keys: the publishable one whole, the secret one masked, with when it was last used", async () => {
    stubServer({ 'GET /api-keys': () => ({ data: { keys: [publishable, secret, { ...secret, id: 'live-1', livemode: true, key: 'sk_live_…0000' }] } }) });
    renderPage();
    const list = await screen.findByRole('region', { name: 'Test mode keys' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Publishable key')).toBeInTheDocument();
    expect(within(items[0]!).getByText(publishable.key)).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Last used never/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('sk_test_…9f2e')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Roll key' })).toBeInTheDocument();
    expect(screen.queryByText('sk_live_…0000')).not.toBeInTheDocument();
  });

  it('makes the first keys and shows the whole secret key once, to copy', async () => {
    let made = false;
    const fetchMock = stubServer({
      'GET /api-keys': () => ({ data: { keys: made ? [publishable, secret] : [] } }),
      'POST /api-keys': () => {
        made = true;
        return { status: 201, message: 'API keys created.', data: { publishable, secret, secretKey: wholeSecret } };
      },
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'No test keys yet' })).toBeInTheDocument();
    expect(screen.getByText('Create a publishable and a secret key for test mode.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create test keys' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new secret key' });
    expect(sent(fetchMock, 'POST', '/api-keys')).toEqual([{ mode: 'test' }]);
    expect(within(dialog).getByTestId('secret-value')).toHaveTextContent(wholeSecret);
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('This is the only time FiPay shows it'));

    await user.click(within(dialog).getByRole('button', { name: 'Copy secret key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(wholeSecret));
    expect(await screen.findByText('Secret key copied.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    // Closed, the whole secret is nowhere on the page: only the masked key in the list.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('sk_test_…9f2e')).toBeInTheDocument();
    expect(screen.queryByText(wholeSecret)).not.toBeInTheDocument();
  });

  it('says how to copy the secret when the browser will not', async () => {
    stubServer({
      'GET /api-keys': () => ({ data: { keys: [] } }),
      'POST /api-keys': () => ({ status: 201, message: 'API keys created.', data: { publishable, secret, secretKey: wholeSecret } }),
    });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create test keys' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new secret key' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret key' }));
    expect(await screen.findByText('Copying failed. Select the secret key and copy it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'I have copied it' })).toBeInTheDocument();
  });

  it('rolls the secret key in test mode: the old one works for the time chosen, the new one is shown once', async () => {
    let rolled = false;
    const expiring = { ...secret, expiresAt: '2026-11-27T09:00:00.000Z' };
    const fresh = { ...secret, id: 'a1000000-0000-4000-8000-000000000003', key: 'sk_test_…7a4c', lastUsedAt: null };
    const fetchMock = stubServer({
      'GET /api-keys': () => ({ data: { keys: rolled ? [publishable, expiring, fresh] : [publishable, secret] } }),
      [`POST /api-keys/${secret.id}/roll`]: () => {
        rolled = true;
        return { message: 'Secret key rolled.', data: { rolled: expiring, secret: fresh, secretKey: rolledSecret } };
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Roll key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll secret key' });
    // Test keys ask for no password.
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('The current key stops working')).toHaveValue('24h');
    await user.selectOptions(within(dialog).getByLabelText('The current key stops working'), 'In 7 days');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new secret key' });
    expect(sent(fetchMock, 'POST', `/api-keys/${secret.id}/roll`)).toEqual([{ expiresIn: '7d' }]);
    expect(within(shown).getByTestId('secret-value')).toHaveTextContent(rolledSecret);
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The old key shows when it stops working, and can no longer be rolled; the new one can.
    const list = await screen.findByRole('region', { name: 'Test mode keys' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText(/^Expires /)).toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: 'Roll key' })).toHaveLength(1);
    expect(screen.queryByText(rolledSecret)).not.toBeInTheDocument();
  });

  it("asks for the password to roll a live key, and shows the server's refusal under it", async () => {
    useModeStore.getState().setMode(session.user.id, 'live');
    const live = { ...secret, id: 'live-secret', livemode: true, key: 'sk_live_…1b2c' };
    const fetchMock = stubServer({
      'GET /api-keys': () => ({ data: { keys: [{ ...publishable, livemode: true, key: 'pk_live_1' }, live] } }),
      'GET /account/me': () => ({ data: account() }),
      [`POST /api-keys/${live.id}/roll`]: () => ({ status: 401, message: 'Check your password.', data: { code: 'INVALID_CREDENTIALS', errors: { password: 'That password is not right.' } } }),
    });
    const user = renderPage();
    await user.click(await within(await screen.findByRole('region', { name: 'Live mode keys' })).findByRole('button', { name: 'Roll key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll secret key' });
    await user.type(within(dialog).getByLabelText('Password'), 'not-my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }));

    expect(await within(dialog).findByText('That password is not right.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', `/api-keys/${live.id}/roll`)).toEqual([{ expiresIn: '24h', password: 'not-my-password' }]);
    expect(screen.queryByRole('dialog', { name: 'Your new secret key' })).not.toBeInTheDocument();
  });

  it('says why the keys could not load, and loads them again on Try again', async () => {
    let answers = 0;
    const fetchMock = stubServer({
      'GET /api-keys': () =>
        answers++ === 0 ? { status: 429, message: 'Too many requests. Wait a minute, then try again.', data: { code: 'RATE_LIMITED' } } : { data: { keys: [publishable, secret] } },
    });
    const user = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many requests. Wait a minute, then try again.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Test mode keys' })).toBeInTheDocument();
    expect(sent(fetchMock, 'GET', '/api-keys')).toHaveLength(2);
  });
});

/** GET /account/me for a business owner without a second factor. */
function account() {
  return {
    user: {
      id: session.user.id,
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'ada@acme.ng',
      phone: '+2348012345678',
      emailVerifiedAt: '2026-11-01T10:00:00.000Z',
      createdAt: '2026-11-01T09:00:00.000Z',
    },
    company: {
      id: session.company.id,
      name: 'Acme Logistics Ltd',
      email: 'hello@acme.ng',
      phone: '+2348012345678',
      website: 'https://acme.ng',
      country: { id: 160, name: 'Nigeria' },
      address: '12 Marina Road, Lagos',
      registrationNo: 'RC1234567',
      createdAt: '2026-11-01T09:00:00.000Z',
    },
    kyb: { status: 'approved', currentStep: 4, submittedAt: '2026-11-02T09:00:00.000Z', rejectionFinal: false },
    security: { twoFactorMethod: null, passwordChangedAt: null },
  };
}
