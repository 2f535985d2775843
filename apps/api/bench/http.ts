import http from 'node:http';

export type HttpAnswer = { status: number; text: string };
export type HttpClient = {
  request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<HttpAnswer>;
  close(): void;
};

/** A keep-alive HTTP/1.1 client for one origin on 127.0.0.1, at most `sockets` connections. */
export function createClient(baseUrl: string, sockets: number): HttpClient {
  const origin = new URL(baseUrl);
  if (origin.hostname !== '127.0.0.1') throw new Error(`the bench only targets 127.0.0.1, not ${origin.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  return {
    request(method, path, body, token) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(payload);
      }
      return new Promise((resolve, reject) => {
        const req = http.request({ agent, host: '127.0.0.1', port: origin.port, method, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
