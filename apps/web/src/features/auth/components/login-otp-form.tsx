import { loginVerifyRequest, type TwoFactorMethod } from '@fipay/contracts/auth';
import { EMAIL_CODE_RESEND_SECONDS, OTP_LENGTH } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { OtpInput } from '../../../components/ui/otp-input';
import { ResendCodeButton } from '../../../components/ui/resend-code-button';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/server-errors';
import { resendLoginOtp } from '../api/login';
import { useCompleteSignIn, type SignInCredentials } from '../hooks/use-complete-sign-in';

// The contract's code: trimmed, so a recovery code copied with spaces around it still works.
const formSchema = loginVerifyRequest.pick({ otp: true });
type Fields = z.input<typeof formSchema>;

type LoginOtpFormProps = {
  credentials: SignInCredentials;
  method: TwoFactorMethod;
  onBack: () => void;
};

export function LoginOtpForm({ credentials, method, onBack }: LoginOtpFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  // Bumped for fresh, empty boxes: after a refused code and after a resend.
  const [attempt, setAttempt] = useState(0);
  const { register, handleSubmit, control, setValue, setError, clearErrors, reset, formState } = useForm<Fields, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { otp: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: isBusy } = formState;
  const completeSignIn = useCompleteSignIn();
  const byEmail = method === 'email';

  const otp = useWatch({ control, name: 'otp' }) ?? '';
  const isComplete = useRecoveryCode ? otp.trim().length > 0 : /^\d+$/.test(otp) && otp.length === OTP_LENGTH;

  function freshBoxes() {
    setValue('otp', '');
    setAttempt((n) => n + 1);
  }

  async function submit(fields: z.output<typeof formSchema>) {
    try {
      await completeSignIn(credentials, fields.otp);
    } catch (error) {
      toast.error(errorMessage(error, messages.otpFailed, messages.otpFailed));
      if (useRecoveryCode) applyServerErrors(setError, error, ['otp']);
      // Fresh boxes with focus on the first, ready for the next code.
      else freshBoxes();
    }
  }

  async function resend() {
    try {
      const response = await resendLoginOtp({ email: credentials.email, password: credentials.password });
      toast.success(response.message || messages.emailCodeSent);
      freshBoxes();
      return response.data.resendInSeconds;
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      throw error;
    }
  }

  function switchMode() {
    setUseRecoveryCode((value) => !value);
    reset();
  }

  let hint = 'Check your authenticator app for the 6-digit code';
  if (byEmail) hint = 'Check your email for the 6-digit code';
  if (useRecoveryCode) hint = 'Enter one of the recovery codes you saved when you turned on two-factor authentication.';

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (isComplete) void handleSubmit(submit)(event);
      }}
      noValidate
      className="space-y-6"
    >
      <button type="button" onClick={onBack} className={`${textLinkClasses} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeftIcon className="h-4 w-4" />
        Back
      </button>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Enter OTP</h1>
        <p className="text-sm text-slate-600">{hint}</p>
      </div>
      {useRecoveryCode ? (
        <TextField
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          disabled={isBusy}
          error={errors.otp?.message}
          {...register('otp', { onChange: () => clearErrors('otp') })}
        />
      ) : (
        <OtpInput key={attempt} onChange={(code) => setValue('otp', code)} disabled={isBusy} autoFocus />
      )}
      <Button type="submit" className="w-full" disabled={!isComplete || isBusy}>
        {isBusy ? 'Verifying...' : 'Verify & Sign In'}
      </Button>
      {byEmail ? (
        <p className="flex flex-wrap items-center justify-center gap-x-1.5 text-center text-sm text-slate-600">
          Didn&apos;t get the email?
          <ResendCodeButton onResend={resend} initialSeconds={EMAIL_CODE_RESEND_SECONDS} disabled={isBusy} />
        </p>
      ) : (
        <p className="text-center text-sm">
          <button type="button" onClick={switchMode} className={textLinkClasses}>
            {useRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        </p>
      )}
    </form>
  );
}
