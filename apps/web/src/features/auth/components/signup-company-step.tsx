import type { ChangeEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { CountrySelect } from './country-select';
import type { CompanyForm } from './signup-form-types';

type SignupCompanyStepProps = {
  values: CompanyForm;
  errors: Partial<Record<keyof CompanyForm, string>>;
  onChange: (field: keyof CompanyForm, value: string) => void;
};

export function SignupCompanyStep({ values, errors, onChange }: SignupCompanyStepProps) {
  const bind = (field: keyof CompanyForm) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(field, event.target.value),
  });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Company Name" autoComplete="organization" placeholder="Acme Logistics Ltd" {...bind('name')} />
      </div>
      <TextField label="Company Email" type="email" autoComplete="email" placeholder="hello@company.com" {...bind('email')} />
      <TextField label="Company Phone" type="tel" autoComplete="tel" placeholder="+234 801 234 5678" {...bind('phone')} />
      <TextField label="Website" type="url" autoComplete="url" placeholder="https://company.com" {...bind('website')} />
      <CountrySelect {...bind('countryId')} />
      <div className="sm:col-span-2">
        <TextField label="Address" autoComplete="street-address" placeholder="12 Marina Road, Lagos" {...bind('address')} />
      </div>
      <div className="sm:col-span-2">
        <TextField label="Registration Number" placeholder="RC1234567" {...bind('registrationNo')} />
      </div>
    </div>
  );
}
