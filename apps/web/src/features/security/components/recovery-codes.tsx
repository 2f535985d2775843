import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import CopyIcon from 'lucide-react/icons/copy';
import DownloadIcon from 'lucide-react/icons/download';
import { copyText } from '../../../lib/copy-text';

export const RECOVERY_CODES_FILE_NAME = 'fipay-recovery-codes.txt';

export function recoveryCodesText(codes: string[], email: string | undefined) {
  const heading = email ? `FiPay recovery codes for ${email}` : 'FiPay recovery codes';
  return [heading, 'Each code signs you in once, in place of a code from your authenticator app.', '', ...codes, ''].join(
    '\n',
  );
}

type RecoveryCodesProps = { codes: string[]; email?: string };

/** The recovery codes, shown once, with ways to keep them outside the browser. */
export function RecoveryCodes({ codes, email }: RecoveryCodesProps) {
  const [copied, setCopied] = useState(false);

  async function handleCopy() {
    const copiedAll = await copyText(codes.join('\n'), {
      copied: 'Recovery codes copied.',
      failed: 'Copying failed. Select the codes and copy them, or download them.',
    });
    if (copiedAll) setCopied(true);
  }

  function handleDownload() {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next turn: the click has already handed the file to the browser's download.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="space-y-4">
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 select-all"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wide">
            {code}
          </li>
        ))}
      </ul>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={handleCopy}>
          <CopyIcon className="h-4 w-4" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="secondary" onClick={handleDownload}>
          <DownloadIcon className="h-4 w-4" />
          Download
        </Button>
      </div>
    </div>
  );
}
