import type { emailCodeSentData } from '@fipay/contracts/auth';
import type { z } from 'zod';

export type CodeSent = z.infer<typeof emailCodeSentData>;

/** 'We sent a 6-digit code to …. It expires in N minutes.' */
export function CodeSentText({ sent, email }: { sent: CodeSent; email: string | undefined }) {
  const minutes = Math.max(1, Math.round(sent.expiresInSeconds / 60));
  return (
    <>
      We sent a 6-digit code to{' '}
      {/* Kept whole on its line when it fits: an address broken at its hyphen reads as two. */}
      <span className="inline-block max-w-full font-medium break-all text-slate-900">{email ?? 'your email'}</span>. It
      expires in {minutes} minute{minutes === 1 ? '' : 's'}.
    </>
  );
}
