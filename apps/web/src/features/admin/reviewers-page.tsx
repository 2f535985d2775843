import { zodResolver } from '@hookform/resolvers/zod';
import { createReviewerRequest, reviewerRoles, type CreateReviewerRequest } from '@fipay/contracts/back-office';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Navigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { reviewersQueryOptions, useInviteReviewer } from './api/admin-api';
import { useAdminSession } from './admin-session';
import { formatDateTime } from './components/format';

const emptyInvite: CreateReviewerRequest = { email: '', name: '', role: 'reviewer' };

/** Admins list reviewers and invite new ones (the invitee gets a password link by email). */
export function ReviewersPage() {
  const role = useAdminSession((state) => state.reviewer?.role);
  const reviewersQuery = useQuery({ ...reviewersQueryOptions(), enabled: role === 'admin' });
  const inviteReviewer = useInviteReviewer();
  const reviewers = reviewersQuery.data ?? null;
  const error = reviewersQuery.isError ? errorMessage(reviewersQuery.error, 'Reviewers could not be loaded.') : null;
  const form = useForm<CreateReviewerRequest>({
    resolver: zodResolver(createReviewerRequest),
    defaultValues: emptyInvite,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [inviteError, setInviteError] = useState<string | null>(null);
  const busy = inviteReviewer.isPending;

  if (role !== 'admin') return <Navigate to={paths.admin} replace />;

  async function invite(fields: CreateReviewerRequest) {
    setInviteError(null);
    try {
      const { message } = await inviteReviewer.mutateAsync(fields);
      toast.success(message);
      form.reset(emptyInvite);
    } catch (failure) {
      // A field's problem (a taken email) shows on the field; anything else above the button.
      if (!applyServerErrors(form.setError, failure, ['email', 'name', 'role'])) {
        setInviteError(errorMessage(failure, 'The reviewer could not be added.'));
      }
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Reviewers</h1>
        <p className="text-sm text-slate-600">Compliance staff who can use the back office.</p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white lg:col-span-2">
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Name</th>
                  <th scope="col" className="px-4 py-3">Role</th>
                  <th scope="col" className="hidden px-4 py-3 sm:table-cell">Status</th>
                  <th scope="col" className="hidden px-4 py-3 md:table-cell">Last sign-in</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {reviewers === null && !error && (
                  <tr>
                    <td colSpan={4} className="px-4 py-10">
                      <Spinner className="mx-auto h-8 w-8" />
                      <span className="sr-only">Loading reviewers</span>
                    </td>
                  </tr>
                )}
                {(reviewers ?? []).map((reviewer) => (
                  <tr key={reviewer.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-slate-900">{reviewer.name}</p>
                      <p className="text-xs text-slate-500">{reviewer.email}</p>
                    </td>
                    <td className="px-4 py-3 capitalize">{reviewer.role}</td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      {reviewer.disabled
                        ? 'Disabled'
                        : !reviewer.passwordSet
                          ? 'Invited'
                          : reviewer.twoFactorEnabled
                            ? 'Active'
                            : 'Authenticator not set up'}
                    </td>
                    <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDateTime(reviewer.lastSignInAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
        <form
          onSubmit={(event) => void form.handleSubmit(invite)(event)}
          noValidate
          aria-labelledby="invite-reviewer-title"
          className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-5"
        >
          <div className="space-y-1">
            <h2 id="invite-reviewer-title" className="text-sm font-semibold text-slate-900">
              Invite a reviewer
            </h2>
            <p className="text-xs text-slate-500">They get an email with a link to set their password, then set up an authenticator.</p>
          </div>
          <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Email"
            type="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SelectField label="Role" error={errors.role?.message} {...form.register('role')}>
            {reviewerRoles.map((item) => (
              <option key={item} value={item}>
                {item === 'admin' ? 'Admin' : 'Reviewer'}
              </option>
            ))}
          </SelectField>
          {inviteError && <Alert tone="error">{inviteError}</Alert>}
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
      </div>
    </div>
  );
}
