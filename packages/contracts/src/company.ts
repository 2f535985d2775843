import { z } from 'zod';
import { applicationStatuses, businessSubTypes, businessTypes, docKeys } from './kyb-options';
import { KYB_STEP_COUNT } from './limits';

export const businessProfileRecord = z.object({
  description: z.string(),
  industry: z.string(),
  currency: z.string(),
  website: z.string(),
  country: z.string(),
  state: z.string(),
  lga: z.string(),
  address: z.string(),
  landmark: z.string(),
  dateOfBirth: z.number(),
  incorporatedTrusteeCategory: z.string(),
  smeCategory: z.string(),
  sourceOfFund: z.string(),
  monthlyIncome: z.number(),
});
export type BusinessProfileRecord = z.infer<typeof businessProfileRecord>;

export const documentRecord = z.object({
  id: z.string(),
  companyId: z.string(),
  userId: z.string(),
  name: z.string(),
  fileUrl: z.string(),
  objectKey: z.string(),
  docKey: z.enum(docKeys),
  isCAC: z.boolean(),
  cacRegNumber: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int(),
  /** A short-lived signed link for the owner to view the file. */
  viewUrl: z.string(),
  uploadedAt: z.string(),
});
export type DocumentRecord = z.infer<typeof documentRecord>;

export const representativeRecord = z.object({
  id: z.string(),
  position: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  idType: z.string(),
  /** Masked: only the last four characters are shown. */
  idNumber: z.string(),
  approvedBy: z.string().nullable(),
  isRepApproved: z.boolean(),
  approvedAt: z.string().nullable(),
});
export type RepresentativeRecord = z.infer<typeof representativeRecord>;

export const bankDetailsRecord = z.object({
  currency: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  /** Masked: only the last four digits are shown. */
  bvn: z.string(),
});
export type BankDetailsRecord = z.infer<typeof bankDetailsRecord>;

/**
 * The company's KYB application as the login answer carries it (SPEC.md
 * section 3). Values stay empty until the company starts its verification.
 */
export const applicationSchema = z.object({
  businessType: z.object({ businessType: z.enum(businessTypes), subType: z.enum(businessSubTypes).nullable() }).nullable(),
  businessProfile: businessProfileRecord.nullable(),
  documents: z.array(documentRecord),
  representatives: z.array(representativeRecord),
  bankDetails: bankDetailsRecord.nullable(),
  /** null until the company starts its verification. */
  status: z.object({ code: z.enum(applicationStatuses).nullable() }),
  rejectionReason: z.string().nullable(),
  progress: z.object({ currentStep: z.number().int().min(1).max(KYB_STEP_COUNT) }),
});
export type Application = z.infer<typeof applicationSchema>;

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  countryId: z.number().int(),
  address: z.string(),
  registrationNo: z.string(),
  application: applicationSchema,
});
export type Company = z.infer<typeof companySchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
