import { kybMessages, profileFieldsFor } from '@fipay/contracts/kyb';
import {
  industries,
  profileCurrencies,
  smeCategories,
  sourcesOfFund,
  trusteeCategories,
  type BusinessSubType,
  type BusinessType,
} from '@fipay/contracts/kyb-options';
import { nigerianStates, stateNames } from '@fipay/contracts/nigeria';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Navigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { useKycStore } from '../../stores/kyc-store';
import { saveBusinessProfile } from './api/save-business-profile';
import { IncomeField } from './business-profile/income-field';
import {
  COUNTRY,
  draftFromForm,
  emptyProfileForm,
  formFromProfile,
  payloadFromForm,
  validateProfile,
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

type FieldErrors = Partial<Record<ProfileField, string>>;

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

/** Step 2. Without a business type the fields to ask for are unknown, so step 1 comes first. */
export function BusinessProfileStep() {
  const selection = useKycStore((state) => state.businessType);
  if (!selection) return <Navigate to="/kyc" replace />;
  return <BusinessProfileForm businessType={selection.businessType} subType={selection.subType} />;
}

type BusinessProfileFormProps = { businessType: BusinessType; subType: BusinessSubType | null };

function BusinessProfileForm({ businessType, subType }: BusinessProfileFormProps) {
  const saved = useKycStore((state) => state.businessProfile);
  const setBusinessProfile = useKycStore((state) => state.setBusinessProfile);
  const user = useAuthStore((state) => state.user);
  const { previousPath, goBack, goNext } = useKycNavigation();
  const [form, setForm] = useState<ProfileForm>(() => (saved ? formFromProfile(saved) : emptyProfileForm));
  const [prefilled, setPrefilled] = useState(saved !== null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isBusy, setIsBusy] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const needs = profileFieldsFor(businessType, subType);

  // A profile that arrives after the first render (another tab) fills the form once, unless the user has started typing.
  if (!prefilled && saved && !dirty) {
    setPrefilled(true);
    setForm(formFromProfile(saved));
  }

  useEffect(() => {
    sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(
      () => setBusinessProfile(draftFromForm(form, { userId: user?.id, companyId: user?.companyId })),
      PROFILE_DRAFT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [dirty, form, setBusinessProfile, user]);

  function update(field: ProfileField, value: string) {
    setDirty(true);
    // A new state has other LGAs, so the chosen one no longer applies.
    setForm((current) => (field === 'state' ? { ...current, state: value, lga: '' } : { ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current) && !(field === 'state' && 'lga' in current)) return current;
      const next = { ...current };
      delete next[field];
      if (field === 'state') delete next.lga;
      return next;
    });
  }

  function focusFirstError(found: FieldErrors) {
    const elements = Array.from(formRef.current?.elements ?? []);
    const first = elements.find((element) => element instanceof HTMLElement && (element as HTMLInputElement).name in found);
    if (first instanceof HTMLElement) first.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const ids = { userId: user?.id ?? '', companyId: user?.companyId ?? '' };
    const payload = payloadFromForm(form, businessType, subType, ids);
    const found = validateProfile(payload, businessType, subType);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    if (!user) {
      toast.error(profileMessages.sessionMissing);
      return;
    }
    setIsBusy(true);
    try {
      await saveBusinessProfile(payload);
      setBusinessProfile(draftFromForm(form, ids));
      toast.success(kybMessages.profileSaved);
      goNext();
    } catch (error) {
      toast.error(errorMessage(error, profileMessages.failed, profileMessages.thrown));
      if (error instanceof ApiError) {
        const fieldErrors: FieldErrors = {};
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in emptyProfileForm) fieldErrors[field as ProfileField] = message;
        }
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
      setIsBusy(false);
    }
  }

  const lgas = form.state ? (nigerianStates[form.state] ?? []) : [];
  const select = (field: ProfileField) => ({
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
  });

  return (
    <section ref={sectionRef} className="scroll-mt-20 space-y-6" aria-labelledby="business-profile-title">
      <h1 id="business-profile-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Add your business profile
      </h1>
      <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5" aria-busy={isBusy}>
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
            currency={form.currency}
            amount={form.monthlyIncome}
            currencyError={errors.currency}
            amountError={errors.monthlyIncome}
            onCurrencyChange={(value) => update('currency', value)}
            onAmountChange={(value) => update('monthlyIncome', value)}
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
          <SelectField label="State" {...select('state')}>
            <Options values={stateNames} placeholder="Select state" />
          </SelectField>
          <SelectField label="LGA" disabled={!form.state} {...select('lga')}>
            <Options values={lgas} placeholder={form.state ? 'Select LGA' : 'Select a state first'} />
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
