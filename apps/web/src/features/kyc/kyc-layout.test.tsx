import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { useKycStore } from '../../stores/kyc-store';
import { sessionFixture } from '../../test/session-fixture';
import { recordSavedStep } from './api/saved-application';
import { KycLayout } from './kyc-layout';
import { setSavedCompany } from './kyc-test-utils';
import { useKycLeaveOverride, useKycNavigation, type KycLeaveOverride } from './kyc-navigation';

const session = sessionFixture();

/** The company query's answer, saved up to the step before `currentStep`. */
function savedUpTo(currentStep: number) {
  setSavedCompany({ ...session.company, application: { ...session.company.application, progress: { currentStep } } });
}

/** A step whose save changes nothing but the progress, as every step's mutation moves it. */
function StubStep({ override }: { override?: KycLeaveOverride }) {
  const { step, title, goNext } = useKycNavigation();
  const client = useQueryClient();
  useKycLeaveOverride(override);
  return (
    <div>
      <h1>
        Step {step}: {title}
      </h1>
      <button
        type="button"
        onClick={() => {
          recordSavedStep(client, { step, change: () => ({}) });
          goNext();
        }}
      >
        Save step
      </button>
    </div>
  );
}

function renderAt(path: string, override?: KycLeaveOverride) {
  const step = <StubStep override={override} />;
  const router = createMemoryRouter(
    [
      {
        path: '/kyc',
        Component: KycLayout,
        children: [
          { index: true, element: step },
          { path: '/kyc/business-profile', element: step },
          { path: '/kyc/documents', element: step },
          { path: '/kyc/representative', element: step },
          { path: '/kyc/bank-details', element: step },
        ],
      },
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('KycLayout', () => {
  beforeEach(() => {
    localStorage.clear();
    useKycStore.getState().reset();
    savedUpTo(1);
  });

  it('shows the panel texts and ticks the saved steps, with the showing one current', () => {
    savedUpTo(3);
    renderAt('/kyc/business-profile');

    expect(screen.getByRole('heading', { name: 'Set up your business account' })).toBeInTheDocument();
    expect(screen.getByText('Activate your business payments in quick and simple steps.')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Verification steps' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Business Type (completed)',
      'Business Profile (completed)',
      '3Documents',
      '4Representative',
      '5Bank Details',
    ]);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/kyc');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute('aria-valuenow', '2');
  });

  it('ticks a step once it is saved and moves to the next one', async () => {
    const { user, router } = renderAt('/kyc');
    expect(screen.getByRole('heading', { name: 'Step 1: Business Type' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save step' }));

    expect(await screen.findByRole('heading', { name: 'Step 2: Business Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/kyc/business-profile');
    expect(screen.getByRole('link', { name: /Business Type.*completed/ })).toHaveAttribute('href', '/kyc');
    expect(queryClient.getQueryData<typeof session.company>(['company'])?.application.progress.currentStep).toBe(2);
  });

  it('ends at the dashboard after the last step', async () => {
    const { user, router } = renderAt('/kyc/bank-details');
    await user.click(screen.getByRole('button', { name: 'Save step' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('goes back a step from the phone header', async () => {
    const { user, router } = renderAt('/kyc/documents');
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/kyc/business-profile');
  });

  it("asks before leaving: Cancel and Escape stay, 'Yes, leave' goes to the dashboard", async () => {
    const { user, router } = renderAt('/kyc/business-profile');
    const later = screen.getByRole('button', { name: "I'll do this later" });

    await user.click(later);
    const dialog = screen.getByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Any unsaved data will be lost. Are you sure you want to go back to the dashboard?',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(later).toHaveFocus());

    await user.click(later);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(later);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes, leave' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("lets a step run its own clean-up when the user confirms leaving", async () => {
    const onConfirm = vi.fn();
    const { user, router } = renderAt('/kyc/documents', { onConfirm });
    await user.click(screen.getByRole('button', { name: "I'll do this later" }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, leave' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("lets a step replace the dialog or hide the link", async () => {
    const onClick = vi.fn();
    const { user } = renderAt('/kyc/representative', { onClick });
    await user.click(screen.getByRole('button', { name: "I'll do this later" }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('hides the link for a step that renders its own', () => {
    renderAt('/kyc/bank-details', { hideLink: true });
    expect(screen.queryByRole('button', { name: "I'll do this later" })).not.toBeInTheDocument();
  });

  it("follows the server's progress when the company is read again", async () => {
    renderAt('/kyc/documents');
    expect(screen.queryByRole('link', { name: /completed/ })).not.toBeInTheDocument();
    act(() => savedUpTo(3));
    expect(await screen.findAllByRole('link', { name: /completed/ })).toHaveLength(2);
  });
});
