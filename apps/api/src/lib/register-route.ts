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
import type { z } from 'zod';
import type { Access, AnyEndpoint as Endpoint } from '@fipay/contracts/endpoint';
import { errorEnvelope } from '@fipay/contracts/envelope';
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

function errorResponse(endpoint: Endpoint, range: (status: number) => boolean) {
  const codes = endpoint.errors.filter((code) => range(statusByCode[code]));
  return errorEnvelope.describe(codes.length > 0 ? `data.code: ${codes.join(', ')}` : 'Error');
}

/** The Fastify schema of an endpoint: request parts, success answer, and the error envelope with the codes it may carry. */
export function schemaFor(endpoint: Endpoint) {
  const schema: Record<string, unknown> = { tags: [...endpoint.tags], summary: endpoint.summary };
  if (endpoint.description) schema.description = endpoint.description;
  const security = securityFor[endpoint.access];
  if (security) schema.security = security;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.produces) schema.produces = [...endpoint.produces];
  if (endpoint.response) {
    schema.response = {
      [endpoint.status]: endpoint.response,
      '4xx': errorResponse(endpoint, (status) => status < 500),
      '5xx': errorResponse(endpoint, (status) => status >= 500),
    };
  }
  return schema;
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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(guard ? { onRequest: guard } : {}),
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
