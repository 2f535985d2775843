import type { PaymentMethod } from '@fipay/contracts/payment-methods';
import { paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useModeStore } from '../../stores/mode-store';
import { QueryWrapper } from '../../test/query-wrapper';
import { sessionFixture } from '../../test/session-fixture';
import { PaymentMethodsPage } from './payment-methods-page';

const session = sessionFixture();

const nigerian: PaymentMethod = {
  id: 'b1000000-0000-4000-8000-000000000001',
  livemode: false,
  kind: 'ng_bank_account',
  currency: 'NGN',
  country: 'NG',
  accountName: 'ACME LOGISTICS LIMITED',
  bankName: 'Guaranty Trust Bank',
  bankCode: '058',
  accountNumber: '••••••4579',
  status: 'usable',
  nameReview: 'not_needed',
  usableFrom: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-19T09:00:00.000Z',
};
const uk: PaymentMethod = {
  ...nigerian,
  id: 'b1000000-0000-4000-8000-000000000002',
  kind: 'gb_account',
  currency: 'GBP',
  country: 'GB',
  accountName: 'Acme Logistics UK',
  bankName: null,
  bankCode: '089999',
  accountNumber: '••••4958',
  status: 'needs_review',
  nameReview: 'needs_review',
};
const iban: PaymentMethod = {
  ...nigerian,
  id: 'b1000000-0000-4000-8000-000000000003',
  kind: 'iban',
  currency: 'EUR',
  country: 'DE',
  accountName: 'Acme Logistics GmbH',
  bankName: null,
  bankCode: 'COBADEFFXXX',
  accountNumber: '••••••••3000',
  status: 'cooling_off',
  usableFrom: '2026-11-27T10:00:00.000Z',
};

type Answer = { status?: number; message?: string; data: unknown };
type Route = (body: unknown) => Answer;
const respond = ({ status = 200, message = 'OK', data }: Answer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

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
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && input === `/api/v1${path}`).map(([input, init]) => ({
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
    headers: init?.headers as Record<string, string>,
    input,
  }));

function account(twoFactorMethod: 'authenticator' | 'email' | null) {
  return {
    user: { id: session.user.id, firstName: 'Ada', lastName: 'Okafor', email: 'ada@acme.ng', phone: '+2348012345678', emailVerifiedAt: null, createdAt: '2026-11-01T09:00:00.000Z' },
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
    security: { twoFactorMethod, passwordChangedAt: null },
  };
}

function renderPage() {
  const user = userEvent.setup();
  render(
    <>
      <PaymentMethodsPage />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return user;
}

describe('PaymentMethodsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useModeStore.getState().setMode(session.user.id, 'test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => toast.remove());
  });

  it("lists the mode's accounts with kind, bank, masked number and whether each can receive money", async () => {
    const fetchMock = stubServer({ 'GET /payment-methods': () => ({ data: { paymentMethods: [iban, uk, nigerian], coolingOffSeconds: 86_400 } }) });
    renderPage();
    const list = await screen.findByRole('region', { name: 'Test mode payment methods' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('IBAN account · EUR');
    expect(items[0]).toHaveTextContent('BIC COBADEFFXXX · ••••••••3000');
    expect(within(items[0]!).getByText(/^Cooling off until /)).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('UK bank account · GBP');
    expect(items[1]).toHaveTextContent('Sort code 08-99-99 · ••••4958');
    expect(within(items[1]!).getByText('Needs review')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Nigerian bank account · NGN');
    expect(items[2]).toHaveTextContent('Guaranty Trust Bank · ••••••4579');
    expect(within(items[2]!).getByText('Usable')).toBeInTheDocument();
    expect(screen.getByText(/24 hours after it is added/)).toBeInTheDocument();
    expect(sent(fetchMock, 'GET', '/payment-methods')[0]!.headers['FiPay-Mode']).toBe('test');
  });

  it('says when the mode has none', async () => {
    stubServer({ 'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }) });
    renderPage();
    expect(await screen.findByText('No test mode payment methods yet')).toBeInTheDocument();
  });

  it('adds a Nigerian account by bank and number', async () => {
    const methods: PaymentMethod[] = [];
    const fetchMock = stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: methods, coolingOffSeconds: 86_400 } }),
      'GET /bank/list': () => ({ data: [{ bank_name: 'Guaranty Trust Bank', code: '058' }] }),
      'GET /account/me': () => ({ data: account(null) }),
      'POST /payment-methods': () => {
        methods.push({ ...nigerian, status: 'cooling_off' });
        return { status: 201, message: paymentMethodMessages.added, data: methods[0] };
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    expect(within(dialog).getByRole('tab', { name: 'Nigerian' })).toHaveAttribute('aria-selected', 'true');
    await within(dialog).findByRole('option', { name: 'Guaranty Trust Bank' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Bank' }), '058');
    await user.type(within(dialog).getByRole('textbox', { name: 'Account number' }), '0000014579');
    expect(within(dialog).queryByLabelText('Authenticator code')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText(paymentMethodMessages.added)).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/payment-methods').map((call) => call.body)).toEqual([{ kind: 'ng_bank_account', bankCode: '058', accountNumber: '0000014579' }]);
    expect(await screen.findByText(/^Cooling off until /)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds a foreign account, showing the server’s field errors under their fields and asking for the authenticator code', async () => {
    const fetchMock = stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: [], coolingOffSeconds: 86_400 } }),
      'GET /bank/list': () => ({ data: [] }),
      'GET /account/me': () => ({ data: account('authenticator') }),
      'POST /payment-methods': () => ({
        status: 400,
        message: paymentMethodMessages.ibanInvalid,
        data: { code: 'VALIDATION_FAILED', errors: { iban: paymentMethodMessages.ibanInvalid } },
      }),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add payment method' });
    await user.click(within(dialog).getByRole('tab', { name: 'Foreign' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Account holder name' }), 'Acme Logistics GmbH');
    await user.type(within(dialog).getByRole('textbox', { name: 'IBAN' }), 'DE89370400440532013001');
    await user.type(within(dialog).getByRole('textbox', { name: 'BIC (SWIFT code)' }), 'COBADEFFXXX');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Authenticator code' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(dialog).findByText(paymentMethodMessages.ibanInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'IBAN' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchMock, 'POST', '/payment-methods')[0]!.body).toEqual({
      kind: 'iban',
      iban: 'DE89370400440532013001',
      bic: 'COBADEFFXXX',
      accountName: 'Acme Logistics GmbH',
      currency: 'EUR',
      code: '123456',
    });

    // The UK and US forms ask for their own numbers.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Account type' }), 'gb_account');
    expect(within(dialog).getByRole('textbox', { name: 'Sort code' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Account type' }), 'us_account');
    expect(within(dialog).getByRole('textbox', { name: 'Routing number' })).toBeInTheDocument();
  });

  it('removes an account after confirmation, with an emailed code when that is the second factor', async () => {
    let methods = [nigerian];
    const fetchMock = stubServer({
      'GET /payment-methods': () => ({ data: { paymentMethods: methods, coolingOffSeconds: 86_400 } }),
      'GET /account/me': () => ({ data: account('email') }),
      'POST /payment-methods/code': () => ({ message: paymentMethodMessages.codeSent, data: { expiresInSeconds: 600, resendInSeconds: 60 } }),
      [`POST /payment-methods/${nigerian.id}/remove`]: () => {
        methods = [];
        return { message: paymentMethodMessages.removed, data: nigerian };
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Remove Nigerian bank account ••••••4579' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payment method' });
    expect(dialog).toHaveTextContent('ACME LOGISTICS LIMITED, Guaranty Trust Bank');
    await user.click(await within(dialog).findByRole('button', { name: 'Email me a code' }));
    expect(sent(fetchMock, 'POST', '/payment-methods/code')).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Emailed code' }), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No test mode payment methods yet')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', `/payment-methods/${nigerian.id}/remove`).map((call) => call.body)).toEqual([{ code: '654321' }]);
  });
});
