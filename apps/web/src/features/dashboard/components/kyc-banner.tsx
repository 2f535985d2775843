import type { Application } from '@fipay/contracts/company';
import { stepPath } from '@fipay/contracts/kyb-options';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import AlertCircleIcon from 'lucide-react/icons/circle-alert';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import CloseIcon from 'lucide-react/icons/x';

type Tone = 'blue' | 'green' | 'red' | 'orange';

const tones: Record<Tone, { box: string; icon: string; action: string; close: string }> = {
  blue: {
    box: 'border-blue-200 bg-blue-50 text-blue-900',
    icon: 'text-blue-600',
    action: 'bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700',
    close: 'text-blue-700 hover:bg-blue-100 focus-visible:outline-blue-700',
  },
  green: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: 'text-emerald-600',
    action: 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700',
    close: 'text-emerald-700 hover:bg-emerald-100 focus-visible:outline-emerald-700',
  },
  red: {
    box: 'border-red-200 bg-red-50 text-red-900',
    icon: 'text-red-600',
    action: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
    close: 'text-red-700 hover:bg-red-100 focus-visible:outline-red-700',
  },
  orange: {
    box: 'border-orange-200 bg-orange-50 text-orange-950',
    icon: 'text-orange-600',
    action: 'bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-700',
    close: 'text-orange-700 hover:bg-orange-100 focus-visible:outline-orange-600',
  },
};

const actionBase =
  'inline-flex h-9 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

type BannerProps = {
  tone: Tone;
  title: string;
  text?: string;
  /** More detail under the text (the list of what to fix). */
  children?: ReactNode;
  actions?: (actionClasses: string) => ReactNode;
  onDismiss: () => void;
};

function Banner({ tone, title, text, children, actions, onDismiss }: BannerProps) {
  const style = tones[tone];
  const Icon = tone === 'green' ? CheckCircleIcon : AlertCircleIcon;
  return (
    <section aria-label="KYC status" className={`flex items-start gap-3 rounded-2xl border p-4 sm:items-center sm:p-5 ${style.box}`}>
      <Icon className={`mt-0.5 h-5 w-5 shrink-0 sm:mt-0 ${style.icon}`} />
      <div className="min-w-0 flex-1 space-y-3 sm:flex sm:items-center sm:justify-between sm:gap-4 sm:space-y-0">
        <div className="space-y-1">
          <p className="text-sm font-semibold">{title}</p>
          {text && <p className="text-sm opacity-90">{text}</p>}
          {children}
        </div>
        {/* Stacked on phones at one shared width; side by side from sm up. */}
        {actions && <div className="grid gap-2 sm:flex sm:shrink-0 sm:flex-wrap">{actions(`${actionBase} ${style.action}`)}</div>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className={`-mt-1 -mr-1 h-8 w-8 sm:my-0 shrink-0 rounded-lg p-1.5 focus-visible:outline-2 ${style.close}`}
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </section>
  );
}

type KycBannerProps = { application: Application | null };

/** The KYC status on the dashboard home (SPEC.md section 4); each state's banner can be dismissed. */
export function KycBanner({ application }: KycBannerProps) {
  const status = application?.status.code ?? null;
  const [dismissed, setDismissed] = useState<string | null | undefined>(undefined);
  const [reasonOpen, setReasonOpen] = useState(false);
  // Dismissing hides this status's banner; a status that changes afterwards shows its own.
  if (dismissed === status) return null;
  const dismiss = () => setDismissed(status);
  const stepLink = stepPath(application?.progress.currentStep);

  if (status === 'SUBMITTED') {
    return (
      <Banner
        tone="blue"
        title="Your account is under verification."
        text="Please wait while we review your KYC submission."
        onDismiss={dismiss}
      />
    );
  }
  if (status === 'APPROVED') {
    return <Banner tone="green" title="Your account has been approved! You can now enjoy full access." onDismiss={dismiss} />;
  }
  if (status === 'CHANGES_REQUESTED') {
    const items = (application?.reviewItems ?? []).filter((item) => !item.addressed);
    return (
      <Banner
        tone="orange"
        title="Your KYC needs a few changes."
        text={
          items.length > 0
            ? 'Our compliance team reviewed your submission. Please fix the following and submit again:'
            : 'You have made the requested changes. Submit your KYC again to send it for review.'
        }
        onDismiss={dismiss}
        actions={(classes) => (
          <Link to={stepLink} className={classes}>
            Proceed to KYC
          </Link>
        )}
      >
        {items.length > 0 && (
          <ul className="list-disc space-y-0.5 pl-5 text-sm">
            {items.map((item) => (
              <li key={item.id}>{item.message}</li>
            ))}
          </ul>
        )}
      </Banner>
    );
  }
  if (status === 'REJECTED') {
    const final = application?.rejectionFinal === true;
    return (
      <>
        <Banner
          tone="red"
          title="Your KYC was rejected."
          text={final ? 'This decision is final, so this application cannot be submitted again.' : undefined}
          onDismiss={dismiss}
          actions={(classes) => (
            <>
              <button
                type="button"
                onClick={() => setReasonOpen(true)}
                className={`${actionBase} border border-red-300 bg-white text-red-800 hover:bg-red-100 focus-visible:outline-red-700`}
              >
                View Reason
              </button>
              {!final && (
                <Link to={stepLink} className={classes}>
                  Start KYC Again
                </Link>
              )}
            </>
          )}
        />
        <Dialog
          open={reasonOpen}
          onClose={() => setReasonOpen(false)}
          title="Rejection Reason"
          description={application?.rejectionReason?.trim() || 'No reason provided.'}
        >
          <Button variant="secondary" onClick={() => setReasonOpen(false)}>
            Close
          </Button>
        </Dialog>
      </>
    );
  }
  return (
    <Banner
      tone="orange"
      title="Complete your KYC process to Go Live!"
      onDismiss={dismiss}
      actions={(classes) => (
        <Link to={stepLink} className={classes}>
          Proceed to KYC
        </Link>
      )}
    />
  );
}
