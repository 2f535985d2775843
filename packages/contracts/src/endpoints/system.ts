import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { envelope } from '../envelope';

export const healthResponse = envelope(z.object({ status: z.literal('ok') }));
export const readyResponse = envelope(z.object({ status: z.literal('ready') }));

export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'anonymous',
    tags: ['system'],
    summary: 'Liveness: the process is up and answering',
    response: healthResponse,
    errors: [],
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/ready',
    access: 'anonymous',
    tags: ['system'],
    summary: 'Readiness: the database answers and every migration is applied (503 when not)',
    description: 'For a load balancer or orchestrator: send traffic to this instance only while it answers 200.',
    response: readyResponse,
    errors: ['SERVICE_UNAVAILABLE'],
  }),
};
