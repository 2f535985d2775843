import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@fipay/contracts/error-codes';
import { messages } from '@fipay/contracts/messages';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../lib/errors';

// Fastify's own refusals, in words that never repeat the request (its messages quote the URL or the body).
const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address of this request is too long.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
};

const unreadableRequest = 'The request could not be read.';

/** When a client is told to try again while the database cannot be reached: the pool's connect time-out. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function fail(code: ErrorCode, message: string, errors?: Record<string, string>) {
  return { isSuccessful: false, message, data: errors ? { code, errors } : { code } };
}

/**
 * A field-error key is the failing value's path in the request, joined with '.'. An array body whose
 * contract names a bodyItemKey names its items by that field instead of their index.
 */
function fieldKey(path: string, body: unknown, bodyItemKey: string | undefined): string {
  if (!bodyItemKey || !Array.isArray(body)) return path;
  const [index = '', ...rest] = path.split('.');
  const item: unknown = /^\d+$/.test(index) ? body[Number(index)] : undefined;
  // An item whose naming field is itself what failed keeps its index.
  const name = item && typeof item === 'object' && rest[0] !== bodyItemKey ? (item as Record<string, unknown>)[bodyItemKey] : undefined;
  return typeof name === 'string' && name ? [name, ...rest].join('.') : path;
}

/**
 * The answer to an error Fastify raised itself: from the body parser through the error handler, and
 * from the router (a path parameter that is not valid percent-encoding, or longer than
 * maxParamLength) as the server's frameworkErrors option, since those arise before any route or
 * hook and Fastify would otherwise answer with its own body quoting the URL. A 4xx keeps its
 * status; anything else is a 500.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send(fail('INTERNAL', messages.genericError));
  }
  // A refusal is the caller's mistake: one short line, no stack, so bad requests cannot flood the log.
  request.log.info({ statusCode: status, code: error.code }, 'Request refused');
  const message = (error.code && frameworkMessages[error.code]) || unreadableRequest;
  return reply.code(status).send(fail(codeByStatus[status] ?? 'BAD_REQUEST', message));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line and headers over
 * the size limit, a malformed request, a timeout) are answered on the socket, in the envelope
 * too, and the connection is closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, unreadableRequest];
  const body = JSON.stringify(fail('BAD_REQUEST', message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every error leaves as the envelope; 5xx answers say nothing about the cause. */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((raised: FastifyError, request, reply) => {
    let error: FastifyError | AppError = raised;
    if (isDatabaseUnavailable(raised)) {
      // A passing outage, not a fault of this request: one line without a stack, and the client told when to retry.
      request.log.warn({ code: raised.code, reason: raised.message }, 'Database unavailable');
      error = new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
    }
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds) reply.header('Retry-After', String(error.options.retryAfterSeconds));
      return reply.code(error.status).send(fail(error.code, error.message, error.options.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const field = path
          ? error.validationContext === 'body' ? fieldKey(path, request.body, request.routeOptions.config.bodyItemKey) : path
          : (error.validationContext ?? 'body');
        errors[field] ??= issue.message ?? messages.validationFailed;
      }
      const first = Object.values(errors)[0] ?? messages.validationFailed;
      return reply.code(400).send(fail('VALIDATION_FAILED', first, errors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'Response did not match its schema');
      return reply.code(500).send(fail('INTERNAL', messages.genericError));
    }
    return frameworkErrors(error, request, reply);
  });
});
