import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAMPLE_BTC_USD, SAMPLE_UPDATED_AT, simplePriceSample } from './coingecko-samples';

/**
 * A stand-in for CoinGecko's API on 127.0.0.1, for tests only: GET /simple/price answers as the published sample
 * (./coingecko-samples.ts) is shaped, for the ids and vs_currencies asked: one price per currency and, when asked,
 * `last_updated_at`. Bitcoin's USD price and the time are the sample's unless a test sets others; the other prices
 * are test figures near the sample's day. Numbers are written into the JSON as text, so a test can give any decimal
 * literal exactly. It can be told to answer something else once (`next`) or always (`always`), or never answer.
 */

/** Prices by CoinGecko coin id and lowercase vs currency, as JSON number literals. */
export type FakePrices = Record<string, Record<string, string>>;

export const defaultFakePrices = (): FakePrices => ({
  bitcoin: { usd: SAMPLE_BTC_USD, ngn: '104140370.7351677', gbp: '53136.03', eur: '61862.58' },
  ethereum: { usd: '3456.78', ngn: '5358009', gbp: '2733.87', eur: '3182.84' },
  tether: { usd: '1.0006', ngn: '1550.93', gbp: '0.791368', eur: '0.921305' },
  'usd-coin': { usd: '0.999873', ngn: '1549.8', gbp: '0.790766', eur: '0.920605' },
});

export type FakeCoinGeckoAnswer = { status: number; raw: string; contentType?: string } | 'hang';
export type FakeCoinGeckoRequest = { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] };

export async function startFakeCoinGecko() {
  let prices = defaultFakePrices();
  let updatedAt: number = SAMPLE_UPDATED_AT;
  let once: FakeCoinGeckoAnswer[] = [];
  let always: FakeCoinGeckoAnswer | null = null;
  const requests: FakeCoinGeckoRequest[] = [];
  const hanging = new Set<ServerResponse>();

  function simplePrice(query: URLSearchParams): string {
    const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
    const vs = (query.get('vs_currencies') ?? '').split(',').filter(Boolean);
    const withTime = query.get('include_last_updated_at') === 'true';
    // Coins CoinGecko does not know are left out of its answer, as are currencies it has no price in.
    const members = ids
      .filter((id) => prices[id])
      .map((id) => {
        const fields = vs.filter((code) => prices[id]![code] !== undefined).map((code) => `"${code}":${prices[id]![code]}`);
        if (withTime) fields.push(`"last_updated_at":${updatedAt}`);
        return `"${id}":{${fields.join(',')}}`;
      });
    return `{${members.join(',')}}`;
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const answer = once.shift() ?? always;
    if (answer === 'hang') {
      hanging.add(response);
      return;
    }
    if (answer) {
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' }).end(answer.raw);
      return;
    }
    if (request.method !== 'GET' || url.pathname !== '/simple/price') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(simplePrice(url.searchParams));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The published sample, verbatim. */
    sample: simplePriceSample,
    /** Replaces some prices (coin id -> currency -> JSON number literal). */
    setPrices(changes: FakePrices) {
      for (const [id, byCurrency] of Object.entries(changes)) prices[id] = { ...prices[id], ...byCurrency };
    },
    /** The `last_updated_at` every coin answers with (UNIX seconds). */
    setUpdatedAt(seconds: number) {
      updatedAt = seconds;
    },
    /** Answers the next request(s) with these instead. */
    next(...answers: FakeCoinGeckoAnswer[]) {
      once.push(...answers);
    },
    /** Answers every request with this until reset. */
    always(answer: FakeCoinGeckoAnswer | null) {
      always = answer;
    },
    reset() {
      prices = defaultFakePrices();
      updatedAt = SAMPLE_UPDATED_AT;
      once = [];
      always = null;
      requests.length = 0;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeCoinGecko = Awaited<ReturnType<typeof startFakeCoinGecko>>;
