import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button';
import type { FormProps } from '../../../lib/deferred-form';
import { SignupProgress } from './signup-progress';

type SignupFormMarkupProps = {
  form: FormProps;
  step: 1 | 2;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Between the step's heading and its fields. */
  alerts?: ReactNode;
  busy: boolean;
  onBack: () => void;
  /** The step's fields. */
  children: ReactNode;
};

/** The sign-up wizard's markup, the same before and after react-hook-form arrives. */
export function SignupFormMarkup({ form, step, headingRef, alerts, busy, onBack, children }: SignupFormMarkupProps) {
  return (
    <>
      <SignupProgress step={step} />
      <form {...form} noValidate className="space-y-5">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {step === 1 ? 'Company Information' : 'User Account Information'}
        </h2>
        {alerts}
        {children}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={busy} className="sm:w-32">
            Back
          </Button>
          <Button type="submit" disabled={busy} className="sm:min-w-40">
            {step === 1 ? 'Continue' : busy ? 'Creating account...' : 'Create account'}
          </Button>
        </div>
      </form>
    </>
  );
}
