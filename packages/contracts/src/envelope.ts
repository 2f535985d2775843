import { z } from 'zod';

/** Every answer of the API, errors included, has this shape. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ isSuccessful: z.boolean(), message: z.string(), data });
}

export const errorData = z
  .object({
    code: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .nullable();

export const errorEnvelope = envelope(errorData);
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const emptyEnvelope = envelope(z.null());

export type Envelope<T> = { isSuccessful: boolean; message: string; data: T };
