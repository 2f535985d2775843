import { kybMessages, profileFieldsFor, type BusinessProfileRequest } from '@fipay/contracts/kyb';
import {
  industries,
  profileCurrencies,
  smeCategories,
  sourcesOfFund,
  trusteeCategories,
  type BusinessSubType,
  type BusinessType,
} from '@fipay/contracts/kyb-options';
import type { BusinessProfileRecord } from '@fipay/contracts/company';
import { nigerianStates, stateNames } from '@fipay/contracts/nigeria';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { useSaveBusinessProfile } from './api/save-business-profile';
import { useSavedApplication } from './api/saved-application';
import { IncomeField } from './business-profile/income-field';
import {
  COUNTRY,
  draftFromForm,
  emptyProfileForm,
  formFromProfile,
  profileFields,
  profileFormSchema,
  type ProfileField,
  type ProfileForm,
} from './business-profile/profile-form';
import { TextAreaField } from './components/text-area-field';
import { useKycNavigation } from './kyc-navigation';

/** SPEC.md section 9. */
export const PROFILE_DRAFT_DELAY_MS = 500;

/** SPEC.md section 8. */
export const profileMessages = {
  sessionMissing: 'User session missing, please log in again.',
  failed: 'Failed to submit profile.',
  thrown: 'An error occurred. Please try again.',
} as const;

function Options({ values, placeholder }: { values: readonly string[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

/** Step 2. Without a saved business type the fields to ask for are unknown, so step 1 comes first. */
export function BusinessProfileStep() {
  const saved = useSavedApplication();
  const selection = saved?.businessType;
  if (!selection) return <Navigate to="/kyc" replace />;
  return (
    <BusinessProfileForm
      businessType={selection.businessType}
      subType={selection.subType}
      savedProfile={saved.businessProfile}
    />
  );
}

type BusinessProfileFormProps = {
  businessType: BusinessType;
  subType: BusinessSubType | null;
  savedProfile: BusinessProfileRecord | null;
};

/** The session's ids, read when the form is checked and sent: the request carries them. */
function sessionIds() {
  const user = useAuthStore.getState().user;
  return { userId: user?.id ?? '', companyId: user?.companyId ?? '' };
}

const idFields = new Set(['userId', 'companyId']);

function BusinessProfileForm({ businessType, subType, savedProfile }: BusinessProfileFormProps) {
  const draft = useKycStore((state) => state.businessProfile);
  const source = draft ?? savedProfile;
  const { previousPath, goBack, goNext } = useKycNavigation();
  const save = useSaveBusinessProfile();
  const [schema] = useState(() => profileFormSchema(businessType, subType, sessionIds));
  const { register, control, handleSubmit, reset, watch, getValues, setValue, setError, clearErrors, formState } = useForm<
    ProfileForm,
    unknown,
    BusinessProfileRequest
  >({
    resolver: zodResolver(schema),
    defaultValues: source ? formFromProfile(source) : emptyProfileForm,
    reValidateMode: 'onSubmit',
  });
  // isDirty is read on every render so the form tracks it (react-hook-form computes what is read).
  const { errors, isDirty, isSubmitting: isBusy } = formState;
  const [prefilled, setPrefilled] = useState(source !== null);
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const needs = profileFieldsFor(businessType, subType);
  const state = useWatch({ control, name: 'state' });

  // A profile that arrives after the first render (another tab's draft) fills the form once, unless the user has started typing.
  if (!prefilled && source && !isDirty) {
    setPrefilled(true);
    reset(formFromProfile(source));
  }

  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  // SPEC.md section 4: what was typed becomes the draft 500 ms after the typing stops.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = watch((_values, { type }) => {
      if (type !== 'change') return;
      clearTimeout(timer);
      timer = setTimeout(
        () => useKycStore.getState().setBusinessProfile(draftFromForm(getValues(), sessionIds())),
        PROFILE_DRAFT_DELAY_MS,
      );
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [watch, getValues]);

  function focusFirstError(fields: string[]) {
    const elements = Array.from(formRef.current?.elements ?? []);
    const first = elements.find((element) => fields.includes((element as HTMLInputElement).name));
    if (first instanceof HTMLElement) first.focus();
  }

  async function submit(payload: BusinessProfileRequest) {
    try {
      await save.mutateAsync(payload);
      toast.success(kybMessages.profileSaved);
      goNext();
    } catch (error) {
      toast.error(errorMessage(error, profileMessages.failed, profileMessages.thrown));
      if (applyServerErrors(setError, error, profileFields)) {
        focusFirstError(profileFields.filter((field) => error instanceof ApiError && error.fieldErrors[field]));
      }
    }
  }

  // Only the session's ids are wrong: the fields are fine, but the request cannot be sent.
  function invalid(found: FieldErrors<ProfileForm>) {
    if (Object.keys(found).every((field) => idFields.has(field))) toast.error(profileMessages.sessionMissing);
  }

  const lgas = state ? (nigerianStates[state] ?? []) : [];
  /** A field's registration; a change clears its error (and whatever `also` clears). */
  const select = (field: ProfileField, also?: () => void) => ({
    error: errors[field]?.message,
    ...register(field, {
      onChange: () => {
        clearErrors(field);
        also?.();
      },
    }),
  });

  return (
    <section ref={sectionRef} className="scroll-mt-20 space-y-6" aria-labelledby="business-profile-title">
      <h1 id="business-profile-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Add your business profile
      </h1>
      <form ref={formRef} onSubmit={(event) => void handleSubmit(submit, invalid)(event)} noValidate className="space-y-5" aria-busy={isBusy}>
        <TextAreaField
          label="Business description"
          placeholder="Tell us what your business does"
          rows={4}
          {...select('description')}
        />
        <SelectField label="Industry" {...select('industry')}>
          <Options values={industries} placeholder="Select industry" />
        </SelectField>
        {needs.dateOfBirth && <TextField label="Date of birth" type="date" max={today()} {...select('dateOfBirth')} />}
        {needs.incorporatedTrusteeCategory && (
          <SelectField label="Incorporated trustee category" {...select('incorporatedTrusteeCategory')}>
            <Options values={trusteeCategories} placeholder="Select category" />
          </SelectField>
        )}
        {needs.smeCategory && (
          <SelectField label="SME category" {...select('smeCategory')}>
            <Options values={smeCategories} placeholder="Select SME category" />
          </SelectField>
        )}
        {needs.sourceOfFund && (
          <SelectField label="Source of fund" {...select('sourceOfFund')}>
            <Options values={sourcesOfFund} placeholder="Select source of fund" />
          </SelectField>
        )}
        {needs.monthlyIncome ? (
          <IncomeField
            control={control}
            currency={register('currency', { onChange: () => clearErrors('currency') })}
            currencyError={errors.currency?.message}
            amountError={errors.monthlyIncome?.message}
            onAmountChange={() => clearErrors('monthlyIncome')}
          />
        ) : (
          <SelectField label="Currency" {...select('currency')}>
            {profileCurrencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          label="Website (optional)"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          {...select('website')}
        />
        <TextField label="Country" name="country" value={COUNTRY} readOnly className="read-only:bg-slate-50 read-only:text-slate-600" />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="State"
            {...select('state', () => {
              // A new state has other LGAs, so the chosen one no longer applies.
              setValue('lga', '');
              clearErrors('lga');
            })}
          >
            <Options values={stateNames} placeholder="Select state" />
          </SelectField>
          <SelectField label="LGA" disabled={!state} {...select('lga')}>
            <Options values={lgas} placeholder={state ? 'Select LGA' : 'Select a state first'} />
          </SelectField>
        </div>
        <TextField label="Business address" autoComplete="street-address" {...select('address')} />
        <TextField label="Landmark" placeholder="A place near your business" {...select('landmark')} />
        <div className="flex gap-3 pt-2 md:justify-between">
          {previousPath && (
            <div className="hidden md:block">
              <Button variant="secondary" onClick={goBack} disabled={isBusy} className="w-32">
                Back
              </Button>
            </div>
          )}
          <Button type="submit" disabled={isBusy} className="w-full md:ml-auto md:w-auto md:min-w-40">
            {isBusy ? 'Saving...' : 'Continue'}
          </Button>
        </div>
      </form>
    </section>
  );
}
