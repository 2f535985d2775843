import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseTag, setTagRequest, tagProblem, TAG_MAX_LENGTH, type CompanyTag, type SetTagRequest } from '@fipay/contracts/fipay-tags';
import { useQuery } from '@tanstack/react-query';
import CheckIcon from 'lucide-react/icons/check';
import CopyIcon from 'lucide-react/icons/copy';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';
import { applyServerErrors, shownUnderField } from '../../../lib/server-errors';
import { companyTagQueryOptions, tagAvailabilityQueryOptions, useSetCompanyTag } from '../api/fipay-tag';
import { formatDate } from './format';

/** How long typing pauses before availability is asked. */
const AVAILABILITY_DELAY_MS = 400;

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type Feedback = { tone: 'neutral' | 'good' | 'bad'; text: string; busy?: boolean } | null;

/** What the field says under itself as the person types: the rule broken, or whether the server has the tag free. */
function useAvailabilityFeedback(typed: string, current: string | null): { feedback: Feedback; claimable: boolean } {
  const tag = normaliseTag(typed);
  const problem = typed.trim() ? tagProblem(typed) : null;
  const settled = useSettled(tag, AVAILABILITY_DELAY_MS);
  const ask = Boolean(tag) && !problem && tag !== current;
  const availability = useQuery({ ...tagAvailabilityQueryOptions(settled), enabled: ask && settled === tag });
  if (!typed.trim()) return { feedback: null, claimable: false };
  if (problem) return { feedback: { tone: 'bad', text: problem }, claimable: false };
  if (tag === current) return { feedback: { tone: 'neutral', text: 'This is your current tag.' }, claimable: false };
  if (settled !== tag || availability.isPending) return { feedback: { tone: 'neutral', text: 'Checking...', busy: true }, claimable: false };
  if (availability.isError) return { feedback: { tone: 'bad', text: errorMessage(availability.error, 'We could not check this tag.') }, claimable: true };
  const { available, display } = availability.data;
  return available
    ? { feedback: { tone: 'good', text: `${display} is available.` }, claimable: true }
    : { feedback: { tone: 'bad', text: `${display} is taken. Try another.` }, claimable: false };
}

const toneClasses = { neutral: 'text-slate-600', good: 'text-emerald-700', bad: 'text-red-600' } as const;

function TagForm({ current, onDone }: { current: CompanyTag; onDone: () => void }) {
  const save = useSetCompanyTag();
  const { register, handleSubmit, control, setError, clearErrors, formState } = useForm<SetTagRequest, unknown, { tag: string }>({
    resolver: zodResolver(setTagRequest),
    defaultValues: { tag: '' },
    reValidateMode: 'onSubmit',
  });
  const typed = useWatch({ control, name: 'tag' }) ?? '';
  const { feedback, claimable } = useAvailabilityFeedback(typed, current.tag);
  const fieldError = formState.errors.tag?.type === 'server' ? formState.errors.tag.message : undefined;

  async function submit({ tag }: { tag: string }) {
    try {
      const saved = await save.mutateAsync(tag);
      toast.success(`Your FiPay tag is now ${saved.display}.`);
      onDone();
    } catch (error) {
      const message = errorMessage(error, 'Your tag could not be saved.');
      applyServerErrors(setError, error, ['tag'], { focus: true });
      if (!shownUnderField(error, message, ['tag'])) toast.error(message);
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-3">
      <TextField
        label={current.tag ? 'New tag' : 'Choose your tag'}
        placeholder="@yourbusiness"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={TAG_MAX_LENGTH + 1}
        error={fieldError ?? (formState.errors.tag && !feedback ? formState.errors.tag.message : undefined)}
        hint="3 to 20 letters, digits or underscores, starting with a letter."
        aria-describedby={feedback ? 'fipay-tag-feedback' : undefined}
        readOnly={save.isPending}
        {...register('tag', { onChange: () => clearErrors('tag') })}
      />
      {feedback && !fieldError && (
        <p id="fipay-tag-feedback" role="status" className={`flex items-center gap-1.5 text-sm ${toneClasses[feedback.tone]}`}>
          {feedback.busy ? <Spinner className="h-3.5 w-3.5" /> : feedback.tone === 'good' ? <CheckIcon className="h-4 w-4" /> : feedback.tone === 'bad' ? <XIcon className="h-4 w-4" /> : null}
          {feedback.text}
        </p>
      )}
      {current.tag && (
        <p className="text-xs text-slate-500">
          After a change you can change it again in {current.changeIntervalDays} days. Your old tag is kept from other businesses for{' '}
          {current.releaseHoldDays} days, so payments meant for you cannot reach someone else.
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={save.isPending || !claimable} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : current.tag ? 'Change tag' : 'Claim tag'}
        </Button>
        {current.tag && (
          <Button variant="secondary" onClick={onDone} disabled={save.isPending} className="w-full sm:w-auto">
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * The company's FiPay tag: what other businesses send money to. See it, copy it, claim it or change it. `verified`:
 * whether the business verification is approved; until it is, nobody finds the business by its tag.
 */
export function FipayTagCard({ verified }: { verified: boolean }) {
  const tag = useQuery(companyTagQueryOptions());
  const [changing, setChanging] = useState(false);

  return (
    <section aria-labelledby="fipay-tag-title" className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id="fipay-tag-title" className="border-b border-slate-100 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">
        FiPay tag
      </h2>
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {tag.isPending ? (
          <Loading what="your FiPay tag" />
        ) : tag.isError ? (
          <Alert tone="error">{errorMessage(tag.error, 'We could not load your FiPay tag.')}</Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600">Other businesses on FiPay send you money with your tag, and see your verified business name before they pay.</p>
            {!verified && <p className="text-sm text-amber-800">Until your business is verified, other businesses cannot find you by your tag.</p>}
            {tag.data.display && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate text-xl font-semibold text-slate-900" data-testid="fipay-tag">
                    {tag.data.display}
                  </p>
                  {tag.data.claimedAt && <p className="text-xs text-slate-500">Yours since {formatDate(tag.data.claimedAt)}</p>}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void copyText(tag.data.display!, { copied: 'Tag copied.', failed: 'Copy did not work here; select the tag and copy it.' })}
                >
                  <CopyIcon className="h-4 w-4" />
                  Copy
                </Button>
              </div>
            )}
            {!tag.data.tag || changing ? (
              <TagForm current={tag.data} onDone={() => setChanging(false)} />
            ) : tag.data.nextChangeAt ? (
              <p className="text-sm text-slate-600">You can change your tag again from {formatDate(tag.data.nextChangeAt)}.</p>
            ) : (
              <Button variant="secondary" onClick={() => setChanging(true)} className="h-10 w-full sm:w-auto">
                Change tag
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
