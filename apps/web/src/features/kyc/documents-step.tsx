import type { DocumentRecord } from '@fipay/contracts/company';
import { kybMessages, type DocumentInput } from '@fipay/contracts/kyb';
import { cacNumberPattern, documentSlots, requiredDocKeys, type DocKey } from '@fipay/contracts/kyb-options';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useKycStore, type DocumentDraft } from '../../stores/kyc-store';
import { useSavedApplication } from './api/saved-application';
import { documentsMessages, useSubmitDocuments } from './api/submit-documents';
import { DocumentSlot, type SlotFile } from './documents/document-slot';
import { useKycLeaveOverride, useKycNavigation } from './kyc-navigation';
import { useChangeRequest, type ChangeRequest } from './review-items';

const slotHints: Partial<Record<DocKey, string>> = {
  proofOfAddress: 'A utility bill that is not older than 3 months before the submission date.',
};

const slotSchema = z.object({ file: z.custom<DocumentDraft | null>() });

/**
 * One field per slot, named by its docKey as the request's field errors name it (ADR 0013); the
 * certificate also has its number, checked as the server checks it.
 */
const formSchema = z.object({
  certificate: slotSchema.extend({
    cacRegNumber: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, kybMessages.cacNumberRequired)
      .regex(cacNumberPattern, kybMessages.cacNumberInvalid),
  }),
  proofOfAddress: slotSchema,
  memart: slotSchema,
  license: slotSchema,
  dueDiligence: slotSchema,
} satisfies Record<DocKey, z.ZodType>);
type DocumentsForm = z.input<typeof formSchema>;
type DocumentsFields = z.output<typeof formSchema>;

/** Where a refusal's field errors go: a document's slot, or the certificate's number. */
const errorFields = [...documentSlots.map((slot) => slot.docKey), 'certificate.cacRegNumber'] as const;

/**
 * The slots as they start: the unsent draft when there is one, else the saved documents. A flagged
 * document needs a new file, so its saved file no longer fills the slot (unless already replaced).
 */
function initialForm(drafts: DocumentDraft[], saved: DocumentRecord[], changes: ChangeRequest): DocumentsForm {
  const files = drafts.length > 0 ? drafts : saved;
  const slots = Object.fromEntries(
    documentSlots.map((slot) => {
      const savedFile = saved.find((doc) => doc.docKey === slot.docKey);
      const flag = changes.itemFor('document', slot.docKey);
      const file = files.find((doc) => doc.docKey === slot.docKey) ?? null;
      const stale = flag && !flag.addressed && file?.objectKey === savedFile?.objectKey;
      return [slot.docKey, { file: stale ? null : file }];
    }),
  ) as Record<DocKey, { file: DocumentDraft | null }>;
  const cacRegNumber = saved.find((doc) => doc.docKey === 'certificate')?.cacRegNumber ?? '';
  return { ...slots, certificate: { ...slots.certificate, cacRegNumber } };
}

export function DocumentsStep() {
  const { goBack, goNext } = useKycNavigation();
  const saved = useSavedApplication()?.documents ?? [];
  const changes = useChangeRequest();
  const submit = useSubmitDocuments();
  const { register, control, handleSubmit, subscribe, setValue, setError, clearErrors, formState } = useForm<
    DocumentsForm,
    unknown,
    DocumentsFields
  >({
    resolver: zodResolver(formSchema),
    defaultValues: initialForm(useKycStore.getState().documents, saved, changes),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const files = useWatch({ control, name: documentSlots.map((slot) => `${slot.docKey}.file` as const) });
  const fileOf = (docKey: DocKey) => files[documentSlots.findIndex((slot) => slot.docKey === docKey)] ?? null;
  const [uploadsInFlight, setUploadsInFlight] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  // SPEC.md section 2: leaving for later drops the files uploaded here but not yet submitted.
  useKycLeaveOverride({ onConfirm: () => useKycStore.getState().clearDraft('documents') });

  // What the slots hold becomes the draft as soon as a file is added or removed.
  useEffect(
    () =>
      subscribe({
        name: documentSlots.map((slot) => `${slot.docKey}.file` as const),
        formState: { values: true },
        callback: ({ values }) =>
          useKycStore.getState().setDocuments(documentSlots.flatMap((slot) => values[slot.docKey].file ?? [])),
      }),
    [subscribe],
  );

  const savedFileOf = (docKey: DocKey) => saved.find((doc) => doc.docKey === docKey);
  /** A file this visit added, not the one the server has. */
  const isNew = (docKey: DocKey) => {
    const file = fileOf(docKey);
    return file !== null && file.objectKey !== savedFileOf(docKey)?.objectKey;
  };
  const slotFile = (docKey: DocKey): SlotFile | null => {
    const file = fileOf(docKey);
    if (!file) return null;
    // The saved file opens through the link the server signed for it.
    return { name: file.name, size: file.size, viewUrl: isNew(docKey) ? undefined : savedFileOf(docKey)?.viewUrl };
  };
  const flaggedDone = changes.items.every((item) => item.target !== 'document' || fileOf(item.key as DocKey));
  const canContinue = requiredDocKeys.every((key) => fileOf(key)) && flaggedDone && !isSubmitting && uploadsInFlight === 0;

  async function send(values: DocumentsFields) {
    const { cacRegNumber } = values.certificate;
    const documents: DocumentInput[] = documentSlots.flatMap((slot) => {
      const file = values[slot.docKey].file;
      if (!file) return [];
      return [
        {
          name: file.name,
          fileUrl: file.fileUrl,
          objectKey: file.objectKey,
          docKey: slot.docKey,
          isCAC: slot.isCAC,
          ...(slot.docKey === 'certificate' ? { cacRegNumber } : {}),
        },
      ];
    });
    setFormError(null);
    try {
      const replaced = documents.map((doc) => doc.docKey).filter((key) => changes.itemFor('document', key));
      await submit.mutateAsync({ documents, replaced });
      toast.success(documentsMessages.submitted);
      goNext();
    } catch (error) {
      const message = errorMessage(error, documentsMessages.failed, documentsMessages.requestFailed);
      toast.error(message);
      setFormError(message);
      applyServerErrors(setError, error, errorFields);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Upload verification documents</h1>
        <p className="text-sm text-slate-600">Upload each document as a PDF, PNG, JPG, JPEG or DOCX file of up to 5MB.</p>
      </div>

      {formError && <Alert tone="error">{formError}</Alert>}

      {changes.active && (
        <Alert tone="warning">
          Upload a new file for each document marked below. The other documents were accepted and stay as they are.
        </Alert>
      )}

      <div className="space-y-4">
        {documentSlots.map((slot) => {
          const flag = changes.itemFor('document', slot.docKey);
          const file = slotFile(slot.docKey);
          const replaced = Boolean(flag && (flag.addressed || isNew(slot.docKey)));
          // While changes are requested, only a flagged document (or an empty optional slot) may change.
          const accepted = changes.active && !flag && file !== null;
          return (
            <DocumentSlot
              key={slot.docKey}
              slot={slot}
              file={file}
              hint={slotHints[slot.docKey]}
              error={errors[slot.docKey]?.message}
              disabled={isSubmitting}
              onUploaded={(draft) => {
                setValue(`${slot.docKey}.file`, draft);
                clearErrors(slot.docKey);
              }}
              onRemove={() => setValue(`${slot.docKey}.file`, null)}
              onBusyChange={(busy) => setUploadsInFlight((count) => count + (busy ? 1 : -1))}
              flag={flag ? { message: flag.message, replaced } : null}
              accepted={accepted}
              closed={changes.active && !flag && file === null}
            >
              {slot.docKey === 'certificate' && (
                <TextField
                  id="cac-reg-number"
                  label="CAC Registration Number"
                  placeholder="RC11111010"
                  autoComplete="off"
                  {...register('certificate.cacRegNumber', {
                    onChange: (event: ChangeEvent<HTMLInputElement>) => {
                      const upper = event.target.value.toUpperCase();
                      if (upper !== event.target.value) setValue('certificate.cacRegNumber', upper);
                      clearErrors('certificate.cacRegNumber');
                    },
                  })}
                  error={errors.certificate?.cacRegNumber?.message}
                  hint={kybMessages.cacNumberInvalid}
                  readOnly={accepted}
                  className={accepted ? 'bg-slate-50! text-slate-700' : undefined}
                />
              )}
            </DocumentSlot>
          );
        })}
      </div>

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          onClick={goBack}
          disabled={isSubmitting}
          className="sm:w-32"
        >
          Back
        </Button>
        <Button type="submit" disabled={!canContinue} className="sm:w-40">
          {isSubmitting ? 'Submitting...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
