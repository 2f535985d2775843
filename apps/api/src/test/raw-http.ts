import { connect, type Socket } from 'node:net';

/**
 * A raw connection to a local server: `received` is what has come so far, `ended` resolves with all of it once the
 * server ends the connection. With `allowHalfOpen` the client keeps its side open after the server's FIN, as one busy
 * with something else may.
 */
export function rawConnection(port: number, options: { allowHalfOpen?: boolean } = {}) {
  const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: options.allowHalfOpen ?? false });
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  return { socket, ended, received: () => received };
}

/**
 * Sends a request's head and part of its body now, and the rest when asked, on a connection kept alive as browsers and
 * proxies keep theirs; `answer` resolves to the raw answer once the server ends the connection, `close` drops it.
 */
export function requestInTwoHalves(port: number, pathname: string, body: string) {
  const { socket, ended } = rawConnection(port);
  const half = Math.floor(body.length / 2);
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, half)}`,
        () => resolve(),
      );
    }),
  );
  return { started, finish: () => socket.write(body.slice(half)), answer: ended, close: () => socket.destroy() };
}
