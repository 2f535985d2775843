import {
  apiKeyIdParams,
  apiKeyListResponse,
  createApiKeysRequest,
  createApiKeysResponse,
  eventIdParams,
  eventListQuery,
  eventListResponse,
  eventResponse,
  rollApiKeyRequest,
  rollApiKeyResponse,
} from '../developers';
import { defineEndpoint } from '../endpoint';

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-keys',
    access: 'company',
    tags: ['api-keys'],
    summary: "The company's API keys in both modes; secret keys masked",
    response: apiKeyListResponse,
    errors: [],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api-keys',
    access: 'company',
    tags: ['api-keys'],
    summary: 'Create the publishable and secret key of a mode (test unless given); the secret key is shown once',
    description: 'Live keys once the business verification is approved. A mode that has keys answers 409: roll its secret key instead.',
    status: 201,
    body: createApiKeysRequest,
    response: createApiKeysResponse,
    errors: ['FORBIDDEN', 'CONFLICT', 'RATE_LIMITED'],
  }),
  roll: defineEndpoint({
    method: 'POST',
    path: '/api-keys/:id/roll',
    access: 'company',
    tags: ['api-keys'],
    summary: 'Roll a secret key: a new one is shown once, the old one works until the chosen expiry',
    description: 'A live secret key needs the password and, with an authenticator on, its code.',
    params: apiKeyIdParams,
    body: rollApiKeyRequest,
    response: rollApiKeyResponse,
    errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'RATE_LIMITED'],
  }),
};

export const eventEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/events',
    access: 'merchant',
    tags: ['events'],
    summary: 'Events of the current mode, newest first, kept 30 days',
    query: eventListQuery,
    response: eventListResponse,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/events/:id',
    access: 'merchant',
    tags: ['events'],
    summary: 'One event of the current mode',
    params: eventIdParams,
    response: eventResponse,
    errors: ['NOT_FOUND'],
  }),
};
