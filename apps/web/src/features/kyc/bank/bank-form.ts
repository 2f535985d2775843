import { kybMessages, missingStepsSchema, type Bank } from '@fipay/contracts/kyb';
import { kybSteps } from '@fipay/contracts/kyb-options';

export type BankFormValues = {
  currency: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  bvn: string;
};
export type BankFormErrors = Partial<Record<keyof BankFormValues, string>>;

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

/** SPEC.md section 5, bank form. */
export function validateBankForm(values: BankFormValues, banks: Bank[]): BankFormErrors {
  const errors: BankFormErrors = {};
  if (!values.currency) errors.currency = kybMessages.currency;
  if (!values.bankName.trim()) errors.bankName = kybMessages.bank;
  else if (!findBank(banks, values.bankName)) errors.bankName = kybMessages.bankInvalid;
  if (!new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(values.accountNumber)) errors.accountNumber = kybMessages.accountNumber;
  if (!new RegExp(`^\\d{${BVN_LENGTH}}$`).test(values.bvn)) errors.bvn = kybMessages.bvn;
  if (!values.accountName.trim()) errors.accountName = kybMessages.accountName;
  return errors;
}

const fieldOfServerError: Record<string, keyof BankFormValues> = {
  currency: 'currency',
  bankName: 'bankName',
  bankCode: 'bankName',
  accountNumber: 'accountNumber',
  accountName: 'accountName',
  bvn: 'bvn',
};

export function bankErrorsFromServer(fieldErrors: Record<string, string>): BankFormErrors {
  const errors: BankFormErrors = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const field = fieldOfServerError[key];
    if (field) errors[field] ??= message;
  }
  return errors;
}

const stepOfMissing = { businessType: 1, businessProfile: 2, documents: 3, representatives: 4 } as const;

/** The earliest step the server says is still due when it refuses a submission (422 with errors by step). */
export function firstMissingStep(fieldErrors: Record<string, string>) {
  const parsed = missingStepsSchema.safeParse(Object.keys(fieldErrors));
  if (!parsed.success || parsed.data.length === 0) return null;
  const step = Math.min(...parsed.data.map((key) => stepOfMissing[key]));
  return kybSteps.find((s) => s.step === step) ?? null;
}
