import type { SignupRequest } from '@fipay/contracts/auth';
import type { FieldProps } from '../../../lib/deferred-form';
import type { CountryList } from '../hooks/use-countries';

/** Form state mirrors the signup request; the country select holds its id as text until submit. */
export type CompanyForm = Record<keyof SignupRequest['company'], string>;
export type UserForm = Record<keyof SignupRequest['user'], string>;
export type SignupFields = { company: CompanyForm; user: UserForm };

/** A step's fields by their name within the step; the form names them by path (`company.name`). */
export type StepFields<T> = (name: keyof T & string) => FieldProps;

/** What the page gives the form and its stand-in: the country list outlives both. */
export type SignupFormProps = { countries: CountryList };
