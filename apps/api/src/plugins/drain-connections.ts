import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the app ends every connection as soon as it has nothing left to answer, so no client can hold a shutdown
 * open: Fastify's close ends the connections idle at that moment and waits for the rest, and Node keeps a connection
 * open after its last answer for the keep-alive timeout (72 s) unless something ends it.
 * - Connections with nothing to answer (no request yet, or every answer sent) are dropped. Node counts one that has
 *   not sent a request yet as busy (its headers timeout watches it), so a client that opens one and goes quiet, as
 *   one that abandons a download may, would otherwise hold the shutdown to its deadline.
 * - Requests in flight are answered in full. The last answer a connection owes asks the client to close when its head
 *   has not gone yet, and the connection is ended once that answer is sent either way (answers owed before it, to
 *   requests pipelined on the same connection, go first).
 * - A connection opened after closing began is dropped at once; a request arriving on a kept connection then gets
 *   Fastify's 503, which closes it.
 */
export function drainConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  const idle = new Set<Socket>();
  // The answers each connection owes, in the order of its requests. A connection's entry goes when its last answer is
  // sent or the connection closes (an answer the client left before never finishes).
  const owed = new Map<Socket, Set<ServerResponse>>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) return void socket.destroy();
    idle.add(socket);
    socket.once('close', () => {
      idle.delete(socket);
      owed.delete(socket);
    });
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    idle.delete(socket);
    let answers = owed.get(socket);
    if (!answers) owed.set(socket, (answers = new Set()));
    answers.add(response);
    response.once('finish', () => {
      answers.delete(response);
      if (answers.size > 0) return;
      if (owed.get(socket) === answers) owed.delete(socket);
      if (closing) socket.destroySoon();
      else idle.add(socket);
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of idle) socket.destroy();
    idle.clear();
    for (const answers of owed.values()) {
      const last = [...answers].at(-1);
      if (last && !last.headersSent) last.setHeader('Connection', 'close');
    }
  });
}
