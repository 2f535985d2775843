import { emailTwoFactorEnableRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ResendCodeButton } from '../../../components/ui/resend-code-button';
import { useAuthStore } from '../../../stores/auth-store';
import { enableEmailTwoFactor } from '../api/two-factor';
import { CodeSentText, type CodeSent } from './email-code-sent';
import { DialogCodeField, useDialogCodeForm } from './dialog-code-field';

type EmailCodeSetupDialogProps = {
  /** The code just sent, or null when one sent moments ago is still in force. */
  sent: CodeSent | null;
  onResend: () => Promise<number>;
  onClose: () => void;
  onEnabled: () => void;
};

export function EmailCodeSetupDialog({ sent, onResend, onClose, onEnabled }: EmailCodeSetupDialogProps) {
  const email = useAuthStore((state) => state.user?.email);
  const formId = useId();
  const code = useDialogCodeForm(emailTwoFactorEnableRequest, async (otp) => {
    const response = await enableEmailTwoFactor(otp);
    toast.success(response.message || messages.emailTwoFactorEnabled);
    onEnabled();
  });
  const { isBusy } = code;

  return (
    <Dialog
      open
      onClose={isBusy ? () => {} : onClose}
      title="Turn on email codes"
      description={sent ? <CodeSentText sent={sent} email={email} /> : messages.twoFactorEmailRequired}
      body={
        <form id={formId} onSubmit={code.onSubmit} noValidate className="space-y-3">
          <DialogCodeField {...code.field} />
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
      <Button type="submit" form={formId} disabled={isBusy || !code.isComplete}>
        {isBusy ? 'Verifying...' : 'Verify & Activate'}
      </Button>
    </Dialog>
  );
}
