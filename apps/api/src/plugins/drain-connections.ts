import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the app ends every connection as soon as it has nothing left to answer, so a client cannot hold a
 * shutdown open: Fastify's close ends the connections idle at that moment and waits for the rest, and Node keeps a
 * connection open after its answer for the keep-alive timeout (72 s) when nothing else ends it.
 * - Connections that have not sent a request yet are dropped. Node counts them as busy (its headers timeout watches
 *   them), so closing the server would wait for each until that timeout: a client that opens one and goes quiet (as
 *   one that abandons a download may) would hold the shutdown to its deadline.
 * - A request in flight is answered in full. Its answer asks the client to close the connection when its head has
 *   not gone yet, and its connection is ended once the answer is sent either way.
 * - A connection opened after closing began is dropped at once.
 */
export function drainConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  const unused = new Set<Socket>();
  const answering = new Map<ServerResponse, Socket>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    unused.delete(request.socket);
    answering.set(response, request.socket);
    response.once('close', () => answering.delete(response));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
    for (const [response, socket] of answering) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
      response.once('finish', () => socket.end());
    }
  });
}
