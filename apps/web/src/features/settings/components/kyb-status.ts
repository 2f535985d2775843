import type { Account } from '@fipay/contracts/account';
import { kybSteps, stepPath } from '@fipay/contracts/kyb-options';
import { formatDate } from './format';
import type { BadgeTone } from './status-badge';

type KybStatusView = {
  label: string;
  tone: BadgeTone;
  text: string;
  /** Where to go on with the verification, when there is something left to do. */
  action: { label: string; to: string } | null;
};

/** The business verification status in words, and the way on when it is not submitted. */
export function kybStatusView({ status, currentStep, submittedAt, rejectionFinal }: Account['kyb']): KybStatusView {
  const to = stepPath(currentStep);
  const next = kybSteps.find((s) => s.step === currentStep) ?? kybSteps[0];
  switch (status) {
    case 'SUBMITTED':
      return {
        label: 'Under review',
        tone: 'blue',
        text: submittedAt
          ? `Submitted on ${formatDate(submittedAt)}. We are reviewing your documents.`
          : 'Submitted. We are reviewing your documents.',
        action: null,
      };
    case 'APPROVED':
      return { label: 'Approved', tone: 'green', text: 'Your business is verified. You have full access.', action: null };
    case 'REJECTED':
      return rejectionFinal
        ? {
            label: 'Rejected',
            tone: 'red',
            text: 'Your submission was not approved, and this decision is final. The reason is on your dashboard.',
            action: null,
          }
        : {
            label: 'Rejected',
            tone: 'red',
            text: 'Your submission was not approved. The reason is on your dashboard; correct it and submit again.',
            action: { label: 'Start KYC Again', to },
          };
    case 'CHANGES_REQUESTED':
      return {
        label: 'Changes requested',
        tone: 'amber',
        text: 'Our reviewers asked for some changes. Your dashboard lists them; fix those items and submit again.',
        action: { label: 'Proceed to KYC', to },
      };
    case 'IN_PROGRESS':
      return {
        label: 'In progress',
        tone: 'amber',
        text: `Not submitted yet. Next: step ${next.step} of ${kybSteps.length}, ${next.title}.`,
        action: { label: 'Continue KYC', to },
      };
    default:
      return {
        label: 'Not started',
        tone: 'slate',
        text: 'Verify your business to go live and receive payments.',
        action: { label: 'Start KYC', to },
      };
  }
}
