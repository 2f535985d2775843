import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@fipay/contracts/messages';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /health and GET /ready', () => {
  it('answers liveness without the database and readiness once every migration is applied', async () => {
    const health = await server.api.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ isSuccessful: true, message: 'OK', data: { status: 'ok' } });
    const ready = await server.api.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ isSuccessful: true, message: 'OK', data: { status: 'ready' } });
  });

  it('is not ready while a migration this build knows is missing from the database, and ready again without a restart', async () => {
    const { rows } = await server.db.query<{ id: string; applied_at: Date }>('SELECT id, applied_at FROM schema_migrations ORDER BY id DESC LIMIT 1');
    const [latest] = rows;
    await server.db.query('DELETE FROM schema_migrations WHERE id = $1', [latest!.id]);
    try {
      const notReady = await server.api.get('/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toEqual({ isSuccessful: false, message: messages.migrationsPending, data: { code: 'SERVICE_UNAVAILABLE' } });
      // Liveness is about the process only.
      expect((await server.api.get('/health')).status).toBe(200);
    } finally {
      await server.db.query('INSERT INTO schema_migrations (id, applied_at) VALUES ($1, $2)', [latest!.id, latest!.applied_at]);
    }
    expect((await server.api.get('/ready')).status).toBe(200);
  });
});
