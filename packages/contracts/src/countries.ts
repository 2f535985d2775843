import { z } from 'zod';
import { envelope } from './envelope';

export const countrySchema = z.object({ id: z.number().int(), name: z.string(), Emoji: z.string() });
export type Country = z.infer<typeof countrySchema>;

export const countriesResponse = envelope(z.array(countrySchema));
