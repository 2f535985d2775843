import type { AssetCode } from '@fipay/contracts/assets';
import { tradeMethodLabels } from '@fipay/contracts/marketplace';
import { tryParseAmount } from '@fipay/contracts/money';
import { disputeStatusLabels, rulingLabels, rulingOutcomes, type DisputeCase, type RulingOutcome, type RulingRequest } from '@fipay/contracts/trade-disputes';
import { useQuery } from '@tanstack/react-query';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { inputClasses, TextField } from '../../components/ui/field';
import { QueryState } from '../../components/ui/query-state';
import { adminApplicationPath, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { shownAmount } from '../../lib/asset-amounts';
import { applyServerErrors } from '../../lib/server-errors';
import { disputeCaseQueryOptions, openDisputeAttachment, useRuling } from './api/disputes-api';
import { formatDateTime } from './components/format';
import { openerLabels } from './disputes-page';

type Side = 'seller' | 'buyer';
const sideLabels: Record<Side, string> = { seller: 'Seller', buyer: 'Buyer' };

/** One disputed trade: the trade, both parties and statements, the chat, the ledger, and the ruling (docs/decisions/0086-trade-disputes.md). */
export function DisputePage() {
  const { tradeId = '' } = useParams();
  const query = useQuery(disputeCaseQueryOptions(tradeId));
  return (
    <div className="space-y-6">
      <Link to={paths.adminDisputes} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
        Disputes
      </Link>
      <QueryState query={query} loading="Loading the dispute…" failure="The dispute could not be loaded.">
        {(data) => <Case data={data} />}
      </QueryState>
    </div>
  );
}

const cardShape = 'space-y-4 rounded-xl border p-5';
const card = `${cardShape} border-slate-200 bg-white`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Case({ data }: { data: DisputeCase }) {
  const { trade, dispute } = data;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold break-words text-slate-900">
          Dispute: {shownAmount(trade.asset, trade.amount)} for {shownAmount(trade.fiat, trade.fiatAmount)}
          {!trade.livemode && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-800">Test</span>}
        </h1>
        <p className="text-sm text-slate-600">
          {disputeStatusLabels[dispute.status]} · opened {formatDateTime(dispute.openedAt)} by {openerLabels[dispute.openedBy].toLowerCase()} · evidence{' '}
          {dispute.evidenceOpen ? `until ${formatDateTime(dispute.evidenceBy)}` : `closed ${formatDateTime(dispute.evidenceBy)}`}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="trade-title" className={`${card} lg:col-span-2`}>
          <h2 id="trade-title" className="text-sm font-semibold text-slate-900">
            The trade
          </h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500">Amount</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{shownAmount(trade.asset, trade.amount)}</dd>
            <dt className="text-slate-500">Price</dt>
            <dd className="text-slate-900 tabular-nums">
              {shownAmount(trade.fiat, trade.price)} per {trade.asset}
            </dd>
            <dt className="text-slate-500">Buyer pays</dt>
            <dd className="text-slate-900 tabular-nums">
              {shownAmount(trade.fiat, trade.fiatAmount)} by {tradeMethodLabels[trade.method]}
            </dd>
            <dt className="text-slate-500">Fees</dt>
            <dd className="text-slate-900 tabular-nums">
              seller {shownAmount(trade.asset, trade.sellerFee)}, buyer {shownAmount(trade.asset, trade.buyerFee)}
            </dd>
            <dt className="text-slate-500">Opened</dt>
            <dd className="text-slate-900">{formatDateTime(trade.createdAt)}</dd>
            <dt className="text-slate-500">Marked paid</dt>
            <dd className="text-slate-900">{formatDateTime(trade.paidAt)}</dd>
            <dt className="text-slate-500">Release window</dt>
            <dd className="text-slate-900">{trade.releaseBy ? `until ${formatDateTime(trade.releaseBy)}` : '—'}</dd>
            <dt className="text-slate-500">Trade status</dt>
            <dd className="text-slate-900 capitalize">{trade.status.replace('_', ' ')}</dd>
          </dl>
        </section>
        <section aria-labelledby="parties-title" className={`${card} h-fit`}>
          <h2 id="parties-title" className="text-sm font-semibold text-slate-900">
            Parties
          </h2>
          {(['seller', 'buyer'] as const).map((side) => (
            <div key={side} className="text-sm">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{sideLabels[side]}</p>
              <Link to={adminApplicationPath(data[side].companyId)} className="font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline">
                {data[side].name}
              </Link>
              <p className="text-xs text-slate-500">
                {plural(data[side].completedTrades, 'completed trade', 'completed trades')} · {plural(data[side].disputes, 'dispute', 'disputes')}
              </p>
            </div>
          ))}
        </section>
      </div>
      <section aria-labelledby="statements-title" className="space-y-3">
        <h2 id="statements-title" className="text-sm font-semibold text-slate-900">
          Statements
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          {(['seller', 'buyer'] as const).map((side) => (
            <Statement key={side} side={side} name={data[side].name} statement={data.statements[side]} evidenceBy={dispute.evidenceBy} />
          ))}
        </div>
      </section>
      <Chat tradeId={trade.id} chat={data.chat} />
      <Ledger data={data} />
      {dispute.status === 'open' ? <RulingForm data={data} /> : <Ruled data={data} />}
    </div>
  );
}

function Statement({ side, name, statement, evidenceBy }: { side: Side; name: string; statement: DisputeCase['statements']['seller']; evidenceBy: string }) {
  return (
    <article aria-label={`${sideLabels[side]}'s statement`} className={statement.state === 'missing' ? `${cardShape} border-amber-300 bg-amber-50` : card}>
      <header>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{sideLabels[side]}</p>
        <p className="text-sm font-semibold break-words text-slate-900">{name}</p>
      </header>
      {statement.state === 'written' && (
        <>
          <p className="text-sm break-words whitespace-pre-line text-slate-900">{statement.body}</p>
          <p className="text-xs text-slate-500">Last edited {formatDateTime(statement.updatedAt)}</p>
        </>
      )}
      {statement.state === 'awaited' && <p className="text-sm text-slate-600">No statement yet. The {side} can write one until {formatDateTime(evidenceBy)}.</p>}
      {statement.state === 'missing' && (
        <p className="text-sm font-medium text-amber-900">
          The {side} wrote no statement before the deadline ({formatDateTime(evidenceBy)}). You may rule against it.
        </p>
      )}
    </article>
  );
}

const stepLabels: Record<string, string> = {
  opened: 'Trade opened',
  paid: 'Marked paid',
  completed: 'Released',
  cancelled: 'Cancelled',
  disputed: 'Dispute opened',
  resolved: 'Dispute ruled',
};

function Chat({ tradeId, chat }: { tradeId: string; chat: DisputeCase['chat'] }) {
  async function open(messageId: string) {
    try {
      await openDisputeAttachment(tradeId, messageId);
    } catch (error) {
      toast.error(errorMessage(error, 'The attachment could not be opened.'));
    }
  }
  return (
    <section aria-labelledby="chat-title" className={card}>
      <h2 id="chat-title" className="text-sm font-semibold text-slate-900">
        Trade chat
      </h2>
      {chat.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages.</p>
      ) : (
        <ol className="max-h-[28rem] space-y-2 overflow-y-auto">
          {chat.messages.map((message) =>
            message.author === 'system' ? (
              <li key={message.id} className="text-center text-xs text-slate-500">
                {stepLabels[message.systemEvent ?? ''] ?? message.systemEvent} · {formatDateTime(message.createdAt)}
              </li>
            ) : (
              <li key={message.id} className={`rounded-lg px-3 py-2 text-sm ${message.author === 'seller' ? 'bg-slate-50' : 'bg-brand-50'}`}>
                <p className="text-xs text-slate-500">
                  <span className="font-semibold">{sideLabels[message.author]}</span> · {formatDateTime(message.createdAt)}
                </p>
                {message.body && <p className="break-words whitespace-pre-line text-slate-900">{message.body}</p>}
                {message.attachment && (
                  <button type="button" onClick={() => void open(message.id)} className="mt-1 text-sm font-medium break-all text-brand-700 hover:underline">
                    {message.attachment.name}
                  </button>
                )}
              </li>
            ),
          )}
        </ol>
      )}
    </section>
  );
}

function Ledger({ data }: { data: DisputeCase }) {
  const owner = (companyId: string | null) => (companyId === null ? 'Platform' : companyId === data.seller.companyId ? 'Seller' : companyId === data.buyer.companyId ? 'Buyer' : 'Other');
  const amount = (currency: string, value: string) => shownAmount(currency as AssetCode, value.replace(/^-/, ''));
  return (
    <section aria-labelledby="ledger-title" className={card}>
      <h2 id="ledger-title" className="text-sm font-semibold text-slate-900">
        Ledger entries of the trade
      </h2>
      {data.ledger.length === 0 ? (
        <p className="text-sm text-slate-600">No entries.</p>
      ) : (
        <div className="space-y-4">
          {data.ledger.map((entry) => (
            <div key={entry.id} className="overflow-x-auto">
              <p className="text-sm font-medium text-slate-900">
                {entry.description} <span className="text-xs font-normal text-slate-500">· {formatDateTime(entry.createdAt)}</span>
              </p>
              <table className="mt-1 w-full text-left text-sm">
                <caption className="sr-only">{entry.description}</caption>
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">Account</th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">Debit</th>
                    <th scope="col" className="py-1 text-right font-medium">Credit</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {entry.lines.map((line, index) => (
                    <tr key={index}>
                      <td className="py-1 pr-3 text-slate-700">
                        {owner(line.companyId)} {line.account.replaceAll('_', ' ')}
                      </td>
                      <td className="py-1 pr-3 text-right whitespace-nowrap text-slate-900 tabular-nums">{line.amount.startsWith('-') ? '' : amount(line.currency, line.amount)}</td>
                      <td className="py-1 text-right whitespace-nowrap text-slate-900 tabular-nums">{line.amount.startsWith('-') ? amount(line.currency, line.amount) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function Ruled({ data }: { data: DisputeCase }) {
  if (data.dispute.status === 'withdrawn') {
    return <Alert tone="info">The seller released the trade after all, {formatDateTime(data.dispute.endedAt)}; the dispute was withdrawn.</Alert>;
  }
  const ruling = data.ruling;
  if (!ruling) return null;
  return (
    <Alert tone="success">
      <p className="font-semibold">
        {rulingLabels[ruling.outcome]}
        {ruling.outcome === 'split' && `: ${shownAmount(data.trade.asset, ruling.buyerAmount)} to the buyer`}
        {ruling.by && ` by ${ruling.by.name}`}, {formatDateTime(data.dispute.endedAt)}
      </p>
      <p className="break-words">Reason: {ruling.reason}</p>
    </Alert>
  );
}

const outcomeActions: Record<RulingOutcome, string> = { release: 'Release to the buyer', return: 'Return to the seller', split: 'Split between both' };
const outcomeDetails: Record<RulingOutcome, string> = {
  release: 'The escrow goes to the buyer, less its fee; both fees to FiPay.',
  return: 'The escrow goes back to the seller in full.',
  split: 'Part of the amount to the buyer, the rest and the seller’s fee back to the seller; no fee.',
};

type RulingForm = { outcome: RulingOutcome; split: string; reason: string; early: boolean };

function RulingForm({ data }: { data: DisputeCase }) {
  const rule = useRuling(data.trade.id);
  const asset = data.trade.asset;
  const awaited = (['seller', 'buyer'] as const).filter((side) => data.statements[side].state === 'awaited');
  const { register, handleSubmit, setError, control, formState } = useForm<RulingForm>({ defaultValues: { outcome: 'release', split: '', reason: '', early: false } });
  const outcome = useWatch({ control, name: 'outcome' });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = formState.errors;

  async function submit(values: RulingForm) {
    setFailure(null);
    const body: RulingRequest = { outcome: values.outcome, reason: values.reason };
    if (values.outcome === 'split') {
      const parsed = tryParseAmount(asset, values.split);
      if (!parsed.ok || parsed.amount <= 0n || parsed.amount >= BigInt(data.trade.amount)) {
        setError('split', { message: `Enter the buyer’s part in ${asset}: more than 0 and less than ${shownAmount(asset, data.trade.amount)}.` }, { shouldFocus: true });
        return;
      }
      body.buyerAmount = String(parsed.amount);
    }
    try {
      const answer = await rule.mutateAsync(body);
      toast.success(answer.message);
    } catch (error) {
      if (!applyServerErrors(setError, error, { reason: 'reason', buyerAmount: 'split', outcome: 'outcome' }, { focus: true })) {
        setFailure(errorMessage(error, 'The ruling could not be saved.'));
      }
    }
  }

  return (
    <section aria-labelledby="ruling-title" className={card}>
      <h2 id="ruling-title" className="text-sm font-semibold text-slate-900">
        Ruling
      </h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        <fieldset className="grid gap-2 md:grid-cols-3">
          <legend className="sr-only">Outcome</legend>
          {rulingOutcomes.map((value) => (
            <label key={value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" value={value} {...register('outcome')} className="mt-1 h-4 w-4 accent-brand-700" />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{outcomeActions[value]}</span>
                <span className="block text-xs text-slate-600">{outcomeDetails[value]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {errors.outcome && <p className="text-xs font-medium text-red-600">{errors.outcome.message}</p>}
        {outcome === 'split' && (
          <TextField
            label={`To the buyer (${asset}, of ${shownAmount(asset, data.trade.amount)})`}
            inputMode="decimal"
            autoComplete="off"
            {...register('split')}
            error={errors.split?.message}
          />
        )}
        <div className="space-y-1.5">
          <label htmlFor="ruling-reason" className="block text-sm font-medium text-slate-700">
            Reason (both businesses read it)
          </label>
          <textarea
            id="ruling-reason"
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'ruling-reason-error' : undefined}
            className={`${inputClasses} h-auto py-2 ${errors.reason ? 'border-red-500' : 'border-slate-300'}`}
            {...register('reason', { validate: (value) => value.trim().length > 0 || 'Give the reason for your ruling.' })}
          />
          {errors.reason && (
            <p id="ruling-reason-error" className="text-xs font-medium text-red-600">
              {errors.reason.message}
            </p>
          )}
        </div>
        {awaited.length > 0 && (
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input type="checkbox" {...register('early', { validate: (value) => value || 'Confirm, or wait for the deadline.' })} className="mt-0.5 h-4 w-4 accent-brand-700" />
              <span>
                Rule before the deadline: the {awaited.join(' and the ')} may still write until {formatDateTime(data.dispute.evidenceBy)}.
              </span>
            </label>
            {errors.early && <p className="text-xs font-medium text-red-600">{errors.early.message}</p>}
          </div>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Record ruling'}
          </Button>
        </div>
      </form>
    </section>
  );
}
