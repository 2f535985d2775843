import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INT4_MAX } from '../limits';
import { endpointCatalogue } from './catalogue';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as z.core.$ZodType)._zod.def as unknown as Def;

// Types that hold no number the request could send: text, choices, free-form JSON (a charge's metadata, kept whole as jsonb).
const numberless = new Set(['string', 'boolean', 'enum', 'literal', 'null', 'undefined', 'record']);
const wrapperTypes = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/**
 * Every schema that receives a number from the request, by its path, following the input as it flows in (as
 * request-strings.test.ts does). A type the walk does not know fails the test.
 */
function numbersIn(schema: unknown, path: string, found: [string, z.ZodType][] = []): [string, z.ZodType][] {
  const def = defOf(schema);
  if (def.type === 'number') found.push([path, schema as z.ZodType]);
  else if (numberless.has(def.type)) return found;
  else if (wrapperTypes.has(def.type)) numbersIn(def.innerType, path, found);
  else if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) numbersIn(field, `${path}.${key}`, found);
  } else if (def.type === 'array') numbersIn(def.element, `${path}.0`, found);
  else if (def.type === 'pipe') numbersIn(def.in, path, found);
  // A choice among request shapes (a payment method's kinds): each option's fields, the option's index in the path.
  else if (def.type === 'union') (def.options as unknown[]).forEach((option, index) => numbersIn(option, `${path}|${index}`, found));
  else throw new Error(`${path}: a request schema of type '${def.type}'; teach this walk what reaches it`);
  return found;
}

const requestNumbers = endpointCatalogue.flatMap(([name, endpoint]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => (endpoint[part] ? numbersIn(endpoint[part], `${name} ${part}`) : [])),
);

/**
 * Numbers not stored in an int4 column, and where they go instead. Everything else is an int4 column, a page
 * number or size, or an amount in kobo (bigint columns, below the product's MAX_AMOUNT).
 */
const wider: Record<string, string> = {
  'companyEndpoints.saveBusinessProfile body.dateOfBirth': 'kyb_applications.profile (jsonb): epoch milliseconds',
  'companyEndpoints.saveBusinessProfile body.monthlyIncome': 'kyb_applications.profile (jsonb)',
};

const refused = (schema: z.ZodType, value: number) => !schema.safeParse(value).success && !schema.safeParse(String(value)).success;

describe('request numbers', () => {
  it('are found in bodies and queries', () => {
    expect(requestNumbers.length).toBeGreaterThan(20);
    expect(requestNumbers.map(([path]) => path)).toContain('authEndpoints.signup body.company.countryId');
    for (const path of Object.keys(wider)) expect(requestNumbers.map(([found]) => found), path).toContain(path);
  });

  it.each(requestNumbers)('%s is a whole number within what its column holds', (path, schema) => {
    const bounds = schema as unknown as { isInt: boolean; minValue: number | null; maxValue: number | null };
    expect(bounds.isInt).toBe(true);
    expect(bounds.minValue).not.toBeNull();
    expect(bounds.maxValue).toBeLessThanOrEqual(path in wider ? Number.MAX_SAFE_INTEGER : INT4_MAX);
    for (const value of [2 ** 53, 2 ** 63, -(2 ** 63), 1e308]) expect(refused(schema, value), String(value)).toBe(true);
    if (!(path in wider)) for (const value of [2 ** 31, -(2 ** 31) - 1]) expect(refused(schema, value), String(value)).toBe(true);
    // An id is 1 or more.
    if (/Id$/.test(path)) {
      expect(refused(schema, 0)).toBe(true);
      expect(schema.safeParse(1).success).toBe(true);
    }
  });
});
