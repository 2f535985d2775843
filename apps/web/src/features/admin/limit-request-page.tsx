import { formatUsdLimit, grantableTiers, limitTierLabels, type LimitCase, type LimitDecisionInput } from '@fipay/contracts/daily-limits';
import { tryParseAmount } from '@fipay/contracts/money';
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
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { limitCaseQueryOptions, useLimitDecision } from './api/admin-api';
import { formatDateTime } from './components/format';
import { limitStatusLabels } from './limit-requests-page';

/** One 'Increase Limits' request: what the business said, its figures today, and the decision. */
export function LimitRequestPage() {
  const { requestId = '' } = useParams();
  const query = useQuery(limitCaseQueryOptions(requestId));
  return (
    <div className="space-y-6">
      <Link to={paths.adminLimitRequests} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" aria-hidden="true" />
        Limit requests
      </Link>
      <QueryState query={query} loading="Loading the request…" failure="The request could not be loaded.">
        {(data) => <Case data={data} />}
      </QueryState>
    </div>
  );
}

function Case({ data }: { data: LimitCase }) {
  const { request, company } = data;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{company.name}</h1>
        <p className="text-sm text-slate-600">
          {limitStatusLabels[request.status]} · sent {formatDateTime(request.createdAt)} · verification {company.kybStatus?.toLowerCase() ?? 'not started'}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="request-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 lg:col-span-2">
          <h2 id="request-title" className="text-sm font-semibold text-slate-900">
            The request
          </h2>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500">Expected monthly volume</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{request.expectedMonthlyVolume}</dd>
            <dt className="text-slate-500">Purpose</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{request.purpose}</dd>
            <dt className="text-slate-500">Source of funds</dt>
            <dd className="break-words text-slate-900">{request.sourceOfFunds}</dd>
            <dt className="text-slate-500">Document</dt>
            <dd>
              {data.documentUrl && request.document ? (
                <a href={data.documentUrl} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 hover:underline">
                  {request.document.name}
                </a>
              ) : (
                <span className="text-slate-500">None</span>
              )}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="today-title" className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="today-title" className="text-sm font-semibold text-slate-900">
            Limits now: {limitTierLabels[data.tier]}
          </h2>
          <dl className="space-y-2 text-sm">
            {data.limits.map((limit) => (
              <div key={limit.kind} className="flex justify-between gap-3">
                <dt className="text-slate-600">{limit.label}</dt>
                <dd className="text-right text-slate-900 tabular-nums">
                  {limit.limit} a day
                  <span className="block text-xs text-slate-500">{limit.used} used today (live)</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      {request.status === 'pending' ? <DecisionForm data={data} /> : <Decided data={data} />}
    </div>
  );
}

function Decided({ data }: { data: LimitCase }) {
  const decision = data.request.decision;
  if (!decision) return null;
  return (
    <Alert tone={data.request.status === 'granted' ? 'success' : 'info'}>
      <p className="font-semibold">
        {data.request.status === 'granted'
          ? `Granted ${decision.tier ? limitTierLabels[decision.tier] : ''}: Buy/Sell ${formatUsdLimit(BigInt(decision.tradeCents ?? '0'))}, Send ${formatUsdLimit(BigInt(decision.sendCents ?? '0'))} a day`
          : 'Declined'}
        {data.decidedBy && ` by ${data.decidedBy.name}`}, {formatDateTime(data.request.decidedAt)}
      </p>
      <p>Reason: {decision.reason}</p>
    </Alert>
  );
}

type Choice = (typeof grantableTiers)[number] | 'custom' | 'decline';
type DecisionForm = { choice: Choice; trade: string; send: string; reason: string };

/** Custom figures are typed in US dollars and sent in cents, parsed exactly (money.ts). */
function cents(text: string): string | null {
  const parsed = tryParseAmount('USD', text);
  return parsed.ok ? String(parsed.amount) : null;
}

function DecisionForm({ data }: { data: LimitCase }) {
  const decide = useLimitDecision(data.request.id);
  const current = Object.fromEntries(data.limits.map((limit) => [limit.kind, BigInt(limit.limitCents)]));
  const tiers = data.tiers.filter((tier) => (grantableTiers as readonly string[]).includes(tier.tier));
  const raises = tiers.filter((tier) => BigInt(tier.tradeCents) >= current.trade! && BigInt(tier.sendCents) >= current.send!);
  const { register, handleSubmit, setError, control, formState } = useForm<DecisionForm>({
    defaultValues: { choice: (raises[0]?.tier as Choice | undefined) ?? 'custom', trade: '', send: '', reason: '' },
  });
  const choice = useWatch({ control, name: 'choice' });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = formState.errors;

  async function submit(values: DecisionForm) {
    setFailure(null);
    let body: LimitDecisionInput;
    if (values.choice === 'decline') body = { decision: 'decline', reason: values.reason };
    else if (values.choice === 'custom') {
      const tradeCents = cents(values.trade);
      const sendCents = cents(values.send);
      if (tradeCents === null) setError('trade', { message: 'Enter the daily Buy/Sell limit in USD, e.g. 50,000.' });
      if (sendCents === null) setError('send', { message: 'Enter the daily Send limit in USD, e.g. 50,000.' });
      if (tradeCents === null || sendCents === null) return;
      body = { decision: 'grant_custom', tradeCents, sendCents, reason: values.reason };
    } else body = { decision: 'grant_tier', tier: values.choice, reason: values.reason };
    try {
      const answer = await decide.mutateAsync(body);
      toast.success(answer.message);
    } catch (error) {
      if (!applyServerErrors(setError, error, { reason: 'reason', tradeCents: 'trade', sendCents: 'send', tier: 'choice' }, { focus: true })) {
        setFailure(errorMessage(error, 'The decision could not be saved.'));
      }
    }
  }

  const option = (value: Choice, label: string, detail: string) => (
    <label key={value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" value={value} {...register('choice')} className="mt-1 h-4 w-4 accent-brand-700" />
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span className="block text-xs text-slate-600">{detail}</span>
      </span>
    </label>
  );

  return (
    <section aria-labelledby="decision-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="decision-title" className="text-sm font-semibold text-slate-900">
        Decision
      </h2>
      {failure && <Alert tone="error">{failure}</Alert>}
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Grant or decline</legend>
          {raises.map((tier) =>
            option(tier.tier as Choice, `Grant ${tier.label}`, `Buy/Sell ${formatUsdLimit(BigInt(tier.tradeCents))}, Send ${formatUsdLimit(BigInt(tier.sendCents))} a day`),
          )}
          {option('custom', 'Grant custom limits', 'Figures of your own, each at least the current one')}
          {option('decline', 'Decline', 'The limits stay as they are')}
        </fieldset>
        {errors.choice && <p className="text-xs font-medium text-red-600">{errors.choice.message}</p>}
        {choice === 'custom' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Buy/Sell a day (USD)" inputMode="decimal" autoComplete="off" {...register('trade')} error={errors.trade?.message} />
            <TextField label="Send a day (USD)" inputMode="decimal" autoComplete="off" {...register('send')} error={errors.send?.message} />
          </div>
        )}
        <div className="space-y-1.5">
          <label htmlFor="decision-reason" className="block text-sm font-medium text-slate-700">
            Reason (the business reads it)
          </label>
          <textarea
            id="decision-reason"
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'decision-reason-error' : undefined}
            className={`${inputClasses} h-auto py-2 ${errors.reason ? 'border-red-500' : 'border-slate-300'}`}
            {...register('reason', { validate: (value) => value.trim().length > 0 || 'Give the reason for your decision.' })}
          />
          {errors.reason && (
            <p id="decision-reason-error" className="text-xs font-medium text-red-600">
              {errors.reason.message}
            </p>
          )}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : choice === 'decline' ? 'Decline request' : 'Grant limits'}
          </Button>
        </div>
      </form>
    </section>
  );
}
