import type { ReviewerListItem } from '@fipay/contracts/back-office';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryWrapper } from '../../test/query-wrapper';
import { useAdminSession } from './admin-session';
import { AdminLayout } from './components/admin-layout';
import { ReviewersPage } from './reviewers-page';
import { adminReviewer, fail, ok, plainReviewer, reviewerItem, signInAs, stubApi } from './test-fixtures';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <h1>Sign-in screen</h1> },
      {
        path: '/admin',
        Component: AdminLayout,
        children: [
          { index: true, element: <h1>Applications</h1> },
          { path: 'reviewers', Component: ReviewersPage },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
    { wrapper: QueryWrapper },
  );
  return { user: userEvent.setup(), router };
}

const people: ReviewerListItem[] = [
  reviewerItem(adminReviewer),
  reviewerItem(plainReviewer),
  reviewerItem({ ...plainReviewer, id: 'c3', email: 'chioma@fipay.ng', name: 'Chioma Nwosu' }, { passwordSet: false, lastSignInAt: null }),
  reviewerItem({ ...plainReviewer, id: 'd4', email: 'emeka@fipay.ng', name: 'Emeka Okoro', twoFactorEnabled: false }),
  reviewerItem({ ...plainReviewer, id: 'e5', email: 'femi@fipay.ng', name: 'Femi Ade' }, { disabled: true }),
];

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ReviewersPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAdminSession.getState().clear();
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.unstubAllGlobals();
  });

  it('lists the reviewers with their role and where they stand', async () => {
    signInAs(adminReviewer);
    stubApi([['GET', 'admin/reviewers', ok({ reviewers: people })]]);
    renderAt('/admin/reviewers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviewers' })).toBeInTheDocument();
    await screen.findByText('tunde@fipay.ng');
    expect(screen.getAllByRole('row')).toHaveLength(people.length + 1);
    expect(rowOf('Ada Obi')).toHaveTextContent(/admin/i);
    expect(rowOf('Tunde Bello')).toHaveTextContent('Active');
    expect(rowOf('Chioma Nwosu')).toHaveTextContent('Invited');
    expect(rowOf('Emeka Okoro')).toHaveTextContent('Authenticator not set up');
    expect(rowOf('Femi Ade')).toHaveTextContent('Disabled');
    // The admin's own navigation offers the page.
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Reviewers' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when the list cannot be loaded', async () => {
    signInAs(adminReviewer);
    stubApi([['GET', 'admin/reviewers', fail(500, 'Something went wrong. Please try again.')]]);
    renderAt('/admin/reviewers');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('invites a reviewer with the chosen role, then shows them in the list as invited', async () => {
    signInAs(adminReviewer);
    const invited = reviewerItem(
      { id: 'f6', email: 'grace@fipay.ng', name: 'Grace Udo', role: 'admin', twoFactorEnabled: false },
      { passwordSet: false, lastSignInAt: null },
    );
    let list = people;
    const api = stubApi([
      ['GET', 'admin/reviewers', () => ok({ reviewers: list })],
      [
        'POST',
        'admin/reviewers',
        () => {
          list = [...people, invited];
          return ok(invited, 'Reviewer added. We emailed them a link to set their password.');
        },
      ],
    ]);
    const { user } = renderAt('/admin/reviewers');
    await screen.findByText('tunde@fipay.ng');
    const form = screen.getByRole('form', { name: 'Invite a reviewer' });
    await user.type(within(form).getByLabelText('Name'), '  Grace Udo ');
    await user.type(within(form).getByLabelText('Email'), 'Grace@FiPay.ng');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Reviewer added. We emailed them a link to set their password.')).toBeInTheDocument();
    const [call] = api.calls('POST', 'admin/reviewers');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ name: 'Grace Udo', email: 'grace@fipay.ng', role: 'admin' });
    expect((call![1]!.headers as Record<string, string>).Authorization).toBe('Bearer fpr_admin');
    expect(await screen.findByRole('row', { name: /Grace Udo/ })).toHaveTextContent('Invited');
    // The form is ready for the next person.
    expect(within(form).getByLabelText('Name')).toHaveValue('');
    expect(within(form).getByLabelText('Email')).toHaveValue('');
    expect(within(form).getByLabelText('Role')).toHaveValue('reviewer');
    // The answer's new entry joined the list; it was not read again.
    expect(api.calls('GET', 'admin/reviewers')).toHaveLength(1);
  });

  it('checks the form before calling the server', async () => {
    signInAs(adminReviewer);
    const api = stubApi([['GET', 'admin/reviewers', ok({ reviewers: people })]]);
    const { user } = renderAt('/admin/reviewers');
    await screen.findByText('tunde@fipay.ng');
    const form = screen.getByRole('form', { name: 'Invite a reviewer' });
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(/valid email/i);
    expect(api.calls('POST', 'admin/reviewers')).toHaveLength(0);
  });

  it("shows the server's refusal of a taken email on the email field, and keeps what was typed", async () => {
    signInAs(adminReviewer);
    stubApi([
      ['GET', 'admin/reviewers', ok({ reviewers: people })],
      [
        'POST',
        'admin/reviewers',
        fail(409, 'A reviewer with this email already exists.', { code: 'CONFLICT', errors: { email: 'A reviewer with this email already exists.' } }),
      ],
    ]);
    const { user } = renderAt('/admin/reviewers');
    await screen.findByText('tunde@fipay.ng');
    const form = screen.getByRole('form', { name: 'Invite a reviewer' });
    await user.type(within(form).getByLabelText('Name'), 'Tunde Again');
    await user.type(within(form).getByLabelText('Email'), 'tunde@fipay.ng');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('A reviewer with this email already exists.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('tunde@fipay.ng');
    expect(within(form).getByLabelText('Name')).toHaveValue('Tunde Again');
  });

  it('shows any other failure of the invitation', async () => {
    signInAs(adminReviewer);
    stubApi([
      ['GET', 'admin/reviewers', ok({ reviewers: people })],
      ['POST', 'admin/reviewers', fail(403, 'Only an administrator can do this.')],
    ]);
    const { user } = renderAt('/admin/reviewers');
    await screen.findByText('tunde@fipay.ng');
    const form = screen.getByRole('form', { name: 'Invite a reviewer' });
    await user.type(within(form).getByLabelText('Name'), 'Grace Udo');
    await user.type(within(form).getByLabelText('Email'), 'grace@fipay.ng');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Only an administrator can do this.');
  });

  it('a plain reviewer has no Reviewers link, and the page sends them back to the queue without asking the server', async () => {
    signInAs(plainReviewer);
    const api = stubApi([]);
    const { router } = renderAt('/admin/reviewers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Reviewers' })).toBeNull();
    expect(api.mock).not.toHaveBeenCalled();
  });
});
