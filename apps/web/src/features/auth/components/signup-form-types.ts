import type { SignupRequest } from '@fipay/contracts/auth';

/** Form state mirrors the signup request; the country select holds its id as text until submit. */
export type CompanyForm = Record<keyof SignupRequest['company'], string>;
export type UserForm = Record<keyof SignupRequest['user'], string>;
