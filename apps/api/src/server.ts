import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  // Connections that have not sent a request yet. Node counts them as busy (its headers timeout watches them), so
  // closing the server would wait for each until that timeout: a client that opens one and goes quiet (as one
  // that abandons a download may) would hold a SIGTERM to the shutdown deadline. They are dropped on shutdown.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  // Requests being answered. A keep-alive connection is idle only once its answer is out, so one whose request is in
  // flight when the signal comes would otherwise stay open (and hold the shutdown) until the keep-alive timeout: on
  // shutdown each of these answers asks the client to close, and its connection is ended once the answer is sent.
  const answering = new Map<ServerResponse, Socket>();
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    unused.delete(request.socket);
    answering.set(response, request.socket);
    response.once('close', () => answering.delete(response));
  });
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
      const closed = app.close();
      for (const socket of unused) socket.destroy();
      for (const [response, socket] of answering) {
        if (!response.headersSent) response.setHeader('Connection', 'close');
        response.once('finish', () => socket.end());
      }
      await closed;
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
