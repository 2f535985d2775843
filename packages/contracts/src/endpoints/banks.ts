import { defineEndpoint } from '../endpoint';
import { bankListResponse, resolveAccountQuery, resolveAccountResponse } from '../kyb';

const tags = ['banks'];

export const bankEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/bank/list',
    access: 'company',
    tags,
    summary: 'Banks that can receive settlements, sorted by name',
    response: bankListResponse,
    errors: ['BAD_GATEWAY'],
  }),
  resolveAccount: defineEndpoint({
    method: 'GET',
    path: '/bank/resolve-account',
    access: 'company',
    tags,
    summary: 'Look up the name on an account (name enquiry)',
    description:
      'Refuses an unknown bank or a number failing the NUBAN check digit with 422, and answers 502 when the bank directory is down or slow. Rate-limited per user.',
    query: resolveAccountQuery,
    response: resolveAccountResponse,
    errors: ['UNPROCESSABLE', 'RATE_LIMITED', 'BAD_GATEWAY'],
  }),
};
