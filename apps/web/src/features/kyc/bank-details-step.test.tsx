import { act, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { KYC_STORAGE_KEY, useKycStore } from '../../stores/kyc-store';
import { sessionFixture } from '../../test/session-fixture';
import { BankDetailsStep } from './bank-details-step';
import { renderKycRoute, requestBody, stubFetch } from './kyc-test-utils';

const session = sessionFixture();
const banks = [
  { bank_name: 'Access Bank', code: '044' },
  { bank_name: 'First Bank of Nigeria', code: '011' },
  { bank_name: 'Guaranty Trust Bank', code: '058' },
  { bank_name: 'Zenith Bank', code: '057' },
];
const resolved = {
  account_name: 'ACME LOGISTICS LTD',
  account_number: '0123456789',
  bank_code: '058',
  bank_name: 'Guaranty Trust Bank',
};
const ok = (data: unknown, message = 'OK') => ({ body: { isSuccessful: true, message, data } });

function renderStep() {
  return renderKycRoute('/kyc/bank-details', [{ path: '/kyc/bank-details', Component: BankDetailsStep }]);
}

const bankInput = () => screen.getByRole('combobox', { name: 'Bank' });
const accountNumber = () => screen.getByLabelText('Account Number');
const accountName = () => screen.getByLabelText('Account Name');
const optionNames = () => within(screen.getByRole('listbox')).queryAllByRole('option').map((o) => o.textContent);

describe('BankDetailsStep', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    useKycStore.setState({ banks });
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the bank form with its hints, NGN as the only currency and its own leave button', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderStep();
    expect(screen.getByRole('heading', { name: 'Add your bank to receive settlements' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    const currency = screen.getByLabelText('Currency');
    expect(within(currency).getAllByRole('option').map((o) => o.textContent)).toEqual(['NGN']);
    expect(bankInput()).toHaveAttribute('placeholder', 'Choose a bank');
    expect(accountNumber()).toHaveAttribute('placeholder', '0123456789');
    expect(accountName()).toHaveAttribute('readonly');
    expect(screen.getByText('Must belong to one of your representatives.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: "I'll do this later" })).toHaveLength(1);
  });

  it('filters the banks by a case-insensitive part of the name, and says when none match', async () => {
    const { user } = renderStep();
    await user.click(bankInput());
    expect(bankInput()).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(banks.map((b) => b.bank_name));

    await user.type(bankInput(), 'NK OF');
    expect(optionNames()).toEqual(['First Bank of Nigeria']);
    await user.clear(bankInput());
    await user.type(bankInput(), 'BANK');
    expect(optionNames()).toHaveLength(4);
    await user.clear(bankInput());
    await user.type(bankInput(), 'trust');
    expect(optionNames()).toEqual(['Guaranty Trust Bank']);
    await user.clear(bankInput());
    await user.type(bankInput(), 'Moniepoint');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No bank found.')).toBeInTheDocument();

    await user.clear(bankInput());
    await user.type(bankInput(), 'zen');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(bankInput()).toHaveValue('Zenith Bank');
    expect(bankInput()).toHaveAttribute('aria-expanded', 'false');
  });

  it('fetches the bank list when it is empty and a session exists', async () => {
    useKycStore.setState({ banks: [] });
    const fetchMock = stubFetch(ok(banks, 'Banks loaded.'));
    const { user } = renderStep();
    await vi.waitFor(() => expect(useKycStore.getState().banks).toEqual(banks));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/bank/list');
    await user.click(bankInput());
    expect(optionNames()).toHaveLength(4);
  });

  it('lets the form be submitted only once the bank list has come, so a listed bank is never called invalid', async () => {
    useKycStore.setState({ banks: [] });
    let answer: (response: Response) => void = () => {};
    stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    renderStep();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await act(async () => answer(new Response(JSON.stringify({ isSuccessful: true, message: 'Banks loaded.', data: banks }))));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('does not fetch the bank list without an access token', () => {
    useKycStore.setState({ banks: [] });
    useAuthStore.setState({ accessToken: null });
    const fetchMock = stubFetch(ok(banks));
    renderStep();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('looks the account up only when the number loses focus with 10 digits and a chosen bank', async () => {
    const fetchMock = stubFetch(ok(resolved, 'Account resolved.'));
    const { user } = renderStep();

    await user.type(accountNumber(), '0123456789');
    await user.tab();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.clear(accountNumber());
    await user.type(accountNumber(), '01234a5678');
    expect(accountNumber()).toHaveValue('012345678');
    await user.tab();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(accountNumber(), '9');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.tab();
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/bank/resolve-account?bankCode=058&accountNumber=0123456789');
    expect(useKycStore.getState().resolvedAccount).toEqual(resolved);
  });

  describe('when the account name differs from the business name', () => {
    async function resolveTo(accountNameText: string) {
      const fetchMock = stubFetch(ok({ ...resolved, account_name: accountNameText }, 'Account resolved.'), ok(null, 'Submitted.'));
      const { user } = renderStep();
      await user.click(bankInput());
      await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
      await user.type(accountNumber(), '0123456789');
      await user.tab();
      await vi.waitFor(() => expect(accountName()).toHaveValue(accountNameText));
      return { user, fetchMock };
    }

    it('says nothing when the bank holds the business name (legal-form words and case aside)', async () => {
      await resolveTo('ACME LOGISTICS LIMITED');
      expect(screen.queryByText(/your business name/)).not.toBeInTheDocument();
      expect(accountName()).not.toHaveAttribute('aria-describedby');
    });

    it('says so under the account name, and still lets the company submit', async () => {
      const { user, fetchMock } = await resolveTo('OKAFOR FOODS ENTERPRISES');
      const notice = screen.getByText('This account name does not match your business name, Acme Logistics Ltd.');
      expect(notice).toBeVisible();
      expect(accountName()).toHaveAccessibleDescription(
        expect.stringContaining('Our compliance team compares the two names when they review your business.'),
      );
      await user.type(screen.getByLabelText('BVN'), '22345678901');
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
      expect(requestBody(fetchMock, 1)).toMatchObject({ accountName: 'OKAFOR FOODS ENTERPRISES' });
    });

    it('says when the name is close but not the same, as the reviewer sees it', async () => {
      await resolveTo('ACME LOGISTICS AND HAULAGE LTD');
      expect(
        screen.getByText('This account name is close to, but not the same as, your business name, Acme Logistics Ltd.'),
      ).toBeVisible();
    });
  });

  it('clears the account name and the resolved account when a lookup fails', async () => {
    stubFetch(ok(resolved), {
      status: 422,
      body: {
        isSuccessful: false,
        message: 'Could not find an account with that number at this bank.',
        data: { code: 'UNPROCESSABLE' },
      },
    });
    const { user } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.tab();
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));

    await user.clear(accountNumber());
    await user.type(accountNumber(), '9999999999');
    await user.tab();
    expect(await screen.findAllByText('Could not find an account with that number at this bank.')).toHaveLength(2);
    expect(accountName()).toHaveValue('');
    expect(useKycStore.getState().resolvedAccount).toBeNull();
  });

  it("says 'Failed to resolve account.' when the lookup fails without a message", async () => {
    stubFetch({ status: 502, body: { isSuccessful: false, message: '', data: { code: 'BAD_GATEWAY' } } });
    const { user } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Access Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.tab();
    expect(await screen.findAllByText('Failed to resolve account.')).toHaveLength(2);
  });

  it('shows the field messages, and Invalid Bank for a name that is not listed', async () => {
    const fetchMock = stubFetch(ok(null));
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['Bank is required', 'Account number must be 10 digits', 'BVN must be 11 digits', 'Account name is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }

    await user.type(bankInput(), 'Fake Bank');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Invalid Bank')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits the bank payload, wipes the onboarding data and goes to the dashboard', async () => {
    useKycStore.setState({ documents: session.company.application.documents });
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(ok(resolved), new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.type(screen.getByLabelText('BVN'), '2234567890112345');
    expect(screen.getByLabelText('BVN')).toHaveValue('22345678901');
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/company/submit-kyb');
    expect(requestBody(fetchMock, 1)).toEqual({
      companyId: session.user.companyId,
      accountName: 'ACME LOGISTICS LTD',
      accountNumber: '0123456789',
      bankName: 'Guaranty Trust Bank',
      bankCode: '058',
      bvn: '22345678901',
      currency: 'NGN',
    });
    await act(async () =>
      answer(
        new Response(JSON.stringify({ isSuccessful: true, message: 'KYB submitted for verification successful!', data: null })),
      ),
    );

    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('KYB submitted for verification successful!')).toBeInTheDocument();
    const state = useKycStore.getState();
    expect(state).toMatchObject({ documents: [], banks: [], representatives: [], resolvedAccount: null });
    expect(localStorage.getItem(KYC_STORAGE_KEY)).toBeNull();
  });

  it("puts the server's field errors under the BVN and, for the bank's code, under the bank", async () => {
    stubFetch(ok(resolved), {
      status: 400,
      body: {
        isSuccessful: false,
        message: 'Please correct the highlighted fields.',
        data: { code: 'VALIDATION_FAILED', errors: { bvn: 'This BVN belongs to none of your representatives.', bankCode: 'Unknown bank code.' } },
      },
    });
    const { user } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.type(screen.getByLabelText('BVN'), '22345678901');
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await vi.waitFor(() =>
      expect(screen.getByLabelText('BVN')).toHaveAccessibleDescription('This BVN belongs to none of your representatives.'),
    );
    expect(screen.getByLabelText('BVN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unknown bank code.')).toHaveClass('text-red-600');
    expect(accountNumber()).not.toHaveAttribute('aria-invalid');
  });

  it('links to the first missing step when the server says steps are still to do', async () => {
    stubFetch(ok(resolved), {
      status: 422,
      body: {
        isSuccessful: false,
        message: 'Complete every step before submitting. Still to do: documents, representatives.',
        data: { code: 'UNPROCESSABLE', errors: { representatives: 'Add at least one representative.', documents: 'Upload them.' } },
      },
    });
    const { user, router } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.type(screen.getByLabelText('BVN'), '22345678901');
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const link = await screen.findByRole('link', { name: 'Go to Documents' });
    expect(screen.getAllByText('Complete every step before submitting. Still to do: documents, representatives.')).toHaveLength(2);
    await user.click(link);
    expect(router.state.location.pathname).toBe('/kyc/documents');
  });

  it("shows 'An error occurred. Please try again.' when the request fails, and leaves with 'I'll do this later'", async () => {
    stubFetch(ok(resolved), new TypeError('Failed to fetch'));
    const { user, router } = renderStep();
    await user.click(bankInput());
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.type(accountNumber(), '0123456789');
    await user.type(screen.getByLabelText('BVN'), '22345678901');
    await vi.waitFor(() => expect(accountName()).toHaveValue('ACME LOGISTICS LTD'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('An error occurred. Please try again.')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: "I'll do this later" }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
