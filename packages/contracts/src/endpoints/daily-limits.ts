import { defineEndpoint } from '../endpoint';
import {
  createLimitRequestBody,
  limitCaseResponse,
  limitDecisionBody,
  limitQueueQuery,
  limitQueueResponse,
  limitRequestIdParams,
  limitRequestListResponse,
  limitRequestResponse,
  limitsResponse,
} from '../daily-limits';

const rules =
  'See docs/decisions/0070-daily-limits-and-limit-requests.md: daily Buy/Sell and Send limits in US cents per UTC day, by tier (before approval: test mode only; approved; raised tiers or custom figures a reviewer granted). Dashboard sessions only (a secret key answers 403); the mode is the FiPay-Mode header.';

/** A company's daily limits and its requests to raise them. */
export const limitEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/limits',
    access: 'merchant',
    tags: ['limits'],
    summary: "Today's Buy/Sell and Send limits in this mode: each limit, what was used and what is left, in US cents and as shown",
    description: rules,
    response: limitsResponse,
    errors: [],
  }),
  createRequest: defineEndpoint({
    method: 'POST',
    path: '/limit-requests',
    access: 'merchant',
    tags: ['limits'],
    summary: "'Increase Limits': ask for higher limits with the expected monthly volume (USD), purpose, source of funds and an optional document",
    description: `${rules} One request waits at a time (409 while one does); only a verified business may ask (409). The document is a file uploaded through POST /aws/upload-url.`,
    status: 201,
    body: createLimitRequestBody,
    response: limitRequestResponse,
    errors: ['CONFLICT', 'UNPROCESSABLE', 'RATE_LIMITED'],
  }),
  listRequests: defineEndpoint({
    method: 'GET',
    path: '/limit-requests',
    access: 'merchant',
    tags: ['limits'],
    summary: "The business's requests for higher limits, newest first",
    description: rules,
    response: limitRequestListResponse,
    errors: [],
  }),
  getRequest: defineEndpoint({
    method: 'GET',
    path: '/limit-requests/:requestId',
    access: 'merchant',
    tags: ['limits'],
    summary: "One of the business's requests for higher limits, with its decision",
    description: "Another business's request is not found (404).",
    params: limitRequestIdParams,
    response: limitRequestResponse,
    errors: ['NOT_FOUND'],
  }),
};

const backOffice = ['back office: limits'];

/** The back office's limit-request queue, under /api/v1/admin. */
export const limitReviewEndpoints = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/admin/limit-requests',
    access: 'reviewer',
    tags: backOffice,
    summary: 'Requests for higher limits by status, oldest first',
    query: limitQueueQuery,
    response: limitQueueResponse,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/admin/limit-requests/:requestId',
    access: 'reviewer',
    tags: backOffice,
    summary: "A request with the business's tier, today's figures, the tiers configured and a link to its document",
    params: limitRequestIdParams,
    response: limitCaseResponse,
    errors: ['NOT_FOUND'],
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/admin/limit-requests/:requestId/decision',
    access: 'reviewer',
    tags: backOffice,
    summary: 'Grant a tier or custom limits (US cents, each at least the current one), or decline; with a reason the business reads',
    description:
      'Audited and told to the business (notification and email). Custom figures above the highest tier need an administrator (403). A request already decided answers 409.',
    params: limitRequestIdParams,
    body: limitDecisionBody,
    response: limitRequestResponse,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
};
