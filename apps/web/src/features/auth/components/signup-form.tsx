import { messages } from '@fipay/contracts/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { paths } from '../../../config/paths';
import { restoredValues, useResumeForm, type LiveFormProps } from '../../../lib/deferred-form';
import { applyServerErrors, serverMessage, shownUnderField } from '../../../lib/server-errors';
import { SignupCompanyStep } from './signup-company-step';
import { SignupFormMarkup } from './signup-form-markup';
import type { SignupFields, SignupFormProps, StepFields } from './signup-form-types';
import { submitSignup } from './signup-submit';
import { SignupUserStep } from './signup-user-step';

const empty: SignupFields = {
  company: { name: '', email: '', phone: '', website: '', countryId: '', address: '', registrationNo: '' },
  user: { firstName: '', lastName: '', email: '', phone: '', password: '' },
};

/** A field's path in the form and in the request, as the server keys its field errors. */
type FieldPath = { [S in keyof SignupFields]: `${S}.${keyof SignupFields[S] & string}` }[keyof SignupFields];
const pathsOf = (step: keyof SignupFields) => Object.keys(empty[step]).map((name) => `${step}.${name}`) as FieldPath[];
const companyPaths = pathsOf('company');
const userPaths = pathsOf('user');

// SPEC.md section 5: step 1 only asks for every company field, one alert for them all; step 2
// blocks nothing and the server's answer is the check.
const filled = z.string().trim().min(1, messages.companyFieldsRequired);
const formSchema = z.object({
  company: z.object({
    name: filled,
    email: filled,
    phone: filled,
    website: filled,
    countryId: filled,
    address: filled,
    registrationNo: filled,
  }),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string(), password: z.string() }),
});

/** The sign-up wizard on react-hook-form, replacing step 1's stand-in at the first interaction. */
export function SignupForm({ snapshot, countries }: LiveFormProps<SignupFormProps>) {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const { register, handleSubmit, trigger, control, setError, clearErrors, getFieldState, formState } = useForm<SignupFields>({
    resolver: zodResolver(formSchema),
    defaultValues: restoredValues(empty, snapshot),
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting: isBusy } = formState;
  const password = useWatch({ control, name: 'user.password' });
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Checks step 1's fields only, so errors the server gave step 2 stay for when the person gets there.
  async function continueToUser() {
    if (await trigger(companyPaths, { shouldFocus: true })) {
      clearErrors('root.step');
      setStep(2);
    } else {
      // Focus is in the first blank field: on a phone the alert sits above the fold.
      setError('root.step', { message: messages.companyFieldsRequired });
    }
  }

  const createAccount = handleSubmit(async (fields) => {
    setFormError(null);
    const failure = await submitSignup(navigate, {
      company: { ...fields.company, countryId: Number(fields.company.countryId) },
      user: fields.user,
    });
    if (!failure) return;
    applyServerErrors(setError, failure.error, userPaths, { focus: true });
    if (applyServerErrors(setError, failure.error, companyPaths)) setStep(1);
    // A message a field already shows is said once, there.
    if (!shownUnderField(failure.error, failure.message, [...userPaths, ...companyPaths])) {
      setFormError(failure.message);
      toast.error(failure.message);
    }
  });

  const send = () => void (step === 1 ? continueToUser() : createAccount());
  useResumeForm(snapshot, formRef, send);

  // Only the server's errors show under the fields; step 1's own check is the alert.
  const fieldsOf =
    <T,>(step: keyof SignupFields): StepFields<T> =>
    (name) => {
      const path = `${step}.${name}` as FieldPath;
      return { ...register(path, { onChange: () => clearErrors(path) }), error: serverMessage(getFieldState(path, formState).error) };
    };

  return (
    <SignupFormMarkup
      form={{
        ref: formRef,
        onSubmit: (event) => {
          event.preventDefault();
          send();
        },
      }}
      step={step}
      headingRef={headingRef}
      busy={isBusy}
      onBack={() => (step === 2 ? setStep(1) : navigate(paths.login))}
      alerts={
        <>
          {formError && <Alert tone="error">{formError}</Alert>}
          {step === 1 && errors.root?.step && <Alert tone="error">{errors.root.step.message}</Alert>}
        </>
      }
    >
      {step === 1 ? (
        <SignupCompanyStep field={fieldsOf('company')} countries={countries} />
      ) : (
        <SignupUserStep field={fieldsOf('user')} password={password} />
      )}
    </SignupFormMarkup>
  );
}
