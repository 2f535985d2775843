import { kybMessages } from '@fipay/contracts/kyb';
import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { sessionFixture } from '../../test/session-fixture';
import { BusinessTypeStep } from './business-type-step';
import { renderKycRoute, requestBody, savedCompany, setSavedCompany, stubFetch } from './kyc-test-utils';

const session = sessionFixture();
/** A company that has not saved step 1 yet. */
const newCompany = {
  ...session.company,
  application: { ...session.company.application, businessType: null, progress: { currentStep: 1 } },
};

function renderStep() {
  return renderKycRoute('/kyc', [{ index: true, Component: BusinessTypeStep }]);
}

describe('BusinessTypeStep', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    setSavedCompany(newCompany);
    toast.remove();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps Continue disabled until a type is chosen, and a sub-type for a Registered Business', async () => {
    const { user } = renderStep();
    expect(screen.getByRole('heading', { name: 'Which best describes your business?' })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Which best describes your business?' });
    expect(group).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Registered SME' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(continueButton).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Registered Business' }));
    expect(screen.getByRole('radio', { name: 'Registered SME' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Registered Non-SME' })).toBeInTheDocument();
    expect(continueButton).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Registered Non-SME' }));
    expect(continueButton).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Non-Governmental Organisation (NGO)' }));
    expect(screen.queryByRole('radio', { name: 'Registered Non-SME' })).not.toBeInTheDocument();
    expect(continueButton).toBeEnabled();
  });

  it('saves the choice with the session ids, records it as saved and moves to the business profile', async () => {
    const fetchMock = stubFetch({ body: { isSuccessful: true, message: 'Business type saved.', data: null } });
    const { user, router } = renderStep();
    await user.click(screen.getByRole('radio', { name: 'Registered Business' }));
    await user.click(screen.getByRole('radio', { name: 'Registered SME' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: '/kyc/business-profile screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/business-profile');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/company/business-type');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
    expect(requestBody(fetchMock)).toEqual({
      businessType: 'Registered Business',
      subType: 'SME',
      userId: session.user.id,
      companyId: session.user.companyId,
    });
    expect(savedCompany()?.application).toMatchObject({
      businessType: { businessType: 'Registered Business', subType: 'SME' },
      progress: { currentStep: 2 },
    });
    expect(useKycStore.getState().businessType).toBeNull();
  });

  it('sends no sub-type for other types and starts from the saved choice', async () => {
    setSavedCompany({
      ...newCompany,
      application: { ...newCompany.application, businessType: { businessType: 'Registered Business', subType: 'Non-SME' } },
    });
    const fetchMock = stubFetch({ body: { isSuccessful: true, message: 'Business type saved.', data: null } });
    const { user } = renderStep();
    expect(screen.getByRole('radio', { name: 'Registered Non-SME' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: '/kyc/business-profile screen' })).toBeInTheDocument();
    expect(requestBody(fetchMock)).toMatchObject({ businessType: 'Individual', subType: null });
  });

  it('only logs a save that failed on the server side and stays on the step', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ status: 500, body: { isSuccessful: false, message: 'Something went wrong.', data: { code: 'INTERNAL' } } });
    const { user, router } = renderStep();
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/kyc');
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
    expect(savedCompany()?.application.businessType).toBeNull();
  });

  it("shows the server's message when it refuses the save, then shows the application as it now is", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const submitted = { ...newCompany, application: { ...newCompany.application, status: { code: 'SUBMITTED' as const } } };
    const fetchMock = stubFetch(
      { status: 409, body: { isSuccessful: false, message: kybMessages.applicationLocked, data: { code: 'CONFLICT' } } },
      { body: { isSuccessful: true, message: 'OK', data: submitted } },
    );
    const { user, router } = renderStep();
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(kybMessages.applicationLocked)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc');
    // The company is read again: it was submitted meanwhile, so the step is shown as sent, with nothing to edit.
    expect(await screen.findByText('Your application is under review.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/company/me');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });
});
