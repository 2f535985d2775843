const STEPS = ['Company Information', 'User Account Information'] as const;

export function SignupProgress({ step }: { step: 1 | 2 }) {
  return (
    <div className="space-y-2">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        Step {step} of {STEPS.length}
      </p>
      <div
        className="grid grid-cols-2 gap-2"
        role="progressbar"
        aria-label="Signup progress"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={step}
        aria-valuetext={`Step ${step} of ${STEPS.length}: ${STEPS[step - 1]}`}
      >
        {STEPS.map((label, index) => (
          <span
            key={label}
            className={`h-1.5 rounded-full transition-colors ${index < step ? 'bg-brand-700' : 'bg-slate-200'}`}
          />
        ))}
      </div>
    </div>
  );
}
