import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { endpointCatalogue } from '@fipay/contracts/endpoints/catalogue';
import { transactionListResponse, transactionResponse } from '@fipay/contracts/payments';
import { answerSerializerCompiler, answerWriter } from './answer-serializer';
import { schemaFor } from './register-route';

type Serializer = (data: unknown) => string;
const compiled = new Map<unknown, { zod: Serializer; ours: Serializer }>();
/** zod's serializer, as fastify-type-provider-zod runs it (the bytes the compiled writers must reproduce), and ours, each compiled once per schema. */
function serializers(schema: z.ZodType) {
  let pair = compiled.get(schema);
  if (!pair) {
    const route = { schema, method: 'GET', url: '/x' };
    pair = { zod: (serializerCompiler as (route: unknown) => Serializer)(route), ours: (answerSerializerCompiler as (route: unknown) => Serializer)(route) };
    compiled.set(schema, pair);
  }
  return pair;
}
const zodWrite = (schema: z.ZodType, data: unknown) => serializers(schema).zod(data);
const ourWrite = (schema: z.ZodType, data: unknown) => serializers(schema).ours(data);

/** Same bytes, or the same refusal. */
function expectSame(schema: z.ZodType, data: unknown) {
  let expected: string | Error;
  try {
    expected = zodWrite(schema, data);
  } catch (error) {
    expected = error as Error;
  }
  if (expected instanceof Error) {
    expect(() => ourWrite(schema, data)).toThrow(expected.message);
  } else {
    expect(ourWrite(schema, data)).toBe(expected);
  }
}

/** A small seeded random source, so every run tries the same values. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const oddStrings = ['', 'plain', 'quote " and \\ backslash', 'line\nbreak\t', '\u2028\u2029', 'naïra ₦ 🙂', '\ud800 lone', '<script>', '__proto__'];

/**
 * A value the schema accepts, built from its parts; fields in a scrambled order and extra keys, which encoding drops,
 * or (`ordered`) exactly the schema's keys in its order, as the API's own answers are built.
 */
function sample(schema: z.core.$ZodType, next: () => number, depth = 0, ordered = false): unknown {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  switch (def.type) {
    case 'string':
      return pick(oddStrings);
    case 'number':
      return pick([0, 1, 42, 1_000_000_000_000, 2 ** 53 - 1, 7]);
    case 'boolean':
      return next() < 0.5;
    case 'null':
      return null;
    case 'literal':
      return pick(def.values as unknown[]);
    case 'enum':
      return pick(Object.values(def.entries as Record<string, unknown>));
    case 'nullable':
      return next() < 0.3 ? null : sample(def.innerType as z.core.$ZodType, next, depth, ordered);
    case 'optional':
      return next() < 0.3 ? undefined : sample(def.innerType as z.core.$ZodType, next, depth, ordered);
    case 'array':
      return depth > 4 ? [] : Array.from({ length: Math.floor(next() * 3) }, () => sample(def.element as z.core.$ZodType, next, depth + 1, ordered));
    case 'record':
      return { b: sample(def.valueType as z.core.$ZodType, next, depth + 1, ordered), a: { nested: [1, 'two', null] }, '10': 'ten', '2': 2 };
    case 'unknown':
    case 'any':
      return { any: pick(oddStrings) };
    case 'object': {
      const shape = (schema as z.core.$ZodObject)._zod.def.shape as Record<string, z.core.$ZodType>;
      const entries: [string, unknown][] = Object.entries(shape).map(([key, field]) => [key, sample(field, next, depth + 1, ordered)]);
      if (!ordered) {
        entries.push(['notInTheSchema', 'dropped']);
        entries.sort(() => next() - 0.5);
      }
      return Object.fromEntries(entries.filter(([, value]) => value !== undefined || next() < 0.5));
    }
    default:
      return undefined;
  }
}

/** One change that may or may not break the value: a field removed, retyped, a fraction, NaN, an unknown enum value. */
function mutate(value: unknown, next: () => number): unknown {
  if (Array.isArray(value)) return value.length ? value.map((item, i) => (i === 0 ? mutate(item, next) : item)) : [undefined];
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (!keys.length) return 'not an object';
    const key = keys[Math.floor(next() * keys.length)]!;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (next() < 0.4) delete copy[key];
    else copy[key] = mutate(copy[key], next);
    return copy;
  }
  return [1.5, Number.NaN, 'unexpected', null, undefined, true, 12n, new Date(0), Infinity][Math.floor(next() * 9)];
}

describe('answers written by compiled writers', () => {
  // Every endpoint's success answer, and the error envelopes of a few (they differ only in the codes the document lists).
  const responses = endpointCatalogue.flatMap(([, endpoint], index) =>
    Object.entries(schemaFor(endpoint).response as Record<string, unknown>).flatMap(([status, answer]) => {
      if (Number(status) >= 400 && index % 25 !== 0) return [];
      if (answer instanceof z.ZodType) return [answer];
      return Object.values((answer as { content?: Record<string, { schema: unknown }> }).content ?? {}).flatMap(({ schema }) => (schema instanceof z.ZodType ? [schema] : []));
    }),
  );

  it('knows the endpoints it writes for', () => {
    expect(responses.length).toBeGreaterThan(100);
    // The hot merchant and sign-in answers are written without zod.
    expect(answerWriter(transactionListResponse)).not.toBeNull();
    expect(answerWriter(transactionResponse)).not.toBeNull();
  });

  it('writes every endpoint’s answer byte for byte as zod does, and refuses what zod refuses', () => {
    const next = random(20261126);
    let accepted = 0;
    let written = 0;
    for (const schema of responses) {
      for (let i = 0; i < 12; i++) {
        const value = sample(schema, next);
        expectSame(schema, value);
        if (z.safeEncode(schema, value).success) accepted += 1;
        if (answerWriter(schema)?.(value) !== undefined) written += 1;
        expectSame(schema, mutate(value, next));
        // In the schema's order with nothing more, as the API builds its answers: the engine's JSON.stringify writes it.
        const ordered = sample(schema, next, 0, true);
        expectSame(schema, ordered);
        expectSame(schema, mutate(ordered, next));
      }
    }
    // The answers zod takes are written by the compiled writers, not handed back to zod.
    expect(accepted).toBeGreaterThan(responses.length * 3);
    expect(written).toBe(accepted);
  }, 120_000);

  it('gives up on schemas that change values, and on values it does not expect', () => {
    expect(answerWriter(z.object({ name: z.string().trim() }))).toBeNull();
    expect(answerWriter(z.object({ name: z.string().default('x') }))).toBeNull();
    expect(answerWriter(z.object({ at: z.date() }))).toBeNull();
    expect(answerWriter(z.object({ a: z.string() }).passthrough())).toBeNull();
    expect(answerWriter(z.union([z.string(), z.number()]))).toBeNull();
    const schema = z.object({ amount: z.number().int().nonnegative(), metadata: z.record(z.string(), z.unknown()), tags: z.array(z.string()).max(2) });
    const writer = answerWriter(schema)!;
    expect(writer({ amount: 1, metadata: {}, tags: [] })).toBe('{"amount":1,"metadata":{},"tags":[]}');
    for (const odd of [
      { amount: 1.5, metadata: {}, tags: [] },
      { amount: -1, metadata: {}, tags: [] },
      { amount: 1, metadata: JSON.parse('{"__proto__":{"x":1}}') as unknown, tags: [] },
      { amount: 1, metadata: new Map(), tags: [] },
      { amount: 1, metadata: {}, tags: ['a', 'b', 'c'] },
      // eslint-disable-next-line no-sparse-arrays
      { amount: 1, metadata: {}, tags: [, 'b'] },
    ]) {
      expect(writer(odd)).toBeUndefined();
      expectSame(schema, odd);
    }
    // What JSON.stringify would write differently from zod is written by the writer: another key order, an extra key,
    // an optional key left undefined, an array's own toJSON.
    const shaped = z.object({ a: z.string(), b: z.number().optional(), list: z.array(z.number()) });
    const withToJson = Object.assign([1, 2], { toJSON: () => 'changed' });
    for (const value of [
      { a: 'x', b: 1, list: [1] },
      { list: [1], a: 'x', b: 1 },
      { a: 'x', b: 1, list: [1], extra: true },
      { a: 'x', b: undefined, list: [] },
      { a: 'x', list: [] },
      { a: 'x', list: withToJson },
    ]) {
      expect(answerWriter(shaped)!(value)).toBe(zodWrite(shaped, value));
    }
    expect(answerWriter(shaped)!({ b: 1, a: 'x', list: [] })).toBe('{"a":"x","b":1,"list":[]}');
  });
});
