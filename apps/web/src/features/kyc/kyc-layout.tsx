import { kybSteps } from '@fipay/contracts/kyb-options';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/brand/logo';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { paths } from '../../config/paths';
import { useSavedApplication } from './api/saved-application';
import { KycProgressDots, KycStepChecklist } from './components/kyc-step-checklist';
import { LeaveDialog } from './components/leave-dialog';
import { KycLayoutContext, navigationFor, stepForPath, type RegisteredLeaveOverride } from './kyc-navigation';
import { applicationLock } from './read-only/application-lock';
import { ReadOnlyStep } from './read-only/read-only-step';

const headerLinkClasses =
  'ml-auto shrink-0 rounded-sm text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The onboarding frame around every step page; see kyc-navigation.ts for what it offers the steps. */
export function KycLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { step, title } = stepForPath(location.pathname);
  const { previousPath, nextPath } = navigationFor(step);
  const application = useSavedApplication();
  // Submitted, approved or rejected for good: the server refuses every change, so the steps show what was sent.
  const lock = applicationLock(application);
  // The server's progress: a save's answer moves it in the cache, so the step just saved is ticked too.
  const doneBefore = lock ? kybSteps.length + 1 : (application?.progress.currentStep ?? 1);
  const [leaveOverride, setLeaveOverride] = useState<RegisteredLeaveOverride | null>(null);
  const [leaveOpen, setLeaveOpen] = useState(false);

  // Plain functions: the layout re-renders only on navigation, and the steps keep none of these in effect dependencies.
  function requestLeave() {
    const onClick = leaveOverride?.latest.current?.onClick;
    if (onClick) onClick();
    else setLeaveOpen(true);
  }

  function confirmLeave() {
    leaveOverride?.latest.current?.onConfirm?.();
    setLeaveOpen(false);
    navigate(paths.dashboard);
  }

  function goNext() {
    navigate(nextPath);
  }

  function goBack() {
    if (previousPath) navigate(previousPath);
    // Nothing can be lost on a locked application: no question before leaving.
    else if (lock) navigate(paths.dashboard);
    else requestLeave();
  }

  const context = { step, title, previousPath, nextPath, goNext, goBack, requestLeave, setLeaveOverride };

  return (
    <KycLayoutContext value={context}>
      <div className="min-h-dvh bg-white md:flex">
        <aside className="hidden shrink-0 border-r border-slate-200 bg-slate-50 md:block md:w-80 lg:w-96">
          <div className="sticky top-0 flex max-h-dvh flex-col gap-10 overflow-y-auto px-8 py-8 lg:px-10">
            <Logo to={paths.dashboard} />
            <div className="space-y-2">
              <h2 className="text-2xl leading-tight font-bold text-slate-900">Set up your business account</h2>
              <p className="text-sm text-slate-600">Activate your business payments in quick and simple steps.</p>
            </div>
            <KycStepChecklist currentStep={step} doneBefore={doneBefore} />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 md:static md:border-0 md:bg-transparent md:px-10 md:pt-6 md:pb-0">
            <button
              type="button"
              onClick={goBack}
              aria-label="Go back"
              className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
            >
              <ArrowLeftIcon className="h-5 w-5" />
            </button>
            <div className="min-w-0 flex-1 space-y-1.5 md:hidden">
              <p className="truncate text-sm font-semibold text-slate-900">{title}</p>
              <KycProgressDots currentStep={step} doneBefore={doneBefore} />
            </div>
            {lock ? (
              <Link to={paths.dashboard} className={headerLinkClasses}>
                Back to dashboard
              </Link>
            ) : (
              !leaveOverride?.hideLink && (
                <button type="button" onClick={requestLeave} className={headerLinkClasses}>
                  I'll do this later
                </button>
              )
            )}
          </header>
          <main className="flex-1 px-4 py-6 sm:px-6 md:px-10 md:py-8">
            <div className="mx-auto w-full max-w-xl">
              {lock && application ? <ReadOnlyStep application={application} lock={lock} step={step} /> : <Outlet />}
            </div>
          </main>
        </div>
      </div>
      <LeaveDialog open={leaveOpen} onCancel={() => setLeaveOpen(false)} onConfirm={confirmLeave} />
    </KycLayoutContext>
  );
}
