import { kybMessages, missingStepsSchema, submitKybRequest, type Bank } from '@fipay/contracts/kyb';
import { z } from 'zod';
import { kybSteps } from '@fipay/contracts/kyb-options';

export type BankFormValues = {
  currency: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  bvn: string;
};

export const ACCOUNT_NUMBER_LENGTH = 10;
export const BVN_LENGTH = 11;

/** The listed bank whose name is exactly what the picker holds (any letter case). */
export function findBank(banks: Bank[], name: string): Bank | undefined {
  const wanted = name.trim().toLowerCase();
  return wanted ? banks.find((bank) => bank.bank_name.toLowerCase() === wanted) : undefined;
}

/** The picker's filter: a case-insensitive substring of the bank name. */
export function filterBanks(banks: Bank[], query: string): Bank[] {
  const wanted = query.trim().toLowerCase();
  return wanted ? banks.filter((bank) => bank.bank_name.toLowerCase().includes(wanted)) : banks;
}

/**
 * SPEC.md section 5, bank form: the submission's own checks for the account number, BVN and
 * account name, and a bank that is on the list.
 */
export function bankFormSchema(banks: Bank[]) {
  return submitKybRequest.pick({ accountNumber: true, bvn: true, accountName: true }).extend({
    currency: z.string().min(1, kybMessages.currency),
    bankName: z
      .string()
      .trim()
      .min(1, kybMessages.bank)
      .refine((name) => findBank(banks, name) !== undefined, kybMessages.bankInvalid),
  });
}

const stepOfMissing = { businessType: 1, businessProfile: 2, documents: 3, representatives: 4 } as const;

/** The earliest step the server says is still due when it refuses a submission (422 with errors by step). */
export function firstMissingStep(fieldErrors: Record<string, string>) {
  const parsed = missingStepsSchema.safeParse(Object.keys(fieldErrors));
  if (!parsed.success || parsed.data.length === 0) return null;
  const step = Math.min(...parsed.data.map((key) => stepOfMissing[key]));
  return kybSteps.find((s) => s.step === step) ?? null;
}
