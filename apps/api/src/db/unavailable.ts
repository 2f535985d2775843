/**
 * Whether an error means the database cannot be reached or is not taking work now, so the request may succeed
 * if sent again shortly: the connection refused, cut or timed out (pg gives Node's socket errors and its own
 * "Connection terminated …" and pool time-out messages), or the server's SQLSTATE for a shutdown, a start-up,
 * no free connection (57P01, 57P02, 57P03, 53300) or a broken connection (class 08).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // Node reports a refused connection to each of a name's addresses together.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (socketErrors.has(code) || unavailableStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return unavailableMessages.test(error.message);
}

const socketErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;
