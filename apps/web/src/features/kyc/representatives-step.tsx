import { kybMessages } from '@fipay/contracts/kyb';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useKycStore } from '../../stores/kyc-store';
import { RepresentativeCard } from './representatives/representative-card';
import {
  cardFromRecord,
  emptyCard,
  errorsByCard,
  validateCards,
  type RepresentativeCard as Card,
  type RepresentativeErrors,
  type RepresentativeField,
} from './representatives/representative-form';
import {
  removeRepresentative,
  representativesMessages,
  saveRepresentatives,
} from './api/representatives';
import { useKycLeaveOverride, useKycNavigation } from './kyc-navigation';
import { markAddressed, useChangeRequest } from './review-items';

/** react-router numbers the entries it pushed; 0 means this tab opened the app on this page. */
function hasPreviousPage() {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

function initialCards(): Card[] {
  const saved = useKycStore.getState().representatives;
  return saved.length > 0 ? saved.map(cardFromRecord) : [emptyCard()];
}

export function RepresentativesStep() {
  const navigate = useNavigate();
  const { goBack, goNext } = useKycNavigation();
  const [cards, setCards] = useState<Card[]>(initialCards);
  const [errors, setErrors] = useState<Record<string, RepresentativeErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [removingKey, setRemovingKey] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const changes = useChangeRequest();
  // While changes are requested, people may be added only in place of a flagged representative.
  const canAdd = !changes.active || changes.has('representative');
  // SPEC.md section 2: on this step 'I'll do this later' goes back one page (the previous step when opened directly).
  useKycLeaveOverride({ onClick: () => (hasPreviousPage() ? navigate(-1) : goBack()) });

  function updateCard(key: string, field: RepresentativeField, value: string) {
    setCards((current) =>
      current.map((card) => (card.key === key ? { ...card, [field]: value, edited: card.saved !== null } : card)),
    );
    setErrors((current) => {
      if (!current[key]?.[field]) return current;
      const { [field]: _cleared, ...rest } = current[key];
      return { ...current, [key]: rest };
    });
  }

  function dropCard(key: string) {
    setCards((current) => {
      const remaining = current.filter((card) => card.key !== key);
      return remaining.length > 0 ? remaining : [emptyCard()];
    });
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  }

  // SPEC.md section 4: a saved representative is deleted on the server first, then from the list.
  async function handleRemove(card: Card) {
    if (!card.saved) {
      dropCard(card.key);
      toast.success(representativesMessages.removed);
      return;
    }
    const email = card.saved.email.trim();
    if (!email) {
      toast.error(kybMessages.representativeEmailMissing);
      return;
    }
    setRemovingKey(card.key);
    try {
      await removeRepresentative(email);
    } catch (error) {
      // Already gone on the server (404) is what the user asked for.
      if (!(error instanceof ApiError && error.status === 404)) {
        toast.error(errorMessage(error, representativesMessages.removeFailed, representativesMessages.removeFailed));
        setRemovingKey(null);
        return;
      }
    }
    const store = useKycStore.getState();
    store.setRepresentatives(store.representatives.filter((rep) => rep.email !== card.saved?.email));
    if (changes.active) markAddressed('representative', [card.saved.id]);
    dropCard(card.key);
    setRemovingKey(null);
    toast.success(representativesMessages.removed);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving || removingKey) return;
    setFormError(null);
    const { errors: invalid, toSend } = validateCards(cards);
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    if (toSend.length === 0) {
      // Every card is saved and unchanged: nothing to send, the step is already done.
      goNext();
      return;
    }
    setIsSaving(true);
    try {
      const { data } = await saveRepresentatives(toSend.map((item) => item.input));
      useKycStore.getState().setRepresentatives(data);
      if (changes.active) {
        const sentKeys = new Set(toSend.map((item) => item.key));
        markAddressed(
          'representative',
          cards.flatMap((card) => (card.saved && sentKeys.has(card.key) ? [card.saved.id] : [])),
        );
      }
      toast.success(representativesMessages.submitted);
      goNext();
    } catch (error) {
      const message = errorMessage(error, representativesMessages.failed, representativesMessages.requestFailed);
      toast.error(message);
      setFormError(message);
      if (error instanceof ApiError) setErrors(errorsByCard(error.fieldErrors, toSend.map((item) => item.key)));
      setIsSaving(false);
    }
  }

  const onlyBlankCard = cards.length === 1 && cards[0]?.saved === null;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
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
          return (
            <RepresentativeCard
              key={card.key}
              card={card}
              number={index + 1}
              errors={errors[card.key] ?? {}}
              canRemove={!onlyBlankCard}
              removing={removingKey === card.key}
              disabled={isSaving}
              onChange={(field, value) => updateCard(card.key, field, value)}
              onRemove={() => void handleRemove(card)}
              flagMessage={flag?.message}
              accepted={changes.active && card.saved !== null && !flag}
            />
          );
        })}
      </div>

      {canAdd && (
        <Button
          variant="secondary"
          onClick={() => setCards((current) => [...current, emptyCard()])}
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
        <Button type="submit" disabled={isSaving || removingKey !== null} className="w-full md:ml-auto md:w-40">
          {isSaving ? 'Saving...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
