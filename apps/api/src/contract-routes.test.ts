import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '@fipay/contracts/endpoint';
import { endpointCatalogue } from '@fipay/contracts/endpoints/catalogue';
import { startTestServer, type TestServer } from './test/server';
import { statusByCode } from './lib/errors';

const contracts: AnyEndpoint[] = endpointCatalogue.map(([, endpoint]) => endpoint);

type ErrorSchema = { properties: { data: { properties: { code: { enum: string[] } } } } };
type Operation = {
  tags?: string[];
  summary?: string;
  security?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema: ErrorSchema }> }>;
};

let server: TestServer;
let spec: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  server = await startTestServer();
  spec = (await server.api.get('/openapi.json')).body as unknown as typeof spec;
});
afterAll(() => server.close());

const openApiPath = (path: string) => `/api/v1${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')}`;
const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

describe('routes registered from the endpoint contracts', () => {
  it('serves exactly the endpoints of the contracts', () => {
    const served = Object.entries(spec.paths)
      .flatMap(([path, operations]) => Object.keys(operations).filter((method) => methods.has(method)).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const contracted = contracts.map((endpoint) => `${endpoint.method} ${openApiPath(endpoint.path)}`).sort();
    expect(served).toEqual(contracted);
  });

  it("publishes each endpoint's summary, tags, security, success status and media types, and each error status with its codes", () => {
    for (const endpoint of contracts) {
      const operation = spec.paths[openApiPath(endpoint.path)]![endpoint.method.toLowerCase()]!;
      const name = `${endpoint.method} ${endpoint.path}`;
      expect(operation.summary, name).toBe(endpoint.summary);
      expect(operation.tags, name).toEqual(endpoint.tags);
      expect(Boolean(operation.security), name).toBe(endpoint.access !== 'anonymous');
      const statuses = [...new Set(endpoint.errors.map((code) => statusByCode[code]))].map(String);
      expect(Object.keys(operation.responses).sort(), name).toEqual([...(endpoint.response ? [String(endpoint.status)] : []), ...statuses].sort());
      if (endpoint.response) {
        expect(Object.keys(operation.responses[String(endpoint.status)]!.content!), name).toEqual(endpoint.produces ? [...endpoint.produces] : ['application/json']);
      }
      for (const status of statuses) {
        const codes = endpoint.errors.filter((code) => String(statusByCode[code]) === status);
        const response = operation.responses[status]!;
        // Downloads answer their errors as JSON too.
        expect(Object.keys(response.content!), `${name} ${status}`).toEqual(['application/json']);
        expect(response.content!['application/json']!.schema.properties.data.properties.code.enum, `${name} ${status}`).toEqual(codes);
        expect(response.description, `${name} ${status}`).toBe(`data.code: ${codes.join(', ')}`);
      }
    }
  });

  it('decides who may call before reading the body', async () => {
    const res = await server.api.post('/company/business-type', { businessType: 'not a type' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ isSuccessful: false, data: { code: 'UNAUTHORIZED' } });
    expect(JSON.stringify(res.body)).not.toContain('businessType');
  });
});
