import { twoFactorEnableRequest } from '@fipay/contracts/auth';
import { messages } from '@fipay/contracts/messages';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import CopyIcon from 'lucide-react/icons/copy';
import { useAuthStore } from '../../../stores/auth-store';
import { enableAuthenticator } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { DialogCodeField, useDialogCodeForm } from './dialog-code-field';
import { copyText } from '../../../lib/copy-text';

export type AuthenticatorSetup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };

type AuthenticatorSetupDialogProps = {
  setup: AuthenticatorSetup;
  onClose: () => void;
  /** The server turned the authenticator on; the dialog stays open on the recovery codes. */
  onEnabled: () => void;
};

/** Groups of four characters, the way authenticator apps show a key typed in by hand. */
function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function AuthenticatorSetupDialog({ setup, onClose, onEnabled }: AuthenticatorSetupDialogProps) {
  const email = useAuthStore((state) => state.user?.email);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const formId = useId();
  const code = useDialogCodeForm(twoFactorEnableRequest, async (otp) => {
    const response = await enableAuthenticator(otp);
    setRecoveryCodes(response.data.recoveryCodes);
    toast.success(response.message || messages.twoFactorEnabled);
    onEnabled();
  });
  const { isBusy } = code;

  async function copySecret() {
    await copyText(setup.secret, { copied: 'Setup key copied.', failed: 'Copying failed. Select the key and copy it.' });
  }

  if (recoveryCodes) {
    return (
      // Closing only through the button: these codes are never shown again.
      <Dialog
        key="recovery-codes"
        open
        onClose={() => {}}
        title="Save your recovery codes"
        size="lg"
        description="If you lose access to your authenticator app, each of these codes signs you in once. Keep them somewhere safe: they will not be shown again."
        body={<RecoveryCodes codes={recoveryCodes} email={email} />}
      >
        <Button onClick={onClose} className="w-full sm:w-auto">
          I have saved these codes
        </Button>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={isBusy ? () => {} : onClose}
      title="Set up your authenticator app"
      size="lg"
      body={
        <form id={formId} onSubmit={code.onSubmit} noValidate className="space-y-6">
          <ol className="space-y-6 text-sm text-slate-700">
            <li className="space-y-3">
              <p>
                <span className="font-semibold text-slate-900">1.</span> Scan this QR code with your authenticator app,
                such as Google Authenticator or Microsoft Authenticator.
              </p>
              <img
                src={setup.qrCodeDataUrl}
                alt="QR code to add FiPay to your authenticator app"
                width={176}
                height={176}
                className="mx-auto h-44 w-44 rounded-lg border border-slate-200 p-1"
              />
              <div className="space-y-2 rounded-lg bg-slate-50 p-3">
                <div className="flex items-center justify-between gap-3">
                  <p className="text-xs text-slate-600">Can&apos;t scan it? Enter this setup key in the app instead:</p>
                  <Button variant="secondary" size="sm" onClick={copySecret} className="shrink-0">
                    <CopyIcon className="h-4 w-4" />
                    Copy
                  </Button>
                </div>
                <code aria-label="Setup key" className="block font-mono text-sm font-semibold text-slate-900 [word-spacing:0.25rem]">
                  {groupSecret(setup.secret)}
                </code>
              </div>
            </li>
            <li className="space-y-3">
              <p>
                <span className="font-semibold text-slate-900">2.</span> Enter the 6-digit code the app shows.
              </p>
              <DialogCodeField {...code.field} />
            </li>
          </ol>
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
