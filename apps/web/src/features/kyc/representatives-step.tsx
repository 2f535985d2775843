import { kybMessages } from '@fipay/contracts/kyb';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { representativesMessages, useRemoveRepresentative, useSaveRepresentatives } from './api/representatives';
import { useSavedApplication } from './api/saved-application';
import { useKycLeaveOverride, useKycNavigation } from './kyc-navigation';
import { RepresentativeCard } from './representatives/representative-card';
import {
  cardFromRecord,
  emptyCard,
  inputFromCard,
  needsSaving,
  representativeFields,
  representativesFormSchema,
  serverErrorFields,
  type RepresentativeField,
  type RepresentativesFields,
  type RepresentativesForm,
} from './representatives/representative-form';
import { useChangeRequest } from './review-items';

/** react-router numbers the entries it pushed; 0 means this tab opened the app on this page. */
function hasPreviousPage() {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function RepresentativesStep() {
  const navigate = useNavigate();
  const { goBack, goNext } = useKycNavigation();
  const saved = useSavedApplication()?.representatives ?? [];
  const saveAll = useSaveRepresentatives();
  const remove = useRemoveRepresentative();
  const { register, control, handleSubmit, getValues, setValue, setError, clearErrors, formState } = useForm<RepresentativesForm, unknown, RepresentativesFields>({
    resolver: zodResolver(representativesFormSchema),
    defaultValues: { representatives: saved.length > 0 ? saved.map(cardFromRecord) : [emptyCard()] },
    reValidateMode: 'onSubmit',
  });
  const { fields: cards, append, remove: dropCardAt } = useFieldArray({ control, name: 'representatives' });
  const { errors, isSubmitting: isSaving } = formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const changes = useChangeRequest();
  // While changes are requested, people may be added only in place of a flagged representative.
  const canAdd = !changes.active || changes.has('representative');
  // SPEC.md section 2: on this step 'I'll do this later' goes back one page (the previous step when opened directly).
  useKycLeaveOverride({ onClick: () => (hasPreviousPage() ? navigate(-1) : goBack()) });

  /** A field's registration: changing a saved representative marks it to be sent again. */
  function registerField(index: number, field: RepresentativeField) {
    return register(`representatives.${index}.${field}`, {
      onChange: () => {
        if (getValues(`representatives.${index}.status`) === 'saved') setValue(`representatives.${index}.status`, 'edited');
        clearErrors(`representatives.${index}.${field}`);
      },
    });
  }

  function dropCard(index: number) {
    dropCardAt(index);
    if (getValues('representatives').length === 0) append(emptyCard());
  }

  // SPEC.md section 4: a saved representative is deleted on the server first, then from the list.
  async function handleRemove(index: number) {
    const { saved: record } = getValues(`representatives.${index}`);
    if (!record) {
      dropCard(index);
      toast.success(representativesMessages.removed);
      return;
    }
    const email = record.email.trim();
    if (!email) {
      toast.error(kybMessages.representativeEmailMissing);
      return;
    }
    setRemovingId(record.id);
    try {
      await remove.mutateAsync({ email, id: record.id });
      dropCard(index);
      toast.success(representativesMessages.removed);
    } catch (error) {
      toast.error(errorMessage(error, representativesMessages.removeFailed, representativesMessages.removeFailed));
    } finally {
      setRemovingId(null);
    }
  }

  async function send() {
    if (removingId) return;
    setFormError(null);
    // The values as typed go out; the schema only checked them.
    const all = getValues('representatives');
    const sent = all.flatMap((card, index) => (needsSaving(card) ? [index] : []));
    if (sent.length === 0) {
      // Every card is saved and unchanged: nothing to send, the step is already done.
      goNext();
      return;
    }
    try {
      await saveAll.mutateAsync({
        representatives: sent.map((index) => inputFromCard(all[index]!)),
        corrected: sent.flatMap((index) => all[index]!.saved?.id ?? []),
      });
      toast.success(representativesMessages.submitted);
      goNext();
    } catch (error) {
      const message = errorMessage(error, representativesMessages.failed, representativesMessages.requestFailed);
      toast.error(message);
      setFormError(message);
      applyServerErrors(setError, error, serverErrorFields(sent));
    }
  }

  const onlyBlankCard = cards.length === 1 && cards[0]?.saved === null;
  const busy = isSaving || removingId !== null;

  return (
    <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Add your business&apos; representatives</h1>
        <p className="text-sm text-slate-600">
          Each representative gets an email asking them to confirm their role.
        </p>
        <p className="text-xs text-slate-500">Only .pdf, .docx and .png files are allowed, max 5MB each.</p>
      </div>

      {formError && <Alert tone="error">{formError}</Alert>}

      {changes.active && (
        <Alert tone="warning">
          {changes.has('representative')
            ? 'Correct each representative marked below. The others were accepted and stay as they are.'
            : 'Your representatives were accepted. Continue to the next step.'}
        </Alert>
      )}

      <div className="space-y-4">
        {cards.map((card, index) => {
          const flag = card.saved ? changes.itemFor('representative', card.saved.id) : undefined;
          const cardErrors = errors.representatives?.[index];
          return (
            <RepresentativeCard
              key={card.id}
              idPrefix={card.id}
              saved={card.saved}
              number={index + 1}
              fields={(field) => registerField(index, field)}
              errors={Object.fromEntries(representativeFields.map((field) => [field, cardErrors?.[field]?.message]))}
              canRemove={!onlyBlankCard}
              removing={card.saved !== null && removingId === card.saved.id}
              disabled={isSaving}
              onRemove={() => void handleRemove(index)}
              flagMessage={flag?.message}
              accepted={changes.active && card.saved !== null && !flag}
            />
          );
        })}
      </div>

      {canAdd && (
        <Button
          variant="secondary"
          onClick={() => append(emptyCard())}
          disabled={isSaving}
          className="w-full border-dashed sm:w-auto"
        >
          <span aria-hidden="true">+</span> Add another representative
        </Button>
      )}

      <div className="flex gap-3 pt-2 md:justify-between">
        {/* Desktop only: on a phone the layout's header has the back arrow. */}
        <div className="hidden md:block">
          <Button variant="secondary" onClick={goBack} disabled={isSaving} className="w-32">
            Back
          </Button>
        </div>
        <Button type="submit" disabled={busy} className="w-full md:ml-auto md:w-40">
          {isSaving ? 'Saving...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
