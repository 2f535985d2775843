import { messages } from '@fipay/contracts/messages';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthSplitLayout } from '../../components/layouts/auth-split-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { onDemand, toastUnavailable, useOnFirstInteraction } from '../../lib/on-demand';
import { SignupCompanyStep } from './components/signup-company-step';
import type { CompanyForm, UserForm } from './components/signup-form-types';
import type { SignupFailure } from './components/signup-submit';
import { SignupProgress } from './components/signup-progress';

// /signup opens with step 1 alone; step 2 (its password rules come with the contracts) and the
// code that sends the form arrive with the first interaction.
const loadSubmit = onDemand(() => import('./components/signup-submit'));
const loadUserStep = onDemand(() => import('./components/signup-user-step'));
const SignupUserStep = lazy(() => loadUserStep().then((m) => ({ default: m.SignupUserStep })));

const emptyCompany: CompanyForm = {
  name: '',
  email: '',
  phone: '',
  website: '',
  countryId: '',
  address: '',
  registrationNo: '',
};

const emptyUser: UserForm = { firstName: '', lastName: '', email: '', phone: '', password: '' };

/** Server field errors arrive keyed 'company.email', 'user.password'; split them per step. */
function errorsFor<T extends string>(prefix: 'company' | 'user', errors: Record<string, string>) {
  const picked: Partial<Record<T, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(`${prefix}.`)) picked[key.slice(prefix.length + 1) as T] = message;
  }
  return picked;
}

export function SignupPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [company, setCompany] = useState<CompanyForm>(emptyCompany);
  const [user, setUser] = useState<UserForm>(emptyUser);
  const [stepAlert, setStepAlert] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  useOnFirstInteraction(() => {
    void loadSubmit().catch(() => undefined);
    void loadUserStep().catch(() => undefined);
  });

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function clearFieldError(key: string) {
    setFieldErrors((errors) => {
      if (!(key in errors)) return errors;
      const { [key]: _removed, ...rest } = errors;
      return rest;
    });
  }

  function goToUserStep() {
    const blank = (Object.keys(company) as (keyof CompanyForm)[]).find((field) => company[field].trim() === '');
    if (blank) {
      setStepAlert(messages.companyFieldsRequired);
      // On a phone the alert sits above the fold; taking the user to the first gap shows what is missing.
      const field = formRef.current?.elements.namedItem(blank);
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    setStepAlert(null);
    setStep(2);
  }

  async function submit() {
    setIsBusy(true);
    setFormError(null);
    let failure: SignupFailure | null;
    try {
      const { submitSignup } = await loadSubmit();
      failure = await submitSignup(navigate, { company: { ...company, countryId: Number(company.countryId) }, user });
    } catch {
      toastUnavailable(messages.signupFailed);
      failure = { message: messages.signupFailed };
    }
    if (!failure) return;
    setFormError(failure.message);
    const { fieldErrors: serverErrors } = failure;
    if (serverErrors) {
      setFieldErrors(serverErrors);
      if (Object.keys(serverErrors).some((key) => key.startsWith('company.'))) setStep(1);
    }
    setIsBusy(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) goToUserStep();
    else if (!isBusy) void submit();
  }

  function handleBack() {
    if (step === 2) setStep(1);
    else navigate(paths.login);
  }

  return (
    <AuthSplitLayout>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create your business account</h1>
          <p className="text-sm text-slate-600">
            Already have an account?{' '}
            <Link to={paths.login} className={textLinkClasses}>
              Sign in
            </Link>
          </p>
        </div>
        <SignupProgress step={step} />
        <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {step === 1 ? 'Company Information' : 'User Account Information'}
          </h2>
          {formError && <Alert tone="error">{formError}</Alert>}
          {step === 1 && stepAlert && <Alert tone="error">{stepAlert}</Alert>}
          {step === 1 ? (
            <SignupCompanyStep
              values={company}
              errors={errorsFor<keyof CompanyForm>('company', fieldErrors)}
              onChange={(field, value) => {
                setCompany((current) => ({ ...current, [field]: value }));
                clearFieldError(`company.${field}`);
              }}
            />
          ) : (
            <Suspense fallback={null}>
              <SignupUserStep
                values={user}
                errors={errorsFor<keyof UserForm>('user', fieldErrors)}
                onChange={(field, value) => {
                  setUser((current) => ({ ...current, [field]: value }));
                  clearFieldError(`user.${field}`);
                }}
              />
            </Suspense>
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
            <Button variant="secondary" onClick={handleBack} disabled={isBusy} className="sm:w-32">
              Back
            </Button>
            <Button type="submit" disabled={isBusy} className="sm:min-w-40">
              {step === 1 ? 'Continue' : isBusy ? 'Creating account...' : 'Create account'}
            </Button>
          </div>
        </form>
      </div>
    </AuthSplitLayout>
  );
}
