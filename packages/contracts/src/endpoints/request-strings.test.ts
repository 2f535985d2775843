import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { isStorableText } from '../fields';
import { messages } from '../messages';
import { endpointCatalogue } from './catalogue';

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as z.core.$ZodType)._zod.def as unknown as Def;

// Types whose input is never a free string: a number, a choice among fixed values, and the like.
const closedTypes = new Set(['number', 'boolean', 'enum', 'literal', 'null', 'undefined', 'bigint']);
// Types that only wrap another schema the same input reaches.
const wrapperTypes = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/**
 * Every schema that receives a string from the request, by its path, found by following the input
 * as it flows in: object fields, array items, wrappers, and the input side of a pipe (its output
 * side sees only what the input side let through). A type the walk does not know fails the test,
 * so a new kind of request schema is looked at before it ships.
 */
const records: [string, z.ZodType][] = [];

function stringsIn(schema: unknown, path: string, found: [string, z.ZodType][] = []): [string, z.ZodType][] {
  const def = defOf(schema);
  if (def.type === 'string') found.push([path, schema as z.ZodType]);
  // Free-form JSON (a charge's metadata): tested whole below, with bad keys and bad values at any depth.
  else if (def.type === 'record') records.push([path, schema as z.ZodType]);
  else if (closedTypes.has(def.type)) return found;
  else if (wrapperTypes.has(def.type)) stringsIn(def.innerType, path, found);
  else if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) stringsIn(field, `${path}.${key}`, found);
  } else if (def.type === 'array') stringsIn(def.element, `${path}.0`, found);
  else if (def.type === 'pipe') stringsIn(def.in, path, found);
  // A choice among request shapes (a payment method's kinds): each option's fields, the option's index in the path.
  else if (def.type === 'union') (def.options as unknown[]).forEach((option, index) => stringsIn(option, `${path}|${index}`, found));
  else throw new Error(`${path}: a request schema of type '${def.type}'; teach this walk what reaches it`);
  return found;
}

const requestStrings = endpointCatalogue.flatMap(([name, endpoint]) =>
  (['params', 'query', 'body'] as const).flatMap((part) => (endpoint[part] ? stringsIn(endpoint[part], `${name} ${part}`) : [])),
);

describe('request strings', () => {
  it('are found in every kind of request part', () => {
    expect(requestStrings.length).toBeGreaterThan(60);
    for (const part of ['params', 'query', 'body']) expect(requestStrings.some(([path]) => path.includes(` ${part}`)), part).toBe(true);
  });

  it.each(requestStrings)('%s refuses NUL and unpaired surrogates with one message', (_path, schema) => {
    for (const value of ['\u0000', 'Lagos\u0000', '\ud800', 'Ikeja \udc00', '\ud83d']) {
      expect(schema.safeParse(value).error?.issues[0]?.message).toBe(messages.charactersNotAllowed);
    }
  });

  it('finds the free-form JSON objects too, and each refuses NUL and unpaired surrogates in keys and values at any depth', () => {
    expect(records.map(([path]) => path)).toEqual(['transactionEndpoints.initialize body.metadata']);
    for (const [path, record] of records) {
      expect(record.safeParse({ orderId: 1042, note: 'Ọ̀yọ́ 👍🏾', lines: [{ sku: 'A-1' }] }).success, path).toBe(true);
      for (const bad of [{ 'a\u0000': 1 }, { a: 'b\u0000' }, { a: ['\ud800'] }, { a: { b: { c: 'x\udc00' } } }, { '\ud83d': true }]) {
        expect(record.safeParse(bad).success, `${path} ${JSON.stringify(bad)}`).toBe(false);
      }
    }
  });

  it('tells storable text from the rest', () => {
    for (const value of ['', 'Adeola Odeku', 'Ọ̀yọ́ 👍🏾', '\ud83d\udc4d']) expect(isStorableText(value), value).toBe(true);
    for (const value of ['\u0000', 'a\u0000b', '\ud800', '\udc00', 'a\ud800b', '\udc00\ud800', '👍\udc4d']) expect(isStorableText(value), JSON.stringify(value)).toBe(false);
  });
});
