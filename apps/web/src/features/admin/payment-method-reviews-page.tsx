import { PAYMENT_METHOD_REJECTION_MAX, paymentMethodReviewMessages, type PaymentMethodReviewItem } from '@fipay/contracts/back-office-wallet';
import { paymentMethodKindLabels, paymentMethodMessages } from '@fipay/contracts/payment-methods';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { adminApplicationPath } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { paymentMethodReviewsQueryOptions, useReviewAction } from './api/wallet-api';
import { formatDateTime } from './components/format';
import { ReasonDialog } from './components/reason-dialog';

type Pending = { method: PaymentMethodReviewItem; action: 'accept' | 'reject' } | null;

/**
 * Payment methods whose holder name is not the business's (ADR 0067), newest first: a reviewer accepts the name (the
 * method can then receive money after its cooling-off period) or rejects it (removed; the business is told why).
 */
export function PaymentMethodReviewsPage() {
  const reviews = useInfiniteQuery(paymentMethodReviewsQueryOptions());
  const action = useReviewAction();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setPending(null);
    setError(null);
  }
  async function decide(reason: string | null) {
    if (!pending) return;
    setError(null);
    try {
      await action.mutateAsync({ id: pending.method.id, reason });
      toast.success(reason === null ? paymentMethodMessages.cleared : paymentMethodReviewMessages.rejected);
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'The review could not be saved.'));
    }
  }

  if (reviews.isPending) return <PageSpinner />;
  const methods = reviews.data?.pages.flatMap((page) => page.paymentMethods) ?? [];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Payment methods to review</h1>
        <p className="mt-1 text-sm text-slate-600">Accounts whose holder name is not the business's legal name, newest first. They receive nothing until accepted.</p>
      </div>
      {reviews.isError && <Alert tone="error">{errorMessage(reviews.error, 'The payment methods could not be loaded.')}</Alert>}
      {!reviews.isError && methods.length === 0 && <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">Nothing waits for a review.</p>}
      {methods.length > 0 && (
        <ul aria-label="Payment methods waiting for review" className="space-y-3">
          {methods.map((method) => (
            <li key={method.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
              <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
                <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">Business legal name</dt>
                    <dd className="font-semibold break-words text-slate-900">
                      <Link to={adminApplicationPath(method.company.id)} className={textLinkClasses}>
                        {method.company.name}
                      </Link>
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">Account holder name</dt>
                    <dd className="font-semibold break-words text-amber-800">{method.accountName}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">Account</dt>
                    <dd className="break-words text-slate-800">
                      {paymentMethodKindLabels[method.kind]} · {method.bankName ?? method.bankCode} · {method.accountNumber} · {method.currency}
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">Added</dt>
                    <dd className="text-slate-800">
                      {formatDateTime(method.createdAt)} · {method.livemode ? 'Live' : 'Test'}
                    </dd>
                  </div>
                </dl>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" onClick={() => setPending({ method, action: 'accept' })}>
                    Accept name
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setPending({ method, action: 'reject' })}>
                    Reject
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {reviews.hasNextPage && (
        <Button variant="secondary" size="sm" onClick={() => void reviews.fetchNextPage()} disabled={reviews.isFetchingNextPage}>
          {reviews.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}

      <Dialog
        open={pending?.action === 'accept'}
        onClose={close}
        title="Accept this account name?"
        description={
          pending && (
            <span>
              <strong className="font-semibold text-slate-900">{pending.method.accountName}</strong> will be accepted for{' '}
              <strong className="font-semibold text-slate-900">{pending.method.company.name}</strong>. The account can receive money once its cooling-off period
              is over. This is audited.
            </span>
          )
        }
        body={error ? <Alert tone="error">{error}</Alert> : undefined}
      >
        <Button variant="secondary" onClick={close} disabled={action.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void decide(null)} disabled={action.isPending} data-autofocus>
          {action.isPending ? 'Accepting…' : 'Accept name'}
        </Button>
      </Dialog>
      <ReasonDialog
        open={pending?.action === 'reject'}
        onClose={close}
        title="Reject this payment method?"
        description={pending ? `The account in the name of ${pending.method.accountName} is removed from ${pending.method.company.name}'s payment methods, and the business is notified with your reason. This is audited.` : ''}
        label="Reason (the business sees it)"
        confirm="Reject"
        busyText="Rejecting…"
        busy={action.isPending}
        error={error}
        max={PAYMENT_METHOD_REJECTION_MAX}
        requiredMessage={paymentMethodReviewMessages.reasonRequired}
        onConfirm={(reason) => void decide(reason)}
      />
    </div>
  );
}
