import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the shared zod contracts: JSON at /api/v1/openapi.json, browsable at /api/v1/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'FiPay Business API',
        version: '1.0.0',
        description: 'Every answer is `{ isSuccessful, message, data }`; errors carry `data.code` and, for bad fields, `data.errors`.',
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
    transform: jsonSchemaTransform,
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
