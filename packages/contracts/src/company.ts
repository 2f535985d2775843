import { z } from 'zod';
import { applicationStatuses, businessSubTypes, businessTypes, docKeys, reviewReasons, reviewTargets } from './kyb-options';
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
 * Something a reviewer asked the company to change (status CHANGES_REQUESTED).
 * `key` is the document's docKey, the representative's id, or 'bank'.
 */
export const reviewItemSchema = z.object({
  id: z.string(),
  target: z.enum(reviewTargets),
  key: z.string(),
  /** What is flagged, in words: 'Proof of Address', 'Ngozi Eze (Director)', 'Bank details'. */
  label: z.string(),
  reason: z.enum(reviewReasons),
  /** The reason in words (reviewReasonLabels). */
  reasonLabel: z.string(),
  /** The reviewer's own words; always present for 'other'. */
  note: z.string().nullable(),
  /** One line for the company: label, reason and note together. */
  message: z.string(),
  /** The onboarding step (3 documents, 4 representatives, 5 bank) where it is fixed. */
  step: z.number().int().min(1).max(KYB_STEP_COUNT),
  /** The company has already changed it since the request (it is resolved when they resubmit). */
  addressed: z.boolean(),
  requestedAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

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
  /**
   * A rejection the company cannot answer by resubmitting. The server always sends it;
   * optional so that earlier clients and fixtures stay valid.
   */
  rejectionFinal: z.boolean().optional(),
  /** The open review items while the status is CHANGES_REQUESTED, else empty. Always sent by the server. */
  reviewItems: z.array(reviewItemSchema).optional(),
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
