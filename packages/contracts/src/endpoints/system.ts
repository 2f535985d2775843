import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { envelope } from '../envelope';

export const healthResponse = envelope(z.object({ status: z.literal('ok') }));

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'anonymous',
    tags: ['system'],
    summary: 'Liveness and database check',
    response: healthResponse,
    errors: [],
  }),
};
