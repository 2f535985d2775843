import type { Application, Company } from '@fipay/contracts/company';
import { kybMessages } from '@fipay/contracts/kyb';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/auth-store';
import { useKycStore } from '../../../stores/kyc-store';
import { sessionFixture } from '../../../test/session-fixture';
import { BankDetailsStep } from '../bank-details-step';
import { BusinessProfileStep } from '../business-profile-step';
import { BusinessTypeStep } from '../business-type-step';
import { DocumentsStep } from '../documents-step';
import { renderKycRoute, setSavedCompany, stubFetch } from '../kyc-test-utils';
import { RepresentativesStep } from '../representatives-step';

const session = sessionFixture();

/** The five real steps, as the app routes them. */
const steps = [
  { index: true, Component: BusinessTypeStep },
  { path: '/kyc/business-profile', Component: BusinessProfileStep },
  { path: '/kyc/documents', Component: DocumentsStep },
  { path: '/kyc/representative', Component: RepresentativesStep },
  { path: '/kyc/bank-details', Component: BankDetailsStep },
];

function companyWith(application: Partial<Application>): Company {
  return {
    ...session.company,
    application: {
      ...session.company.application,
      bankDetails: { currency: 'NGN', accountNumber: '0123456789', accountName: 'ACME LOGISTICS LTD', bankName: 'Access Bank', bankCode: '044', bvn: '*******5678' },
      progress: { currentStep: 5 },
      ...application,
    },
  };
}

/** Nothing on the page takes input or sends anything. */
function expectNothingEditable() {
  for (const role of ['textbox', 'radio', 'checkbox', 'combobox', 'spinbutton', 'listbox'] as const) {
    expect(screen.queryAllByRole(role), role).toHaveLength(0);
  }
  expect(document.querySelectorAll('input, select, textarea, form')).toHaveLength(0);
  for (const name of ['Continue', 'Submit', 'Back', 'Save', 'Upload', 'Remove', 'Add']) {
    expect(screen.queryByRole('button', { name: new RegExp(`^${name}`) }), name).not.toBeInTheDocument();
  }
}

describe('a locked application', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().setSession(session);
    useKycStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every step of an approved application read-only, with the sentence and no field', async () => {
    const fetchMock = stubFetch({ status: 500, body: { isSuccessful: false, message: 'not expected', data: null } });
    setSavedCompany(companyWith({ status: { code: 'APPROVED' } }));
    const { user, router } = renderKycRoute('/kyc', steps);

    const sentence = screen.getByRole('status');
    expect(sentence).toHaveTextContent('Your business verification is approved.');
    expect(sentence).toHaveTextContent('Your application can no longer be changed. This is what you submitted.');
    expect(screen.getByRole('heading', { level: 1, name: 'Business Type' })).toBeInTheDocument();
    expect(screen.getByText('Registered Business')).toBeInTheDocument();
    expect(screen.getByText('Registered SME')).toBeInTheDocument();
    expectNothingEditable();
    // Every step is ticked and can be looked at; none is the next thing to do.
    expect(within(screen.getByRole('list', { name: 'Verification steps' })).getAllByText('(completed)')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: "I'll do this later" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');

    const nav = () => screen.getByRole('navigation', { name: 'Application steps' });
    await user.click(within(nav()).getByRole('link', { name: 'Business Profile' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Business Profile' })).toBeInTheDocument();
    expect(screen.getByText('Freight and logistics across Lagos')).toBeInTheDocument();
    expect(screen.getByText('NGN 2,500,000')).toBeInTheDocument();
    expect(screen.getByText('Limited Liability')).toBeInTheDocument();
    expectNothingEditable();

    await user.click(within(nav()).getByRole('link', { name: 'Documents' }));
    expect(screen.getByText('cac.pdf')).toBeInTheDocument();
    expect(screen.getByText('RC1234567')).toBeInTheDocument();
    expectNothingEditable();

    await user.click(within(nav()).getByRole('link', { name: 'Representative' }));
    expect(screen.getByRole('heading', { name: /Ada Okafor/ })).toBeInTheDocument();
    expect(screen.getByText('*******8901')).toBeInTheDocument();
    expectNothingEditable();

    await user.click(within(nav()).getByRole('link', { name: 'Bank Details' }));
    expect(screen.getByText('Access Bank')).toBeInTheDocument();
    expect(screen.getByText('0123456789')).toBeInTheDocument();
    expect(screen.getByText('*******5678')).toBeInTheDocument();
    expectNothingEditable();
    expect(within(nav()).queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
    // Looking is all it did: nothing was sent.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says an application under review cannot be changed while it is reviewed', () => {
    stubFetch({ status: 500, body: { isSuccessful: false, message: 'not expected', data: null } });
    setSavedCompany(companyWith({ status: { code: 'SUBMITTED' } }));
    renderKycRoute('/kyc/documents', steps);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your application is under review.It cannot be changed while our compliance team reviews it. This is what you submitted.',
    );
    expectNothingEditable();
  });

  it('says a rejection for good cannot be answered', () => {
    stubFetch({ status: 500, body: { isSuccessful: false, message: 'not expected', data: null } });
    setSavedCompany(companyWith({ status: { code: 'REJECTED' }, rejectionFinal: true, rejectionReason: 'Forged documents.' }));
    renderKycRoute('/kyc', steps);
    expect(screen.getByRole('alert')).toHaveTextContent(kybMessages.applicationRejectedFinal);
    expectNothingEditable();
  });

  it('leaves a rejection the company may answer editable', () => {
    stubFetch({ status: 500, body: { isSuccessful: false, message: 'not expected', data: null } });
    setSavedCompany(companyWith({ status: { code: 'REJECTED' }, rejectionFinal: false, rejectionReason: 'Blurry CAC.' }));
    renderKycRoute('/kyc', steps);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Registered Business' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
