import {
  businessProfileRequest,
  profileErrorsForType,
  profileFieldsFor,
  type BusinessProfileRequest,
} from '@fipay/contracts/kyb';
import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';
import { isLgaOf, nigerianStates } from '@fipay/contracts/nigeria';
import { z } from 'zod';
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

/** Every field of the form: where the server's field errors for the profile may go. */
export const profileFields = Object.keys(emptyProfileForm) as ProfileField[];

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

/**
 * The form's checks: the payload the form would send, read by the contract's schema, plus the
 * checks of the chosen business type (SPEC.md section 5's messages). Every issue's path is a form
 * field; the session's ids are checked too, since a request without them cannot be sent.
 */
export function profileFormSchema(
  type: BusinessType,
  subType: BusinessSubType | null,
  ids: () => { userId: string; companyId: string },
) {
  return z.preprocess(
    (form: ProfileForm) => payloadFromForm(form, type, subType, ids()),
    businessProfileRequest.superRefine((payload, ctx) => {
      for (const [field, message] of Object.entries(profileErrorsForType(payload, type, subType))) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    }),
  );
}
