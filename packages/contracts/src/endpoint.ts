import type { z } from 'zod';
import type { ErrorCode } from './error-codes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server decides it before the body is read.
 * - anonymous: no session (a credential the request carries, such as an emailed link's token, is checked by the handler)
 * - company: a company user's access token
 * - reviewer-enrolment: a back-office session, also one still setting up its authenticator
 * - reviewer: a back-office session with its authenticator set up
 * - admin: a reviewer session of an admin
 * - merchant: the merchant API: a secret key (its mode from the key) or a company user's access token with
 *   the mode in the FiPay-Mode header; a company access route refuses secret keys
 */
export type Access = 'anonymous' | 'company' | 'merchant' | 'reviewer-enrolment' | 'reviewer' | 'admin';

export type EndpointDefinition = {
  method: HttpMethod;
  /** Below /api/v1, with `:name` for each path parameter. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status; 200 unless given. */
  status?: 200 | 201;
  /** The success answer: the envelope schema, or the body of a file download. */
  response?: z.ZodType;
  produces?: readonly string[];
  /** Codes this endpoint answers beyond those its access and request imply (see impliedErrorCodes). */
  errors: readonly ErrorCode[];
  access: Access;
  tags: readonly string[];
  summary: string;
  description?: string;
  /**
   * An array body whose items are named by this field rather than by their index in field-error
   * keys ('certificate.cacRegNumber', not '0.cacRegNumber').
   */
  bodyItemKey?: string;
  /**
   * A route kept under an old name for a while: marked deprecated in the document, and each answer carries
   * `Deprecation` (since), `Sunset` and a `Link` to the successor (dates as YYYY-MM-DD, UTC).
   */
  deprecated?: { since: string; sunset: string; successor: { method: HttpMethod; path: string } };
};

/** Any endpoint; the constraint of code that works with endpoints in general. */
export type AnyEndpoint = Omit<EndpointDefinition, 'status' | 'errors'> & { status: 200 | 201; errors: readonly ErrorCode[] };

export type Endpoint<D extends EndpointDefinition> = Omit<D, 'status' | 'errors'> & {
  status: D extends { status: 201 } ? 201 : 200;
  /** Every code the endpoint may answer, implied ones included. */
  errors: readonly ErrorCode[];
};

/** The codes any endpoint of this shape may answer: failed checks of its access, of its request, an outage and the unexpected. */
export function impliedErrorCodes(definition: Pick<EndpointDefinition, 'access' | 'method' | 'params' | 'query' | 'body'>): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (definition.access !== 'anonymous') codes.push('UNAUTHORIZED');
  // Company routes refuse a secret key; merchant routes refuse live mode before approval.
  if (definition.access !== 'anonymous') codes.push('FORBIDDEN');
  if (definition.access === 'merchant') codes.push('RATE_LIMITED', 'BAD_REQUEST');
  // Idempotency-Key: used with another request (422), or its first request still running (409).
  if (definition.access === 'merchant' && definition.method === 'POST') codes.push('UNPROCESSABLE', 'CONFLICT');
  if (definition.access === 'reviewer' || definition.access === 'admin') codes.push('TWO_FACTOR_SETUP_REQUIRED');
  if (definition.params || definition.query || definition.body) codes.push('VALIDATION_FAILED');
  // The router refuses a path parameter that is not valid percent-encoding, or too long to read.
  if (definition.params) codes.push('BAD_REQUEST', 'URI_TOO_LONG');
  // A body is read (and may be refused) whenever a request other than a GET carries one, whether the endpoint expects one or not.
  if (definition.body || definition.method !== 'GET') codes.push('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  // The unexpected, and a database that cannot be reached for a moment (with Retry-After).
  codes.push('INTERNAL', 'SERVICE_UNAVAILABLE');
  return codes;
}

/** One endpoint, defined once: the server registers its route from it and the web app calls it through it. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  const errors = [...new Set<ErrorCode>([...definition.errors, ...impliedErrorCodes(definition)])];
  return { ...definition, status: definition.status ?? 200, errors } as unknown as Endpoint<D>;
}

/** The path with its parameters filled in, each encoded as one path segment. */
export function endpointPath(endpoint: Pick<EndpointDefinition, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}
