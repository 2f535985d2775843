import { assetOf, isAssetCode, type AssetCode } from '@fipay/contracts/assets';
import { formatAmount, tryParseAmount } from '@fipay/contracts/money';
import { TRANSFER_NOTE_MAX, transferTargetOf, transferMessages, type Transfer, type TransferPreview } from '@fipay/contracts/transfers';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { SecondFactorField, useSecondFactor } from '../../components/second-factor-field';
import { UnknownAsset } from './unknown-asset';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useMode } from '../../stores/mode-store';
import { walletAssetPath, walletWithdrawPath } from '../../config/paths';
import { isWithdrawable } from '@fipay/contracts/withdrawals';
import { usePreviewTransfer, useSendTransfer, useSendTransferCode } from './api/transfers';

/** An amount as the page shows it: every decimal that is not a trailing zero, with the asset's code. */
export const shownAmount = (asset: AssetCode, amount: string | bigint) =>
  `${formatAmount(asset, BigInt(amount), { grouping: true, decimals: 'trim', minDecimals: assetOf(asset).kind === 'fiat' ? 2 : 0 })} ${asset}`;
/** US cents as dollars, for "worth about". */
export const shownUsd = (cents: string) => `$${formatAmount('USD', BigInt(cents), { grouping: true })}`;

type Details = { to: string; amount: string; note: string };
type Step = { kind: 'form' } | { kind: 'confirm'; preview: TransferPreview; details: Details; idempotencyKey: string } | { kind: 'sent'; transfer: Transfer };

/** '/dashboard/wallet/:asset/send': send an asset to another business by FiPay tag or email, confirmed before it goes. */
export function SendPage() {
  const { asset } = useParams();
  if (!asset || !isAssetCode(asset)) return <UnknownAsset asset={asset} />;
  return <SendAsset key={asset} asset={asset} />;
}

function SendAsset({ asset }: { asset: AssetCode }) {
  const [mode] = useMode();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [details, setDetails] = useState<Details>({ to: search.get('to') ?? '', amount: '', note: '' });
  const { name } = assetOf(asset);

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div className="space-y-1">
        <p className="text-sm">
          <Link to={walletAssetPath(asset)} className="font-medium text-brand-700 hover:underline">
            ← {name} wallet
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Send {asset}</h1>
        <p className="text-sm text-slate-600">
          To another business on FiPay, by its FiPay tag or the email of someone there. Transfers are instant, free and final.
          {mode === 'test' && ' This is test mode: only test money moves.'}
        </p>
        {isWithdrawable(asset) && (
          <p className="text-sm">
            <Link to={walletWithdrawPath(asset)} className="font-medium text-brand-700 hover:underline">
              Send to a bank account instead →
            </Link>
          </p>
        )}
      </div>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {step.kind === 'form' && (
          <DetailsForm
            asset={asset}
            initial={details}
            onPreviewed={(preview, values) => {
              setDetails(values);
              setStep({ kind: 'confirm', preview, details: values, idempotencyKey: crypto.randomUUID() });
            }}
          />
        )}
        {step.kind === 'confirm' && (
          <Confirm asset={asset} step={step} onBack={() => setStep({ kind: 'form' })} onSent={(transfer) => setStep({ kind: 'sent', transfer })} />
        )}
        {step.kind === 'sent' && (
          <Sent
            transfer={step.transfer}
            onAnother={() => {
              setDetails({ to: '', amount: '', note: '' });
              setStep({ kind: 'form' });
            }}
          />
        )}
      </section>
    </div>
  );
}

function DetailsForm({ asset, initial, onPreviewed }: { asset: AssetCode; initial: Details; onPreviewed: (preview: TransferPreview, values: Details) => void }) {
  const preview = usePreviewTransfer();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<Details>({ defaultValues: initial });
  const errors = formState.errors;

  async function submit(values: Details) {
    setFailure(null);
    const parsed = tryParseAmount(asset, values.amount, { allowZero: false });
    if (!parsed.ok) {
      setError('amount', { message: parsed.message }, { shouldFocus: true });
      return;
    }
    try {
      onPreviewed(await preview.mutateAsync({ asset, amount: parsed.amount.toString(), to: values.to.trim() }), values);
    } catch (error) {
      if (!applyServerErrors(setError, error, ['to', 'amount'], { focus: true })) setFailure(errorMessage(error, 'We could not check this transfer.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5">
      <TextField
        label="To"
        hint="A FiPay tag like @acme, or the email address of someone at the business."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...register('to', { validate: (value) => (transferTargetOf(value) ? true : transferMessages.toInvalid) })}
        error={errors.to?.message}
      />
      <TextField
        label={`Amount (${asset})`}
        inputMode="decimal"
        autoComplete="off"
        placeholder={assetOf(asset).decimals > 2 ? '0.0' : '0.00'}
        {...register('amount', { validate: (value) => { const parsed = tryParseAmount(asset, value, { allowZero: false }); return parsed.ok || parsed.message; } })}
        error={errors.amount?.message}
      />
      <TextField label="Note (optional)" maxLength={TRANSFER_NOTE_MAX} hint="The recipient sees it, for example an invoice number." {...register('note')} error={errors.note?.message} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={preview.isPending}>
        {preview.isPending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  );
}

function Confirm({ asset, step, onBack, onSent }: { asset: AssetCode; step: Extract<Step, { kind: 'confirm' }>; onBack: () => void; onSent: (transfer: Transfer) => void }) {
  const send = useSendTransfer();
  const sendCode = useSendTransferCode();
  const factor = useSecondFactor(step.preview.codeRequired !== null, sendCode);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const { preview, details } = step;

  async function submit({ code }: { code: string }) {
    setFailure(null);
    try {
      const body = { asset, amount: preview.amount, to: details.to.trim(), ...(details.note.trim() ? { note: details.note.trim() } : {}), ...(code ? { code } : {}) };
      onSent((await send.mutateAsync({ body, idempotencyKey: step.idempotencyKey })).data);
    } catch (error) {
      if (!applyServerErrors(setError, error, ['code'], { focus: true })) setFailure(errorMessage(error, 'The transfer was not sent.'));
    }
  }

  const rows: [string, string][] = [
    ['To', `${preview.recipient.name}${preview.recipient.display ? ` (${preview.recipient.display})` : ''}`],
    ['Amount', shownAmount(asset, preview.amount)],
    ['Worth about', shownUsd(preview.usdCents)],
    ['Fee', 'Free'],
    ...(details.note.trim() ? ([['Note', details.note.trim()]] as [string, string][]) : []),
  ];
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">Check and send</h2>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-sm font-medium break-words text-slate-900 sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">The business name is the one its verification approved. A transfer cannot be undone.</p>
      {preview.codeRequired && (
        <SecondFactorField factor={factor} method={preview.codeRequired} {...register('code', { required: preview.codeRequired === 'email' ? transferMessages.emailCodeRequired : transferMessages.codeRequired })} error={formState.errors.code?.message} />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={send.isPending}>
          Back
        </Button>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : `Send ${shownAmount(asset, preview.amount)}`}
        </Button>
      </div>
    </form>
  );
}

function Sent({ transfer, onAnother }: { transfer: Transfer; onAnother: () => void }) {
  return (
    <div role="status" className="space-y-4 text-center">
      <CheckCircleIcon aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />
      <h2 className="text-lg font-semibold text-slate-900">Sent</h2>
      <p className="text-sm text-slate-600">
        {shownAmount(transfer.asset, transfer.amount)} is in {transfer.counterparty.name}'s wallet now.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to={walletAssetPath(transfer.asset)} variant="secondary">
          Back to wallet
        </ButtonLink>
        <Button onClick={onAnother}>Send another</Button>
      </div>
    </div>
  );
}
