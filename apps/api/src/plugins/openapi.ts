import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.0 does not let `nullable` widen an `enum` (3.0.3 says so): a nullable enum, such as a transaction's
 * channel, lists null among its values, or a validator of the document refuses the nulls the API sends.
 */
function listNullInNullableEnums(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Record<string, unknown>;
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'default') listNullInNullableEnums(value);
}

const transform: typeof jsonSchemaTransform = (route) => {
  const transformed = jsonSchemaTransform(route);
  listNullInNullableEnums(transformed.schema);
  return transformed;
};

/** OpenAPI generated from the shared zod contracts: JSON at /api/v1/openapi.json, browsable at /api/v1/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'FiPay Business API',
        version: '1.0.0',
        description: [
          'Every answer is `{ isSuccessful, message, data }`; errors carry `data.code` and, for bad fields, `data.errors`.',
          'Each operation lists the statuses it answers, with the codes each carries; downloads list their media types and answer errors as JSON.',
          'No string in a request may contain NUL or an unpaired UTF-16 surrogate (400 `VALIDATION_FAILED`, "Contains characters that are not allowed.").',
          'A field marked `x-server-checks` is also checked by the server against what it holds (a used reference, a known country, a strong password, …); such a refusal is a 400 `VALIDATION_FAILED` keyed by that field.',
          'Any request, before it reaches an operation, may be refused by the HTTP server itself in the same envelope with `data.code` BAD_REQUEST: 400 when it cannot be read, 408 when it arrives too slowly, 431 when its request line and headers are over 16 KB.',
        ].join('\n\n'),
      },
      servers: [],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Back-office sessions: opaque tokens starting with fpr_ (docs/decisions/0011-back-office.md).
          reviewerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'opaque' },
        },
      },
    },
    transform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/v1/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles; scripts stay limited to its own files and hashes.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'").replace(' upgrade-insecure-requests;', ''),
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
