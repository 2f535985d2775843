import { OTP_LENGTH } from '@fipay/contracts/limits';
import { messages } from '@fipay/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ResendCodeButton } from '../../../components/ui/resend-code-button';
import { errorMessage } from '../../../lib/api-client';
import { useAuthStore } from '../../../stores/auth-store';
import { enableEmailTwoFactor } from '../api/two-factor';
import { CodeSentText, type CodeSent } from './email-code-sent';
import { DialogCodeField } from './dialog-code-field';

type EmailCodeSetupDialogProps = {
  /** The code just sent, or null when one sent moments ago is still in force. */
  sent: CodeSent | null;
  onResend: () => Promise<number>;
  onClose: () => void;
  onEnabled: () => void;
};

export function EmailCodeSetupDialog({ sent, onResend, onClose, onEnabled }: EmailCodeSetupDialogProps) {
  const email = useAuthStore((state) => state.user?.email);
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [isBusy, setIsBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const formId = useId();
  const isComplete = /^\d+$/.test(code) && code.length === OTP_LENGTH;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || !isComplete) return;
    setIsBusy(true);
    setCodeError(null);
    try {
      const response = await enableEmailTwoFactor(code);
      toast.success(response.message || messages.emailTwoFactorEnabled);
      onEnabled();
    } catch (error) {
      const message = errorMessage(error, messages.otpFailed);
      setCodeError(message);
      toast.error(message);
      setCode('');
      setAttempt((n) => n + 1);
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={isBusy ? () => {} : onClose}
      title="Turn on email codes"
      description={sent ? <CodeSentText sent={sent} email={email} /> : messages.twoFactorEmailRequired}
      body={
        <form id={formId} onSubmit={handleSubmit} noValidate className="space-y-3">
          <DialogCodeField attempt={attempt} onChange={setCode} disabled={isBusy} error={codeError} />
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>Didn&apos;t get the email? Check your spam folder.</span>
            <ResendCodeButton onResend={onResend} initialSeconds={sent?.resendInSeconds ?? 0} disabled={isBusy} />
          </div>
        </form>
      }
    >
      <Button variant="secondary" onClick={onClose} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={isBusy || !isComplete}>
        {isBusy ? 'Verifying...' : 'Verify & Activate'}
      </Button>
    </Dialog>
  );
}
