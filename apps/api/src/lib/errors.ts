import type { ErrorCode } from '@fipay/contracts/error-codes';

/** The single table from error code (the contracts' enum) to HTTP status. */
export const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_OTP: 401,
  INVALID_REFRESH_TOKEN: 401,
  EMAIL_NOT_VERIFIED: 403,
  // A reviewer signed in with a password only: the back office opens once an authenticator is set up.
  TWO_FACTOR_SETUP_REQUIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  // A path parameter longer than the router reads (Fastify's maxParamLength).
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  // A market rate too old to price on: the request may be made again once rates are refreshed.
  RATE_STALE: 409,
  // Over what is left of today's limit: the same request may pass tomorrow (UTC) or after a raise.
  LIMIT_EXCEEDED: 409,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  // The database cannot be reached (any route, with Retry-After), or for readiness its migrations are not all applied.
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { errors?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusByCode[this.code];
  }
}
