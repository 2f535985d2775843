import { payoutHoldMessages, payoutHoldRequest } from '@fipay/contracts/back-office';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { applyServerErrors } from '../../../lib/server-errors';
import { payoutHoldQueryOptions, usePayoutHoldAction } from '../api/admin-api';

/** Hold a company's live payouts with a reason it sees, or release the hold; both audited. */
export function PayoutHoldPanel({ companyId }: { companyId: string }) {
  const hold = useQuery(payoutHoldQueryOptions(companyId));
  const action = usePayoutHoldAction(companyId);
  const { register, handleSubmit, reset, setError, formState } = useForm<z.input<typeof payoutHoldRequest>>({
    resolver: zodResolver(payoutHoldRequest),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.reason?.message;

  async function put({ reason }: z.output<typeof payoutHoldRequest>) {
    try {
      await action.mutateAsync(reason);
      toast.success(payoutHoldMessages.held);
      reset({ reason: '' });
    } catch (failure) {
      if (!applyServerErrors(setError, failure, ['reason'])) toast.error(errorMessage(failure, 'The hold could not be put.'));
    }
  }
  async function release() {
    try {
      await action.mutateAsync(null);
      toast.success(payoutHoldMessages.released);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The hold could not be released.'));
    }
  }

  if (hold.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (hold.isError) return <Alert tone="error">{errorMessage(hold.error, 'The payout hold could not be loaded.')}</Alert>;
  if (hold.data) {
    return (
      <div className="space-y-3">
        <Alert tone="warning">
          On hold since {formatDateTime(hold.data.since)}: {hold.data.reason}
        </Alert>
        <Button size="sm" variant="secondary" onClick={() => void release()} disabled={action.isPending}>
          Release payouts
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void handleSubmit(put)(event)} noValidate className="space-y-2">
      <p className="text-sm text-slate-600">Live payouts run daily. A hold stops them; the company keeps taking payments and sees the reason.</p>
      <label htmlFor="payout-hold-reason" className="block text-sm font-medium text-slate-700">
        Reason for a hold
      </label>
      <textarea
        id="payout-hold-reason"
        rows={2}
        {...register('reason')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'payout-hold-error' : undefined}
        className={`${inputClasses} h-auto py-2 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {error && (
        <p id="payout-hold-error" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting}>
        Hold live payouts
      </Button>
    </form>
  );
}
