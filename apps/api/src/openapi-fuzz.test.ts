import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@fipay/contracts/error-codes';
import { messages } from '@fipay/contracts/messages';
import { defaultRateRules, type RateRules } from './lib/rate-limit';
import { createReviewerAccount } from './test/back-office-fixtures';
import { createVerifiedUser, login } from './test/fixtures';
import { casesFor, ECHO_MARK, seededRandom, validCasesFor, type FuzzCase, type JsonSchema, type Operation, type Shared } from './test/fuzz';
import { startTestServer, type TestServer } from './test/server';

// FUZZ_SEED repeats a failing run; the default keeps every run the same.
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RANDOM_CASES_PER_OPERATION = 3;
const VALID_CASES_PER_OPERATION = 4;
// Server, client and PGlite share this thread: a few requests in flight keep it busy while Argon2 threads (and
// PostgreSQL) work; more only queue.
const CONCURRENCY = 8;

// Many of the cases are sign-ins and emails to the same few accounts; no limit may answer first.
const noLimits = Object.fromEntries(Object.keys(defaultRateRules).map((name) => [name, { limit: 1_000_000, windowSeconds: 60 }])) as RateRules;

/**
 * The document's schemas are OpenAPI 3.0: `nullable` (which Ajv knows) and boolean `exclusiveMinimum`
 * (which JSON Schema writes as a number). `x-server-checks` and `format: binary` are notes, not rules.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' || key === 'default' ? value : toJsonSchema(value)])) as Record<string, unknown>;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof copy[flag] !== 'boolean') continue;
    if (copy[flag]) copy[flag] = copy[bound];
    else delete copy[flag];
    if (copy[flag] !== undefined) delete copy[bound];
  }
  return copy;
}

const ajv = new Ajv({ strict: false, logger: false, allErrors: false });
addFormats(ajv);
ajv.addFormat('binary', true);
// By the schema's text: operations repeat the same error envelopes, and each is compiled once.
const validators = new Map<string, ValidateFunction>();
function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as object);
    validators.set(key, validate);
  }
  return validate;
}
const isValid = (schema: JsonSchema, value: unknown) => validatorFor(schema)(value) === true;

// Node's own HTTP client: the requests are most of this file's work, and fetch's streams cost about twice as much per request.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

let server: TestServer;
let operations: Operation[];
const tokens: Record<string, string> = {};
/** The signed-in company's own ids, so its requests pass the identity checks and reach the fields behind them. */
let known: Record<string, string>;

type Sent = { operation: Operation; item: FuzzCase; withToken: boolean; valid: boolean; status: number; contentType: string; text: string };
const answers: Sent[] = [];

async function send(operation: Operation, item: FuzzCase, token: string | undefined, valid = false): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (item.contentType) headers['content-type'] = item.contentType;
  const authorization = item.authorization ?? (token ? `Bearer ${token}` : undefined);
  if (authorization) headers.authorization = authorization;
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path: item.url, method: operation.method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          operation,
          item,
          withToken: Boolean(token),
          valid,
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(item.body);
  });
}

/** Runs the tasks CONCURRENCY at a time, in order. */
async function inPool<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

/**
 * One server, one company session and one admin session for every operation of the document, and all the
 * requests sent once: the tests below each judge the same answers by one rule.
 */
beforeAll(async () => {
  server = await startTestServer({ rateRules: noLimits });
  const [session, reviewer, document] = await Promise.all([
    createVerifiedUser(server).then((user) => login(server, user)),
    createReviewerAccount(server, { role: 'admin' }),
    fetch(`${server.baseUrl}/api/v1/openapi.json`).then((response) => response.json() as Promise<{ paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }>),
  ]);
  tokens.bearerAuth = session.accessToken;
  tokens.reviewerAuth = reviewer.token;
  known = { userId: session.user.id, companyId: session.user.companyId };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );

  const random = seededRandom(SEED);
  // The body parser, the router and each credential guard are shared by the operations of a plugin: the first
  // operation of each tag gets every case of them, the others a drawn few (a new FUZZ_SEED draws others).
  const covered = new Set<string>();
  const firstOfTag = (operation: Operation) => (shared: Shared) => {
    const key = `${operation.tags?.[0] ?? ''} ${shared}`;
    return covered.has(key) ? false : Boolean(covered.add(key));
  };
  // Signing out ends the session the other cases use, so those operations go last.
  const endsSession = (operation: Operation) => operation.path.endsWith('/logout');
  for (const phase of [operations.filter((operation) => !endsSession(operation)), operations.filter(endsSession)]) {
    const tasks = phase.flatMap((operation) => {
      const token = operation.security?.map((scheme) => tokens[Object.keys(scheme)[0]!]).find(Boolean);
      // A guarded operation refuses an anonymous caller before it reads anything (ADR 0013), so anonymous copies
      // of every bad input would all be the same 401: the malformed credentials and one plain request stand for them.
      const cases = casesFor(operation, random, RANDOM_CASES_PER_OPERATION, known, firstOfTag(operation));
      const bad = cases.map((item) => () => send(operation, item, item.authorization ? undefined : token));
      const anonymous = token ? [() => send(operation, { label: 'anonymous', url: cases.find((item) => item.authorization)!.url }, undefined)] : [];
      const valid = validCasesFor(operation, random, VALID_CASES_PER_OPERATION, isValid, known).map((item) => () => send(operation, item, token, true));
      return [...bad, ...anonymous, ...valid];
    });
    answers.push(...(await inPool(tasks)));
  }
}, 300_000);
afterAll(async () => {
  agent.destroy();
  await server.close();
});

const describeAnswer = (sent: Sent, problem: string) =>
  `${sent.operation.method} ${sent.operation.path} [${sent.item.label}${sent.withToken ? ', signed in' : ''}]: ${problem}: ${sent.text.slice(0, 200)}`;

/** What is wrong with an answer to bad input, or nothing. */
function problemWith({ operation, item, status, contentType, text }: Sent): string | undefined {
  if (status >= 500) return `answered ${status}`;
  const declaresJson = Boolean(operation.responses[String(status)]?.content?.['application/json']);
  if (status < 400 && !declaresJson && !contentType.startsWith('application/json')) return undefined;
  if (!contentType.startsWith('application/json')) return `answered ${status} as ${contentType || 'no content type'}`;
  let body: { isSuccessful?: unknown; message?: unknown; data?: { code?: unknown; errors?: Record<string, unknown> } | null };
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with text that is not JSON`;
  }
  if (typeof body.message !== 'string' || body.isSuccessful !== status < 400 || !('data' in body)) return `answered ${status} outside the envelope`;
  if (status < 400) return undefined;
  if (!(errorCodes as readonly unknown[]).includes(body.data?.code)) return `answered ${status} without a known data.code`;
  if (text.includes(ECHO_MARK)) return `answered ${status} repeating the request`;
  if (item.unstorable && body.data?.code === 'VALIDATION_FAILED' && !Object.values(body.data.errors ?? {}).includes(messages.charactersNotAllowed)) {
    return 'refused unstorable text without saying so';
  }
  return undefined;
}

/**
 * Statuses Node's HTTP parser answers before any route (plugins/error-handler.ts, clientErrorHandler): the
 * document's introduction names them for every request rather than each operation.
 */
const BEFORE_ROUTING = new Set([408, 431]);

/** How an answer differs from what the document says of its operation, or nothing. */
function departureFromDocument({ operation, status, contentType, text }: Sent): string | undefined {
  if (BEFORE_ROUTING.has(status)) return undefined;
  const documented = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  if (!documented) return `answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const content = documented.content ?? {};
  const media = content[mediaType];
  if (!media) return `answered ${status} as ${mediaType || 'nothing'}, which the document lists as ${Object.keys(content).join(', ') || 'no content'}`;
  if (mediaType !== 'application/json' || !media.schema) return undefined;
  const validate = validatorFor(media.schema);
  if (validate(JSON.parse(text))) return undefined;
  return `answered ${status} with JSON its schema refuses (${ajv.errorsText(validate.errors)})`;
}

/** The schema a field-error key names in an operation's request: a parameter, or a path through the body. */
function schemaAt(operation: Operation, key: string): JsonSchema[] {
  const parameter = operation.parameters?.find((item) => item.name === key);
  if (parameter) return [parameter.schema];
  let schemas: JsonSchema[] = [operation.requestBody?.content['application/json']?.schema].filter((schema): schema is JsonSchema => schema !== undefined);
  const along: JsonSchema[] = [];
  for (const segment of key === 'body' ? [] : key.split('.')) {
    along.push(...schemas);
    // A nullable field's first option; a choice of request shapes (a payment method's kinds): the field in each option that has it.
    const options = schemas.flatMap((schema) => (schema.oneOf && !schema.anyOf ? schema.oneOf : [schema.anyOf?.[0] ?? schema]));
    // An array item is named by its index, or by its bodyItemKey (ADR 0013).
    schemas = options.flatMap((option) => [option.items ?? option.properties?.[segment]].filter((schema): schema is JsonSchema => schema !== undefined));
  }
  return [...along, ...schemas];
}

describe('every operation of the OpenAPI document', () => {
  it('answers bad input in the envelope as JSON and never with a 5xx, anonymously and signed in', () => {
    const problems = answers.filter((sent) => !sent.valid).flatMap((sent) => {
      const problem = problemWith(sent);
      return problem ? [describeAnswer(sent, problem)] : [];
    });
    expect(problems.slice(0, 30), `${problems.length} bad answers of ${answers.length} (seed ${SEED})`).toEqual([]);
    expect(answers.length).toBeGreaterThanOrEqual(2000);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('gives only the statuses, media types and JSON bodies its document lists', () => {
    const departures = answers.flatMap((sent) => {
      const departure = departureFromDocument(sent);
      return departure ? [describeAnswer(sent, departure)] : [];
    });
    expect(departures.slice(0, 30), `${departures.length} answers of ${answers.length} outside the document (seed ${SEED})`).toEqual([]);
  });

  it('accepts what its document marks valid, refusing only fields the document says the server checks further', () => {
    const valid = answers.filter((sent) => sent.valid);
    const refusals = valid.flatMap((sent) => {
      if (sent.status >= 500) return [describeAnswer(sent, `answered ${sent.status}`)];
      if (!sent.text.includes('"VALIDATION_FAILED"')) return [];
      const errors = Object.keys((JSON.parse(sent.text) as { data: { errors?: Record<string, string> } }).data.errors ?? { body: '' });
      const unexplained = errors.filter((key) => !schemaAt(sent.operation, key).some((schema) => schema['x-server-checks']));
      return unexplained.length ? [describeAnswer(sent, `refused ${unexplained.join(', ')} that its document marks valid`)] : [];
    });
    expect(refusals.slice(0, 30), `${refusals.length} valid requests refused (seed ${SEED})`).toEqual([]);
    expect(valid.length).toBeGreaterThanOrEqual(operations.length * VALID_CASES_PER_OPERATION);
  });

  it('reaches past the access check to the validation of every guarded operation that takes input', () => {
    const guardedWithInput = operations.filter((operation) => operation.security && (operation.parameters?.length || operation.requestBody));
    const reached = new Set(answers.filter((sent) => sent.withToken && sent.text.includes('"VALIDATION_FAILED"')).map((sent) => sent.operation));
    expect(guardedWithInput.filter((operation) => !reached.has(operation)).map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });
});
