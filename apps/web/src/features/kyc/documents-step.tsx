import { kybMessages, type DocumentInput } from '@fipay/contracts/kyb';
import { cacNumberPattern, documentSlots, requiredDocKeys, type DocKey } from '@fipay/contracts/kyb-options';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useKycStore } from '../../stores/kyc-store';
import { DocumentSlot, type SlotFile } from './documents/document-slot';
import { documentsMessages, submitDocuments } from './documents/submit-documents';
import { useKycLeaveOverride, useKycNavigation } from './kyc-navigation';
import { markAddressed, useChangeRequest } from './review-items';

const slotHints: Partial<Record<DocKey, string>> = {
  proofOfAddress: 'A utility bill that is not older than 3 months before the submission date.',
};

type SlotErrors = Partial<Record<DocKey | 'cacRegNumber', string>>;

const isDocKey = (key: string): key is DocKey => documentSlots.some((slot) => slot.docKey === key);

/**
 * Puts each server error under its slot. The server names a document by its slot ('memart') and a
 * field of it below the slot ('certificate.cacRegNumber').
 */
function errorsBySlot(errors: Record<string, string>): SlotErrors {
  const bySlot: SlotErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const [docKey = '', field] = key.split('.');
    if (field === 'cacRegNumber') bySlot.cacRegNumber = message;
    else if (isDocKey(docKey)) bySlot[docKey] ??= message;
  }
  return bySlot;
}

export function DocumentsStep() {
  const { goBack, goNext } = useKycNavigation();
  const documents = useKycStore((state) => state.documents);
  const drafts = useKycStore((state) => state.documentDrafts);
  const saveDocumentDraft = useKycStore((state) => state.saveDocumentDraft);
  const removeDocument = useKycStore((state) => state.removeDocument);
  const clearDocumentDrafts = useKycStore((state) => state.clearDocumentDrafts);
  const changes = useChangeRequest();
  const [cacNumber, setCacNumber] = useState(
    () => documents.find((doc) => doc.docKey === 'certificate')?.cacRegNumber ?? '',
  );
  const [uploadsInFlight, setUploadsInFlight] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errors, setErrors] = useState<SlotErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // SPEC.md section 2: leaving for later drops the files uploaded here but not yet submitted.
  useKycLeaveOverride({ onConfirm: clearDocumentDrafts });

  const slotFiles = Object.fromEntries(
    documentSlots.map((slot) => {
      const draft = drafts.find((doc) => doc.docKey === slot.docKey);
      // A flagged document needs a new file: the saved one no longer counts (unless already replaced).
      const flag = changes.itemFor('document', slot.docKey);
      const saved = flag && !flag.addressed ? undefined : documents.find((doc) => doc.docKey === slot.docKey);
      const file: SlotFile | null = draft
        ? { name: draft.name, size: draft.size }
        : saved
          ? { name: saved.name, size: saved.size, viewUrl: saved.viewUrl }
          : null;
      return [slot.docKey, file];
    }),
  ) as Record<DocKey, SlotFile | null>;
  const flaggedDone = changes.items.every((item) => item.target !== 'document' || slotFiles[item.key as DocKey]);
  const canContinue =
    requiredDocKeys.every((key) => slotFiles[key]) && flaggedDone && !isSubmitting && uploadsInFlight === 0;

  function clearError(key: keyof SlotErrors) {
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  function documentsToSend(cacRegNumber: string): DocumentInput[] {
    const { documents: saved, documentDrafts } = useKycStore.getState();
    return documentSlots.flatMap((slot) => {
      const file = documentDrafts.find((doc) => doc.docKey === slot.docKey) ?? saved.find((doc) => doc.docKey === slot.docKey);
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
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canContinue) return;
    const cacRegNumber = cacNumber.trim().toUpperCase();
    const cacProblem = !cacRegNumber
      ? kybMessages.cacNumberRequired
      : cacNumberPattern.test(cacRegNumber)
        ? null
        : kybMessages.cacNumberInvalid;
    if (cacProblem) {
      setErrors({ cacRegNumber: cacProblem });
      document.getElementById('cac-reg-number')?.focus();
      return;
    }

    const sent = documentsToSend(cacRegNumber);
    setIsSubmitting(true);
    setFormError(null);
    setErrors({});
    try {
      const { data } = await submitDocuments(sent);
      useKycStore.getState().setDocuments(data);
      if (changes.active) markAddressed('document', sent.map((doc) => doc.docKey).filter((key) => changes.itemFor('document', key)));
      toast.success(documentsMessages.submitted);
      goNext();
    } catch (error) {
      const message = errorMessage(error, documentsMessages.failed, documentsMessages.requestFailed);
      toast.error(message);
      setFormError(message);
      if (error instanceof ApiError) setErrors(errorsBySlot(error.fieldErrors));
      setIsSubmitting(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
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
          const replaced = Boolean(flag && (flag.addressed || drafts.some((draft) => draft.docKey === slot.docKey)));
          // While changes are requested, only a flagged document (or an empty optional slot) may change.
          const accepted = changes.active && !flag && slotFiles[slot.docKey] !== null;
          return (
            <DocumentSlot
              key={slot.docKey}
              slot={slot}
              file={slotFiles[slot.docKey]}
              hint={slotHints[slot.docKey]}
              error={errors[slot.docKey]}
              disabled={isSubmitting}
              onUploaded={(draft) => {
                saveDocumentDraft(draft);
                clearError(slot.docKey);
              }}
              onRemove={() => removeDocument(slot.docKey)}
              onBusyChange={(busy) => setUploadsInFlight((count) => count + (busy ? 1 : -1))}
              flag={flag ? { message: flag.message, replaced } : null}
              accepted={accepted}
              closed={changes.active && !flag && slotFiles[slot.docKey] === null}
            >
              {slot.docKey === 'certificate' && (
                <TextField
                  id="cac-reg-number"
                  label="CAC Registration Number"
                  placeholder="RC11111010"
                  autoComplete="off"
                  value={cacNumber}
                  onChange={(event) => {
                    setCacNumber(event.target.value.toUpperCase());
                    clearError('cacRegNumber');
                  }}
                  error={errors.cacRegNumber}
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
