import { countriesResponse } from '../countries';
import { defineEndpoint } from '../endpoint';

export const countryEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/countries',
    access: 'anonymous',
    tags: ['countries'],
    summary: 'Countries for the sign-up form',
    response: countriesResponse,
    errors: [],
  }),
};
