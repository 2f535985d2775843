import type { z } from 'zod';
import type { emailCodeSentData } from '@fipay/contracts/auth';

export type CodeSent = z.infer<typeof emailCodeSentData>;

export function codeSentText(sent: CodeSent, email: string | undefined) {
  const minutes = Math.max(1, Math.round(sent.expiresInSeconds / 60));
  return `We sent a 6-digit code to ${email ?? 'your email'}. It expires in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
