import { accountMeResponse, emailPreferencesResponse, updateEmailPreferencesRequest } from '../account';
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
  emailPreferences: defineEndpoint({
    method: 'GET',
    path: '/account/email-preferences',
    access: 'company',
    tags: ['account'],
    summary: "The signed-in user's money emails: payments received, refunds, payouts (each on unless turned off)",
    response: emailPreferencesResponse,
    errors: [],
  }),
  updateEmailPreferences: defineEndpoint({
    method: 'PATCH',
    path: '/account/email-preferences',
    access: 'company',
    tags: ['account'],
    summary: "Turns the signed-in user's money emails on or off; topics left out keep their setting",
    body: updateEmailPreferencesRequest,
    response: emailPreferencesResponse,
    errors: [],
  }),
};
