import { zodResolver } from '@hookform/resolvers/zod';
import { backOfficeMessages, noteRequest, type NoteRequest } from '@fipay/contracts/back-office';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { useAddCaseNote } from '../api/admin-api';

const empty: NoteRequest = { text: '' };

/** An internal note on a case: the contract's rule (not blank, at most its length), kept after a refusal. */
export function CaseNoteForm({ companyId }: { companyId: string }) {
  const addCaseNote = useAddCaseNote(companyId);
  const { register, handleSubmit, reset, setError, formState } = useForm<NoteRequest>({
    resolver: zodResolver(noteRequest),
    defaultValues: empty,
    reValidateMode: 'onSubmit',
  });
  const error = formState.errors.text?.message;

  async function add({ text }: NoteRequest) {
    try {
      await addCaseNote.mutateAsync(text);
      toast.success(backOfficeMessages.noteAdded);
      reset(empty);
    } catch (failure) {
      if (!applyServerErrors(setError, failure, ['text'])) {
        setError('text', { type: 'server', message: errorMessage(failure, 'The note could not be added.') });
      }
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(add)(event)} noValidate className="space-y-2">
      <label htmlFor="case-note" className="block text-sm font-medium text-slate-700">
        Add a note
      </label>
      <textarea
        id="case-note"
        rows={3}
        {...register('text')}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'case-note-error' : undefined}
        className={`${inputClasses} h-auto py-2 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {error && (
        <p id="case-note-error" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting}>
        Add note
      </Button>
    </form>
  );
}
