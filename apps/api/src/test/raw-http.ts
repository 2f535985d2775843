import { connect } from 'node:net';

/**
 * Sends a request's head and part of its body now, and the rest when asked, on a connection kept alive as browsers and
 * proxies keep theirs; `answer` resolves to the raw answer once the server ends the connection, `close` drops it.
 */
export function requestInTwoHalves(port: number, pathname: string, body: string) {
  const socket = connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
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
