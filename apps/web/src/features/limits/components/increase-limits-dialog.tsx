import { zodResolver } from '@hookform/resolvers/zod';
import { createLimitRequestBody, limitTierLabels, type LimitRequest } from '@fipay/contracts/daily-limits';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses, TextField } from '../../../components/ui/field';
import { guidePath } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { acceptedAttachmentTypes, attachmentProblem, uploadAttachment, useCreateLimitRequest, useLimits } from '../api/limits';

const formSchema = createLimitRequestBody.omit({ document: true });
type Form = { expectedMonthlyVolume: string; purpose: string; sourceOfFunds: string };
const empty: Form = { expectedMonthlyVolume: '', purpose: '', sourceOfFunds: '' };
const sentAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const sourceSuggestions = ['Business revenue', 'Investment', 'Loan or credit facility', 'Shareholder funds'];

function RequestStatus({ request }: { request: LimitRequest }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <Alert tone="info">Your request is waiting for review. We will let you know when it is decided.</Alert>
      <dl className="grid gap-x-4 sm:grid-cols-[auto_1fr] sm:gap-y-1.5 [&>dd]:mb-2 sm:[&>dd]:mb-0">
        <dt className="text-slate-500">Expected monthly volume</dt>
        <dd className="font-medium text-slate-900">{request.expectedMonthlyVolume}</dd>
        <dt className="text-slate-500">Purpose</dt>
        <dd className="break-words">{request.purpose}</dd>
        <dt className="text-slate-500">Source of funds</dt>
        <dd className="break-words">{request.sourceOfFunds}</dd>
        <dt className="text-slate-500">Document</dt>
        <dd className="break-words">{request.document?.name ?? 'None'}</dd>
        <dt className="text-slate-500">Sent</dt>
        <dd>{sentAt.format(new Date(request.createdAt))}</dd>
      </dl>
    </div>
  );
}

/** 'Increase Limits' (SPEC.md section 2): the request form, or the request waiting for review. */
export function IncreaseLimitsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const limits = useLimits(open);
  const create = useCreateLimitRequest();
  const { register, handleSubmit, setError, reset, formState } = useForm<Form>({
    defaultValues: empty,
    resolver: zodResolver(formSchema, undefined, { raw: true }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = formState.errors;

  function close() {
    reset(empty);
    setFile(null);
    setFileError(null);
    setFailure(null);
    onClose();
  }

  async function submit(values: Form) {
    setFailure(null);
    try {
      const document = file ? await uploadAttachment(file) : undefined;
      const answer = await create.mutateAsync({ ...values, ...(document ? { document } : {}) });
      toast.success(answer.message);
      close();
    } catch (error) {
      if (!applyServerErrors(setError, error, ['expectedMonthlyVolume', 'purpose', 'sourceOfFunds'], { focus: true })) {
        setFailure(errorMessage(error, 'Your request could not be sent.'));
      }
    }
  }

  const data = limits.data;
  const current = data?.limits.map((limit) => `${limit.label} ${limit.limit}`).join(' and ');
  const busy = formState.isSubmitting;

  let body;
  if (limits.isPending) body = <p className="text-sm text-slate-500">Loading your limits…</p>;
  else if (limits.isError || !data) body = <Alert tone="error">{errorMessage(limits.error, 'Your limits could not be loaded.')}</Alert>;
  else if (data.openRequest) body = <RequestStatus request={data.openRequest} />;
  else if (!data.canRequest) body = <Alert tone="info">Raised limits are for verified businesses. Complete your business verification first.</Alert>;
  else
    body = (
      <form id="limit-request-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField
          label="Expected monthly volume (USD)"
          hint="What you expect to buy, sell and send in a month, e.g. 25,000."
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          {...register('expectedMonthlyVolume')}
          error={errors.expectedMonthlyVolume?.message}
        />
        <div className="space-y-1.5">
          <label htmlFor="limit-purpose" className="block text-sm font-medium text-slate-700">
            Purpose
          </label>
          <textarea
            id="limit-purpose"
            rows={3}
            aria-invalid={errors.purpose ? true : undefined}
            aria-describedby={errors.purpose ? 'limit-purpose-error' : 'limit-purpose-hint'}
            className={`${inputClasses} h-auto py-2 ${errors.purpose ? 'border-red-500' : 'border-slate-300'}`}
            {...register('purpose')}
          />
          {errors.purpose ? (
            <p id="limit-purpose-error" className="text-xs font-medium text-red-600">
              {errors.purpose.message}
            </p>
          ) : (
            <p id="limit-purpose-hint" className="text-xs text-slate-500">
              What the higher limits are for, e.g. paying suppliers abroad.
            </p>
          )}
        </div>
        <TextField label="Source of funds" list="limit-source-suggestions" autoComplete="off" {...register('sourceOfFunds')} error={errors.sourceOfFunds?.message} />
        <datalist id="limit-source-suggestions">
          {sourceSuggestions.map((source) => (
            <option key={source} value={source} />
          ))}
        </datalist>
        <div className="space-y-1.5">
          <label htmlFor="limit-document" className="block text-sm font-medium text-slate-700">
            Supporting document (optional)
          </label>
          <input
            id="limit-document"
            type="file"
            accept={acceptedAttachmentTypes}
            aria-describedby="limit-document-hint"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const problem = chosen ? attachmentProblem(chosen) : null;
              setFileError(problem);
              setFile(problem ? null : chosen);
            }}
          />
          <p id="limit-document-hint" className={`text-xs ${fileError ? 'font-medium text-red-600' : 'text-slate-500'}`}>
            {fileError ?? 'A bank statement or invoices help. PDF, PNG, JPG or DOCX, at most 5 MB.'}
          </p>
        </div>
      </form>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Increase Limits"
      size="lg"
      description={
        data ? (
          <div className="space-y-1">
            <p>{`Your tier: ${limitTierLabels[data.tier]}. Daily limits: ${current}.`}</p>
            <p>
              <Link to={guidePath('limits-and-tiers')} onClick={close} className={textLinkClasses}>
                Learn how limits and tiers work
              </Link>
            </p>
          </div>
        ) : undefined
      }
      body={body}
    >
      <Button variant="secondary" onClick={close}>
        {data?.canRequest ? 'Cancel' : 'Close'}
      </Button>
      {data?.canRequest && (
        <Button type="submit" form="limit-request-form" disabled={busy}>
          {busy ? 'Sending…' : 'Send request'}
        </Button>
      )}
    </Dialog>
  );
}
