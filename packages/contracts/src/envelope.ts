import { z } from 'zod';
import { errorCodes } from './error-codes';

/** Every answer of the API, errors included, has this shape. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ isSuccessful: z.boolean(), message: z.string(), data });
}

/** Keyed by the request's own field path, segments joined with '.' (docs/decisions/0013-endpoint-contracts.md). */
export const errorFields = z.record(z.string(), z.string());

export const errorData = z
  .object({
    code: z.enum(errorCodes),
    errors: errorFields.optional(),
  })
  .nullable();

export const errorEnvelope = envelope(errorData);
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const emptyEnvelope = envelope(z.null());

export type Envelope<T> = { isSuccessful: boolean; message: string; data: T };
