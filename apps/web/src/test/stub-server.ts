import { vi } from 'vitest';

/** One answer of the stubbed API: its envelope's message and data, with an HTTP status (200 unless told). */
export type StubAnswer = { status?: number; message?: string; data: unknown };
export type StubHandler = (body: Record<string, unknown> | undefined) => StubAnswer;

const respond = ({ status = 200, message = 'OK', data }: StubAnswer) =>
  new Response(JSON.stringify({ isSuccessful: status < 400, message, data }), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stands in for the API (fetch, the edge of the page): `routes` by "METHOD /path" below /api/v1, each given the JSON
 * body it was sent; any other route answers 404. Answers the mock, to read the calls made (`stubCalls`).
 */
export function stubServer(routes: Record<string, StubHandler>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? 'GET'} ${new URL(input, 'http://localhost').pathname.replace('/api/v1', '')}`];
    if (!route) return respond({ status: 404, message: 'Not found.', data: { code: 'NOT_FOUND' } });
    return respond(route(init?.body ? JSON.parse(String(init.body)) : undefined));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one route, with their JSON bodies and headers. */
export const stubCalls = (fetchMock: ReturnType<typeof stubServer>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && input === `/api/v1${path}`)
    .map(([, init]) => ({ body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: init?.headers as Record<string, string> }));
