import type { ChangeEvent } from 'react';
import { SelectField } from '../../../components/ui/field';
import { useCountries } from '../hooks/use-countries';

type CountrySelectProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  error?: string;
  name?: string;
};

export function CountrySelect({ value, onChange, error, name = 'countryId' }: CountrySelectProps) {
  const { countries, isLoading } = useCountries();
  const unavailable = isLoading || countries.length === 0;

  return (
    <SelectField label="Country" name={name} value={value} onChange={onChange} error={error} disabled={unavailable}>
      {isLoading ? (
        <option value="">Loading...</option>
      ) : countries.length === 0 ? (
        <option value="">No countries found</option>
      ) : (
        <>
          <option value="">Select a country</option>
          {countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.Emoji} {country.name}
            </option>
          ))}
        </>
      )}
    </SelectField>
  );
}
