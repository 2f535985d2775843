import CopyIcon from 'lucide-react/icons/copy';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { copyText } from '../../../lib/copy-text';

type SecretOnceDialogProps = {
  /** The secret to show; the dialog is open while there is one. */
  secret: string | null;
  title: string;
  /** What the secret is, as the copy toast names it: 'Secret key', 'Signing secret'. */
  label: string;
  onClose: () => void;
};

/** Shows a secret the server will not show again, with a copy button and a plain warning. */
export function SecretOnceDialog({ secret, title, label, onClose }: SecretOnceDialogProps) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!secret) return;
    if (await copyText(secret, { copied: `${label} copied.`, failed: `Copying failed. Select the ${label.toLowerCase()} and copy it.` })) setCopied(true);
  }

  function close() {
    setCopied(false);
    onClose();
  }

  return (
    <Dialog
      open={secret !== null}
      onClose={close}
      title={title}
      size="lg"
      description={<p>Copy it now and keep it somewhere safe. This is the only time FiPay shows it; if you lose it, roll it to get a new one.</p>}
      body={
        <div className="flex items-stretch gap-2">
          <code data-testid="secret-value" className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 font-mono text-sm break-all text-slate-900 select-all">
            {secret}
          </code>
          <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
            <CopyIcon className="h-4 w-4" aria-hidden="true" />
            <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
          </Button>
        </div>
      }
    >
      <Button onClick={close} data-autofocus>
        {copied ? 'Done' : 'I have copied it'}
      </Button>
    </Dialog>
  );
}
