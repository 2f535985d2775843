import { messages } from '@fipay/contracts/messages';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { AuthSplitLayout } from '../../components/layouts/auth-split-layout';
import { Alert } from '../../components/ui/alert';
import { Button, textLinkClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { signup } from './api/signup';
import { SignupCompanyStep } from './components/signup-company-step';
import type { CompanyForm, UserForm } from './components/signup-form-types';
import { SignupProgress } from './components/signup-progress';
import { SignupUserStep } from './components/signup-user-step';

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
    try {
      await signup({ company: { ...company, countryId: Number(company.countryId) }, user });
      toast.success(messages.signupSuccess);
      navigate(paths.login);
    } catch (error) {
      const message = errorMessage(error, messages.signupFailed);
      toast.error(message);
      setFormError(message);
      if (error instanceof ApiError) {
        setFieldErrors(error.fieldErrors);
        if (Object.keys(error.fieldErrors).some((key) => key.startsWith('company.'))) setStep(1);
      }
      setIsBusy(false);
    }
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
            <SignupUserStep
              values={user}
              errors={errorsFor<keyof UserForm>('user', fieldErrors)}
              onChange={(field, value) => {
                setUser((current) => ({ ...current, [field]: value }));
                clearFieldError(`user.${field}`);
              }}
            />
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
