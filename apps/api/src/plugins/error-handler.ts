import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@fipay/contracts/error-codes';
import { messages } from '@fipay/contracts/messages';
import { AppError } from '../lib/errors';

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
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

/** Every error leaves as the envelope; 5xx answers say nothing about the cause. */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'Unhandled error');
      return reply.code(500).send(fail('INTERNAL', messages.genericError));
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST';
    return reply.code(status).send(fail(code, known ?? messages.validationFailed));
  });
});
