import { z } from 'zod';
import { companySchema, documentRecord, representativeRecord } from './company';
import {
  bankCurrencies,
  businessSubTypes,
  businessTypes,
  cacNumberPattern,
  docKeys,
  idTypes,
  industries,
  profileCurrencies,
  representativeRoles,
  smeCategories,
  sourcesOfFund,
  trusteeCategories,
  UPLOAD_URL_EXPIRY_SECONDS,
  type BusinessSubType,
  type BusinessType,
} from './kyb-options';
import { emptyEnvelope, envelope } from './envelope';
import { documented, EMAIL_PATTERN, serverChecks, text, uuid } from './fields';
import { messages } from './messages';
import { isLgaOf, nigerianStates } from './nigeria';

/** Field messages of SPEC.md section 5, and the server's own where SPEC.md is silent. */
export const kybMessages = {
  businessTypeInvalid: 'Choose Individual, Non-Governmental Organisation (NGO) or Registered Business.',
  subTypeRequired: 'Choose Registered SME or Registered Non-SME.',
  subTypeNotAllowed: 'Only a Registered Business has a sub-type.',
  description: 'Description is required',
  industry: 'Industry is required',
  currency: 'Currency is required',
  country: 'Country is required',
  countryNigeria: 'Only businesses in Nigeria can be verified.',
  state: 'State is required',
  stateUnknown: 'Choose one of the 36 states or the FCT.',
  lga: 'LGA is required',
  lgaUnknown: 'Choose an LGA of the selected state.',
  address: 'Address must be at least 5 characters',
  landmark: 'Landmark is required',
  dateOfBirth: 'Date of Birth is required',
  dateOfBirthInvalid: 'Enter a real date of birth in the past.',
  trusteeCategory: 'Category is required',
  smeCategory: 'SME Category is required',
  sourceOfFund: 'Source of fund is required',
  monthlyIncome: 'Monthly income is required',
  optionUnknown: 'Choose one of the listed options.',
  businessTypeFirst: 'Choose your business type first.',

  position: 'Role is required',
  fullName: 'Name is required',
  email: 'Email is required',
  phone: 'Phone Number is required',
  idType: 'ID type is required',
  idNumber: 'ID number is required',
  idNumberMasked: 'Enter the full ID number.',
  representativeRequired: 'Add at least one representative.',
  representativeDuplicate: 'Each representative needs a different email address.',
  representativeEmailMissing: 'Representative email is missing.',
  representativeNotFound: 'Representative not found.',
  approvalNameRequired: 'Full name is required',
  approvalInvalid: 'Invalid approval link.',
  approvalSuccess: 'Thank you! You have successfully approved your representative role.',

  fileTooLarge: 'File exceeds 5MB.',
  fileTypeNotAllowed: 'Only PDF, PNG, JPG and DOCX files are allowed.',
  docKeyUnknown: 'Unknown document slot.',
  cacNumberRequired: 'CAC registration number is required.',
  cacNumberInvalid: 'Input should include the registration code prefix i.e. BN, LLC, RC',
  documentsMissing: 'Upload the Certificate of Incorporation, Proof of Address, MEMART and Due Diligence Questionnaire.',

  accountNumber: 'Account number must be 10 digits',
  bank: 'Bank is required',
  bankInvalid: 'Invalid Bank',
  bvn: 'BVN must be 11 digits',
  accountName: 'Account name is required',
  accountNameMismatch: 'The account name does not match the bank record for this account.',
  currencyNgnOnly: 'Only NGN settlement accounts are supported.',
  resolveFailed: 'Failed to resolve account.',

  applicationLocked: 'Your application has been submitted and can no longer be changed.',
  applicationRejectedFinal: 'Your application was rejected and cannot be submitted again.',
  onlyFlaggedItems: 'Only the items our compliance team flagged can be changed now.',
  documentNotFlagged: (label: string) => `${label} was not flagged for changes, so it stays as it is.`,
  documentNeedsNewFile: (label: string) => `Upload a new file for ${label}.`,
  representativeNotFlagged: (name: string) => `${name} was not flagged for changes, so their details stay as they are.`,
  representativeAddNotAllowed: 'Representatives can be added only when our compliance team asks for a change to them.',
  representativeUnchanged: (name: string) => `Update the details of ${name}, or remove them.`,
  bankNotFlagged: 'Your bank details were not flagged for changes. Submit the same account and BVN as before.',
  bankUnchanged: 'Your bank details were flagged for changes. Enter a different account or BVN before resubmitting.',
  flaggedItemsOpen: 'Fix the flagged items before resubmitting.',
  stepsMissing: 'Complete every step before submitting.',
  identityMismatch: 'You can only change your own company.',

  businessTypeSaved: 'Business type saved.',
  profileSaved: 'Business profile submitted!',
  documentsSaved: 'Documents submitted!',
  representativesSaved: 'Representatives submitted!',
  representativeRemoved: 'Representative removed.',
  kybSubmitted: 'KYB submitted for verification successful!',
  uploadUrlCreated: 'Upload URL created.',
  banksLoaded: 'Banks loaded.',
  accountResolved: 'Account resolved.',
} as const;

const optionOf = <T extends readonly [string, ...string[]]>(values: T, required: string) =>
  documented(text(required).trim().min(1, required), { enum: values }).pipe(z.enum(values, kybMessages.optionUnknown));

const identity = { userId: uuid, companyId: uuid };

/** 1900-01-01 UTC: the earliest date of birth accepted. */
const EARLIEST_BIRTH_DATE = -2_208_988_800_000;
/** The latest time a JavaScript Date can hold (epoch milliseconds), so a stored date of birth always reads back as a date. */
const LATEST_DATE = 8_640_000_000_000_000;

// ---- Step 1: business type
export const businessTypeRequest = z
  .object({
    businessType: z.enum(businessTypes, kybMessages.businessTypeInvalid),
    subType: serverChecks(z.enum(businessSubTypes, kybMessages.subTypeRequired), 'Required for a Registered Business; absent or null for the other types.').nullish(),
    ...identity,
  })
  .superRefine((value, ctx) => {
    if (value.businessType === 'Registered Business' && !value.subType) {
      ctx.addIssue({ code: 'custom', path: ['subType'], message: kybMessages.subTypeRequired });
    }
    if (value.businessType !== 'Registered Business' && value.subType) {
      ctx.addIssue({ code: 'custom', path: ['subType'], message: kybMessages.subTypeNotAllowed });
    }
  });
export type BusinessTypeRequest = z.input<typeof businessTypeRequest>;

// ---- Step 2: business profile
/** The fields every business type shares. Type-specific ones are checked by `profileErrorsForType`. */
export const businessProfileRequest = z.object({
  description: text(kybMessages.description).trim().min(10, kybMessages.description).max(2000),
  industry: optionOf(industries, kybMessages.industry),
  currency: optionOf(profileCurrencies, kybMessages.currency),
  website: text().trim().max(200).optional().default(''),
  country: documented(text(kybMessages.country).trim().min(1, kybMessages.country).refine((c) => c === 'Nigeria', kybMessages.countryNigeria), { enum: ['Nigeria'] }),
  state: documented(text(kybMessages.state).trim().min(1, kybMessages.state).refine((s) => s in nigerianStates, kybMessages.stateUnknown), { enum: Object.keys(nigerianStates) }),
  lga: serverChecks(text(kybMessages.lga).trim().min(1, kybMessages.lga), 'One of the local government areas of state.'),
  address: text(kybMessages.address).trim().min(5, kybMessages.address).max(300),
  landmark: text(kybMessages.landmark).trim().min(1, kybMessages.landmark).max(200),
  // Epoch milliseconds; 0 means empty (SPEC.md). Dates before 1970 are negative.
  dateOfBirth: serverChecks(
    z.number().int(kybMessages.dateOfBirthInvalid).min(EARLIEST_BIRTH_DATE, kybMessages.dateOfBirthInvalid).max(LATEST_DATE, kybMessages.dateOfBirthInvalid),
    'For an Individual: required (not 0) and in the past.',
  ).optional().default(0),
  incorporatedTrusteeCategory: serverChecks(text().trim(), `For an NGO: required, one of ${trusteeCategories.join('; ')}.`).optional().default(''),
  smeCategory: serverChecks(text().trim(), `For a Registered SME: required, one of ${smeCategories.join('; ')}.`).optional().default(''),
  sourceOfFund: serverChecks(text().trim(), `For a Registered Business: required, one of ${sourcesOfFund.join('; ')}.`).optional().default(''),
  monthlyIncome: serverChecks(z.number().int().min(0).max(1e15), 'For a Registered Business: required (more than 0).').optional().default(0),
  ...identity,
}).superRefine((value, ctx) => {
  if (value.state in nigerianStates && value.lga && !isLgaOf(value.state, value.lga)) {
    ctx.addIssue({ code: 'custom', path: ['lga'], message: kybMessages.lgaUnknown });
  }
});
export type BusinessProfileRequest = z.input<typeof businessProfileRequest>;
export type BusinessProfile = z.output<typeof businessProfileRequest>;

/** Which extra profile fields a business type needs (SPEC.md section 2, step 2). */
export function profileFieldsFor(type: BusinessType | null | undefined, subType?: BusinessSubType | null) {
  return {
    dateOfBirth: type === 'Individual',
    incorporatedTrusteeCategory: type === 'NGO',
    smeCategory: type === 'Registered Business' && subType === 'SME',
    sourceOfFund: type === 'Registered Business',
    monthlyIncome: type === 'Registered Business',
  };
}

/** Field errors for the type-specific fields; empty when the profile suits the type. */
export function profileErrorsForType(
  profile: Pick<BusinessProfile, 'dateOfBirth' | 'incorporatedTrusteeCategory' | 'smeCategory' | 'sourceOfFund' | 'monthlyIncome'>,
  type: BusinessType,
  subType: BusinessSubType | null,
  now = Date.now(),
): Record<string, string> {
  const needs = profileFieldsFor(type, subType);
  const errors: Record<string, string> = {};
  const check = (field: string, ok: boolean, message: string) => {
    if (!ok) errors[field] = message;
  };
  if (needs.dateOfBirth) {
    check('dateOfBirth', profile.dateOfBirth !== 0, kybMessages.dateOfBirth);
    if (profile.dateOfBirth !== 0) check('dateOfBirth', profile.dateOfBirth < now && profile.dateOfBirth >= EARLIEST_BIRTH_DATE, kybMessages.dateOfBirthInvalid);
  }
  if (needs.incorporatedTrusteeCategory) {
    check('incorporatedTrusteeCategory', profile.incorporatedTrusteeCategory !== '', kybMessages.trusteeCategory);
    if (profile.incorporatedTrusteeCategory) check('incorporatedTrusteeCategory', (trusteeCategories as readonly string[]).includes(profile.incorporatedTrusteeCategory), kybMessages.optionUnknown);
  }
  if (needs.smeCategory) {
    check('smeCategory', profile.smeCategory !== '', kybMessages.smeCategory);
    if (profile.smeCategory) check('smeCategory', (smeCategories as readonly string[]).includes(profile.smeCategory), kybMessages.optionUnknown);
  }
  if (needs.sourceOfFund) {
    check('sourceOfFund', profile.sourceOfFund !== '', kybMessages.sourceOfFund);
    if (profile.sourceOfFund) check('sourceOfFund', (sourcesOfFund as readonly string[]).includes(profile.sourceOfFund), kybMessages.optionUnknown);
  }
  if (needs.monthlyIncome) check('monthlyIncome', profile.monthlyIncome > 0, kybMessages.monthlyIncome);
  return errors;
}

// ---- Step 3: documents
export const uploadUrlRequest = z.object({
  objectKey: text().trim().min(1).max(500),
  expirySeconds: z.number().int().positive().max(UPLOAD_URL_EXPIRY_SECONDS).optional().default(UPLOAD_URL_EXPIRY_SECONDS),
  contentType: text().trim().min(1).max(200),
});
export type UploadUrlRequest = z.input<typeof uploadUrlRequest>;
/** SPEC.md reads the presigned URL from data. */
export const uploadUrlResponse = envelope(z.string());

export const documentInput = z
  .object({
    name: text().trim().min(1).max(255),
    fileUrl: text().trim().min(1).max(2000),
    objectKey: text().trim().min(1).max(2000),
    docKey: z.enum(docKeys, kybMessages.docKeyUnknown),
    isCAC: z.boolean().default(false),
    cacRegNumber: serverChecks(
      text().trim().toUpperCase(),
      `For the certificate: required, ${cacNumberPattern.source} once upper-cased (RC, BN, IT, LP, LLP or LLC and up to 10 digits).`,
    ).optional(),
  })
  .meta({ 'x-server-checks': 'Each docKey at most once in a request.' })
  .superRefine((doc, ctx) => {
    if (doc.docKey !== 'certificate') return;
    if (!doc.cacRegNumber) ctx.addIssue({ code: 'custom', path: ['cacRegNumber'], message: kybMessages.cacNumberRequired });
    else if (!cacNumberPattern.test(doc.cacRegNumber)) ctx.addIssue({ code: 'custom', path: ['cacRegNumber'], message: kybMessages.cacNumberInvalid });
  });
export type DocumentInput = z.input<typeof documentInput>;
export const documentsRequest = z.array(documentInput).min(1).max(docKeys.length);

export const documentsResponse = envelope(z.array(documentRecord));

// ---- Step 4: representatives
const requiredText = (message: string, max = 200) => text(message).trim().min(1, message).max(max);
export const representativeInput = z.object({
  position: documented(requiredText(kybMessages.position), { enum: representativeRoles }).pipe(z.enum(representativeRoles, kybMessages.optionUnknown)),
  fullName: requiredText(kybMessages.fullName),
  email: serverChecks(
    documented(requiredText(kybMessages.email, 254).toLowerCase(), { format: 'email', pattern: EMAIL_PATTERN }),
    'Each email at most once in a request.',
  ).pipe(z.email(messages.emailInvalid)),
  phone: requiredText(kybMessages.phone, 30),
  idType: documented(requiredText(kybMessages.idType), { enum: idTypes }).pipe(z.enum(idTypes, kybMessages.optionUnknown)),
  idNumber: requiredText(kybMessages.idNumber, 30).refine((value) => !value.includes('*'), kybMessages.idNumberMasked),
});
export type RepresentativeInput = z.input<typeof representativeInput>;
export const representativesRequest = z
  .array(representativeInput)
  .min(1, kybMessages.representativeRequired)
  .max(20)
  .superRefine((reps, ctx) => {
    const seen = new Set<string>();
    reps.forEach((rep, index) => {
      if (seen.has(rep.email)) ctx.addIssue({ code: 'custom', path: [index, 'email'], message: kybMessages.representativeDuplicate });
      seen.add(rep.email);
    });
  });

export const representativesResponse = envelope(z.array(representativeRecord));
export const removeRepresentativeResponse = emptyEnvelope;

export const approveRepresentativeRequest = z.object({
  companyId: text(kybMessages.approvalInvalid).min(1, kybMessages.approvalInvalid),
  repId: text(kybMessages.approvalInvalid).min(1, kybMessages.approvalInvalid),
  token: text(kybMessages.approvalInvalid).min(1, kybMessages.approvalInvalid).max(500),
  fullName: requiredText(kybMessages.approvalNameRequired),
});
export const approveRepresentativeResponse = emptyEnvelope;

// ---- Step 5: bank details
export const bankSchema = z.object({ bank_name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const bankListResponse = envelope(z.array(bankSchema));

export const resolveAccountQuery = z.object({
  bankCode: text(kybMessages.bank).trim().min(1, kybMessages.bank).max(20),
  accountNumber: text(kybMessages.accountNumber).trim().regex(/^\d{10}$/, kybMessages.accountNumber),
});
export const resolvedAccountSchema = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  execution_time: z.number().optional(),
  requests: z.number().optional(),
});
export type ResolvedAccount = z.infer<typeof resolvedAccountSchema>;
export const resolveAccountResponse = envelope(resolvedAccountSchema);

export const submitKybRequest = z.object({
  companyId: uuid,
  accountName: text(kybMessages.accountName).trim().min(1, kybMessages.accountName).max(200),
  accountNumber: text(kybMessages.accountNumber).trim().regex(/^\d{10}$/, kybMessages.accountNumber),
  bankName: text(kybMessages.bank).trim().min(1, kybMessages.bank).max(200),
  bankCode: text(kybMessages.bank).trim().min(1, kybMessages.bank).max(20),
  bvn: text(kybMessages.bvn).trim().regex(/^\d{11}$/, kybMessages.bvn),
  currency: z.enum(bankCurrencies, kybMessages.currencyNgnOnly).default('NGN'),
});
export type SubmitKybRequest = z.input<typeof submitKybRequest>;

// ---- Company with its application
export const companyMeResponse = envelope(companySchema);
export const businessTypeResponse = emptyEnvelope;
export const businessProfileResponse = emptyEnvelope;
export const submitKybResponse = emptyEnvelope;

/** What still stops a submission, by step (like Stripe's currently_due). */
export const missingStepsSchema = z.array(z.enum(['businessType', 'businessProfile', 'documents', 'representatives']));
