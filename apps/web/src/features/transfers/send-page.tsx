import { assetOf, type AssetCode } from '@fipay/contracts/assets';
import { tryParseAmount } from '@fipay/contracts/money';
import { TRANSFER_NOTE_MAX, transferTargetOf, transferMessages, type Transfer, type TransferPreview } from '@fipay/contracts/transfers';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { AssetPageHeader, ForAsset } from './components/asset-page';
import { shownAmount, shownUsd } from '../../lib/asset-amounts';
import { ConfirmSend, SendResult, useSendSteps, type SendStep } from './components/send-steps';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useMode } from '../../stores/mode-store';
import { walletWithdrawPath } from '../../config/paths';
import { isWithdrawable } from '@fipay/contracts/withdrawals';
import { usePreviewTransfer, useSendTransfer } from './api/transfers';

type Details = { to: string; amount: string; note: string };
const noDetails: Details = { to: '', amount: '', note: '' };

/** '/dashboard/wallet/:asset/send': send an asset to another business by FiPay tag or email, confirmed before it goes. */
export function SendPage() {
  return <ForAsset page={SendAsset} />;
}

function SendAsset({ asset }: { asset: AssetCode }) {
  const [mode] = useMode();
  const [search] = useSearchParams();
  const steps = useSendSteps<TransferPreview, Details, Transfer>({ ...noDetails, to: search.get('to') ?? '' }, noDetails);
  const { step } = steps;

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <AssetPageHeader asset={asset} title={`Send ${asset}`}>
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
      </AssetPageHeader>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {step.kind === 'form' && <DetailsForm asset={asset} initial={steps.details} onPreviewed={steps.previewed} />}
        {step.kind === 'confirm' && <Confirm asset={asset} step={step} onBack={steps.back} onSent={steps.done} />}
        {step.kind === 'done' && (
          <SendResult asset={step.result.asset} icon={<CheckCircleIcon aria-hidden="true" className="mx-auto h-12 w-12 text-green-600" />} title="Sent" onAnother={steps.another}>
            {shownAmount(step.result.asset, step.result.amount)} is in {step.result.counterparty.name}'s wallet now.
          </SendResult>
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

function Confirm({ asset, step, onBack, onSent }: { asset: AssetCode; step: Extract<SendStep<TransferPreview, Details, Transfer>, { kind: 'confirm' }>; onBack: () => void; onSent: (transfer: Transfer) => void }) {
  const send = useSendTransfer();
  const { preview, details } = step;
  const rows: [string, string][] = [
    ['To', `${preview.recipient.name}${preview.recipient.display ? ` (${preview.recipient.display})` : ''}`],
    ['Amount', shownAmount(asset, preview.amount)],
    ['Worth about', shownUsd(preview.usdCents)],
    ['Fee', 'Free'],
    ...(details.note.trim() ? ([['Note', details.note.trim()]] as [string, string][]) : []),
  ];
  return (
    <ConfirmSend
      rows={rows}
      note="The business name is the one its verification approved. A transfer cannot be undone."
      codeRequired={preview.codeRequired}
      codeMessages={transferMessages}
      sendLabel={`Send ${shownAmount(asset, preview.amount)}`}
      failure="The transfer was not sent."
      pending={send.isPending}
      send={async (code) => {
        const body = { asset, amount: preview.amount, to: details.to.trim(), ...(details.note.trim() ? { note: details.note.trim() } : {}), ...(code ? { code } : {}) };
        return (await send.mutateAsync({ body, idempotencyKey: step.idempotencyKey })).data;
      }}
      onBack={onBack}
      onSent={onSent}
    />
  );
}
