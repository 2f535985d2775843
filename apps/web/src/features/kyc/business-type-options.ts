import type { BusinessSubType, BusinessType } from '@fipay/contracts/kyb-options';

/** Step 1's choices in words, for its form and for the application shown read-only. */
export const typeOptions: { value: BusinessType; label: string }[] = [
  { value: 'Individual', label: 'Individual' },
  { value: 'NGO', label: 'Non-Governmental Organisation (NGO)' },
  { value: 'Registered Business', label: 'Registered Business' },
];

export const subTypeOptions: { value: BusinessSubType; label: string }[] = [
  { value: 'SME', label: 'Registered SME' },
  { value: 'Non-SME', label: 'Registered Non-SME' },
];
