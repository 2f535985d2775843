import {
  businessProfileRequest,
  profileErrorsForType,
  profileFieldsFor,
  type BusinessProfileRequest,
} from '@fipay/contracts/kyb';
import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import { isLgaOf, nigerianStates } from '@fipay/contracts/nigeria';
import type { BusinessProfileDraft } from '../../../stores/kyc-store';

/** The form holds text: the date as YYYY-MM-DD, the income as a digit string (SPEC.md section 3). */
export type ProfileForm = {
  description: string;
  industry: string;
  currency: string;
  website: string;
  country: string;
  state: string;
  lga: string;
  address: string;
  landmark: string;
  dateOfBirth: string;
  incorporatedTrusteeCategory: string;
  smeCategory: string;
  sourceOfFund: string;
  monthlyIncome: string;
};

export type ProfileField = keyof ProfileForm;

export const COUNTRY = 'Nigeria';

export const emptyProfileForm: ProfileForm = {
  description: '',
  industry: '',
  currency: 'NGN',
  website: '',
  country: COUNTRY,
  state: '',
  lga: '',
  address: '',
  landmark: '',
  dateOfBirth: '',
  incorporatedTrusteeCategory: '',
  smeCategory: '',
  sourceOfFund: '',
  monthlyIncome: '',
};

const MAX_INCOME_DIGITS = 15;
const incomeFormat = new Intl.NumberFormat('en-NG');

/** Keeps the digits of what was typed or pasted, without leading zeros. */
export function incomeDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, MAX_INCOME_DIGITS);
}

/** '1234567' -> '1,234,567', as Nigerian readers group thousands. */
export function formatIncome(digits: string): string {
  return digits === '' ? '' : incomeFormat.format(BigInt(digits));
}

// Dates of birth are calendar days, so they travel as UTC midnight: no time zone moves them a day.
export function dateToEpoch(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return 0;
  const epoch = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(epoch) ? 0 : epoch;
}

export function epochToDate(epoch: number): string {
  if (!epoch) return '';
  const date = new Date(epoch);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** A saved profile (draft or the server's record) as form values. */
export function formFromProfile(profile: BusinessProfileDraft): ProfileForm {
  const state = profile.state in nigerianStates ? profile.state : '';
  return {
    description: profile.description ?? '',
    industry: profile.industry ?? '',
    currency: profile.currency || 'NGN',
    website: profile.website ?? '',
    country: COUNTRY,
    state,
    lga: state && isLgaOf(state, profile.lga) ? profile.lga : '',
    address: profile.address ?? '',
    landmark: profile.landmark ?? '',
    dateOfBirth: epochToDate(profile.dateOfBirth),
    incorporatedTrusteeCategory: profile.incorporatedTrusteeCategory ?? '',
    smeCategory: profile.smeCategory ?? '',
    sourceOfFund: profile.sourceOfFund ?? '',
    monthlyIncome: profile.monthlyIncome > 0 ? incomeDigits(String(profile.monthlyIncome)) : '',
  };
}

/** The draft kept in the kyc store: every value, typed as the server records it. */
export function draftFromForm(form: ProfileForm, ids: { userId?: string; companyId?: string }): BusinessProfileDraft {
  return {
    ...form,
    country: COUNTRY,
    dateOfBirth: dateToEpoch(form.dateOfBirth),
    monthlyIncome: form.monthlyIncome ? Number(form.monthlyIncome) : 0,
    ...ids,
  };
}

/** What POST company/business-profile gets: fields another business type would use go empty. */
export function payloadFromForm(
  form: ProfileForm,
  type: BusinessType | null,
  subType: BusinessSubType | null,
  ids: { userId: string; companyId: string },
): BusinessProfileRequest {
  const needs = profileFieldsFor(type, subType);
  return {
    description: form.description,
    industry: form.industry,
    currency: form.currency,
    website: form.website,
    country: COUNTRY,
    state: form.state,
    lga: form.lga,
    address: form.address,
    landmark: form.landmark,
    dateOfBirth: needs.dateOfBirth ? dateToEpoch(form.dateOfBirth) : 0,
    incorporatedTrusteeCategory: needs.incorporatedTrusteeCategory ? form.incorporatedTrusteeCategory : '',
    smeCategory: needs.smeCategory ? form.smeCategory : '',
    sourceOfFund: needs.sourceOfFund ? form.sourceOfFund : '',
    monthlyIncome: needs.monthlyIncome && form.monthlyIncome ? Number(form.monthlyIncome) : 0,
    ...ids,
  };
}

/** Field errors with the messages the server would send (SPEC.md section 5); empty when valid. */
export function validateProfile(
  payload: BusinessProfileRequest,
  type: BusinessType,
  subType: BusinessSubType | null,
): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  const result = businessProfileRequest.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      // The ids come from the session, not from the form; a missing session is reported on submit.
      if (typeof field !== 'string' || !(field in emptyProfileForm)) continue;
      errors[field as ProfileField] ??= issue.message;
    }
  }
  const typed = profileErrorsForType(
    {
      dateOfBirth: payload.dateOfBirth ?? 0,
      incorporatedTrusteeCategory: payload.incorporatedTrusteeCategory ?? '',
      smeCategory: payload.smeCategory ?? '',
      sourceOfFund: payload.sourceOfFund ?? '',
      monthlyIncome: payload.monthlyIncome ?? 0,
    },
    type,
    subType,
  );
  // The per-type checks carry SPEC.md's messages; they win over the shared schema's for the same field.
  return { ...errors, ...typed };
}
