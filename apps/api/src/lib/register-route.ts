import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointPath, type Access, type AnyEndpoint as Endpoint } from '@fipay/contracts/endpoint';
import { errorFields } from '@fipay/contracts/envelope';
import { errorCodes, type ErrorCode } from '@fipay/contracts/error-codes';
import { idempotencyHooks } from '../plugins/idempotency';
import { statusByCode } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the endpoint's contract: array body items are named by this field in field-error keys. */
    bodyItemKey?: string;
  }
}

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** What a handler returns: the success answer as the contract describes it, or the reply it sent itself. */
type Answer<E extends Endpoint> = (E['response'] extends z.ZodType ? z.input<E['response']> : never) | FastifyReply;

export type ContractHandler<E extends Endpoint> = (request: ContractRequest<E>, reply: FastifyReply) => Promise<Answer<E>>;

type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'exposeHeadRoute'>;

function guardFor(app: ZodApp, access: Access): onRequestHookHandler | undefined {
  switch (access) {
    case 'anonymous':
      return undefined;
    case 'company':
      return app.authenticate;
    case 'merchant':
      return app.authenticateMerchant;
    case 'reviewer-enrolment':
      return app.reviewerOnly({ scope: 'enrolment' });
    case 'reviewer':
      return app.reviewerOnly({ scope: 'full' });
    case 'admin':
      return app.reviewerOnly({ scope: 'full', role: 'admin' });
  }
}

const securityFor: Record<Access, Record<string, string[]>[] | undefined> = {
  anonymous: undefined,
  company: [{ bearerAuth: [] }],
  merchant: [{ bearerAuth: [] }],
  'reviewer-enrolment': [{ reviewerAuth: [] }],
  reviewer: [{ reviewerAuth: [] }],
  admin: [{ reviewerAuth: [] }],
};

/** The error envelope as the document shows it for one status: `data.code` is one of `codes`. */
const errorEnvelopeWith = (codes: ErrorCode[]) =>
  z.object({
    isSuccessful: z.literal(false),
    message: z.string(),
    data: z.object({ code: z.enum(errorCodes).meta({ enum: codes }), errors: errorFields.optional() }),
  });

/**
 * The error answers of an endpoint, one per status its codes map to, each JSON in the envelope. The document
 * narrows `data.code` to that status's codes (zod metadata, so only OpenAPI sees it): a serializer that refused
 * an unlisted code would turn a refusal into a 500, so the lists are held by openapi-fuzz.test.ts instead.
 */
function errorResponses(endpoint: Endpoint) {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of endpoint.errors) codesByStatus.set(statusByCode[code], [...(codesByStatus.get(statusByCode[code]) ?? []), code]);
  return Object.fromEntries(
    [...codesByStatus].sort(([a], [b]) => a - b).map(([status, codes]) => [
      status,
      {
        description: `data.code: ${codes.join(', ')}`,
        content: { 'application/json': { schema: errorEnvelopeWith(codes) } },
      },
    ]),
  );
}

/** The success answer: JSON, or a download in each of the media types the endpoint produces. */
function successResponse(endpoint: Endpoint & { response: z.ZodType }) {
  if (!endpoint.produces) return endpoint.response;
  const description = endpoint.response.description ?? 'The file';
  return { description, content: Object.fromEntries(endpoint.produces.map((type) => [type, { schema: endpoint.response }])) };
}

/** The Fastify schema of an endpoint: request parts, success answer, and an error envelope per status with the codes it may carry. */
export function schemaFor(endpoint: Endpoint) {
  const schema: Record<string, unknown> = { tags: [...endpoint.tags], summary: endpoint.summary };
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.deprecated) schema.deprecated = true;
  const security = securityFor[endpoint.access];
  if (security) schema.security = security;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  schema.response = {
    ...(endpoint.response ? { [endpoint.status]: successResponse({ ...endpoint, response: endpoint.response }) } : {}),
    ...errorResponses(endpoint),
  };
  return schema;
}

/**
 * A deprecated route's headers, on every answer it gives (refusals included): `Deprecation` since when (RFC 9745),
 * `Sunset` when it goes (RFC 8594) and a `Link` to the route that replaces it, with this request's parameters.
 */
function deprecationHook(endpoint: Endpoint): onRequestHookHandler | undefined {
  const deprecated = endpoint.deprecated;
  if (!deprecated) return undefined;
  const since = `@${Date.parse(`${deprecated.since}T00:00:00Z`) / 1000}`;
  const sunset = new Date(`${deprecated.sunset}T00:00:00Z`).toUTCString();
  return async (request, reply) => {
    const successor = endpointPath(deprecated.successor, (request.params ?? {}) as Record<string, unknown>);
    reply.header('Deprecation', since).header('Sunset', sunset).header('Link', `</api/v1${successor}>; rel="successor-version"`);
  };
}

/**
 * Registers the route of an endpoint from its contract: method, path, validation and
 * serialisation schemas, OpenAPI details, and who may call it, checked on request before
 * the body is read. The success status comes from the contract too.
 */
export function registerRoute<E extends Endpoint>(app: ZodApp, endpoint: E, handler: ContractHandler<E>, extras: RouteExtras = {}) {
  const guard = guardFor(app, endpoint.access);
  // A merchant POST accepts Idempotency-Key.
  const idempotent = endpoint.access === 'merchant' && endpoint.method === 'POST' ? idempotencyHooks(() => app.ctx) : undefined;
  const onRequest = [deprecationHook(endpoint), guard].filter((hook): hook is onRequestHookHandler => hook !== undefined);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(onRequest.length ? { onRequest } : {}),
    ...(idempotent ? { preHandler: idempotent.preHandler, onSend: idempotent.onSend } : {}),
    ...extras,
    ...(endpoint.bodyItemKey ? { config: { bodyItemKey: endpoint.bodyItemKey } } : {}),
    schema: schemaFor(endpoint),
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      reply.code(endpoint.status);
      return handler(request as ContractRequest<E>, reply);
    }) as RouteHandlerMethod,
  });
}
