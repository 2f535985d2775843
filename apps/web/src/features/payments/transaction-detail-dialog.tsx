import { REFUND_REASON_MAX, type TransactionDetail } from '@fipay/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-time';
import { applyServerErrors, hasFieldErrors } from '../../lib/server-errors';
import { formatNaira, nairaToKobo } from './money';
import { useRefund, useTransaction } from './payments-api';
import { StatusBadge } from './status-badge';

/** One transaction: what was paid, by whom and how, what happened to it (the timeline), and its refunds. */
export function TransactionDetailDialog({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const detail = useTransaction(reference);
  const t = detail.data;
  return (
    <Dialog
      open={reference !== null}
      onClose={onClose}
      title={t ? `${formatNaira(t.amount)} from ${t.customer.email}` : 'Transaction'}
      size="lg"
      body={
        detail.isPending ? (
          <Loading what="the transaction" />
        ) : detail.isError ? (
          <Alert tone="error">{errorMessage(detail.error, 'We could not load this transaction.')}</Alert>
        ) : (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <Item label="Status">
                <StatusBadge status={detail.data.status} />
              </Item>
              <Item label="Reference">
                <span className="font-mono text-xs break-all">{detail.data.reference}</span>
              </Item>
              <Item label="Fee">{detail.data.fee === null ? '—' : formatNaira(detail.data.fee)}</Item>
              <Item label="You receive">{detail.data.net === null ? '—' : formatNaira(detail.data.net)}</Item>
              <Item label="Refunded">{formatNaira(detail.data.refundedAmount)}</Item>
              <Item label="Method">
                {detail.data.channel === 'bank_transfer' ? 'Bank transfer' : detail.data.card ? `${detail.data.card.brand} •••• ${detail.data.card.last4}` : '—'}
              </Item>
              <Item label="Customer">{detail.data.customer.name || detail.data.customer.email}</Item>
              <Item label="Paid on">{detail.data.paidAt ? formatDateTime(detail.data.paidAt) : '—'}</Item>
            </dl>
            <section aria-labelledby="timeline-heading">
              <h3 id="timeline-heading" className="text-sm font-semibold text-slate-900">
                Timeline
              </h3>
              <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4">
                {detail.data.timeline.map((entry, index) => (
                  <li key={index} className="text-sm">
                    <p className="text-slate-800">{entry.message}</p>
                    <p className="text-xs text-slate-500">{formatDateTime(entry.at)}</p>
                  </li>
                ))}
              </ol>
            </section>
            {detail.data.refunds.length > 0 && (
              <section aria-labelledby="refunds-heading">
                <h3 id="refunds-heading" className="text-sm font-semibold text-slate-900">
                  Refunds
                </h3>
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {detail.data.refunds.map((refund) => (
                    <li key={refund.id} className="flex items-center justify-between gap-3 py-2">
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900 tabular-nums">{formatNaira(refund.amount)}</span>
                        <span className="block truncate text-xs text-slate-500">
                          {formatDateTime(refund.createdAt)}
                          {refund.reason ? ` · ${refund.reason}` : ''}
                          {refund.failureReason ? ` · ${refund.failureReason}` : ''}
                        </span>
                      </span>
                      <StatusBadge status={refund.status} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {detail.data.status === 'success' && detail.data.refundedAmount < detail.data.amount && <RefundForm transaction={detail.data} />}
          </div>
        )
      }
    >
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

const refundForm = z.object({ amount: z.string(), reason: z.string().trim().max(REFUND_REASON_MAX, `A reason is at most ${REFUND_REASON_MAX} characters.`) });

type RefundRequest = { amount: number; reason: string };

function RefundForm({ transaction }: { transaction: TransactionDetail }) {
  const refund = useRefund();
  // What the server will accept now: what is left on the payment, within the balance not yet paid out.
  const left = transaction.refundable;
  const leftOnPayment = transaction.amount - transaction.refundedAmount;
  const { register, handleSubmit, setError, reset, formState } = useForm<z.input<typeof refundForm>, unknown, z.output<typeof refundForm>>({
    resolver: zodResolver(refundForm),
    defaultValues: { amount: String(left / 100), reason: '' },
  });
  // Money goes back to the customer on one click: it is asked for here, and sent only once confirmed.
  const [asked, setAsked] = useState<RefundRequest | null>(null);

  function ask(values: z.output<typeof refundForm>) {
    const amount = nairaToKobo(values.amount);
    if (amount === null || amount <= 0 || amount > left) {
      setError('amount', { message: `Enter an amount up to ${formatNaira(left)}.` });
      return;
    }
    setAsked({ amount, reason: values.reason });
  }

  async function send({ amount, reason }: RefundRequest) {
    try {
      const made = await refund.mutateAsync({ reference: transaction.reference, amount, reason });
      toast.success(made.status === 'pending' ? `Refund of ${formatNaira(made.amount)} requested: it completes when the bank confirms it.` : `${formatNaira(made.amount)} refunded.`);
      reset({ amount: String((left - made.amount) / 100), reason: '' });
    } catch (error) {
      // A refusal without field errors (the balance is short) shows in the banner above the form.
      applyServerErrors(setError, error, ['amount', 'reason']);
    } finally {
      setAsked(null);
    }
  }

  return (
    <section aria-labelledby="refund-heading" className="rounded-xl border border-slate-200 p-4">
      <h3 id="refund-heading" className="text-sm font-semibold text-slate-900">
        Refund
      </h3>
      <p className="mt-1 text-xs text-slate-500">
        {left > 0
          ? `Up to ${formatNaira(left)}, taken from your balance not yet paid out (available, then pending). The fee is not returned.`
          : `${formatNaira(leftOnPayment)} is left on this payment, but your balance not yet paid out is too low to refund it now. It can be refunded as more payments come in.`}
      </p>
      {refund.isError && !hasFieldErrors(refund.error) && (
        <div className="mt-3">
          <Alert tone="error">{errorMessage(refund.error, 'The refund could not be made.')}</Alert>
        </div>
      )}
      <form onSubmit={(event) => void handleSubmit(ask)(event)} noValidate className="mt-3 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
        <TextField label="Amount to refund (₦)" inputMode="decimal" error={formState.errors.amount?.message} {...register('amount')} />
        <TextField label="Reason (optional)" error={formState.errors.reason?.message} {...register('reason')} />
        <Button type="submit" disabled={refund.isPending || left <= 0}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </Button>
      </form>
      <ConfirmRefundDialog
        transaction={transaction}
        asked={asked}
        sending={refund.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && void send(asked)}
      />
    </section>
  );
}

type ConfirmRefundDialogProps = {
  transaction: TransactionDetail;
  asked: RefundRequest | null;
  sending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The last look before money leaves the balance: how much, to whom, for which payment. Cancel sends nothing. */
function ConfirmRefundDialog({ transaction, asked, sending, onCancel, onConfirm }: ConfirmRefundDialogProps) {
  const { name, email } = transaction.customer;
  const amount = asked ? formatNaira(asked.amount) : '';
  return (
    <Dialog
      open={asked !== null}
      onClose={() => !sending && onCancel()}
      title={`Refund ${amount}?`}
      description={
        <div className="space-y-3">
          <p>
            <strong className="font-semibold text-slate-900">{amount}</strong> goes back to{' '}
            <strong className="font-semibold text-slate-900">{name ? `${name} (${email})` : email}</strong>, from your available balance. A refund
            cannot be undone.
          </p>
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            <div className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <dt className="shrink-0">Payment reference</dt>
              <dd className="min-w-0 font-mono text-xs break-all text-slate-900">{transaction.reference}</dd>
            </div>
            {asked?.reason && (
              <div className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:justify-between sm:gap-4">
                <dt className="shrink-0">Reason</dt>
                <dd className="min-w-0 break-words text-slate-900 sm:text-right">{asked.reason}</dd>
              </div>
            )}
          </dl>
        </div>
      }
    >
      <Button variant="secondary" onClick={onCancel} disabled={sending} data-autofocus>
        Cancel
      </Button>
      <Button onClick={onConfirm} disabled={sending}>
        {sending ? 'Refunding...' : `Refund ${amount}`}
      </Button>
    </Dialog>
  );
}
