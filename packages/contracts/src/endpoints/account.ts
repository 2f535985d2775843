import { accountMeResponse } from '../account';
import { defineEndpoint } from '../endpoint';

export const accountEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/account/me',
    access: 'company',
    tags: ['account'],
    summary: 'The signed-in user and their company as the server holds them',
    response: accountMeResponse,
    errors: [],
  }),
};
