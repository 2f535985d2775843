import { communityResponse } from '../community';
import { defineEndpoint } from '../endpoint';

export const communityEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/community',
    access: 'anonymous',
    tags: ['community'],
    summary: "The platform's community links: the site 'Join Community' opens, and others the operator lists",
    response: communityResponse,
    errors: [],
  }),
};
