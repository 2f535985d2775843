/**
 * Requests generated from the OpenAPI document: for one operation, every way this file knows to get
 * its input wrong, plus a seeded number of random ones, and requests the document marks valid.
 * Used by openapi-fuzz.test.ts.
 */
import RandExp from 'randexp';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  /** What the server checks beyond the schema (see plugins/openapi.ts). */
  'x-server-checks'?: string;
};

export type Operation = {
  method: string;
  tags?: string[];
  /** The document's path, `{name}` for each parameter. */
  path: string;
  security?: Record<string, string[]>[];
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

export type FuzzCase = {
  label: string;
  /** The URL below the server, percent-encoded as it goes on the wire. */
  url: string;
  body?: string;
  contentType?: string;
  /** Sent as it is, instead of the caller's token (a malformed credential). */
  authorization?: string;
  /** The case puts text PostgreSQL cannot store in a field the contract describes. */
  unstorable?: boolean;
};

/** Marks the bad path and query values: an error answer must never contain it. */
export const ECHO_MARK = 'Echo7q';

/** A small seeded generator (mulberry32), so a failing run can be repeated exactly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof seededRandom>;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/**
 * Valid values of fields whose rules a JSON schema does not fully say (patterns, lists, the
 * password rules), by field name, so that a request with one field spoilt is valid apart from it
 * and reaches the code behind validation.
 */
const PLAUSIBLE: Record<string, unknown> = {
  email: 'fuzz@example.ng',
  phone: '+234 803 123 4567',
  password: 'Kola-nut 2026!',
  newPassword: 'Kola-nut 2026?',
  currentPassword: 'Kola-nut 2026!',
  otp: '123456',
  website: 'https://example.ng',
  description: 'Wholesale of kola nuts across Lagos.',
  country: 'Nigeria',
  state: 'Lagos',
  lga: 'Ikeja',
  address: '12 Adeola Odeku Street',
  cacRegNumber: 'RC1234567',
  accountNumber: '0123456789',
  bvn: '12345678901',
  idNumber: 'A12345678',
  monthlyIncome: 500000,
};

/**
 * A value of the schema's shape, valid as far as the document and PLAUSIBLE tell, so that a
 * mutation of one part reaches that part's checks. `known` gives values by field name that only
 * the caller has (its own ids).
 */
function sample(schema: JsonSchema, known: Record<string, unknown> = {}, name = ''): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return sample(option, known, name);
  if (name in known) return known[name];
  if (name in PLAUSIBLE) return PLAUSIBLE[name];
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(property, known, key)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, known));
    case 'integer':
    case 'number':
      return typeof schema.default === 'number' ? schema.default : Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return SAMPLE_UUID;
      if (schema.format === 'email') return 'fuzz@example.ng';
      return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    default:
      return 'fuzz';
  }
}

const isFreeText = (schema: JsonSchema) => typeOf(schema) === 'string' && !schema.enum;

type Path = (string | number)[];

/** Every place in a schema that holds a value, with its type: object fields and the first array item, all the way down. */
function leavesOf(schema: JsonSchema, path: Path = []): { path: Path; type: string }[] {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (option) return leavesOf(option, path);
  const type = typeOf(schema) ?? 'unknown';
  const inner =
    type === 'object'
      ? Object.entries(schema.properties ?? {}).flatMap(([key, property]) => leavesOf(property, [...path, key]))
      : type === 'array'
        ? leavesOf(schema.items ?? {}, [...path, 0])
        : [];
  return path.length > 0 ? [{ path, type: schema.enum ? 'enum' : type }, ...inner] : inner;
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

function removeAt(value: unknown, path: Path): unknown {
  if (path.length === 1) {
    const copy = { ...(value as Record<string, unknown>) };
    delete copy[path[0] as string];
    return copy;
  }
  const [head, ...rest] = path;
  return setAt(value, [head!], removeAt((value as Record<string | number, unknown>)[head!], rest));
}

/** Strings PostgreSQL refuses: each string field gets one, drawn (the contracts test parses them all into every field). */
const UNSTORABLE: Record<string, string> = {
  'nul inside': 'Lagos\u0000Ikeja',
  nul: '\u0000',
  'high surrogate': '\ud800',
  'low surrogate': 'Ikeja \udc00',
  'cut emoji': '👍\ud83d',
  'huge string ending in NUL': `${'y'.repeat(100_000)}\u0000`,
};
/** A string too large for any field. */
const HUGE = 'x'.repeat(200_000);
/** Whole numbers just past what the database's integer columns hold (int4, JavaScript's safe integers, int8). */
const OVERFLOWING: Record<string, number> = { 'just over int4': 2 ** 31, 'int4 negative overflow': -(2 ** 31) - 1, 'just over a safe integer': 2 ** 53, 'just over int8': 2 ** 63 };
/**
 * Values of the wrong type, by the type a field has. Every field gets null (optional and nullable fields differ
 * there) and one more, drawn: a string field's check refuses every other type alike, so one stands for them.
 */
const WRONG_TYPES: Record<string, Record<string, unknown>> = {
  string: { number: 12345, 'true': true, array: ['fuzz'], object: { fuzz: 'fuzz' } },
  integer: { 'huge number': 1e308, negative: -1, fraction: 0.5, 'numeric string': '12', object: { fuzz: 'fuzz' } },
  other: { number: 12345, 'numeric string': '12', array: ['fuzz'], object: { fuzz: 'fuzz' } },
};
const wrongTypesFor = (type: string) => WRONG_TYPES[type === 'number' ? 'integer' : type] ?? WRONG_TYPES.other!;

/**
 * Bodies the JSON parser refuses, or whole bodies of the wrong type. The parser is Fastify's, one per plugin
 * context: the first operation of each tag gets all of them, the others the first and a drawn few.
 */
const BAD_JSON = ['{', '{"fuzz":', '[', 'nul', '{"fuzz":1,}', "{'fuzz':1}", '{"fuzz":"\\u0000"}', '"\\ud800"', '{"fuzz":"\\udc00"}', '{"a":"\\x00"}', '', ' ', '\u0000', 'null', '[]', '"text"', '123', 'true', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}', `${'['.repeat(5000)}${']'.repeat(5000)}`, `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`];
/** Media types the body parser refuses or must not misread; shared like BAD_JSON. */
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=fuzz', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/json, text/plain', 'fuzz'];

/** Raw path segments, already percent-encoded as they are sent (some on purpose not validly), that reach the parameter's check. */
const BAD_VALUES_IN_PATH: Record<string, string> = {
  'encoded NUL': `${ECHO_MARK}%00`,
  'traversal': `..%2F..%2F${ECHO_MARK}%2Fpasswd`,
  'emoji': `${encodeURIComponent('👍🏾')}${ECHO_MARK}`,
  'spaces': `%20%20${ECHO_MARK}%20`,
};

/**
 * Raw path segments the router or Node's HTTP parser refuses before any route's code, the same way for every
 * parameter: the first parameter of each tag gets all of them, the others a drawn few.
 */
const BAD_SEGMENTS: Record<string, string> = {
  'bad percent-encoding': `%ZZ${ECHO_MARK}`,
  'lone percent': `${ECHO_MARK}%`,
  'cut UTF-8': `%E0%A4%A${ECHO_MARK}`,
  'encoded surrogate': `%ED%A0%80${ECHO_MARK}`,
  'overlong UTF-8': `%C0%AF${ECHO_MARK}`,
  'invalid byte': `%FF${ECHO_MARK}`,
  'just over the router limit': `${ECHO_MARK}${'x'.repeat(101)}`,
  'overlong parameter': `${ECHO_MARK}${'x'.repeat(5000)}`,
  'overlong encoded parameter': `${ECHO_MARK}${'%C3%A9'.repeat(300)}`,
  'longer than the HTTP header limit': `${ECHO_MARK}${'x'.repeat(20_000)}`,
};

/** Query values: the first three reach the field's check; the query parser decodes the others the same way for every field, so each tag's first field gets all of them and the others one, drawn. */
const BAD_QUERY_VALUES: Record<string, string> = {
  'encoded NUL': `${ECHO_MARK}%00`,
  'huge value': `${ECHO_MARK}${'q'.repeat(10_000)}`,
  empty: '',
  'bad percent-encoding': `%ZZ${ECHO_MARK}`,
  'encoded surrogate': `%ED%A0%80${ECHO_MARK}`,
  'invalid byte': `%FF${ECHO_MARK}`,
};

/** Malformed credentials: the guard of an access kind is one function, so each tag's first operation gets all, the others a drawn few. */
const AUTHORIZATIONS: Record<string, string> = {
  'no scheme': 'fuzz',
  'empty bearer': 'Bearer ',
  'malformed JWT': 'Bearer a.b.c',
  'huge token': `Bearer ${'t'.repeat(8000)}`,
  'reviewer prefix only': 'Bearer fpr_',
  'basic auth': 'Basic ZnV6ejpmdXp6',
  'latin-1 token': 'Bearer fpr_\u00e9\u00e9',
};

/** A random JSON value: the strings mix text people type with what they do not. */
function randomValue(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 2 ? 4 : 6);
  if (kind === 0) return random.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE]);
  if (kind === 1) return random.pick([true, false, null]);
  if (kind <= 3) {
    const alphabet = ['a', 'Z', '9', ' ', 'é', 'Ọ', '👍', '\u0000', '\ud800', '\udfff', '"', '\\', '%', '%00', '<', '\u202e', '\n', '\ufeff'];
    return Array.from({ length: random.int(40) }, () => random.pick(alphabet)).join('');
  }
  if (kind === 4) return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(Array.from({ length: random.int(4) }, (_, i) => [`k${i}`, randomValue(random, depth + 1)]));
}

/** Which shared checks an operation gets every case of (the rest get a drawn few): the body parser, the router, the query parser, the credential guard. */
export type Shared = 'body' | 'path' | 'query' | 'credentials';

/** `count` entries of `entries`, drawn without repeats. */
function drawn<T>(random: Random, entries: T[], count: number): T[] {
  const pool = [...entries];
  return Array.from({ length: Math.min(count, pool.length) }, () => pool.splice(random.int(pool.length), 1)[0]!);
}

/**
 * Every bad request this file makes for one operation; `randomCases` more come from the seeded generator. `full`
 * says whether the operation gets every case of a check shared with other operations.
 */
export function casesFor(
  operation: Operation,
  random: Random,
  randomCases: number,
  known: Record<string, unknown> = {},
  full: (shared: Shared) => boolean = () => true,
): FuzzCase[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;

  const baseSegments = Object.fromEntries(pathParams.map((parameter) => [parameter.name, encodeURIComponent(String(sample(parameter.schema, known, parameter.name)))]));
  const baseQuery = Object.fromEntries(queryParams.map((parameter) => [parameter.name, encodeURIComponent(String(sample(parameter.schema, known, parameter.name)))]));
  const baseBody = bodySchema ? sample(bodySchema, known) : undefined;

  const urlWith = (segments: Record<string, string> = {}, query = '') => {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => segments[name] ?? baseSegments[name]!);
    const fields = Object.entries(baseQuery).map(([name, value]) => `${name}=${value}`);
    const search = query || fields.join('&');
    return search ? `${path}?${search}` : path;
  };
  const queryWith = (name: string, value: string) =>
    Object.entries({ ...baseQuery, [name]: value }).map(([key, item]) => `${key}=${item}`).join('&');
  const json = (body: unknown, label: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({ label, url: urlWith(), body: JSON.stringify(body), contentType: 'application/json', ...extra });

  const cases: FuzzCase[] = [];
  const leaves = bodySchema ? leavesOf(bodySchema) : [];
  for (const { path, type } of leaves) {
    const where = `body ${path.join('.')}`;
    if (type === 'string') {
      for (const [name, value] of drawn(random, Object.entries(UNSTORABLE), 1)) cases.push(json(setAt(baseBody, path, value), `${where} = ${name}`, { unstorable: true }));
      cases.push(json(setAt(baseBody, path, HUGE), `${where} = huge string`));
    }
    if (type === 'integer' || type === 'number') {
      for (const [name, value] of Object.entries(OVERFLOWING)) cases.push(json(setAt(baseBody, path, value), `${where} = ${name}`));
    }
    for (const [name, value] of [['null', null] as const, ...drawn(random, Object.entries(wrongTypesFor(type)), 1)]) cases.push(json(setAt(baseBody, path, value), `${where} = ${name}`));
  }
  // A missing field is refused by the same check whichever it is (the empty object below misses them all): two, drawn.
  for (const { path } of drawn(random, leaves.filter(({ path }) => typeof path.at(-1) === 'string'), 2)) {
    cases.push(json(removeAt(baseBody, path), `body ${path.join('.')} missing`));
  }
  if (bodySchema) {
    cases.push(json(baseBody, 'plausible body'));
    cases.push(json({}, 'empty object'));
    if (typeOf(bodySchema) === 'object') {
      cases.push(json({ ...(baseBody as object), '\u0000': '\u0000', extra: 'x'.repeat(10_000), nested: { deeper: ['\ud800'] } }, 'extra fields'));
    }
    if (typeOf(bodySchema) === 'array') {
      cases.push(json(Array.from({ length: 1000 }, () => (baseBody as unknown[])[0]), 'a thousand items'));
    }
    cases.push(json({ fuzz: `"${'z'.repeat(1_100_000)}"` }, 'body over the size limit'));
  }
  // Bodies also go to operations without one: they must be refused or ignored, never misread.
  const takesBody = operation.method !== 'GET';
  const allOfBody = takesBody && full('body');
  const badJson = [...BAD_JSON.entries()];
  for (const [index, text] of allOfBody ? badJson : [badJson[0]!, ...drawn(random, badJson.slice(1), 1)]) {
    cases.push({ label: `bad JSON #${index}`, url: urlWith(), body: text, contentType: 'application/json' });
  }
  for (const contentType of allOfBody ? CONTENT_TYPES : drawn(random, CONTENT_TYPES, 1)) {
    cases.push({ label: `content type ${contentType}`, url: urlWith(), body: JSON.stringify(baseBody ?? { fuzz: 1 }), contentType });
  }

  for (const parameter of pathParams) {
    const [nul, ...others] = Object.entries(BAD_VALUES_IN_PATH);
    const refusedBeforeRoutes = Object.entries(BAD_SEGMENTS);
    const all = full('path');
    for (const [name, segment] of [nul!, ...(all ? others : drawn(random, others, 1)), ...(all ? refusedBeforeRoutes : drawn(random, refusedBeforeRoutes, 2))]) {
      cases.push({ label: `path ${parameter.name} = ${name}`, url: urlWith({ [parameter.name]: segment }), unstorable: name === 'encoded NUL' && isFreeText(parameter.schema) });
    }
  }
  const allOfQuery = full('query');
  for (const parameter of queryParams) {
    const [nul, huge, empty, ...others] = Object.entries(BAD_QUERY_VALUES);
    for (const [name, value] of [nul!, huge!, empty!, ...(allOfQuery ? others : drawn(random, others, 1))]) cases.push({ label: `query ${parameter.name} = ${name}`, url: urlWith({}, queryWith(parameter.name, value)), unstorable: name === 'encoded NUL' && isFreeText(parameter.schema) });
    if (['integer', 'number'].includes(typeOf(parameter.schema) ?? '')) {
      for (const [name, value] of Object.entries(OVERFLOWING)) cases.push({ label: `query ${parameter.name} = ${name}`, url: urlWith({}, queryWith(parameter.name, BigInt(value).toString())) });
    }
    cases.push({ label: `query ${parameter.name} twice`, url: urlWith({}, `${queryWith(parameter.name, 'a')}&${parameter.name}=b`) });
    cases.push({ label: `query ${parameter.name} as an object`, url: urlWith({}, `${parameter.name}[${ECHO_MARK}]=1`) });
  }
  if (allOfQuery) cases.push({ label: 'unknown query fields', url: urlWith({}, `%00=${ECHO_MARK}%00&%ZZ=1&${'a=1&'.repeat(500)}`) });

  for (let i = 0; i < randomCases; i += 1) {
    if (!takesBody || (queryParams.length > 0 && random.next() < 0.3)) {
      const name = queryParams.length > 0 ? random.pick(queryParams).name : 'fuzz';
      cases.push({ label: `random #${i} at query ${name}`, url: urlWith({}, queryWith(name, percentEncode(String(randomValue(random))))) });
    } else {
      const target = leaves.length > 0 && random.next() < 0.8 ? random.pick(leaves).path : [];
      cases.push(json(setAt(baseBody, target, randomValue(random)), `random #${i} at body ${target.join('.') || '(whole)'}`));
    }
  }
  const credentials = Object.entries(AUTHORIZATIONS);
  for (const [name, authorization] of full('credentials') ? credentials : drawn(random, credentials, 1)) cases.push({ label: `authorization: ${name}`, url: urlWith(), authorization });
  // fetch sends no body with a GET.
  return takesBody ? cases : cases.filter((item) => item.body === undefined);
}

/** Percent-encodes text, a lone surrogate included (as the UTF-8 bytes it would have, which are not valid UTF-8). */
function percentEncode(text: string): string {
  return Array.from(text, (char) => (/^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

/**
 * Requests the document marks valid, from the document alone (formats, patterns, enums, lengths, bounds), with
 * `known` giving the caller's own ids by field name. The server may refuse them for what it holds (a country it
 * does not know, a wrong password, another company's id), but never as invalid input unless the field says so
 * with `x-server-checks`. `isValid` is the document's own validator, so a value the generator gets wrong (a
 * pattern with a look-ahead) is drawn again rather than sent.
 */
export function validCasesFor(
  operation: Operation,
  random: Random,
  count: number,
  isValid: (schema: JsonSchema, value: unknown) => boolean,
  known: Record<string, unknown> = {},
): FuzzCase[] {
  const parameters = operation.parameters ?? [];
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const draw = (schema: JsonSchema, name = ''): unknown => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const value = validValue(schema, random, known, name);
      if (isValid(schema, value)) return value;
    }
    throw new Error(`No valid value of ${JSON.stringify(schema).slice(0, 200)} for ${operation.method} ${operation.path} ${name}`);
  };
  return Array.from({ length: count }, (_, index) => {
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const parameter = parameters.find((item) => item.in === 'path' && item.name === name)!;
      // The wildcard of /uploads/{*} is a key below the store: a few path segments.
      return name === '*' ? 'fuzz/valid.pdf' : encodeURIComponent(String(draw(parameter.schema, name)));
    });
    const query = parameters
      .filter((parameter) => parameter.in === 'query' && (parameter.required || random.next() < 0.6))
      .map((parameter) => `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(draw(parameter.schema, parameter.name)))}`)
      .join('&');
    const url = query ? `${path}?${query}` : path;
    return bodySchema
      ? { label: `valid #${index}`, url, body: JSON.stringify(draw(bodySchema)), contentType: 'application/json' }
      : { label: `valid #${index}`, url };
  });
}

/** Text a person might type: letters (some not ASCII), digits and inner spaces. */
const TYPED = ['a', 'k', 'O', 'z', '7', '0', 'é', 'Ọ', 'ń', '-', '.', "'"];

function typedText(random: Random, length: number): string {
  return Array.from({ length }, (_, i) => (i > 0 && i < length - 1 && random.next() < 0.15 ? ' ' : random.pick(TYPED))).join('');
}

function validValue(schema: JsonSchema, random: Random, known: Record<string, unknown>, name: string): unknown {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return validValue(random.pick(options), random, known, name);
  if (name in known) return known[name];
  if (schema.nullable && random.next() < 0.2) return null;
  if (schema.enum) return random.pick(schema.enum);
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const chosen = properties.filter(([key]) => required.has(key) || random.next() < 0.6);
      for (const entry of properties) if (chosen.length < (schema.minProperties ?? 0) && !chosen.includes(entry)) chosen.push(entry);
      const value = Object.fromEntries(chosen.map(([key, property]) => [key, validValue(property, random, known, key)]));
      // A free-form object (metadata): a few plain entries.
      if (properties.length === 0 && schema.additionalProperties) return random.next() < 0.5 ? {} : { orderId: typedText(random, 8) };
      return value;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      const length = min + random.int(Math.min(schema.maxItems ?? min + 2, min + 2) - min + 1);
      return Array.from({ length }, () => validValue(schema.items ?? {}, random, known, name));
    }
    case 'integer':
    case 'number': {
      const exclusiveLow = schema.exclusiveMinimum === true;
      const exclusiveHigh = schema.exclusiveMaximum === true;
      const low = (schema.minimum ?? 0) + (exclusiveLow ? 1 : 0);
      const high = schema.maximum === undefined ? low + 1000 : schema.maximum - (exclusiveHigh ? 1 : 0);
      const edge = random.next();
      return edge < 0.2 ? low : edge < 0.4 ? high : low + Math.floor(random.next() * (high - low + 1));
    }
    case 'boolean':
      return random.next() < 0.5;
    case 'string':
      return validString(schema, random);
    default:
      return typedText(random, 6);
  }
}

function validString(schema: JsonSchema, random: Random): string {
  if (schema.pattern) {
    const generator = new RandExp(schema.pattern);
    generator.max = 8;
    generator.randInt = (low: number, high: number) => low + random.int(high - low + 1);
    return generator.gen();
  }
  switch (schema.format) {
    case 'uuid': {
      const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[random.int(4)]}${hex.slice(17, 20)}-${hex.slice(20)}`;
    }
    case 'email':
      return `${typedText(random, 6).replace(/[^a-z0-9]/gi, 'x')}@example.ng`;
    case 'date':
      return `20${String(random.int(100)).padStart(2, '0')}-${String(1 + random.int(12)).padStart(2, '0')}-${String(1 + random.int(28)).padStart(2, '0')}`;
    case 'date-time':
      return new Date(Date.UTC(2000 + random.int(100), random.int(12), 1 + random.int(28))).toISOString();
    case 'uri':
      return `https://example.ng/${typedText(random, 5).replace(/[^a-z0-9]/gi, 'x')}`;
    default: {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? min + 40, min + 40);
      const length = random.next() < 0.2 ? min : random.next() < 0.25 ? max : min + random.int(max - min + 1);
      return typedText(random, length);
    }
  }
}
