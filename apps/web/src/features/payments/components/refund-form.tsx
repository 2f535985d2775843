import { REFUND_REASON_MAX, type TransactionDetail } from '@fipay/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors, hasFieldErrors } from '../../../lib/server-errors';
import { useRefund } from '../api/transactions';
import { formatNaira, nairaToKobo } from '../money';

const refundForm = z.object({ amount: z.string(), reason: z.string().trim().max(REFUND_REASON_MAX, `A reason is at most ${REFUND_REASON_MAX} characters.`) });

type RefundRequest = { amount: number; reason: string };

/** A successful payment's refund: an amount within what the server accepts now, asked for, then confirmed. */
export function RefundForm({ transaction }: { transaction: TransactionDetail }) {
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
