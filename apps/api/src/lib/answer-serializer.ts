import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers written without zod's encode where it would change nothing (docs/decisions/0071-answers-written-once-checked.md).
 *
 * fastify-type-provider-zod serialises an answer with `JSON.stringify(z.encode(schema, data))`: every answer is
 * rebuilt object by object through zod before it is stringified (about 60 µs for a page of 20 transactions). For a
 * schema made only of plain parts (objects without catch-all, strings, numbers, booleans, null, literals, enums,
 * nullable and optional fields, arrays, string-keyed records of anything), encoding copies each value as it is, keeps
 * each object's declared keys in the schema's order and drops the rest; so a writer compiled once per schema that
 * checks the same things and writes the same keys in the same order gives the same bytes. Whenever a value is not
 * what the writer expects (a wrong type, a number that is not an integer, a string outside its enum, a missing
 * key, anything unusual) it gives up and zod's serializer runs instead, with its own answer or its own error. A
 * schema with any other part (transforms, defaults, codecs, unions, dates, pipes, catch-alls) is left to zod whole.
 */

/** Written JSON, or undefined when the value is not plainly what the schema says (zod then decides). */
type Writer = (value: unknown) => string | undefined;

/** Checks that leave a value as it is (`overwrite` ones such as trim do not, and keep the schema with zod). */
const PURE_CHECKS = new Set(['number_format', 'greater_than', 'less_than', 'multiple_of', 'min_length', 'max_length', 'length_equals', 'string_format']);

type Def = { type: string; checks?: { _zod: { def: unknown } }[]; [key: string]: unknown };
const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;

type CheckDef = { check: string; format?: string; value?: unknown; inclusive?: boolean };

/** A check as a plain test where it is a common one (integers, bounds), else null. */
function plainTest(check: CheckDef): ((value: unknown) => boolean) | null {
  const bound = check.value;
  if (check.check === 'number_format' && check.format === 'safeint') return (value) => Number.isSafeInteger(value);
  if (check.check === 'number_format' && check.format === 'int32') return (value) => Number.isInteger(value) && (value as number) >= -2147483648 && (value as number) <= 2147483647;
  if (typeof bound !== 'number') return null;
  if (check.check === 'greater_than') return check.inclusive ? (value) => (value as number) >= bound : (value) => (value as number) > bound;
  if (check.check === 'less_than') return check.inclusive ? (value) => (value as number) <= bound : (value) => (value as number) < bound;
  return null;
}

/** The schema's own checks as one test, or null when it has none; undefined when one of them could change the value. */
function checksOf(schema: z.core.$ZodType): ((value: unknown) => boolean) | null | undefined {
  const checks = (defOf(schema).checks ?? []).map((check) => check._zod.def as CheckDef);
  if (checks.length === 0) return null;
  if (!checks.every((check) => PURE_CHECKS.has(check.check))) return undefined;
  const tests = checks.map(plainTest);
  if (tests.every((test) => test !== null)) {
    if (tests.length === 1) return tests[0]!;
    return (value) => tests.every((test) => test!(value));
  }
  // Others (lengths, formats) as zod runs them: they only say yes or no.
  return (value) => z.safeParse(schema, value).success;
}

/**
 * A string as JSON.stringify writes it: as it is between quotes when no character needs an escape (a quote, a
 * backslash, a control character, half of a surrogate pair), else JSON.stringify itself.
 */
function quote(value: string): string {
  if (value.length > 80) return JSON.stringify(value);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(value);
  }
  return `"${value}"`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A writer for `schema`, or undefined when some part of it is not plain. */
function compile(schema: z.core.$ZodType): Writer | undefined {
  const def = defOf(schema);
  const checks = checksOf(schema);
  if (checks === undefined) return undefined;
  // A number: only integers when an int check says so, never NaN or Infinity (zod refuses both).
  switch (def.type) {
    case 'string':
      return checks
        ? (value) => (typeof value === 'string' && checks(value) ? quote(value) : undefined)
        : (value) => (typeof value === 'string' ? quote(value) : undefined);
    case 'number':
      // A finite number reads the same through String() as through JSON.stringify (-0 included).
      return checks
        ? (value) => (typeof value === 'number' && Number.isFinite(value) && checks(value) ? String(value) : undefined)
        : (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined);
    case 'boolean':
      return checks ? undefined : (value) => (value === true ? 'true' : value === false ? 'false' : undefined);
    case 'null':
      return (value) => (value === null ? 'null' : undefined);
    case 'literal': {
      const values = def.values as unknown[];
      if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return undefined;
      return (value) => (values.includes(value) ? JSON.stringify(value) : undefined);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      if (![...values].every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
      return (value) => (values.has(value as string | number) ? JSON.stringify(value) : undefined);
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.core.$ZodType);
      if (!inner || checks) return undefined;
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'array': {
      const element = compile(def.element as z.core.$ZodType);
      if (!element) return undefined;
      return (value) => {
        if (!Array.isArray(value) || (checks && !checks(value))) return undefined;
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (!(i in value)) return undefined;
          const item = element(value[i]);
          if (item === undefined) return undefined;
          out += i === 0 ? item : `,${item}`;
        }
        return `${out}]`;
      };
    }
    case 'record': {
      // Only records of any value under string keys: encoding copies such a record key by key, as JSON.stringify reads it.
      const key = defOf(def.keyType as z.core.$ZodType);
      const item = defOf(def.valueType as z.core.$ZodType);
      if (checks || key.type !== 'string' || (key.checks ?? []).length > 0) return undefined;
      // Encoding skips a key named __proto__ and refuses symbol keys: such records are zod's to write.
      const plainRecord = (value: unknown): value is Record<string, unknown> =>
        isPlainObject(value) && !Object.prototype.hasOwnProperty.call(value, '__proto__') && Object.getOwnPropertySymbols(value).length === 0;
      if (item.type === 'unknown' || item.type === 'any') return (value) => (plainRecord(value) ? JSON.stringify(value) : undefined);
      const writeItem = compile(def.valueType as z.core.$ZodType);
      if (!writeItem) return undefined;
      return (value) => {
        if (!plainRecord(value)) return undefined;
        let out = '{';
        let first = true;
        for (const name of Object.keys(value)) {
          const written = writeItem(value[name]);
          if (written === undefined) return undefined;
          out += `${first ? '' : ','}${JSON.stringify(name)}:${written}`;
          first = false;
        }
        return `${out}}`;
      };
    }
    case 'object': {
      if (def.catchall !== undefined || checks) return undefined;
      const shape = (schema as z.core.$ZodObject)._zod.def.shape as Record<string, z.core.$ZodType>;
      const fields: { name: string; optional: boolean; write: Writer }[] = [];
      for (const [name, field] of Object.entries(shape)) {
        if (name === '__proto__') return undefined;
        const fieldDef = defOf(field);
        const optional = fieldDef.type === 'optional';
        if (optional && (fieldDef.checks ?? []).length > 0) return undefined;
        const write = compile(optional ? (fieldDef.innerType as z.core.$ZodType) : field);
        if (!write) return undefined;
        fields.push({ name, optional, write });
      }
      const names = fields.map((field) => `${JSON.stringify(field.name)}:`);
      return (value) => {
        if (!isPlainObject(value)) return undefined;
        let out = '{';
        let first = true;
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i]!;
          const item = value[field.name];
          if (item === undefined) {
            // An optional field absent or undefined is not written; a required one missing is zod's to refuse.
            if (field.optional) continue;
            return undefined;
          }
          const written = field.write(item);
          if (written === undefined) return undefined;
          out += first ? names[i] + written : `,${names[i]}${written}`;
          first = false;
        }
        return `${out}}`;
      };
    }
    default:
      return undefined;
  }
}

/** True when `JSON.stringify(value)` gives the bytes the compiled writer would: the value is plainly what the schema says, keys in its order. */
type Check = (value: unknown) => boolean;

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * A check for `schema` (same plainness as `compile`, or undefined): the value is what the writer writes without a
 * change, so the engine's JSON.stringify can write it, about twice as fast as building the string here. Each object
 * must hold exactly the schema's keys, in the schema's order (optional ones may be absent or undefined, which
 * JSON.stringify leaves out as the writer does); anything else (extra keys, another order, a toJSON of its own) is
 * left to the writer, which drops and reorders.
 */
function compileCheck(schema: z.core.$ZodType): Check | undefined {
  const def = defOf(schema);
  const checks = checksOf(schema);
  if (checks === undefined) return undefined;
  switch (def.type) {
    case 'string':
      return checks ? (value) => typeof value === 'string' && checks(value) : (value) => typeof value === 'string';
    case 'number':
      return checks
        ? (value) => typeof value === 'number' && Number.isFinite(value) && checks(value)
        : (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return checks ? undefined : (value) => value === true || value === false;
    case 'null':
      return (value) => value === null;
    case 'literal': {
      const values = def.values as unknown[];
      if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) return undefined;
      return (value) => values.includes(value);
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries as Record<string, unknown>));
      if (![...values].every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
      return (value) => values.has(value as string | number);
    }
    case 'nullable': {
      const inner = compileCheck(def.innerType as z.core.$ZodType);
      if (!inner || checks) return undefined;
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = compileCheck(def.element as z.core.$ZodType);
      if (!element) return undefined;
      return (value) => {
        if (!Array.isArray(value) || hasOwn(value, 'toJSON') || (checks && !checks(value))) return false;
        for (let i = 0; i < value.length; i++) if (!(i in value) || !element(value[i])) return false;
        return true;
      };
    }
    case 'record': {
      const key = defOf(def.keyType as z.core.$ZodType);
      const item = defOf(def.valueType as z.core.$ZodType);
      if (checks || key.type !== 'string' || (key.checks ?? []).length > 0) return undefined;
      const plainRecord = (value: unknown): value is Record<string, unknown> =>
        isPlainObject(value) && !hasOwn(value, '__proto__') && Object.getOwnPropertySymbols(value).length === 0;
      // The writer writes a record of anything with JSON.stringify itself.
      if (item.type === 'unknown' || item.type === 'any') return plainRecord;
      const checkItem = compileCheck(def.valueType as z.core.$ZodType);
      if (!checkItem) return undefined;
      return (value) => {
        if (!plainRecord(value) || hasOwn(value, 'toJSON')) return false;
        for (const name of Object.keys(value)) if (!checkItem(value[name])) return false;
        return true;
      };
    }
    case 'object': {
      if (def.catchall !== undefined || checks) return undefined;
      const shape = (schema as z.core.$ZodObject)._zod.def.shape as Record<string, z.core.$ZodType>;
      const fields: { name: string; optional: boolean; check: Check }[] = [];
      for (const [name, field] of Object.entries(shape)) {
        if (name === '__proto__' || name === 'toJSON') return undefined;
        const fieldDef = defOf(field);
        const optional = fieldDef.type === 'optional';
        if (optional && (fieldDef.checks ?? []).length > 0) return undefined;
        const check = compileCheck(optional ? (fieldDef.innerType as z.core.$ZodType) : field);
        if (!check) return undefined;
        fields.push({ name, optional, check });
      }
      return (value) => {
        if (!isPlainObject(value)) return false;
        const keys = Object.keys(value);
        let k = 0;
        for (let i = 0; i < fields.length; i++) {
          const field = fields[i]!;
          if (keys[k] === field.name) {
            k += 1;
            const item = value[field.name];
            if (item === undefined ? !field.optional : !field.check(item)) return false;
          } else if (!field.optional || hasOwn(value, field.name)) {
            // A required key missing, or a key out of the schema's order.
            return false;
          }
        }
        // No key the schema does not name.
        return k === keys.length;
      };
    }
    default:
      return undefined;
  }
}

const writers = new WeakMap<object, Writer | null>();

/** The compiled writer of a response schema, once per schema; null when zod must write it. */
export function answerWriter(schema: z.core.$ZodType): Writer | null {
  let writer = writers.get(schema);
  if (writer === undefined) {
    const write = compile(schema);
    const check = write && compileCheck(schema);
    writer = write ? (check ? (value) => (check(value) ? JSON.stringify(value) : write(value)) : write) : null;
    writers.set(schema, writer);
  }
  return writer;
}

/**
 * Fastify's serializer compiler: the compiled writer where the schema allows one, zod's serializer for everything
 * it gives up on (same bytes, or the same error).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const slow = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]) as (data: unknown) => string;
  const schema = route.schema as unknown;
  const zodSchema =
    schema instanceof z.core.$ZodType
      ? schema
      : schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof z.core.$ZodType
        ? schema.properties
        : undefined;
  const fast = zodSchema ? answerWriter(zodSchema) : null;
  if (!fast) return slow;
  return (data: unknown) => fast(data) ?? slow(data);
};
