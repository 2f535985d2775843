import type { AssetCode } from '@fipay/contracts/assets';
import { tryParseAmount } from '@fipay/contracts/money';
import type { PaymentMethod } from '@fipay/contracts/payment-methods';
import { isWithdrawable, SETTLEMENT_ACCOUNT, withdrawalMessages, type Withdrawal, type WithdrawalPreview } from '@fipay/contracts/withdrawals';
import ClockIcon from 'lucide-react/icons/clock';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useMode } from '../../stores/mode-store';
import { paths, walletSendPath } from '../../config/paths';
import { AssetPageHeader, ForAsset } from './components/asset-page';
import { ConfirmSend, SendResult, useSendSteps, type SendStep } from './components/send-steps';
import { useCreateWithdrawal, usePreviewWithdrawal, useWithdrawals } from './api/withdrawals';
import { usePaymentMethods } from '../../api/payment-methods';
import { shownAmount, shownUsd } from '../../lib/asset-amounts';

type Details = { to: string; amount: string };
const noDetails: Details = { to: '', amount: '' };

/** Why a saved method cannot receive this asset now, or null when it can. */
export function unusableReason(method: PaymentMethod, asset: AssetCode, now = new Date()): string | null {
  if (method.currency !== asset) return withdrawalMessages.methodCurrency(method.currency, asset);
  if (method.status === 'needs_review') return withdrawalMessages.methodNeedsReview;
  if (method.status === 'cooling_off' && new Date(method.usableFrom) > now) return withdrawalMessages.methodCoolingOff(new Date(method.usableFrom).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }));
  return null;
}

const methodLabel = (method: Pick<PaymentMethod, 'accountName' | 'bankName' | 'accountNumber'>) => `${method.accountName} · ${method.bankName ? `${method.bankName} ` : ''}${method.accountNumber}`;

/** '/dashboard/wallet/:asset/withdraw': send money out of the wallet to a saved bank account, confirmed before it goes. */
export function WithdrawPage() {
  return <ForAsset page={WithdrawAsset} />;
}

function WithdrawAsset({ asset }: { asset: AssetCode }) {
  const [mode] = useMode();
  const steps = useSendSteps<WithdrawalPreview, Details, Withdrawal>(noDetails, noDetails);
  const { step } = steps;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <AssetPageHeader asset={asset} title={`Send ${asset} to a bank account`}>
        <p className="text-sm text-slate-600">
          To one of your saved payment methods{asset === 'NGN' ? ' or your settlement bank account' : ''}. It counts against your daily Send limit.
          {mode === 'test' && ' This is test mode: nothing leaves for a real bank.'}
        </p>
      </AssetPageHeader>
      {!isWithdrawable(asset) ? (
        <Alert tone="info">{withdrawalMessages.cryptoNotYet(asset)}</Alert>
      ) : (
        <>
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            {step.kind === 'form' && <DetailsForm asset={asset} initial={steps.details} onPreviewed={steps.previewed} />}
            {step.kind === 'confirm' && <Confirm asset={asset} step={step} onBack={steps.back} onMade={steps.done} />}
            {step.kind === 'done' && (
              <SendResult asset={step.result.asset} icon={<ClockIcon aria-hidden="true" className="mx-auto h-12 w-12 text-brand-600" />} title="On its way" onAnother={steps.another}>
                {shownAmount(step.result.asset, step.result.amount)} to {methodLabel(step.result.destination)}
                {step.result.fee !== '0' && ` (fee ${shownAmount(step.result.asset, step.result.fee)})`}. Its status is below.
              </SendResult>
            )}
          </section>
          <RecentWithdrawals asset={asset} />
        </>
      )}
      <p className="text-sm text-slate-600">
        Sending to another business on FiPay?{' '}
        <Link to={walletSendPath(asset)} className="font-medium text-brand-700 hover:underline">
          Send by FiPay tag or email
        </Link>
      </p>
    </div>
  );
}

function DetailsForm({ asset, initial, onPreviewed }: { asset: AssetCode; initial: Details; onPreviewed: (preview: WithdrawalPreview, values: Details) => void }) {
  const methods = usePaymentMethods();
  const preview = usePreviewWithdrawal();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Details>({ defaultValues: initial });
  const errors = formState.errors;
  const saved = methods.data?.paymentMethods ?? [];
  const options: { id: string; label: string; why: string | null }[] = [
    ...(asset === 'NGN' ? [{ id: SETTLEMENT_ACCOUNT, label: 'Your settlement bank account (where payouts go)', why: null }] : []),
    ...saved.filter((method) => method.currency === asset).map((method) => ({ id: method.id, label: methodLabel(method), why: unusableReason(method, asset) })),
  ];

  async function submit(values: Details) {
    setFailure(null);
    if (!values.to) {
      setError('to', { message: 'Choose where to send it.' });
      return;
    }
    const parsed = tryParseAmount(asset, values.amount, { allowZero: false });
    if (!parsed.ok) {
      setError('amount', { message: parsed.message }, { shouldFocus: true });
      return;
    }
    try {
      onPreviewed(await preview.mutateAsync({ asset, amount: parsed.amount.toString(), to: values.to }), values);
    } catch (error) {
      if (!applyServerErrors(setError, error, ['to', 'amount'], { focus: true })) setFailure(errorMessage(error, 'We could not check this withdrawal.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5">
      <fieldset className="space-y-2" aria-describedby={errors.to ? 'withdraw-to-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">To</legend>
        {methods.isPending && <p className="text-sm text-slate-600">Loading your saved accounts…</p>}
        {methods.isError && <Alert tone="error">{errorMessage(methods.error, 'Your saved accounts could not be loaded.')}</Alert>}
        {!methods.isPending && options.length === 0 && (
          <p className="text-sm text-slate-600">
            No saved {asset} account yet.{' '}
            <Link to={paths.paymentMethods} className="font-medium text-brand-700 hover:underline">
              Add a payment method
            </Link>
          </p>
        )}
        {options.map((option) => (
          <label
            key={option.id}
            className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${option.why ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500' : 'cursor-pointer border-slate-200 hover:border-brand-400'}`}
          >
            <input type="radio" value={option.id} disabled={option.why !== null} className="mt-1 shrink-0" {...register('to')} />
            <span className="min-w-0 space-y-0.5">
              <span className="block font-medium break-words text-slate-900">{option.label}</span>
              {option.why && (
                <span className="flex items-start gap-1 text-xs text-slate-600">
                  <ClockIcon aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
                  {option.why}
                </span>
              )}
            </span>
          </label>
        ))}
        {errors.to?.message && (
          <p id="withdraw-to-error" className="text-sm text-red-700">
            {errors.to.message}
          </p>
        )}
      </fieldset>
      <TextField
        label={`Amount (${asset})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        {...register('amount', {
          validate: (value) => {
            const parsed = tryParseAmount(asset, value, { allowZero: false });
            return parsed.ok || parsed.message;
          },
        })}
        error={errors.amount?.message}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={preview.isPending}>
        {preview.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}

function Confirm({
  asset,
  step,
  onBack,
  onMade,
}: {
  asset: AssetCode;
  step: Extract<SendStep<WithdrawalPreview, Details, Withdrawal>, { kind: 'confirm' }>;
  onBack: () => void;
  onMade: (withdrawal: Withdrawal) => void;
}) {
  const create = useCreateWithdrawal();
  const { preview, details } = step;
  const rows: [string, string][] = [
    ['To', methodLabel(preview.destination)],
    ['Amount', shownAmount(asset, preview.amount)],
    ['Fee', preview.fee === '0' ? 'Free' : shownAmount(asset, preview.fee)],
    ['Leaves your wallet', shownAmount(asset, preview.total)],
    ['Worth about', shownUsd(preview.usdCents)],
    ['Daily Send limit left', shownUsd(preview.sendLimitLeftCents)],
  ];
  return (
    <ConfirmSend
      rows={rows}
      note={`The bank usually has it within minutes. If it fails, the money comes back to your available balance${preview.fee === '0' ? '' : ', the fee with it'}.`}
      codeRequired={preview.codeRequired}
      codeMessages={withdrawalMessages}
      sendLabel={`Send ${shownAmount(asset, preview.amount)}`}
      failure="The withdrawal was not made."
      pending={create.isPending}
      send={(code) => create.mutateAsync({ body: { asset, amount: preview.amount, to: details.to, ...(code ? { code } : {}) }, idempotencyKey: step.idempotencyKey })}
      onBack={onBack}
      onSent={onMade}
    />
  );
}

function RecentWithdrawals({ asset }: { asset: AssetCode }) {
  const list = useWithdrawals(asset);
  const withdrawals = list.data?.withdrawals ?? [];
  return (
    <section aria-labelledby="recent-withdrawals" className="space-y-3">
      <h2 id="recent-withdrawals" className="text-lg font-semibold text-slate-900">
        Recent withdrawals
      </h2>
      {list.isError && <Alert tone="error">{errorMessage(list.error, 'Your withdrawals could not be loaded.')}</Alert>}
      {list.isSuccess && withdrawals.length === 0 && <p className="text-sm text-slate-600">No {asset} withdrawals yet.</p>}
      {withdrawals.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {withdrawals.map((withdrawal) => (
            <li key={withdrawal.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{shownAmount(withdrawal.asset, withdrawal.amount)}</p>
                <p className="text-xs break-words text-slate-600">
                  {methodLabel(withdrawal.destination)} · {new Date(withdrawal.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                </p>
                {withdrawal.failureReason && <p className="text-xs text-red-700">{withdrawal.failureReason}</p>}
              </div>
              <StatusBadge kind="payout" status={withdrawal.status} className="self-start sm:self-center" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
