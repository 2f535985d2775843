import { TextField } from '../../../components/ui/field';
import type { CountryList } from '../hooks/use-countries';
import { CountrySelect } from './country-select';
import type { CompanyForm, StepFields } from './signup-form-types';

type SignupCompanyStepProps = { field: StepFields<CompanyForm>; countries: CountryList };

export function SignupCompanyStep({ field, countries }: SignupCompanyStepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label="Company Name" autoComplete="organization" placeholder="Acme Logistics Ltd" {...field('name')} />
      </div>
      <TextField label="Company Email" type="email" autoComplete="email" placeholder="hello@company.com" {...field('email')} />
      <TextField label="Company Phone" type="tel" autoComplete="tel" placeholder="+234 801 234 5678" {...field('phone')} />
      <TextField label="Website" type="url" autoComplete="url" placeholder="https://company.com" {...field('website')} />
      <CountrySelect list={countries} {...field('countryId')} />
      <div className="sm:col-span-2">
        <TextField label="Address" autoComplete="street-address" placeholder="12 Marina Road, Lagos" {...field('address')} />
      </div>
      <div className="sm:col-span-2">
        <TextField label="Registration Number" placeholder="RC1234567" {...field('registrationNo')} />
      </div>
    </div>
  );
}
