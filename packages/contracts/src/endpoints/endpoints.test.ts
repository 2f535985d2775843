import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelope } from '../envelope';
import { errorCodes } from '../error-codes';
import { authEndpoints } from './auth';
import { backOfficeEndpoints } from './back-office';
import { endpointCatalogue as all } from './catalogue';
import { companyEndpoints } from './company';

describe('endpoint contracts', () => {
  it('answer only codes of the shared enum, each code once', () => {
    for (const [name, endpoint] of all) {
      expect(endpoint.errors.filter((code) => !(errorCodes as readonly string[]).includes(code)), name).toEqual([]);
      expect(new Set(endpoint.errors).size, name).toBe(endpoint.errors.length);
      expect(endpoint.errors, name).toEqual(expect.arrayContaining(['INTERNAL', 'SERVICE_UNAVAILABLE']));
    }
  });

  it('name each method and path once', () => {
    const routes = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('describe every path parameter, and only those', () => {
    for (const [name, endpoint] of all) {
      const inPath = [...endpoint.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort();
      const described = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(described, name).toEqual(inPath);
    }
  });

  it('imply the codes of their access and request', () => {
    expect(companyEndpoints.me.errors).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'INTERNAL']));
    expect(companyEndpoints.me.errors).not.toContain('VALIDATION_FAILED');
    expect(authEndpoints.loginInitiate.errors).not.toContain('UNAUTHORIZED');
    expect(authEndpoints.loginInitiate.errors).toEqual(expect.arrayContaining(['EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'BAD_REQUEST']));
    expect(backOfficeEndpoints.assign.errors).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'FORBIDDEN', 'TWO_FACTOR_SETUP_REQUIRED']));
    expect(backOfficeEndpoints.setupTwoFactor.errors).not.toContain('TWO_FACTOR_SETUP_REQUIRED');
  });

  it('type the error envelope with the enum', () => {
    expect(errorEnvelope.safeParse({ isSuccessful: false, message: 'No.', data: { code: 'EMAIL_NOT_VERIFIED' } }).success).toBe(true);
    expect(errorEnvelope.safeParse({ isSuccessful: false, message: 'No.', data: { code: 'SOMETHING_ELSE' } }).success).toBe(false);
  });
});
