import { OTP_LENGTH } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { OtpInput } from '../../../components/ui/otp-input';
import { errorMessage } from '../../../lib/api-client';

type DialogCodeFieldProps = {
  /** Bumped after each refused code: the boxes start empty again and take focus. */
  attempt: number;
  onChange: (code: string) => void;
  disabled: boolean;
  error: string | null;
};

/** The 6-box code entry of the Security page's dialogs, with the server's refusal below it. */
export function DialogCodeField({ attempt, onChange, disabled, error }: DialogCodeFieldProps) {
  return (
    <>
      <div data-autofocus>
        <OtpInput
          key={attempt}
          onChange={onChange}
          disabled={disabled}
          invalid={error !== null}
          // After a refused code the fresh boxes take focus; on opening, the dialog gives it.
          autoFocus={attempt > 0}
        />
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </>
  );
}

type CodeSchema = z.ZodType<{ otp: string }, { otp: string }>;

/**
 * The form of a dialog that confirms a second factor with a code: the request's contract as its
 * schema, sent once all boxes are filled, a refusal toasted and shown under fresh boxes.
 */
export function useDialogCodeForm(schema: CodeSchema, send: (otp: string) => Promise<void>) {
  // Bumped for fresh, empty boxes after a refused code.
  const [attempt, setAttempt] = useState(0);
  const { handleSubmit, control, setValue, setError, formState } = useForm<{ otp: string }>({
    resolver: zodResolver(schema),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  const otp = useWatch({ control, name: 'otp' });
  const isComplete = /^\d+$/.test(otp) && otp.length === OTP_LENGTH;
  const isBusy = formState.isSubmitting;

  const submit = handleSubmit(async (fields) => {
    try {
      await send(fields.otp);
    } catch (error) {
      const message = errorMessage(error, messages.otpFailed);
      toast.error(message);
      setValue('otp', '');
      setAttempt((n) => n + 1);
      setError('otp', { type: 'server', message });
    }
  });

  return {
    isComplete,
    isBusy,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      if (isComplete) void submit(event);
    },
    field: {
      attempt,
      onChange: (code: string) => setValue('otp', code),
      disabled: isBusy,
      error: formState.errors.otp?.message ?? null,
    },
  };
}
