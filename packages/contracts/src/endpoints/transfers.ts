import { defineEndpoint } from '../endpoint';
import {
  createTransferRequest,
  transferCodeResponse,
  transferIdParams,
  transferListQuery,
  transferListResponse,
  transferPreviewRequest,
  transferPreviewResponse,
  transferResponse,
} from '../transfers';

const rules =
  'See docs/decisions/0073-transfers-between-businesses.md: instant, final and free, one ledger entry; the recipient is a verified business found by its FiPay tag or the email of one of its users; live transfers need both businesses approved; each counts against the daily Send limit at its value in USD.';

export const transferEndpoints = {
  preview: defineEndpoint({
    method: 'POST',
    path: '/transfers/preview',
    access: 'merchant',
    tags: ['transfers'],
    summary: "What a transfer would do, before it is sent: the recipient's verified name, the fee (none), its value in USD and whether a code is needed",
    description: `${rules} Moves nothing. A value beyond any Send limit (more than ten billion US dollars) is refused here already (409 LIMIT_EXCEEDED).`,
    body: transferPreviewRequest,
    response: transferPreviewResponse,
    errors: ['NOT_FOUND', 'RATE_STALE', 'LIMIT_EXCEEDED'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/transfers',
    access: 'merchant',
    tags: ['transfers'],
    summary: 'Send an amount of an asset to another business at once',
    description: `${rules} A dashboard user sending more than the configured value (500 USD by default) gives the second factor's code (the authenticator's, or one emailed by POST /transfers/code); a secret key needs none. Repeat with the same Idempotency-Key to get the same transfer.`,
    status: 201,
    body: createTransferRequest,
    response: transferResponse,
    errors: ['NOT_FOUND', 'RATE_STALE', 'LIMIT_EXCEEDED'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/transfers',
    access: 'merchant',
    tags: ['transfers'],
    summary: "The business's transfers in this mode, sent and received, newest first, by keyset (`before`)",
    query: transferListQuery,
    response: transferListResponse,
    errors: [],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/transfers/:id',
    access: 'merchant',
    tags: ['transfers'],
    summary: 'One transfer the business sent or received',
    params: transferIdParams,
    response: transferResponse,
    errors: ['NOT_FOUND'],
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/transfers/code',
    access: 'company',
    tags: ['transfers'],
    summary: 'Email a code that confirms a transfer (for users without an authenticator app)',
    response: transferCodeResponse,
    errors: ['CONFLICT', 'RATE_LIMITED'],
  }),
};
