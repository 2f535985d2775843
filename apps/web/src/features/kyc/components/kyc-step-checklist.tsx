import { kybSteps } from '@fipay/contracts/kyb-options';
import { Link } from 'react-router';
import CheckIcon from 'lucide-react/icons/check';

type KycProgressProps = {
  /** The step whose page is showing. */
  currentStep: number;
  /** Steps before this one are saved (the application's progress.currentStep). */
  doneBefore: number;
};

/** The five steps: saved ones ticked (and linked, to revisit them), the showing one bold. */
export function KycStepChecklist({ currentStep, doneBefore }: KycProgressProps) {
  return (
    <ol className="space-y-1" aria-label="Verification steps">
      {kybSteps.map(({ step, title, path }) => {
        const done = step < doneBefore;
        const current = step === currentStep;
        const label = (
          <>
            {done ? (
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
                <CheckIcon className="h-4 w-4" />
              </span>
            ) : (
              <span
                aria-hidden="true"
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold ${
                  current ? 'border-brand-700 bg-white text-brand-700' : 'border-slate-300 text-slate-500'
                }`}
              >
                {step}
              </span>
            )}
            <span>{title}</span>
            {done && <span className="sr-only"> (completed)</span>}
          </>
        );
        const row = `flex items-center gap-3 rounded-lg px-2 py-2 text-sm ${
          current ? 'font-bold text-slate-900' : done ? 'text-slate-700' : 'text-slate-500'
        }`;
        return (
          <li key={step} aria-current={current ? 'step' : undefined}>
            {done && !current ? (
              <Link
                to={path}
                className={`${row} hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700`}
              >
                {label}
              </Link>
            ) : (
              <div className={row}>{label}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Phone view of the same progress: one dot per step. */
export function KycProgressDots({ currentStep, doneBefore }: KycProgressProps) {
  return (
    <div
      role="progressbar"
      aria-label="Verification progress"
      aria-valuemin={1}
      aria-valuemax={kybSteps.length}
      aria-valuenow={currentStep}
      aria-valuetext={`Step ${currentStep} of ${kybSteps.length}`}
      className="flex items-center gap-1.5"
    >
      {kybSteps.map(({ step }) => (
        <span
          key={step}
          className={`h-2 rounded-full transition-all ${
            step === currentStep ? 'w-6 bg-brand-700' : step < doneBefore ? 'w-2 bg-brand-500' : 'w-2 bg-slate-300'
          }`}
        />
      ))}
    </div>
  );
}
