import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/client';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const app = await buildApp({ config });
  let closing = false;
  // Stop accepting, let requests in flight and the outbox's current sends finish, close the
  // database (releasing the embedded one's lock); past the timeout, exit anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting without waiting further`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      // Connections end as soon as they have nothing left to answer (plugins/drain-connections.ts).
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
    app.log.info('Stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`FiPay is running at ${config.appUrl} (API docs: ${config.appUrl}/api/v1/docs)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
