import { kybMessages } from '@fipay/contracts/kyb';
import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore, type BusinessProfileDraft } from '../../stores/kyc-store';
import { sessionFixture } from '../../test/session-fixture';
import { BusinessProfileStep, PROFILE_DRAFT_DELAY_MS } from './business-profile-step';
import { renderKycRoute, requestBody, savedCompany, setSavedCompany, stubFetch } from './kyc-test-utils';

const session = sessionFixture();

/** A company that saved its business type (step 1) and no profile yet. */
function savedWithType(businessType: BusinessType | null, subType: BusinessSubType | null = null) {
  setSavedCompany({
    ...session.company,
    application: {
      ...session.company.application,
      businessType: businessType && { businessType, subType },
      businessProfile: null,
      progress: { currentStep: businessType ? 2 : 1 },
    },
  });
}

function renderStep(businessType: BusinessType, subType: BusinessSubType | null = null) {
  savedWithType(businessType, subType);
  return renderKycRoute('/kyc/business-profile', [{ path: '/kyc/business-profile', Component: BusinessProfileStep }]);
}

/** Pastes rather than types: one change per field keeps these long fills fast on a busy machine. */
async function enter(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillSharedFields(user: UserEvent) {
  await enter(user, 'Business description', 'Freight and logistics across Lagos');
  await user.selectOptions(screen.getByLabelText('Industry'), 'Fintech');
  await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
  await user.selectOptions(screen.getByLabelText('LGA'), 'Ikeja');
  await enter(user, 'Business address', '12 Marina Road');
  await enter(user, 'Landmark', 'Opposite the cathedral');
}

async function fillSme(user: UserEvent) {
  await fillSharedFields(user);
  await user.selectOptions(screen.getByLabelText('SME category'), 'Limited Liability');
  await user.selectOptions(screen.getByLabelText('Source of fund'), 'Investment');
  await enter(user, 'Expected monthly income', '2500000');
}

const savedProfile: BusinessProfileDraft = {
  description: 'Tutoring for secondary school pupils',
  industry: 'Ecommerce',
  currency: 'USD',
  website: 'https://tutor.ng',
  country: 'Nigeria',
  state: 'Oyo',
  lga: 'Ibadan North',
  address: '4 Ring Road, Ibadan',
  landmark: 'Near the stadium',
  dateOfBirth: Date.UTC(1990, 4, 17),
  incorporatedTrusteeCategory: '',
  smeCategory: '',
  sourceOfFund: '',
  monthlyIncome: 0,
};

/** Fills an individual's profile with this date of birth (yyyy-mm-dd) and presses Continue; the stubbed fetch. */
async function submitIndividualBornOn(date: string) {
  const fetchMock = stubFetch({ body: { isSuccessful: true, message: 'Business profile submitted!', data: null } });
  const { user } = renderStep('Individual');
  await fillSharedFields(user);
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: date } });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return fetchMock;
}

describe('BusinessProfileStep', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    toast.remove();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks an individual for the date of birth only', () => {
    renderStep('Individual');
    expect(screen.getByRole('heading', { name: 'Add your business profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.queryByLabelText('Incorporated trustee category')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SME category')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Source of fund')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Expected monthly income')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveValue('NGN');
  });

  it('asks an NGO for its incorporated trustee category', () => {
    renderStep('NGO');
    const category = screen.getByLabelText('Incorporated trustee category');
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select category',
      'Health',
      'Education',
    ]);
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Source of fund')).not.toBeInTheDocument();
  });

  it('asks a registered SME for SME category, source of fund and monthly income', () => {
    renderStep('Registered Business', 'SME');
    expect(screen.getByLabelText('SME category')).toBeInTheDocument();
    expect(screen.getByLabelText('Source of fund')).toBeInTheDocument();
    expect(screen.getByLabelText('Expected monthly income')).toBeInTheDocument();
    expect(screen.getByLabelText('Currency')).toHaveValue('NGN');
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  });

  it('asks a registered non-SME for source of fund and monthly income only', () => {
    renderStep('Registered Business', 'Non-SME');
    expect(screen.queryByLabelText('SME category')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Source of fund')).toBeInTheDocument();
    expect(screen.getByLabelText('Expected monthly income')).toBeInTheDocument();
  });

  it('fixes the country to Nigeria and lists the LGAs of the chosen state', async () => {
    const { user } = renderStep('Registered Business', 'SME');
    expect(screen.getByLabelText('Country')).toHaveValue('Nigeria');
    expect(screen.getByLabelText('Country')).toHaveAttribute('readonly');
    const state = screen.getByLabelText('State');
    expect(within(state).getAllByRole('option')).toHaveLength(38);
    expect(screen.getByLabelText('LGA')).toBeDisabled();

    await user.selectOptions(state, 'Federal Capital Territory');
    expect(within(screen.getByLabelText('LGA')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select LGA',
      'Abaji',
      'Abuja Municipal Area Council',
      'Bwari',
      'Gwagwalada',
      'Kuje',
      'Kwali',
    ]);
    await user.selectOptions(screen.getByLabelText('LGA'), 'Bwari');
    await user.selectOptions(state, 'Lagos');
    expect(screen.getByLabelText('LGA')).toHaveValue('');
  });

  it('keeps digits only in the income and groups thousands', async () => {
    const { user } = renderStep('Registered Business', 'SME');
    const income = screen.getByLabelText('Expected monthly income');
    await user.type(income, '1234567');
    expect(income).toHaveValue('1,234,567');
    await user.clear(income);
    await user.type(income, '12a.b 5-00');
    expect(income).toHaveValue('12,500');
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
  });

  it('shows the SPEC messages in red under each field and sends nothing', async () => {
    const fetchMock = stubFetch({ body: {} });
    const { user } = renderStep('Registered Business', 'SME');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    for (const [label, message] of [
      ['Business description', 'Description is required'],
      ['Industry', 'Industry is required'],
      ['State', 'State is required'],
      ['LGA', 'LGA is required'],
      ['Business address', 'Address must be at least 5 characters'],
      ['Landmark', 'Landmark is required'],
      ['SME category', 'SME Category is required'],
      ['Source of fund', 'Source of fund is required'],
      ['Expected monthly income', 'Monthly income is required'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      expect(screen.getByText(message)).toHaveClass('text-red-600');
    }
    expect(screen.getByLabelText('Business description')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Business description'), 'Too short');
    expect(screen.queryByText('Description is required')).not.toBeInTheDocument();
  });

  it('requires the date of birth of an individual', async () => {
    const { user } = renderStep('Individual');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Date of Birth is required')).toBeInTheDocument();
  });

  it('refuses a date of birth before 1900 with its own message and sends nothing', async () => {
    const fetchMock = await submitIndividualBornOn('1899-12-31');
    expect(await screen.findByText(kybMessages.dateOfBirthInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the category of an NGO', async () => {
    const { user } = renderStep('NGO');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Category is required')).toBeInTheDocument();
  });

  it('saves a draft with the session ids 500 ms after typing stops', () => {
    vi.useFakeTimers();
    renderStep('Registered Business', 'SME');
    fireEvent.change(screen.getByLabelText('Business description'), { target: { value: 'Freight' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(screen.getByLabelText('Expected monthly income'), { target: { value: '1,000' } });
    act(() => vi.advanceTimersByTime(PROFILE_DRAFT_DELAY_MS - 1));
    expect(useKycStore.getState().businessProfile).toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(useKycStore.getState().businessProfile).toMatchObject({
      description: 'Freight',
      currency: 'NGN',
      country: 'Nigeria',
      monthlyIncome: 1000,
      dateOfBirth: 0,
      userId: session.user.id,
      companyId: session.user.companyId,
    });
  });

  it('keeps the field errors when the draft of what was typed is saved after a refused Continue', async () => {
    vi.useFakeTimers();
    renderStep('Individual');
    fireEvent.change(screen.getByLabelText('Business description'), { target: { value: 'Freight and logistics' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(screen.getByText('Date of Birth is required')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PROFILE_DRAFT_DELAY_MS));
    expect(useKycStore.getState().businessProfile).toMatchObject({ description: 'Freight and logistics' });
    expect(screen.getByText('Date of Birth is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Business description')).toHaveValue('Freight and logistics');
  });

  it('fills the form once from the saved profile, converting the date of birth', async () => {
    useKycStore.setState({ businessProfile: savedProfile });
    const { user } = renderStep('Individual');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-17');
    expect(screen.getByLabelText('Business description')).toHaveValue(savedProfile.description);
    expect(screen.getByLabelText('Industry')).toHaveValue('Ecommerce');
    expect(screen.getByLabelText('Currency')).toHaveValue('USD');
    expect(screen.getByLabelText('State')).toHaveValue('Oyo');
    expect(screen.getByLabelText('LGA')).toHaveValue('Ibadan North');
    expect(screen.getByLabelText('Landmark')).toHaveValue('Near the stadium');

    await user.clear(screen.getByLabelText('Landmark'));
    await user.type(screen.getByLabelText('Landmark'), 'Beside the market');
    // A later change of the stored profile (a draft, another tab) does not fill the form again.
    act(() => useKycStore.getState().setBusinessProfile({ ...savedProfile, landmark: 'Elsewhere' }));
    expect(screen.getByLabelText('Landmark')).toHaveValue('Beside the market');
  });

  it("reads 'Saving...' while submitting, then confirms and moves to the documents", async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderStep('Registered Business', 'SME');
    await fillSme(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const saving = screen.getByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(requestBody(fetchMock)).toEqual({
      description: 'Freight and logistics across Lagos',
      industry: 'Fintech',
      currency: 'NGN',
      website: '',
      country: 'Nigeria',
      state: 'Lagos',
      lga: 'Ikeja',
      address: '12 Marina Road',
      landmark: 'Opposite the cathedral',
      dateOfBirth: 0,
      incorporatedTrusteeCategory: '',
      smeCategory: 'Limited Liability',
      sourceOfFund: 'Investment',
      monthlyIncome: 2500000,
      userId: session.user.id,
      companyId: session.user.companyId,
    });

    await act(async () =>
      answer(new Response(JSON.stringify({ isSuccessful: true, message: 'Business profile submitted!', data: null }))),
    );
    expect(await screen.findByText('Business profile submitted!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '/kyc/documents screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/documents');
    expect(savedCompany()?.application).toMatchObject({
      businessProfile: { description: 'Freight and logistics across Lagos', monthlyIncome: 2500000 },
      progress: { currentStep: 3 },
    });
  });

  it('sends an individual’s date of birth as epoch milliseconds', async () => {
    const fetchMock = await submitIndividualBornOn('1990-05-17');
    await screen.findByText('Business profile submitted!');
    expect(requestBody(fetchMock)).toMatchObject({ dateOfBirth: Date.UTC(1990, 4, 17), monthlyIncome: 0, sourceOfFund: '' });
  });

  it('shows the server’s field errors under the fields and its message', async () => {
    stubFetch({
      status: 400,
      body: {
        isSuccessful: false,
        message: 'Choose an LGA of the selected state.',
        data: { code: 'VALIDATION_FAILED', errors: { lga: 'Choose an LGA of the selected state.' } },
      },
    });
    const { user, router } = renderStep('Registered Business', 'SME');
    await fillSme(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByLabelText('LGA')).toHaveAccessibleDescription('Choose an LGA of the selected state.');
    expect(screen.getAllByText('Choose an LGA of the selected state.')).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/kyc/business-profile');
  });

  it("falls back to 'Failed to submit profile.' and 'An error occurred. Please try again.'", async () => {
    stubFetch({ status: 409, body: { message: '' } }, new TypeError('Failed to fetch'));
    const { user } = renderStep('Registered Business', 'SME');
    await fillSme(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to submit profile.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it('asks to sign in again when the session has no user', async () => {
    const fetchMock = stubFetch({ body: {} });
    const { user } = renderStep('Registered Business', 'SME');
    await fillSme(user);
    act(() => useAuthStore.setState({ user: null }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('User session missing, please log in again.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes back to the business type', async () => {
    const { user, router } = renderStep('NGO');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/kyc');
  });

  it('sends a user without a saved business type to step 1', async () => {
    savedWithType(null);
    const { router } = renderKycRoute('/kyc/business-profile', [
      { path: '/kyc/business-profile', Component: BusinessProfileStep },
    ]);
    expect(await screen.findByRole('heading', { name: 'Business type screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc');
  });
});
