import { zodResolver } from '@hookform/resolvers/zod';
import { disputeOpenerLabels, disputeStatementRequest, rulingLabels, STATEMENT_MAX, type TradeDetail, type TradeDispute } from '@fipay/contracts/trade-disputes';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { shownAmount } from '../../../lib/asset-amounts';
import { applyServerErrors } from '../../../lib/server-errors';
import { useTradeData } from '../api/marketplace';
import { useWriteStatement } from './dispute-api';

const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

/**
 * A trade's dispute as its party sees it (docs/decisions/0086-trade-disputes.md): who opened it, the evidence
 * deadline, the business's own statement (written and edited here until the deadline), whether the other side wrote
 * one, and the ruling. Nothing for a trade that never went to dispute.
 */
export function DisputePanel({ tradeId }: { tradeId: string }) {
  const trade = useTradeData(tradeId);
  if (trade.isPending) return <p className="text-sm text-slate-600">Loading the dispute…</p>;
  if (trade.isError) return <Alert tone="error">{errorMessage(trade.error, 'The dispute could not be loaded.')}</Alert>;
  const dispute = trade.data.dispute;
  if (!dispute) return null;
  return (
    <section aria-labelledby="dispute-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <div className="space-y-1">
        <h2 id="dispute-title" className="text-base font-semibold text-slate-900">
          {dispute.status === 'open' ? 'Dispute open' : dispute.status === 'ruled' ? 'Dispute decided' : 'Dispute withdrawn'}
        </h2>
        <p className="text-sm text-slate-600">
          Opened {at(dispute.openedAt)} by {dispute.openedBy === trade.data.role ? 'you' : disputeOpenerLabels[dispute.openedBy]}. The escrow stays where it is until a FiPay agent rules
          {trade.data.role === 'seller' ? ' or you release it' : ''}.
        </p>
      </div>
      {dispute.status === 'ruled' && <Ruling trade={trade.data} />}
      {dispute.status === 'withdrawn' && <Alert tone="info">The seller released the trade, so the dispute ended.</Alert>}
      {dispute.status === 'open' && (
        <p className="text-sm text-slate-700">
          {dispute.canWrite ? `Both sides write a statement until ${at(dispute.evidenceBy)}.` : `The time for statements ended ${at(dispute.evidenceBy)}.`}{' '}
          {dispute.otherWrote ? 'The other side has written its statement.' : 'The other side has not written a statement yet.'}
        </p>
      )}
      {dispute.canWrite ? <StatementForm tradeId={tradeId} dispute={dispute} /> : <OwnStatement dispute={dispute} />}
    </section>
  );
}

function Ruling({ trade }: { trade: TradeDetail }) {
  if (!trade.ruling) return null;
  const split = trade.ruling === 'split' && trade.rulingBuyerAmount ? ` ${shownAmount(trade.asset, trade.rulingBuyerAmount)} went to the buyer.` : '';
  return (
    <Alert tone="info">
      {rulingLabels[trade.ruling]}.{split} The reason is in your notifications and email.
    </Alert>
  );
}

function OwnStatement({ dispute }: { dispute: TradeDispute }) {
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">Your statement</h3>
      {dispute.mine ? (
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{dispute.mine.body}</p>
      ) : (
        <p className="text-sm text-slate-600">You wrote no statement.</p>
      )}
    </div>
  );
}

type Form = { body: string };

function StatementForm({ tradeId, dispute }: { tradeId: string; dispute: TradeDispute }) {
  const write = useWriteStatement(tradeId);
  const { register, handleSubmit, setError, control, formState } = useForm<Form>({
    defaultValues: { body: dispute.mine?.body ?? '' },
    resolver: zodResolver(disputeStatementRequest, undefined, { raw: true }),
  });
  const body = useWatch({ control, name: 'body' });
  const [failure, setFailure] = useState<string | null>(null);
  const error = formState.errors.body?.message;

  async function submit(values: Form) {
    setFailure(null);
    try {
      const answer = await write.mutateAsync(values.body);
      toast.success(answer.message);
    } catch (problem) {
      if (!applyServerErrors(setError, problem, ['body'], { focus: true })) setFailure(errorMessage(problem, 'Your statement could not be saved.'));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="space-y-1.5">
        <label htmlFor={`statement-${tradeId}`} className="block text-sm font-semibold text-slate-900">
          Your statement
        </label>
        <p id={`statement-${tradeId}-hint`} className="text-xs text-slate-600">
          What happened, with times, amounts and bank references. The agent reads it; the other side does not. You can edit it until the deadline.
        </p>
        <textarea
          id={`statement-${tradeId}`}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={`statement-${tradeId}-hint${error ? ` statement-${tradeId}-error` : ''}`}
          className={`${inputClasses} h-auto py-2 ${error ? 'border-red-500' : 'border-slate-300'}`}
          {...register('body')}
        />
        <div className="flex justify-between gap-3 text-xs">
          {error ? (
            <p id={`statement-${tradeId}-error`} className="font-medium text-red-600">
              {error}
            </p>
          ) : (
            <span />
          )}
          <span className={body.length > STATEMENT_MAX ? 'text-red-600' : 'text-slate-500'}>
            {body.length} / {STATEMENT_MAX}
          </span>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : dispute.mine ? 'Save changes' : 'Send statement'}
        </Button>
      </div>
    </form>
  );
}
