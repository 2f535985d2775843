import { SelectField } from '../../../components/ui/field';
import type { FieldProps } from '../../../lib/deferred-form';
import type { CountryList } from '../hooks/use-countries';

/** The list comes from the page, so it survives the step changes and the stand-in's replacement. */
export function CountrySelect({ list: { countries, isLoading }, ...props }: FieldProps & { list: CountryList }) {
  const unavailable = isLoading || countries.length === 0;

  return (
    <SelectField label="Country" {...props} disabled={unavailable}>
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
