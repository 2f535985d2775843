import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { z } from 'zod';

type Fields = { password: string; otp: string };

type TurnOffDialogProps = {
  title: string;
  description: ReactNode;
  codeLabel: string;
  /** Digits only (an emailed code) or any text (an authenticator code or a recovery code). */
  numericCode?: boolean;
  /** The message for a code that cannot be right, or null when it may be. */
  checkCode: (code: string) => string | null;
  submit: (fields: Fields) => Promise<{ message: string }>;
  successFallback: string;
  /** Below the code field, e.g. a resend button. */
  codeExtra?: ReactNode;
  onClose: () => void;
  onTurnedOff: () => void;
};

/** Turning a second factor off asks for the password and a code, so a borrowed session cannot do it. */
export function TurnOffDialog({
  title,
  description,
  codeLabel,
  numericCode,
  checkCode,
  submit,
  successFallback,
  codeExtra,
  onClose,
  onTurnedOff,
}: TurnOffDialogProps) {
  const schema = z.object({
    password: z.string().min(1, messages.fieldRequired),
    otp: z
      .string()
      .trim()
      .min(1, messages.fieldRequired)
      .superRefine((otp, context) => {
        const problem = checkCode(otp);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
  });
  const { register, handleSubmit, setValue, setError, clearErrors, formState } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', otp: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  // Busy from the submit until the dialog closes: a success leaves it submitting while it closes.
  const isBusy = formState.isSubmitting || formState.isSubmitSuccessful;
  const formId = useId();

  async function submitFields(fields: Fields) {
    try {
      const response = await submit(fields);
      toast.success(response.message || successFallback);
      onTurnedOff();
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      applyServerErrors(setError, error, ['password', 'otp']);
      throw error;
    }
  }

  return (
    <Dialog
      open
      onClose={isBusy ? () => {} : onClose}
      title={title}
      description={description}
      body={
        <form id={formId} onSubmit={(event) => void handleSubmit(submitFields)(event).catch(() => {})} noValidate className="space-y-4">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            disabled={isBusy}
            {...register('password', { onChange: () => clearErrors('password') })}
          />
          <div className="space-y-2">
            <TextField
              label={codeLabel}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              inputMode={numericCode ? 'numeric' : 'text'}
              maxLength={numericCode ? 6 : 32}
              error={errors.otp?.message}
              disabled={isBusy}
              {...register('otp', {
                onChange: (event: { target: { value: string } }) => {
                  clearErrors('otp');
                  if (numericCode) setValue('otp', event.target.value.replace(/\D/g, ''));
                },
              })}
            />
            {codeExtra}
          </div>
        </form>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isBusy}>
        {isBusy ? 'Turning off...' : 'Turn off'}
      </Button>
    </Dialog>
  );
}
