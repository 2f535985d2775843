import type { Application } from '@fipay/contracts/company';
import { kybMessages } from '@fipay/contracts/kyb';

export type ApplicationLock = { tone: 'success' | 'info' | 'error'; title: string; text: string };

/**
 * Whether the server refuses every change to the application now (apps/api kyb/guards.ts,
 * `assertChangeable`: submitted, approved, or rejected for good), and how the onboarding says so.
 * While changes are requested the flagged items stay editable (review-items.ts).
 */
export function applicationLock(application: Application | null): ApplicationLock | null {
  switch (application?.status.code) {
    case 'APPROVED':
      return {
        tone: 'success',
        title: 'Your business verification is approved.',
        text: 'Your application can no longer be changed. This is what you submitted.',
      };
    case 'SUBMITTED':
      return {
        tone: 'info',
        title: 'Your application is under review.',
        text: 'It cannot be changed while our compliance team reviews it. This is what you submitted.',
      };
    case 'REJECTED':
      return application.rejectionFinal
        ? { tone: 'error', title: kybMessages.applicationRejectedFinal, text: 'This is what you submitted.' }
        : null;
    default:
      return null;
  }
}
