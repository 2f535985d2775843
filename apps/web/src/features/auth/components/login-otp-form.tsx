import type { LoginInitiateRequest } from '@fipay/contracts/auth';
import { OTP_LENGTH } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { OtpInput } from './otp-input';

type LoginOtpFormProps = {
  credentials: LoginInitiateRequest;
  onBack: () => void;
};

export function LoginOtpForm({ credentials, onBack }: LoginOtpFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [isBusy, setIsBusy] = useState(false);
  const completeSignIn = useCompleteSignIn();

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

  function switchMode() {
    setUseRecoveryCode((value) => !value);
    setCode('');
    setRecoveryCode('');
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <button type="button" onClick={onBack} className={`${textLinkClasses} inline-flex items-center gap-1.5 text-sm`}>
        <ArrowLeftIcon className="h-4 w-4" />
        Back
      </button>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Enter OTP</h1>
        <p className="text-sm text-slate-600">
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
            : 'Check your authenticator app for the 6-digit code'}
        </p>
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
      <p className="text-center text-sm">
        <button type="button" onClick={switchMode} className={textLinkClasses}>
          {useRecoveryCode ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
      </p>
    </form>
  );
}
