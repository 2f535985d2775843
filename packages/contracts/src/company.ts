import { z } from 'zod';
import { KYB_STEP_COUNT } from './limits';

/**
 * The company's KYB application as the login answer carries it (SPEC.md
 * section 3). Values stay empty until the company starts its verification.
 */
export const applicationSchema = z.object({
  businessType: z
    .object({ businessType: z.string(), subType: z.string().nullable() })
    .nullable(),
  businessProfile: z.record(z.string(), z.unknown()).nullable(),
  documents: z.array(z.record(z.string(), z.unknown())),
  representatives: z.array(z.record(z.string(), z.unknown())),
  bankDetails: z.record(z.string(), z.unknown()).nullable(),
  status: z.object({ code: z.string().nullable() }),
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
