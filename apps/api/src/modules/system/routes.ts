import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints } from '@fipay/contracts/endpoints/system';
import { messages } from '@fipay/contracts/messages';
import { pendingMigrations } from '../../db/migrate';
import { AppError } from '../../lib/errors';
import { registerRoute } from '../../lib/register-route';
import { ok } from '../../lib/reply';

/** A readiness probe answers within this, even when the database does not answer at all. */
const READY_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness asks nothing of the database: a database outage must not get a live process restarted.
  registerRoute(app, systemEndpoints.health, async () => ok('OK', { status: 'ok' as const }));

  registerRoute(app, systemEndpoints.ready, async (request) => {
    let pending: string[];
    try {
      pending = await withinTimeout(pendingMigrations(app.ctx.db), READY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn(`Not ready: database unreachable (${error instanceof Error ? error.message : String(error)})`);
      throw new AppError('SERVICE_UNAVAILABLE', messages.databaseUnreachable);
    }
    if (pending.length > 0) {
      request.log.warn(`Not ready: migrations not applied (${pending.join(', ')})`);
      throw new AppError('SERVICE_UNAVAILABLE', messages.migrationsPending);
    }
    return ok('OK', { status: 'ready' as const });
  });
};
