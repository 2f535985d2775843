/**
 * The one HTTP client of Paystack's API (docs/decisions/0054-providers-behind-interfaces.md): the acquirer, the transfer
 * provider, the bank directory and the readiness check all call through it; each parses the answer with its schema.
 */

export type PaystackAnswer = { status: number; body: unknown };

/** Why a fetch failed, for the log: never the URL's headers, so never the key. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : error.message;
    return `network error: ${detail}`;
  }
  return 'network error';
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
): Promise<PaystackAnswer | { failure: string }> {
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
    return { failure: describeFailure(error, options.timeoutMs) };
  }
  try {
    return { status, body: JSON.parse(text) as unknown };
  } catch {
    return { status, body: undefined };
  }
}
