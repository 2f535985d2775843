import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { SecondFactorField, useSecondFactor } from '../../../components/second-factor-field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { walletAssetPath } from '../../../config/paths';
import type { AssetCode } from '@fipay/contracts/assets';
import { useSendTransferCode } from '../api/transfers';

/**
 * The steps money sent out of the wallet goes through, shared by Send (to another business) and Send to a bank
 * account: the details form, a confirmation that shows what will happen and asks for the second factor's code when the
 * preview says so, and the result. Each page brings its own form, rows and words; the flow is this one.
 */
export type SendStep<Preview, Details, Result> =
  | { kind: 'form' }
  | { kind: 'confirm'; preview: Preview; details: Details; idempotencyKey: string }
  | { kind: 'done'; result: Result };

/** The step a send page is at, and the details its form keeps between steps (`empty` after "Send another"). */
export function useSendSteps<Preview, Details, Result>(initial: Details, empty: Details) {
  const [step, setStep] = useState<SendStep<Preview, Details, Result>>({ kind: 'form' });
  const [details, setDetails] = useState<Details>(initial);
  return {
    step,
    details,
    /** The preview answered: confirm these details, under one Idempotency-Key for every click of Send. */
    previewed(preview: Preview, values: Details) {
      setDetails(values);
      setStep({ kind: 'confirm', preview, details: values, idempotencyKey: crypto.randomUUID() });
    },
    back: () => setStep({ kind: 'form' }),
    done: (result: Result) => setStep({ kind: 'done', result }),
    another() {
      setDetails(empty);
      setStep({ kind: 'form' });
    },
  };
}

type ConfirmProps<Result> = {
  /** Label and value of each line of the summary. */
  rows: [string, string][];
  /** What happens once it is sent. */
  note: string;
  codeRequired: 'authenticator' | 'email' | null;
  codeMessages: { codeRequired: string; emailCodeRequired: string };
  /** The Send button's words. */
  sendLabel: string;
  /** Said when the server's refusal has no words of its own. */
  failure: string;
  /** Sends with the code given (empty when none was asked). */
  send: (code: string) => Promise<Result>;
  pending: boolean;
  onBack: () => void;
  onSent: (result: Result) => void;
};

/** "Check and send": the summary, the code when one is needed, Back and Send. */
export function ConfirmSend<Result>({ rows, note, codeRequired, codeMessages, sendLabel, failure: fallback, send, pending, onBack, onSent }: ConfirmProps<Result>) {
  const sendCode = useSendTransferCode();
  const factor = useSecondFactor(codeRequired !== null, sendCode);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  async function submit({ code }: { code: string }) {
    setFailure(null);
    try {
      onSent(await send(code));
    } catch (error) {
      if (!applyServerErrors(setError, error, ['code'], { focus: true })) setFailure(errorMessage(error, fallback));
    }
  }

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
      <p className="text-sm text-slate-600">{note}</p>
      {codeRequired && (
        <SecondFactorField
          factor={factor}
          method={codeRequired}
          {...register('code', { required: codeRequired === 'email' ? codeMessages.emailCodeRequired : codeMessages.codeRequired })}
          error={formState.errors.code?.message}
        />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Sending…' : sendLabel}
        </Button>
      </div>
    </form>
  );
}

/** What became of it, with the way back to the asset's wallet and "Send another". */
export function SendResult({ asset, icon, title, children, onAnother }: { asset: AssetCode; icon: ReactNode; title: string; children: ReactNode; onAnother: () => void }) {
  return (
    <div role="status" className="space-y-4 text-center">
      {icon}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="text-sm text-slate-600">{children}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <ButtonLink to={walletAssetPath(asset)} variant="secondary">
          Back to wallet
        </ButtonLink>
        <Button onClick={onAnother}>Send another</Button>
      </div>
    </div>
  );
}
