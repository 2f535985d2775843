/** Every `data.code` the API answers with; the API maps each to one HTTP status. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'INVALID_OTP',
  'INVALID_REFRESH_TOKEN',
  'EMAIL_NOT_VERIFIED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  // Something priced at market while the market rate is older than allowed (or not known yet).
  'RATE_STALE',
  // A send or trade over what is left of the company's daily limit (docs/decisions/0070-daily-limits-and-limit-requests.md).
  'LIMIT_EXCEEDED',
  'INTERNAL',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The codes by name, for comparisons that read as names: `error.code === errorCode.EMAIL_NOT_VERIFIED`. */
export const errorCode = Object.fromEntries(errorCodes.map((code) => [code, code])) as { readonly [C in ErrorCode]: C };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
}
