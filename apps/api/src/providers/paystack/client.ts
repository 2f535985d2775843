/**
 * The one HTTP client of Paystack's API (docs/decisions/0054-providers-behind-interfaces.md): the acquirer, the transfer
 * provider, the bank directory and the readiness check all call through it; each parses the answer with its schema.
 */

export type PaystackAnswer = { status: number; body: unknown };

/** Why no answer came: `failure` for the log (never the URL's headers, so never the key), `plain` for an operator's screen. */
export type PaystackFailure = { failure: string; plain: string };

/**
 * What a network error code means, in words that name no address (the error's own message may name the host, its
 * address and port, so it never reaches a screen).
 */
const networkWords: Record<string, string> = {
  ENOTFOUND: "Paystack's address could not be looked up (DNS)",
  EAI_AGAIN: "Paystack's address could not be looked up for now (DNS)",
  ECONNREFUSED: 'the connection to Paystack was refused',
  ECONNRESET: 'the connection to Paystack was cut off',
  UND_ERR_SOCKET: 'the connection to Paystack was cut off',
  ETIMEDOUT: 'the connection to Paystack timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection to Paystack timed out',
  EHOSTUNREACH: 'this server has no route to Paystack',
  ENETUNREACH: 'this server has no route to Paystack',
};

function describeFailure(error: unknown, timeoutMs: number): PaystackFailure {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { failure: `no answer within ${timeoutMs} ms`, plain: `no answer within ${Math.round(timeoutMs / 100) / 10} seconds` };
  }
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const code = typeof cause?.code === 'string' ? cause.code : undefined;
    const detail = code ?? (typeof cause?.message === 'string' ? cause.message : error.message);
    const plain =
      code === undefined
        ? 'a network error'
        : (networkWords[code] ?? (/CERT|SSL|TLS/.test(code) ? "Paystack's TLS certificate could not be verified" : /^[A-Z0-9_]{1,40}$/.test(code) ? `a network error (${code})` : 'a network error'));
    return { failure: `network error: ${detail}`, plain };
  }
  return { failure: 'network error', plain: 'a network error' };
}

/**
 * One call to Paystack's API with the secret key as a bearer token, timed out as a whole (headers and body).
 * Answers the status and the parsed body (undefined when it is not JSON), or why no answer came, for the log:
 * never the key.
 */
export async function paystackRequest(
  options: { secretKey: string; baseUrl: string; timeoutMs: number },
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<PaystackAnswer | PaystackFailure> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    return describeFailure(error, options.timeoutMs);
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    return { status, body: undefined };
  }
}
