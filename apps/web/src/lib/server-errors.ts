import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a refusal's field errors (keyed by the request's field path, ADR 0013) under the form's
 * fields of the same path. A form whose fields sit elsewhere than the request's (an array body
 * sent from some of the form's rows, a request field the form shows under another) passes
 * `{ requestPath: formField }` instead. Keys the form has no field for are left to the caller's
 * general error or toast. With `focus`, the first field that got one takes focus, so a screen
 * reader reads it out where no banner or toast repeats it. Returns whether any field got an error.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[] | Readonly<Record<string, FieldPath<T>>>,
  { focus = false }: { focus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const targets: [string, FieldPath<T>][] = isFieldList(fields) ? fields.map((field) => [field, field]) : Object.entries(fields);
  const placed = new Set<string>();
  for (const [key, field] of targets) {
    const message = error.fieldErrors[key];
    // Where two request fields show under one form field, the first error listed stays.
    if (message && !placed.has(field)) {
      setError(field, { type: 'server', message }, { shouldFocus: focus && placed.size === 0 });
      placed.add(field);
    }
  }
  return placed.size > 0;
}

function isFieldList<T extends FieldValues>(
  fields: readonly FieldPath<T>[] | Readonly<Record<string, FieldPath<T>>>,
): fields is readonly FieldPath<T>[] {
  return Array.isArray(fields);
}

/**
 * The message of a field error the server gave, for forms whose own checks show no text under
 * the field (sign-up step 1 has one alert for them all; an empty recovery request does nothing).
 */
export function serverMessage(error: FieldError | undefined): string | undefined {
  return error?.type === 'server' ? error.message : undefined;
}

/** Whether a refusal carried field errors (shown under the fields rather than in a banner). */
export function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && Object.keys(error.fieldErrors).length > 0;
}

/**
 * Whether `message` is the error the refusal gives one of `fields` (its request paths), and so is
 * shown under that field: a banner or toast saying it again would show the same words twice
 * (a weak password was said three times).
 */
export function shownUnderField(error: unknown, message: string, fields: readonly string[]): boolean {
  return error instanceof ApiError && fields.some((field) => error.fieldErrors[field] === message);
}
