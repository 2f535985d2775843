import type { FieldError, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a refusal's field errors (keyed by the request's field path, ADR 0013) under the form's
 * fields of the same path. Keys the form has no field for are left to the caller's general
 * error or toast. Returns whether any field got an error.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}

/**
 * The message of a field error the server gave, for forms whose own checks show no text under
 * the field (sign-up step 1 has one alert for them all; an empty recovery request does nothing).
 */
export function serverMessage(error: FieldError | undefined): string | undefined {
  return error?.type === 'server' ? error.message : undefined;
}
