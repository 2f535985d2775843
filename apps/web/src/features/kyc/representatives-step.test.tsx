import type { RepresentativeRecord } from '@fipay/contracts/company';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { representativeFixture, sessionFixture } from '../../test/session-fixture';
import { renderKycRoute, requestBody, savedCompany, setSavedCompany, stubFetch } from './kyc-test-utils';
import { RepresentativesStep } from './representatives-step';

const session = sessionFixture();

const record = representativeFixture;

const tunde = record({
  id: 'c1b2c3d4-0000-4000-8000-000000000003',
  position: 'Shareholder',
  fullName: 'Tunde Bello',
  email: 'tunde@acme.ng',
  idType: 'VNIN',
  idNumber: '*******4321',
});

/** The company query's answer with these representatives saved. */
function savedWith(representatives: RepresentativeRecord[]) {
  setSavedCompany({ ...session.company, application: { ...session.company.application, representatives } });
}

function renderStep() {
  return renderKycRoute('/kyc/representative', [{ path: '/kyc/representative', Component: RepresentativesStep }]);
}

const card = (number: number) => screen.getByRole('group', { name: `Representative ${number}` });

async function fillCard(user: UserEvent, number: number) {
  const scope = within(card(number));
  await user.selectOptions(scope.getByLabelText('Role'), 'Shareholder');
  await user.type(scope.getByLabelText('Full Name'), 'Tunde Bello');
  await user.type(scope.getByLabelText('Email Address'), 'Tunde@Acme.ng');
  await user.type(scope.getByLabelText('Phone Number'), '08031234567');
  await user.selectOptions(scope.getByLabelText('ID Type'), 'VNIN');
  await user.type(scope.getByLabelText('ID Number'), 'AB12345678904321');
}

describe('RepresentativesStep', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
    savedWith([]);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the six required messages under the fields and sends nothing', async () => {
    const fetchMock = stubFetch({ body: {} });
    const { user } = renderStep();
    expect(screen.getByRole('heading', { name: "Add your business' representatives" })).toBeInTheDocument();
    expect(screen.getByText('Only .pdf, .docx and .png files are allowed, max 5MB each.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const scope = within(card(1));
    for (const message of [
      'Role is required',
      'Name is required',
      'Email is required',
      'Phone Number is required',
      'ID type is required',
      'ID number is required',
    ]) {
      expect(scope.getByText(message)).toBeInTheDocument();
    }
    expect(scope.getByLabelText('Email Address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds a card and removes an unsaved one without calling the server', async () => {
    const fetchMock = stubFetch({ body: {} });
    const { user } = renderStep();
    expect(screen.queryByRole('button', { name: 'Remove representative 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another representative' }));
    expect(card(2)).toBeInTheDocument();
    await user.type(within(card(2)).getByLabelText('Full Name'), 'Someone');

    await user.click(screen.getByRole('button', { name: 'Remove representative 2' }));
    expect(screen.queryByRole('group', { name: 'Representative 2' })).not.toBeInTheDocument();
    expect(await screen.findByText('Representative removed.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes a saved representative on the server first, then from the list', async () => {
    savedWith([record(), tunde]);
    const fetchMock = stubFetch(
      new TypeError('Failed to fetch'),
      { body: { isSuccessful: true, message: 'Representative removed.', data: null } },
    );
    const { user } = renderStep();
    expect(within(card(1)).getByLabelText('Email Address')).toHaveValue('ada@acme.ng');

    await user.click(screen.getByRole('button', { name: 'Remove representative 1' }));
    expect(await screen.findByText('Failed to remove representative.')).toBeInTheDocument();
    expect(within(card(1)).getByLabelText('Email Address')).toHaveValue('ada@acme.ng');
    expect(savedCompany()?.application.representatives).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove representative 1' }));
    expect(await screen.findByText('Representative removed.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/company/remove-representative/ada%40acme.ng');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('DELETE');
    expect(within(card(1)).getByLabelText('Email Address')).toHaveValue('tunde@acme.ng');
    expect(screen.queryByRole('group', { name: 'Representative 2' })).not.toBeInTheDocument();
    expect(savedCompany()?.application.representatives).toEqual([tunde]);
  });

  it('shows whether each saved representative has approved, and keeps the masked ID out of the form', () => {
    savedWith([record({ isRepApproved: true, approvedBy: 'Ada N. Okafor', approvedAt: '2026-11-21T09:00:00Z' }), tunde]);
    renderStep();
    expect(within(card(1)).getByText('Approved by Ada N. Okafor')).toBeInTheDocument();
    expect(within(card(2)).getByText('Awaiting approval')).toBeInTheDocument();
    const idNumber = within(card(2)).getByLabelText('ID Number');
    expect(idNumber).toHaveValue('');
    expect(idNumber).toHaveAttribute('placeholder', '*******4321');
  });

  it("sends new and changed representatives only, shows 'Saving...', then goes to step 5", async () => {
    savedWith([record()]);
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Add another representative' }));
    await fillCard(user, 2);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/company/representatives');
    expect(requestBody(fetchMock)).toEqual([
      {
        position: 'Shareholder',
        fullName: 'Tunde Bello',
        email: 'Tunde@Acme.ng',
        phone: '08031234567',
        idType: 'VNIN',
        idNumber: 'AB12345678904321',
      },
    ]);
    await act(async () =>
      answer(new Response(JSON.stringify({ isSuccessful: true, message: 'Representatives submitted!', data: [record(), tunde] }))),
    );

    expect(await screen.findByRole('heading', { name: '/kyc/bank-details screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/bank-details');
    expect(screen.getByText('Representatives submitted!')).toBeInTheDocument();
    expect(savedCompany()?.application).toMatchObject({ representatives: [record(), tunde], progress: { currentStep: 5 } });
  });

  it('asks for the ID number again when a saved representative is changed', async () => {
    savedWith([record()]);
    const fetchMock = stubFetch({ body: {} });
    const { user } = renderStep();
    await user.clear(within(card(1)).getByLabelText('Phone Number'));
    await user.type(within(card(1)).getByLabelText('Phone Number'), '08099998888');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(within(card(1)).getByText('ID number is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message and its field errors under the right card', async () => {
    stubFetch({
      status: 400,
      body: {
        isSuccessful: false,
        message: 'Please correct the highlighted fields.',
        data: { code: 'VALIDATION_FAILED', errors: { '0.email': 'Enter a valid email address.' } },
      },
    });
    const { user } = renderStep();
    await fillCard(user, 1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await within(card(1)).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getAllByText('Please correct the highlighted fields.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it("falls back to 'Failed to submit profile.' when the server gives no message", async () => {
    stubFetch({ status: 500, body: { isSuccessful: false, message: '', data: { code: 'INTERNAL' } } });
    const { user } = renderStep();
    await fillCard(user, 1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText('Failed to submit profile.')).toHaveLength(2);
  });

  it("goes back to the documents with Back, and back one page with 'I'll do this later'", async () => {
    const { user, router } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/kyc/documents');

    await act(() => router.navigate('/kyc/representative'));
    await user.click(screen.getByRole('button', { name: "I'll do this later" }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/documents');
  });
});

describe('RepresentativesStep after a request for changes', () => {
  const tundeFlag = {
    id: 'item-2',
    target: 'representative' as const,
    key: tunde.id,
    label: 'Tunde Bello',
    reason: 'other' as const,
    reasonLabel: 'The ID number does not match the ID document.',
    note: null,
    message: 'Tunde Bello: The ID number does not match the ID document.',
    step: 4,
    addressed: false,
    requestedAt: '2026-11-22T10:00:00.000Z',
  };

  beforeEach(() => {
    localStorage.clear();
    // The session's copy is from before the review (submitted, one representative); the bank
    // submission wiped the onboarding store.
    useAuthStore.getState().setSession(
      sessionFixture({
        company: { ...session.company, application: { ...session.company.application, status: { code: 'SUBMITTED' } } },
      }),
    );
    useKycStore.getState().reset();
    setSavedCompany({
      ...session.company,
      application: {
        ...session.company.application,
        representatives: [record(), tunde],
        status: { code: 'CHANGES_REQUESTED' },
        reviewItems: [tundeFlag],
        progress: { currentStep: 4 },
      },
    });
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the saved representatives and the flagged one from the company query', async () => {
    const fetchMock = stubFetch({ body: { isSuccessful: true, message: 'Representatives submitted!', data: [record(), tunde] } });
    const { user, router } = renderStep();

    expect(within(card(1)).getByLabelText('Email Address')).toHaveValue('ada@acme.ng');
    expect(within(card(1)).getByText('Accepted')).toBeInTheDocument();
    expect(within(card(2)).getByLabelText('Email Address')).toHaveValue('tunde@acme.ng');
    expect(within(card(2)).getByText('Tunde Bello: The ID number does not match the ID document.')).toBeInTheDocument();
    expect(useKycStore.getState().representatives).toEqual([]);

    await user.type(within(card(2)).getByLabelText('ID Number'), 'AB12345678904322');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/kyc/bank-details'));
    expect(requestBody(fetchMock)).toEqual([
      { position: 'Shareholder', fullName: 'Tunde Bello', email: 'tunde@acme.ng', phone: tunde.phone, idType: 'VNIN', idNumber: 'AB12345678904322' },
    ]);
    expect(savedCompany()?.application.reviewItems?.[0]?.addressed).toBe(true);
  });
});
