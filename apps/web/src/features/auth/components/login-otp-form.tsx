import type { LoginInitiateRequest, TwoFactorMethod } from '@fipay/contracts/auth';
import { EMAIL_CODE_RESEND_SECONDS, OTP_LENGTH } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { OtpInput } from '../../../components/ui/otp-input';
import { ResendCodeButton } from '../../../components/ui/resend-code-button';
import { errorMessage } from '../../../lib/api-client';
import { resendLoginOtp } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

type LoginOtpFormProps = {
  credentials: LoginInitiateRequest;
  method: TwoFactorMethod;
  onBack: () => void;
};

export function LoginOtpForm({ credentials, method, onBack }: LoginOtpFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [isBusy, setIsBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();
  const byEmail = method === 'email';

  const otp = useRecoveryCode ? recoveryCode.trim() : code;
  const isComplete = useRecoveryCode ? otp.length > 0 : /^\d+$/.test(code) && code.length === OTP_LENGTH;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete || isBusy) return;
    setIsBusy(true);
    try {
      await completeSignIn(credentials, otp);
    } catch (error) {
      toast.error(errorMessage(error, messages.otpFailed, messages.otpFailed));
      // Fresh boxes with focus on the first, ready for the next code.
      setCode('');
      setAttempt((n) => n + 1);
      setIsBusy(false);
    }
  }

  async function resend() {
    try {
      const response = await resendLoginOtp(credentials);
      toast.success(response.message || messages.emailCodeSent);
      setCode('');
      setAttempt((n) => n + 1);
      return response.data.resendInSeconds;
    } catch (error) {
      toast.error(errorMessage(error, messages.genericError));
      throw error;
    }
  }

  function switchMode() {
    setUseRecoveryCode((value) => !value);
    setCode('');
    setRecoveryCode('');
  }

  let hint = 'Check your authenticator app for the 6-digit code';
  if (byEmail) hint = 'Check your email for the 6-digit code';
  if (useRecoveryCode) hint = 'Enter one of the recovery codes you saved when you turned on two-factor authentication.';

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
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
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={recoveryCode}
          disabled={isBusy}
          onChange={(event) => setRecoveryCode(event.target.value)}
        />
      ) : (
        <OtpInput key={attempt} onChange={setCode} disabled={isBusy} autoFocus />
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
