import { zodResolver } from '@hookform/resolvers/zod';
import {
  REJECTION_REASON_MAX,
  REVIEW_ITEM_NOTE_MAX,
  backOfficeMessages,
  rejectRequest,
  requestChangesRequest,
  type Case,
  type RejectRequest,
  type ReviewItemInput,
} from '@fipay/contracts/back-office';
import { reviewReasonLabels, reviewReasons, type ReviewReason, type ReviewTarget } from '@fipay/contracts/kyb-options';
import { useForm, useWatch, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClasses } from '../../../components/ui/field';

/** How each reason reads in the reviewer's picker. */
export const reasonPickerLabels: Record<ReviewReason, string> = {
  blurry: 'Blurry or unreadable',
  wrong_document: 'Wrong document',
  expired: 'Expired',
  name_mismatch: 'Name mismatch',
  older_than_3_months: 'Older than 3 months',
  other: 'Other (explain in a note)',
};

/** The contract's reason; the final/retry choice starts unanswered, so the radios need a choice first. */
const rejectFormSchema = z.object({
  reason: rejectRequest.shape.reason,
  final: z.string().pipe(z.enum(['final', 'retry'], backOfficeMessages.finalRequired)),
});
type RejectForm = z.input<typeof rejectFormSchema>;
type RejectFields = z.output<typeof rejectFormSchema>;

/** Something the reviewer may flag in a request for changes. */
export type Flaggable = { target: ReviewTarget; key: string; label: string };

export function flaggableItems(view: Case): Flaggable[] {
  return [
    ...view.documents.map((doc) => ({ target: 'document' as const, key: doc.docKey, label: doc.label })),
    ...view.representatives.map((rep) => ({
      target: 'representative' as const,
      key: rep.id,
      label: `${rep.fullName} (${rep.position})`,
    })),
    ...(view.bankDetails ? [{ target: 'bank' as const, key: 'bank', label: 'Bank details' }] : []),
  ];
}

export type FlagDraft = { checked: boolean; reason: ReviewReason | ''; note: string };
export type FlagErrors = Record<string, { reason?: string; note?: string }>;
type FlagForm = { flags: Record<string, FlagDraft> };
const flagId = (item: Flaggable) => `${item.target}:${item.key}`;

/** The request-for-changes body, or the errors by item (and overall) to show. */
export function validateRequestChanges(
  items: Flaggable[],
  drafts: Record<string, FlagDraft>,
): { body: { items: ReviewItemInput[] } } | { errors: FlagErrors; formError?: string } {
  const chosen = items.filter((item) => drafts[flagId(item)]?.checked);
  if (chosen.length === 0) return { errors: {}, formError: backOfficeMessages.itemsRequired };
  const errors: FlagErrors = {};
  const body: ReviewItemInput[] = [];
  for (const item of chosen) {
    const draft = drafts[flagId(item)]!;
    if (!draft.reason) {
      errors[flagId(item)] = { reason: 'Choose a reason.' };
      continue;
    }
    const note = draft.note.trim();
    if (draft.reason === 'other' && !note) {
      errors[flagId(item)] = { note: backOfficeMessages.itemNoteRequired };
      continue;
    }
    body.push({ target: item.target, key: item.key, reason: draft.reason, ...(note ? { note } : {}) });
  }
  if (Object.keys(errors).length > 0) return { errors };
  const parsed = requestChangesRequest.safeParse({ items: body });
  if (!parsed.success) return { errors: {}, formError: parsed.error.issues[0]?.message };
  return { body: { items: body } };
}

type DialogProps = { open: boolean; onClose: () => void; busy: boolean; error: string | null };

export function ApproveDialog({ open, onClose, busy, error, companyName, onConfirm }: DialogProps & { companyName: string; onConfirm: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Approve this application?"
      description={`${companyName} gets full access, and is told by notification and email.`}
      body={error ? <Alert tone="error">{error}</Alert> : undefined}
    >
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={onConfirm} disabled={busy} data-autofocus>
        {busy ? 'Approving...' : 'Approve'}
      </Button>
    </Dialog>
  );
}

export function RejectDialog({ open, onClose, busy, error, onConfirm }: DialogProps & { onConfirm: (body: RejectRequest) => void }) {
  const { register, handleSubmit, control, formState } = useForm<RejectForm, unknown, RejectFields>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: { reason: '', final: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const final = useWatch({ control, name: 'final' });

  const submit = handleSubmit(({ reason, final: choice }) => onConfirm({ reason, final: choice === 'final' }));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reject this application"
      description="The reason is shown to the company in its 'View Reason' dialog."
      size="lg"
      body={
        <div className="space-y-4">
          {error && <Alert tone="error">{error}</Alert>}
          <div className="space-y-1.5">
            <label htmlFor="reject-reason" className="block text-sm font-medium text-slate-700">
              Reason for the company
            </label>
            <textarea
              id="reject-reason"
              rows={4}
              maxLength={REJECTION_REASON_MAX}
              {...register('reason')}
              aria-invalid={Boolean(errors.reason)}
              aria-describedby={errors.reason ? 'reject-reason-error' : undefined}
              data-autofocus
              className={`${inputClasses} h-auto py-2 ${errors.reason ? 'border-red-500' : 'border-slate-300'}`}
            />
            {errors.reason && (
              <p id="reject-reason-error" className="text-xs font-medium text-red-600">
                {errors.reason.message}
              </p>
            )}
          </div>
          <fieldset className="space-y-2" aria-describedby={errors.final ? 'reject-final-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700">Can the company submit again?</legend>
            {(
              [
                ['retry', 'Yes, they may fix it and submit again', 'Their banner offers Start KYC Again from step 1.'],
                ['final', 'No, this rejection is final', 'They cannot resubmit this application.'],
              ] as const
            ).map(([value, label, hint]) => (
              <label
                key={value}
                className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${final === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  value={value}
                  {...register('final')}
                  className="mt-1 h-4 w-4 accent-brand-700"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-500">{hint}</span>
                </span>
              </label>
            ))}
            {errors.final && (
              <p id="reject-final-error" className="text-xs font-medium text-red-600">
                {errors.final.message}
              </p>
            )}
          </fieldset>
        </div>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={() => void submit()} disabled={busy} className="bg-red-700! hover:bg-red-800!">
        {busy ? 'Rejecting...' : 'Reject application'}
      </Button>
    </Dialog>
  );
}

export function RequestChangesDialog({
  open,
  onClose,
  busy,
  error,
  items,
  onConfirm,
}: DialogProps & { items: Flaggable[]; onConfirm: (body: { items: ReviewItemInput[] }) => void }) {
  // The checks depend on which items are flagged and how, which validateRequestChanges already states.
  const resolver: Resolver<FlagForm, unknown, { items: ReviewItemInput[] }> = (values) => {
    const result = validateRequestChanges(items, values.flags);
    if ('body' in result) return { values: result.body, errors: {} };
    const errors: FieldErrors<FlagForm> = {};
    if (result.formError) errors.root = { type: 'validate', message: result.formError } as FieldErrors<FlagForm>['root'];
    const flags: Record<string, { reason?: FieldError; note?: FieldError }> = {};
    for (const [id, itemErrors] of Object.entries(result.errors)) {
      flags[id] = Object.fromEntries(Object.entries(itemErrors).map(([field, message]) => [field, { type: 'validate', message }]));
    }
    if (Object.keys(flags).length > 0) errors.flags = flags as FieldErrors<FlagForm>['flags'];
    return { values: {}, errors };
  };
  const { register, handleSubmit, control, clearErrors, formState } = useForm<FlagForm, unknown, { items: ReviewItemInput[] }>({
    resolver,
    defaultValues: { flags: {} },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const drafts = useWatch({ control, name: 'flags' });
  const errors = formState.errors.flags ?? {};
  const formError = formState.errors.root?.message ?? null;

  function field(id: string, name: keyof FlagDraft) {
    return register(`flags.${id}.${name}`, {
      onChange: () => {
        clearErrors(`flags.${id}`);
        clearErrors('root');
      },
    });
  }

  const submit = handleSubmit((body) => onConfirm(body));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Request changes"
      description="Flag what the company must fix. They can change only what you flag, and see each reason."
      size="lg"
      body={
        <div className="max-h-[55dvh] space-y-3 overflow-y-auto pr-1">
          {(error || formError) && <Alert tone="error">{error ?? formError}</Alert>}
          {items.map((item) => {
            const id = flagId(item);
            const draft = drafts[id];
            const itemErrors = { reason: errors[id]?.reason?.message, note: errors[id]?.note?.message };
            const domId = id.replace(/[^a-zA-Z0-9]/g, '-');
            return (
              <div key={id} className={`rounded-lg border p-3 ${draft?.checked ? 'border-amber-300 bg-amber-50/50' : 'border-slate-200'}`}>
                <label className="flex cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    {...field(id, 'checked')}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="text-sm font-medium text-slate-900">{item.label}</span>
                  <span className="text-xs text-slate-500 capitalize">{item.target}</span>
                </label>
                {draft?.checked && (
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <div className="space-y-1">
                      <label htmlFor={`${domId}-reason`} className="block text-xs font-medium text-slate-700">
                        Reason for {item.label}
                      </label>
                      <select
                        id={`${domId}-reason`}
                        {...field(id, 'reason')}
                        className={`${inputClasses} h-10 ${itemErrors.reason ? 'border-red-500' : 'border-slate-300'}`}
                      >
                        <option value="">Choose a reason</option>
                        {reviewReasons.map((reason) => (
                          <option key={reason} value={reason}>
                            {reasonPickerLabels[reason]}
                          </option>
                        ))}
                      </select>
                      {itemErrors.reason && <p className="text-xs font-medium text-red-600">{itemErrors.reason}</p>}
                      {draft.reason && draft.reason !== 'other' && (
                        <p className="text-xs text-slate-500">The company reads: {reviewReasonLabels[draft.reason]}</p>
                      )}
                    </div>
                    <div className="space-y-1">
                      <label htmlFor={`${domId}-note`} className="block text-xs font-medium text-slate-700">
                        Note for {item.label} {draft.reason === 'other' ? '' : '(optional)'}
                      </label>
                      <input
                        id={`${domId}-note`}
                        maxLength={REVIEW_ITEM_NOTE_MAX}
                        {...field(id, 'note')}
                        className={`${inputClasses} h-10 ${itemErrors.note ? 'border-red-500' : 'border-slate-300'}`}
                      />
                      {itemErrors.note && <p className="text-xs font-medium text-red-600">{itemErrors.note}</p>}
                    </div>
                  </div>
                )}
              </div>
            );
          })}
        </div>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={() => void submit()} disabled={busy}>
        {busy ? 'Sending...' : 'Send request'}
      </Button>
    </Dialog>
  );
}
